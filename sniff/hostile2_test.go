package sniff

import (
	"strings"
	"testing"
)

// TestFormatChangedBySampleValue: a column whose date format a later value
// of the sample changes is DATE only if the final format reads every
// value: "0-1-1" reads with %y-%m-%d, "1-1-00" then only with %d-%m-%y,
// which does not read "0-1-1" (day 0), and the column was DATE with
// %d-%m-%y, so that the read of the file failed on its second line
// (FuzzOpen found the case). Columns whose values all fit keep theirs.
func TestFormatChangedBySampleValue(t *testing.T) {
	for _, c := range []struct {
		in, want, format string
	}{
		{"a,d\n1,0-1-1\n2,1-1-00\n", "VARCHAR", ""},
		{"a,d\n1,0-1-1 10:00:00\n2,1-1-00 10:00:00\n", "VARCHAR", ""},
		{"a,d\n1,31-01-24\n2,01-02-24\n", "DATE", "%y-%m-%d"},
		{"a,d\n1,2024-01-31\n2,2024-02-01\n", "DATE", "%Y-%m-%d"},
	} {
		res, err := Sniff(strings.NewReader(c.in), int64(len(c.in)), Options{})
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if len(res.Columns) != 2 {
			t.Fatalf("%q: columns %v", c.in, res.Columns)
		}
		if got := res.Columns[1].Type; got.String() != c.want || res.DateFormat != c.format {
			t.Errorf("%q: %v with date format %q, want %s with %q", c.in, got, res.DateFormat, c.want, c.format)
		}
	}
}
