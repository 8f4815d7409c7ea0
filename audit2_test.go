package csvscan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of the defects a second comparison with DuckDB 1.5.6 found; each
// case's expected answer is DuckDB's read_csv of the same input (TimeZone
// 'UTC').

// TestZoneNameTimestamps: timestamps that end in a time zone name are
// sniffed as TIMESTAMP WITH TIME ZONE and read in that zone, as DuckDB
// reads them with ICU; a name ICU does not know leaves the column text.
func TestZoneNameTimestamps(t *testing.T) {
	for _, c := range []struct {
		in   string
		want rendered
	}{
		{"id,at\n1,2021-07-01 10:00:00 Europe/Berlin\n2,2021-01-15 09:30:00 america/new_york\n" +
			"3,2021-03-28 02:30:00 Europe/Berlin\n4,2021-07-01 10:00:00 PST\n6,\n" +
			"7,2021-10-31 02:30:00.25 Europe/Berlin\n",
			rendered{Schema: []string{"id:BIGINT", "at:TIMESTAMP WITH TIME ZONE"}, Rows: [][]string{
				{"1", "2021-07-01 08:00:00+00"}, {"2", "2021-01-15 14:30:00+00"}, {"3", "2021-03-28 01:30:00+00"},
				{"4", "2021-07-01 17:00:00+00"}, {"6", "NULL"}, {"7", "2021-10-31 01:30:00.25+00"}}}},
		{"at;n\n2021-07-01T10:00:00 Asia/Kolkata;1\n2021-07-01 10:00:00+02;2\n2021-07-01 10:00:00;3\n",
			rendered{Schema: []string{"at:TIMESTAMP WITH TIME ZONE", "n:BIGINT"}, Rows: [][]string{
				// DuckDB 1.5.6 reads row 3 as 04:30+00: after a zone name
				// its cast keeps the zone for the values without one
				// (docs/11-front-door.md); without one a value is UTC.
				{"2021-07-01 04:30:00+00", "1"}, {"2021-07-01 08:00:00+00", "2"}, {"2021-07-01 10:00:00+00", "3"}}}},
		{"id,at\n1,2021-07-01 10:00:00 Europe/Berlin\n2,2021-07-01 10:00:00 Mars/Olympus\n",
			rendered{Schema: []string{"id:BIGINT", "at:VARCHAR"}, Rows: [][]string{
				{"1", "2021-07-01 10:00:00 Europe/Berlin"}, {"2", "2021-07-01 10:00:00 Mars/Olympus"}}}},
		{"id,at\n1,2021-07-01 10:00:00 EDT\n2,2021-07-01 10:00:00 CEST\n",
			rendered{Schema: []string{"id:BIGINT", "at:VARCHAR"}, Rows: [][]string{
				{"1", "2021-07-01 10:00:00 EDT"}, {"2", "2021-07-01 10:00:00 CEST"}}}},
	} {
		got := renderRead(c.in, Options{})
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%q (-DuckDB +csvscan):\n%s", c.in, d)
			continue
		}
		samePrompt(t, c.in, Options{}, c.want)
	}
}
