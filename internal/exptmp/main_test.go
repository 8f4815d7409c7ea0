package exp

import (
	"fmt"
	"testing"

	"github.com/csvscan/csvscan"
)

func TestHV(t *testing.T) {
	r, err := csvscan.OpenFiles([]string{"/tmp/hv/*/*.csv"}, csvscan.Options{HivePartitioning: csvscan.On, Filename: true})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(r.Schema())
	for row, err := range r.Values() {
		fmt.Printf("%#v %v\n", row, err)
	}
}
