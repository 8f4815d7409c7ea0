package exp

import (
	"fmt"
	"testing"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner/typed"
)

func TestNL(t *testing.T) {
	for _, o := range []csvscan.Options{
		{AutoDetect: csvscan.Off, Header: csvscan.On, Columns: typed.Schema{{Name: "column0", Type: typed.TypeVarchar}}},
		{AutoDetect: csvscan.Off, Header: csvscan.Off, Columns: typed.Schema{{Name: "column0", Type: typed.TypeVarchar}}},
		{Header: csvscan.On},
		{Header: csvscan.Off},
	} {
		for _, th := range []int{1, 2} {
			o.Threads = th
			r, err := csvscan.Open("/tmp/nl/nl10.csv", o)
			if err != nil {
				fmt.Println(err)
				continue
			}
			n := 0
			for _, err := range r.Values() {
				if err != nil {
					fmt.Println(err)
				}
				n++
			}
			r.Close()
			r, _ = csvscan.Open("/tmp/nl/nl10.csv", o)
			c, err := r.Count()
			r.Close()
			fmt.Println(o.Header, o.AutoDetect, th, "values", n, "count", c, err)
		}
	}
}
