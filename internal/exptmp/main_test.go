package exp

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"unicode/utf16"

	"github.com/csvscan/csvscan"
)

func TestX(t *testing.T) {
	var u []uint16
	u = append(u, 0xFEFF)
	var l1 bytes.Buffer
	l1.WriteString("a,b\n")
	for i := 0; i < 100000; i++ {
		u = append(u, utf16.Encode([]rune(fmt.Sprintf("%d,row%d\n", i, i)))...)
		if i == 50000 {
			u = u[:len(u)-1]
			u = append(u, 0xD800, '\n')
			fmt.Fprintf(&l1, "%d,ro\x85w\n", i)
		} else {
			fmt.Fprintf(&l1, "%d,row%d\n", i, i)
		}
	}
	b := make([]byte, 0)
	for _, x := range u {
		b = append(b, byte(x), byte(x>>8))
	}
	os.WriteFile("/tmp/exp/u16.csv", b, 0o644)
	os.WriteFile("/tmp/exp/l1.csv", l1.Bytes(), 0o644)
	for _, f := range []struct{ p, enc string }{{"/tmp/exp/u16.csv", ""}, {"/tmp/exp/l1.csv", "latin-1"}} {
		for _, ie := range []bool{false, true} {
			for _, th := range []int{1, 2} {
				for _, kind := range []string{"values", "raw", "count"} {
					r, err := csvscan.Open(f.p, csvscan.Options{Encoding: f.enc, IgnoreErrors: ie, Threads: th})
					if err != nil {
						fmt.Println("open:", err)
						continue
					}
					n := 0
					var e error
					switch kind {
					case "values":
						for _, err := range r.Values() {
							if err != nil {
								e = err
								break
							}
							n++
						}
					case "raw":
						for _, err := range r.Raw() {
							if err != nil {
								e = err
								break
							}
							n++
						}
					case "count":
						c, err := r.Count()
						n, e = int(c), err
					}
					fmt.Println(f.p, "ie", ie, "th", th, kind, "rows", n, "err", e)
					r.Close()
				}
			}
		}
	}
}
