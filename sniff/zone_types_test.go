package sniff_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// TestRefineZoneNames: DuckDB's refinement (the chunks after the first)
// casts with its default casts, which read UTC offsets, "Z" and the name
// UTC but no other time zone name; its first chunk reads ICU's names. So
// 2,050 timestamps with "+02" followed by a value in Europe/Berlin are
// VARCHAR, and the same value in the first chunk is TIMESTAMP WITH TIME
// ZONE (DuckDB 1.5.6's sniff_csv on each input).
func TestRefineZoneNames(t *testing.T) {
	head := "x\n" + strings.Repeat("2020-01-01 10:00:00+02\n", 2050)
	for _, c := range []struct{ in, want string }{
		{head + "2020-01-01 10:00:00 Europe/Berlin\n", "VARCHAR"},
		{head + "2020-01-01 10:00:00 America/New_York\n", "VARCHAR"},
		{head + "2020-01-01 10:00:00 GMT\n", "VARCHAR"},
		{head + "2020-01-01 10:00:00 PST\n", "VARCHAR"},
		{head + "2020-01-01 10:00:00 UTC\n", "TIMESTAMP WITH TIME ZONE"},
		{head + "2020-01-01 10:00:00 utc\n", "TIMESTAMP WITH TIME ZONE"},
		{head + "2020-01-01T10:00:00Z\n", "TIMESTAMP WITH TIME ZONE"},
		{head + "2020-01-01 10:00:00+05:30\n", "TIMESTAMP WITH TIME ZONE"},
		{head + "2020-01-01 10:00:00\n", "TIMESTAMP WITH TIME ZONE"},
		{head + "infinity\n", "TIMESTAMP WITH TIME ZONE"},
		{"x\n2020-01-01 10:00:00 Europe/Berlin\n" + strings.Repeat("2020-01-01 10:00:00+02\n", 2100), "TIMESTAMP WITH TIME ZONE"},
	} {
		res, err := sniff.SniffBytes([]byte(c.in), sniff.Options{})
		if err != nil {
			t.Errorf("%q: %v", c.in[len(c.in)-40:], err)
			continue
		}
		if len(res.Columns) != 1 || res.Columns[0].Type.String() != c.want {
			t.Errorf("...%q: columns %v, want one %s column (DuckDB 1.5.6)", c.in[len(c.in)-40:], res.Columns, c.want)
		}
	}
}

// TestFormattedThenOffset: a column settled on TIMESTAMP read with a
// detected format ("01/02/2020 10:00:00") that meets an ISO timestamp
// with an offset becomes VARCHAR, not TIMESTAMP WITH TIME ZONE, whose
// cast reads ISO 8601 only and would fail on the column's earlier
// values. (DuckDB 1.5.6 takes TIMESTAMP WITH TIME ZONE and reads those
// values as NULL.) Among ISO timestamps such a value still makes the
// column TIMESTAMP WITH TIME ZONE.
func TestFormattedThenOffset(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"v\n\n\n01/02/2020 10:00:00\n\n2020-01-01T10:00:00Z\n", "VARCHAR"},
		{"v\n13/01/2020 10:00:00\n14/01/2020 10:00:00\n2020-01-01 10:00:00+02\n", "VARCHAR"},
		{"v\n01/13/2020 10:00:00 AM\n2020-01-01 10:00:00+02\n2020-01-01 10:00:00\n", "VARCHAR"},
		{"v\n2020-01-01 10:00:00\n2020-01-02 10:00:00\n2020-01-01 10:00:00+02\n", "TIMESTAMP WITH TIME ZONE"},
		{"v\n13/01/2020 10:00:00\n14/01/2020 10:00:00\n", "TIMESTAMP"},
	} {
		res, err := sniff.SniffBytes([]byte(c.in), sniff.Options{})
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if len(res.Columns) != 1 || res.Columns[0].Type.String() != c.want {
			t.Errorf("%q: columns %v, want one %s column", c.in, res.Columns, c.want)
		}
	}
}

// TestFormatsCarryOver: DuckDB keeps the date format candidates from one
// dialect candidate to the next. A column of ISO dates with a timestamp
// among them is VARCHAR in the first candidate (no quote), where the
// column after it settles %d/%m/%Y; the next candidate (quote '"'),
// which reads the file alike, tries that format on the first ISO date,
// fails it and types the column TIMESTAMP, and wins with fewer text
// columns. DuckDB 1.5.6's sniff_csv on each input.
func TestFormatsCarryOver(t *testing.T) {
	for _, c := range []struct {
		in, quote string
		types     []string
	}{
		{"a,b\n2020-01-05,13/01/2020\n2020-01-06,14/01/2020\n2020-01-01 10:00:00,15/02/2020\n", `"`, []string{"TIMESTAMP", "DATE"}},
		{"a,b\n2020-01-05,13/01/2020\n2020-01-06,14/01/2020\n2020-01-01T10:00:00Z,15/02/2020\n", `"`, []string{"TIMESTAMP WITH TIME ZONE", "DATE"}},
		{"a,b\n2020-01-05,x\n2020-01-06,y\n2020-01-01 10:00:00,z\n", "", []string{"VARCHAR", "VARCHAR"}},
		{"a,b\n2020-01-05,13/01/2020\n2020-01-06,14/01/2020\nabc,15/02/2020\n", "", []string{"VARCHAR", "DATE"}},
		// Only when the first chunk (2,048 rows with the header) holds
		// the whole input.
		{carryRows(2046), `"`, []string{"TIMESTAMP", "DATE"}},
		{carryRows(2047), "", []string{"VARCHAR", "DATE"}},
	} {
		res, err := sniff.SniffBytes([]byte(c.in), sniff.Options{})
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var types []string
		for _, col := range res.Columns {
			types = append(types, col.Type.String())
		}
		if q := res.Dialect.Quote.String(); !slices.Equal(types, c.types) || q != c.quote {
			t.Errorf("%q: quote %q, types %v; want quote %q, types %v (DuckDB 1.5.6)", c.in, q, types, c.quote, c.types)
		}
	}
}

// carryRows is a header and n rows of an ISO date (the last three a
// timestamp) and a date written %d/%m/%Y.
func carryRows(n int) string {
	var b strings.Builder
	b.WriteString("a,b\n")
	for i := range n {
		if i >= n-3 {
			b.WriteString("2020-01-01 10:00:00")
		} else {
			fmt.Fprintf(&b, "2020-%02d-%02d", i%12+1, i%28+1)
		}
		fmt.Fprintf(&b, ",%02d/%02d/2020\n", i%28+1, i%12+1)
	}
	return b.String()
}
