package sniff_test

import (
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// TestInfinityTypes: the types DuckDB 1.5.6's sniffer gives columns
// holding the special date values "inf", "-inf", "infinity" and "epoch"
// (checked with sniff_csv on the same inputs): they are DATE values, so
// a column of them alone, or among ISO dates, is DATE, and with numbers
// after them text (DATE is settled); among timestamps they make the
// column TIMESTAMP WITH TIME ZONE, whose cast takes them where the
// sniffer's TIMESTAMP does not; after a number they are DOUBLE values.
func TestInfinityTypes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"x\ninf\n-inf\n", "DATE"},
		{"x\n2024-01-01\ninf\n-INF\n", "DATE"},
		{"x\n2024-01-01\nInfinity\n", "DATE"},
		{"x\ninf\n1.5\n", "VARCHAR"},
		{"x\n-inf\n2\n", "VARCHAR"},
		{"x\n1.5\ninf\n", "DOUBLE"},
		{"x\n2024-01-01 10:00:00\ninf\n-Inf\n", "TIMESTAMP WITH TIME ZONE"},
		{"x\n2024-01-01 10:00:00\ninfinity\n", "TIMESTAMP WITH TIME ZONE"},
		{"x\n2024-01-01 10:00:00\n-infinity\n", "TIMESTAMP WITH TIME ZONE"},
		{"x\n2024-01-01 10:00:00\nepoch\n", "TIMESTAMP WITH TIME ZONE"},
		{"x\ninf\n2024-01-01 10:00:00\n", "VARCHAR"},
		{"x\n2024-01-01 10:00:00\n2024-01-02\n", "TIMESTAMP"},
		{"x\n2024-01-01\ninf \n", "VARCHAR"},
		{"x\n2024-01-01\ninfin\n", "VARCHAR"},
	} {
		res, err := sniff.SniffBytes([]byte(c.in), sniff.Options{})
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if len(res.Columns) != 1 || res.Columns[0].Type.String() != c.want {
			t.Errorf("%q: columns %v, want one %s column (DuckDB 1.5.6)", c.in, res.Columns, c.want)
		}
	}
}

// TestQuotedNotNullTypes: under QuotedNotNull (DuckDB's
// allow_quoted_nulls=false) a quoted "" or quoted null string is a value,
// which fits VARCHAR only, as DuckDB 1.5.6's sniff_csv decides; without
// it, or unquoted, it is NULL and fits every type.
func TestQuotedNotNullTypes(t *testing.T) {
	for _, c := range []struct {
		in   string
		opts sniff.Options
		want string
		what string
	}{
		{"a,b\n1,x\n\"\",y\n3,z\n", sniff.Options{QuotedNotNull: true}, "VARCHAR", "a quoted empty value among numbers"},
		{"a,b\n1.5,x\n\"\",y\n", sniff.Options{QuotedNotNull: true}, "VARCHAR", "among decimals"},
		{"a,b\n2024-01-01,x\n\"\",y\n", sniff.Options{QuotedNotNull: true}, "VARCHAR", "among dates"},
		{"a,b\ntrue,x\n\"\",y\n", sniff.Options{QuotedNotNull: true}, "VARCHAR", "among booleans"},
		{"a,b\n1,x\n\"NA\",y\n", sniff.Options{QuotedNotNull: true, NullStr: []string{"NA"}}, "VARCHAR", "a quoted null string"},
		{"a,b\n1,x\nNA,y\n", sniff.Options{QuotedNotNull: true, NullStr: []string{"NA"}}, "BIGINT", "an unquoted null string"},
		{"a,b\n1,x\n,y\n", sniff.Options{QuotedNotNull: true}, "BIGINT", "an unquoted empty value"},
		{"a,b\n\"1\",x\n\"2\",y\n", sniff.Options{QuotedNotNull: true}, "BIGINT", "quoted numbers"},
		{"a,b\n1,x\n\"\",y\n3,z\n", sniff.Options{}, "BIGINT", "quoted nulls allowed"},
	} {
		res, err := sniff.SniffBytes([]byte(c.in), c.opts)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if len(res.Columns) != 2 || res.Columns[0].Type.String() != c.want {
			t.Errorf("%s, %q: columns %v, want a %s first column (DuckDB 1.5.6)", c.what, c.in, res.Columns, c.want)
		}
	}
}
