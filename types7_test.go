package csvscan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFormattedTimestampsThenOffset: a column of timestamps read with a
// detected format and then an ISO timestamp with an offset is read as
// text, every value kept. DuckDB 1.5.6 types it TIMESTAMP WITH TIME ZONE
// and reads the formatted values as NULL (duckdb/duckdb#24820,
// docs/10-sniffing.md); csvscan failed the read at the first of them.
func TestFormattedTimestampsThenOffset(t *testing.T) {
	in := "id,v\n1,\n2,01/02/2020 10:00:00\n3,\n4,2020-01-01T10:00:00Z\n"
	want := rendered{Schema: []string{"id:BIGINT", "v:VARCHAR"}, Rows: [][]string{
		{"1", "NULL"}, {"2", "01/02/2020 10:00:00"}, {"3", "NULL"}, {"4", "2020-01-01T10:00:00Z"}}}
	if d := cmp.Diff(want, renderRead(in, Options{})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
