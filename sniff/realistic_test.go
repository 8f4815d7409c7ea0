package sniff_test

// Tests of classes of realistic files the sniffer read wrong: exports of
// spreadsheets, data frames and databases, found by a generator of such
// files with their dialects known, and sniffed with inputs of our own.

import (
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// An empty cell in the first row fits every type, so it is no sign that
// the row is data: the empty name over a column of row numbers (pandas'
// to_csv, R's write.csv) or over the empty column a trailing delimiter or
// a spreadsheet's unused columns make. The header is decided by the other
// columns; DuckDB took each of these rows for data.
func TestEmptyHeaderCell(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		header   bool
		col      int
		want     string // the name of column col
	}{
		{"pandas index", ",city,country\n0,Oslo,Norway\n1,Lima,Peru\n2,Rome,Italy\n", true, 1, "city"},
		{"R write.csv", "\"\",\"name\",\"town\"\n\"1\",\"Ann Lee\",\"Oslo\"\n\"2\",\"Bob Ray\",\"Lima\"\n", true, 1, "name"},
		{"trailing delimiter", "email;city;\nann@x.org;Oslo;\nbob@y.org;Lima;\ncy@z.org;Rome;\n", true, 0, "email"},
		{"unused columns", "name,town,,\r\nAnn Lee,Oslo,,\r\nBob Ray,Lima,,\r\n", true, 1, "town"},
		{"header only, trailing delimiter", "id;name;\n", true, 1, "name"},
		// A typed cell that fits still makes the first row data.
		{"data with an empty cell", "7,,Oslo\n8,5,Lima\n9,6,Rome\n", false, 0, "column0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.HasHeader != tt.header || res.Columns[tt.col].Name != tt.want {
				t.Fatalf("header %v, column %d %q; want header %v, %q",
					res.HasHeader, tt.col, res.Columns[tt.col].Name, tt.header, tt.want)
			}
		})
	}
}

// An all-text first row one of whose values comes again in its column is
// a row of data: a column's name is not among its values, while
// categories (a status, a town) come again and again. DuckDB assumes a
// header for every all-text file.
func TestRecurringFirstRow(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		header   bool
	}{
		{"a category comes again", "active,Oslo\nclosed,Lima\nactive,Rome\n", false},
		{"one column", "Oslo\nLima\nOslo\nRome\n", false},
		{"every row the same", "x|y\nx|y\nx|y\n", false},
		{"tabs, one column of many", "Ann Lee\tnorth\nBob Ray\tsouth\nCy Fox\tnorth\n", false},
		// The names are not among the values.
		{"names over categories", "status,town\nactive,Oslo\nclosed,Oslo\nactive,Lima\n", true},
		// A header repeated whole down the file (exports appended to one
		// another) is still a header.
		{"repeated header", "name,town\nAnn Lee,Oslo\nBob Ray,Lima\nname,town\nCy Fox,Rome\n", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.HasHeader != tt.header {
				t.Fatalf("header %v, want %v (columns %v)", res.HasHeader, tt.header, res.Columns)
			}
		})
	}
}
