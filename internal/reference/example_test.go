package reference_test

import (
	"fmt"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/reference"
)

func ExampleRead() {
	input := "name,note\r\nada,\"likes \"\"engines\"\", not\nlooms\"\r\nbob,\"x\"y\r\n"
	header, rows, err := reference.Read([]byte(input), reference.Options{Dialect: dialect.RFC4180, Header: true})
	fmt.Printf("%q\n%q\n%v\n", header, rows, err)
	// Output:
	// ["name" "note"]
	// [["ada" "likes \"engines\", not\nlooms"]]
	// unquoted value at row 3, field 2, offset 54
}
