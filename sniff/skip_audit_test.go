package sniff_test

import (
	"strings"
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// TestTrailingDelimiterIgnoreErrors: with IgnoreErrors, data rows that
// end with a delimiter the header lacks ("a,b,c" above "1,2,3,") make a
// table of the header's width with its names, as without IgnoreErrors and
// as DuckDB 1.5.6's sniff_csv(..., ignore_errors=true) says, also when a
// row lacks the trailing delimiter; the most frequent width (the data
// rows') made it a table of four unnamed columns whose header was a bad
// row.
func TestTrailingDelimiterIgnoreErrors(t *testing.T) {
	for _, c := range []struct {
		in, names string
		every     bool // every data row ends with the delimiter
	}{
		{"a,b,c\n1,2,3,\n4,5,6,\n7,8,9,\n", "a,b,c", true},
		{"name,age,city\nann,30,oslo,\nbob,40,rome,\n", "name,age,city", true},
		{"a;b\n1;2;\n", "a,b", true},
		{"a|b|c|d|e\r\n1|2|3|4|5|\r\n6|7|8|9|0|\r\n", "a,b,c,d,e", true},
		{"a,b,c\n1,2,3,\n4,5,6,\n7,8,9\n", "a,b,c", false},
		{"a,b,c\n1,2,3,\n4,5,6\n7,8,9,\n", "a,b,c", false},
	} {
		opts := []sniff.Options{{IgnoreErrors: true}}
		if c.every {
			opts = append(opts, sniff.Options{}) // the same without IgnoreErrors
		}
		for _, o := range opts {
			res, err := sniff.SniffBytes([]byte(c.in), o)
			if err != nil {
				t.Errorf("%q, IgnoreErrors %v: %v", c.in, o.IgnoreErrors, err)
				continue
			}
			var names []string
			for _, col := range res.Columns {
				names = append(names, col.Name)
			}
			if got := strings.Join(names, ","); got != c.names || !res.HasHeader || res.SkipRows != 0 {
				t.Errorf("%q, IgnoreErrors %v: columns %s, header %v, skip %d; want %s, a header, no skip",
					c.in, o.IgnoreErrors, got, res.HasHeader, res.SkipRows, c.names)
			}
		}
	}
}
