package gen_test

import (
	"fmt"

	"github.com/csvscan/csvscan/internal/gen"
)

func ExampleShapes() {
	for _, s := range gen.Shapes() {
		fmt.Println(s)
	}
	// Output:
	// note=16/unquoted
	// note=16/quoted
	// note=256/unquoted
	// note=256/quoted
	// note=1024/unquoted
	// note=1024/quoted
}
