package typed

import "testing"

// TestTypeName: a column's type as DuckDB names it, which ParseColumn
// reads back to the same column (a DECIMAL without a width is DuckDB's
// DECIMAL(18,3)).
func TestTypeName(t *testing.T) {
	for _, c := range []struct {
		col  Column
		want string
	}{
		{Column{Type: TypeBigInt}, "BIGINT"},
		{Column{Type: TypeDecimal, Width: 10, Scale: 2}, "DECIMAL(10,2)"},
		{Column{Type: TypeDecimal}, "DECIMAL(18,3)"},
		{Column{Type: TypeTimestampTZ}, "TIMESTAMP WITH TIME ZONE"},
	} {
		got := c.col.TypeName()
		if got != c.want {
			t.Errorf("%+v: %q, want %q", c.col, got, c.want)
		}
		back, err := ParseColumn("x", got)
		if err != nil || back.Type != c.col.Type || back.TypeName() != got {
			t.Errorf("%q read back as %+v, %v", got, back, err)
		}
	}
}
