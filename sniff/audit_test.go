package sniff_test

// Tests of the defects an audit found by comparing csvscan's sniffer with
// DuckDB 1.5.6 on generated files, one function per class of input. The
// inputs are our own; each class has several shapes.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// rowsOf is head followed by n rows made by row(i), i from 1.
func rowsOf(head string, n int, row func(i int) string) string {
	var b strings.Builder
	b.WriteString(head)
	for i := 1; i <= n; i++ {
		b.WriteString(row(i))
	}
	return b.String()
}

// readApplied reads in with a scanner set up by res.Apply, every row held
// to the detected width, and returns the data rows; a row the options do
// not fit fails the test.
func readApplied(t *testing.T, in string, res *sniff.Result) [][]string {
	t.Helper()
	o := scanner.Options{FieldsPerRow: len(res.Columns), IgnoreErrors: res.IgnoreErrors}
	res.Apply(&o)
	return scanAll(t, in, o)
}

// A clean table with a delimiter of several bytes (", ", " || ") is read
// by the one byte inside it too, at the same places: that reading is the
// same table, not a rival, and the sniffer is sure of it. (A padded
// delimiter is kept only where a quoted value follows it; see widen.) The confidence
// was 0.000, the one-byte reading counted as a runner-up that read every
// row as well.
func TestConfidenceWideDelimiter(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim string
	}{
		{"comma space", rowsOf("id, name, score\n", 40, func(i int) string {
			return fmt.Sprintf("%d, \"name%d\", %d\n", i, i, i*7%100)
		}), ", "},
		{"comma space, two columns", rowsOf("a, b\n", 30, func(i int) string {
			return fmt.Sprintf("%d, \"%d.5\"\n", i, i*2)
		}), ", "},
		{"comma space, dates", rowsOf("day, city, temp, rain\n", 28, func(i int) string {
			return fmt.Sprintf("2024-01-%02d, \"Oslo\", %d, %d\n", i, i-10, i%3)
		}), ", "},
		{"padded double bar", rowsOf("x || y || z\n", 25, func(i int) string {
			return fmt.Sprintf("%d || %d || v%d\n", i, i*2, i)
		}), " || "},
		{"padded semicolon", rowsOf("a ; b ; c\n", 20, func(i int) string {
			return fmt.Sprintf("%d ; %d ; \"w%d\"\n", i, i+1, i)
		}), " ; "},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Dialect.Delimiter != tt.delim || res.Scores.Dialect != 1 {
			t.Fatalf("%s: delimiter %q, dialect score %.3f; want %q and 1", tt.name, res.Dialect.Delimiter, res.Scores.Dialect, tt.delim)
		}
		if res.Scores.Confidence != 1 {
			t.Errorf("%s: confidence %.3f, want 1 (no other delimiter reads it)", tt.name, res.Scores.Confidence)
		}
	}
	// A delimiter that is no part of the wide one still rivals it.
	res, err := sniff.SniffBytes([]byte("a; b, c\n1; 2, 3\n4; 5, 6\n7; 8, 9\n"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scores.Confidence != 0 {
		t.Errorf("';' and \", \" read the same table: confidence %.3f, want 0", res.Scores.Confidence)
	}
}

// A row that ends with a stray delimiter ("5,6," in a table of two
// columns) is a row of the table with an empty value after it, not a
// row with one more column: the table keeps its width, and the result
// says to drop that empty value (TrailingDelimiter). raggedOf widened the
// table to its widest row, so one such row in 500 added a column that
// no row filled.
func TestStrayTrailingDelimiter(t *testing.T) {
	for _, tt := range []struct {
		name  string
		in    string
		delim string
		names string
		row   int    // a data row (0-based) that ends with the stray delimiter
		want  string // and its values, as read
	}{
		{"row 57 of 500", rowsOf("id,value\n", 500, func(i int) string {
			if i == 57 {
				return "57,171,\n"
			}
			return fmt.Sprintf("%d,%d\n", i, i*3)
		}), ",", "id:BIGINT,value:BIGINT", 56, "57,171"},
		{"semicolons, one row of 300", rowsOf("name;qty;price\n", 300, func(i int) string {
			if i == 120 {
				return "item120;1;180.5;\n"
			}
			return fmt.Sprintf("item%d;%d;%d.5\n", i, i%7, i)
		}), ";", "name:VARCHAR,qty:BIGINT,price:DOUBLE", 119, "item120,1,180.5"},
		{"tabs, two rows of 200", rowsOf("a\tb\tc\td\n", 200, func(i int) string {
			if i == 10 || i == 150 {
				return fmt.Sprintf("%d\tx%d\t%d\t%d\t\n", i, i, i*2, i%3)
			}
			return fmt.Sprintf("%d\tx%d\t%d\t%d\n", i, i, i*2, i%3)
		}), "\t", "a:BIGINT,b:VARCHAR,c:BIGINT,d:BIGINT", 9, "10,x10,20,1"},
		{"a short file", "a|b|c\n1|2|3\n4|5|6|\n7|8|9\n10|11|12\n", "|", "a:BIGINT,b:BIGINT,c:BIGINT", 1, "4,5,6"},
		{"the header ends with it", "k,v,\n1,2\n3,4\n5,6\n7,8\n", ",", "k:BIGINT,v:BIGINT", 0, "1,2"},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		names := columnList(res)
		if res.Dialect.Delimiter != tt.delim || names != tt.names || !res.HasHeader {
			t.Fatalf("%s: delimiter %q, columns %s, header %v; want %q, %s, true", tt.name, res.Dialect.Delimiter,
				names, res.HasHeader, tt.delim, tt.names)
		}
		if !res.TrailingDelimiter || res.NullPadding || res.IgnoreErrors {
			t.Errorf("%s: trailing delimiter %v, null padding %v, ignore errors %v; want true, false, false", tt.name,
				res.TrailingDelimiter, res.NullPadding, res.IgnoreErrors)
		}
		rows := readApplied(t, tt.in, res)
		if got := strings.Join(rows[tt.row], ","); got != tt.want {
			t.Errorf("%s: row %d reads %q, want %q", tt.name, tt.row, got, tt.want)
		}
		rows, rejects := readTyped(t, tt.in, res)
		if got := strings.Join(rows[tt.row], ","); got != tt.want || rejects != 0 {
			t.Errorf("%s: typed row %d reads %q with %d rejects, want %q and none", tt.name, tt.row, got, rejects, tt.want)
		}
	}
	// Two empty values after the row: still no column of nothing.
	in := rowsOf("id,value\n", 100, func(i int) string {
		if i == 30 {
			return "30,90,,\n"
		}
		return fmt.Sprintf("%d,%d\n", i, i*3)
	})
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Columns) != 2 {
		t.Errorf("two empty values after a row: %d columns, want 2", len(res.Columns))
	}
	// A row with a value more is still read whole (TestRaggedRows).
}

// A '#' that opens values of the last column ("1,#a", a colour
// "#ff0000", a number "#12") is part of those values, even when a
// comment line above the table makes '#' look like a comment character:
// with '#' as the comment, each such row fits the table only because the
// comment counts as an empty last value, and the values read as NULL.
// commentsAcceptable counted those rows for the comment.
func TestHashOpensValues(t *testing.T) {
	for _, tt := range []struct {
		name, in, names string
		row             int    // a data row (0-based)
		want            string // and its values, as read
	}{
		{"a line of '#' above", "#\nid,hash\n1,#a\n2,#b\n3,#c\n", "id:BIGINT,hash:VARCHAR", 1, "2,#b"},
		{"numbers after '#'", "# Export of 2024-03-01\nid,tag,ref\n1,a,#3\n2,b,#4\n3,c,#5\n4,d,#6\n",
			"id:BIGINT,tag:VARCHAR,ref:VARCHAR", 2, "3,c,#5"},
		{"colours, tabs", "# palette\nname\tcolor\nred\t#ff0000\ngreen\t#00ff00\nblue\t#0000ff\n",
			"name:VARCHAR,color:VARCHAR", 2, "blue,#0000ff"},
		{"semicolons, some values empty", rowsOf("# generated by the shop\nid;qty;ref\n", 30, func(i int) string {
			if i%4 == 0 {
				return fmt.Sprintf("%d;%d;\n", i, i%5)
			}
			return fmt.Sprintf("%d;%d;#A-%d\n", i, i%5, i)
		}), "id:BIGINT,qty:BIGINT,ref:VARCHAR", 0, "1,1,#A-1"},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		names := columnList(res)
		if res.Dialect.Comment.IsSet() || names != tt.names || !res.HasHeader {
			t.Fatalf("%s: comment %v, columns %s, header %v; want no comment, %s, true", tt.name, res.Dialect.Comment,
				names, res.HasHeader, tt.names)
		}
		rows, rejects := readTyped(t, tt.in, res)
		if got := strings.Join(rows[tt.row], ","); got != tt.want || rejects != 0 {
			t.Errorf("%s: row %d reads %q with %d rejects, want %q and none", tt.name, tt.row, got, rejects, tt.want)
		}
	}
	// Comments after the values, and comment lines alone, are comments.
	for _, in := range []string{
		"# data\nid,qty\n1,2 # first\n3,4\n5,6 # third\n7,8\n",
		"id,qty\n1,2\n# checked by the shop\n3,4\n5,6\n7,8\n",
	} {
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if c, _ := res.Dialect.Comment.Byte(); c != '#' || len(res.Columns) != 2 {
			t.Errorf("%q: comment %v, %d columns; want '#' and 2", in, res.Dialect.Comment, len(res.Columns))
		}
	}
}

// A second table below the first, longer than it and narrower: the
// answer is the first table, and TableEnd names the line where the
// second starts. The ragged reading came first and took the most common
// width, the second table's, from the first row on: the second table
// was padded into the first with TableEnd 0 (TestSecondTable had only a
// second table as long as the first).
func TestLongerSecondTable(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim, names string
		end                    int      // TableEnd
		first                  []string // the first table's first data row, as read
	}{
		{"three columns, then two", rowsOf("a,b,c\n1,2,3\n4,5,6\n\nx,y\n", 13, func(i int) string {
			return fmt.Sprintf("%d,%d\n", i+6, 2*i)
		}), ",", "a,b,c", 5, []string{"1", "2", "3"}},
		{"semicolons, thirty rows after", rowsOf("id;name;qty;price\n1;ann;3;2.5\n2;bob;4;1.5\n3;cy;5;0.5\n\ncode;label\n", 30,
			func(i int) string { return fmt.Sprintf("c%d;label %d\n", i, i) }), ";", "id,name,qty,price", 6, []string{"1", "ann", "3", "2.5"}},
		{"tabs, no empty line between", rowsOf("k\tv\tw\n1\t2\t3\n4\t5\t6\n7\t8\t9\nname\tcount\n", 10,
			func(i int) string { return fmt.Sprintf("n%d\t%d\n", i, i) }), "\t", "k,v,w", 5, []string{"1", "2", "3"}},
		{"two hundred rows after", rowsOf("when,what,who,where\n2024-01-01,a,ann,oslo\n2024-01-02,b,bob,rome\n\nid,score\n", 200,
			func(i int) string { return fmt.Sprintf("%d,%d\n", i, i%50) }), ",", "when,what,who,where", 5, []string{"2024-01-01", "a", "ann", "oslo"}},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var names []string
		for _, c := range res.Columns {
			names = append(names, c.Name)
		}
		if res.Dialect.Delimiter != tt.delim || strings.Join(names, ",") != tt.names || !res.HasHeader || res.SkipRows != 0 {
			t.Fatalf("%s: delimiter %q, columns %s, header %v, skip %d; want %q, %s, true, 0", tt.name, res.Dialect.Delimiter,
				strings.Join(names, ","), res.HasHeader, res.SkipRows, tt.delim, tt.names)
		}
		if res.TableEnd != tt.end || !res.NullPadding && !res.IgnoreErrors {
			t.Errorf("%s: table end %d, null padding %v, ignore errors %v; want %d, and the rows after it padded or rejects",
				tt.name, res.TableEnd, res.NullPadding, res.IgnoreErrors, tt.end)
		}
		rows, _ := readTyped(t, tt.in, res)
		if len(rows) == 0 || strings.Join(rows[0], ",") != strings.Join(tt.first, ",") {
			t.Errorf("%s: the first row reads %q, want %q", tt.name, rows, tt.first)
		}
	}
}

// A note below the table ("Source: national statistics office", a block
// of notes, a last line of spaces) is no row of it: the types and the
// header are the table's, TableEnd names the line where the note starts,
// and a note that does not fit the types is a reject (IgnoreErrors). The
// ragged reading came before the first table and read the note as a
// padded row, which made a column of numbers VARCHAR. DuckDB 1.5.6 reads
// each of these files as one text column.
func TestFooterNotes(t *testing.T) {
	for _, tt := range []struct {
		name, in, types string
		end             int // TableEnd
		rows, rejects   int // read with the result
	}{
		{"a source after an empty line", "id,value\n1,3\n2,6\n3,9\n\nSource: national statistics office\n",
			"BIGINT,BIGINT", 6, 3, 1},
		{"a last line of spaces", "id,value\n1,3\n2,6\n3,9\n   \n", "BIGINT,BIGINT", 5, 3, 1},
		{"spaces, no line end", "id,value\n1,3\n2,6\n3,9\n    ", "BIGINT,BIGINT", 5, 3, 1},
		{"a note right below", "id,value,score\n1,3,4\n2,6,5\n3,9,8\nNote: provisional figures\n",
			"BIGINT,BIGINT,BIGINT", 5, 3, 1},
		{"a block of notes", rowsOf("id,value\n", 5, func(i int) string { return fmt.Sprintf("%d,%d\n", i, 3*i) }) +
			"\nNotes:\nFigures are provisional\nSee the website\n", "BIGINT,BIGINT", 8, 5, 3},
		{"dates and decimals, semicolons", rowsOf("day;amount;unit\n", 40, func(i int) string {
			return fmt.Sprintf("2024-02-%02d;%d.25;kg\n", i%28+1, i)
		}) + "\nCompiled by the finance office\n", "DATE,DOUBLE,VARCHAR", 43, 40, 1},
		{"tabs, a total", rowsOf("k\tn\n", 12, func(i int) string { return fmt.Sprintf("%d\t%d\n", i, i*i) }) +
			"Total of the year\n", "BIGINT,BIGINT", 14, 12, 1},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var types []string
		for _, c := range res.Columns {
			types = append(types, c.Type.String())
		}
		if strings.Join(types, ",") != tt.types || !res.HasHeader || res.SkipRows != 0 {
			t.Fatalf("%s: types %s, header %v, skip %d; want %s, true, 0", tt.name, strings.Join(types, ","),
				res.HasHeader, res.SkipRows, tt.types)
		}
		if res.TableEnd != tt.end || !res.IgnoreErrors || res.LongRows != tt.rejects {
			t.Errorf("%s: table end %d, ignore errors %v, long rows %d; want %d, true, %d", tt.name, res.TableEnd,
				res.IgnoreErrors, res.LongRows, tt.end, tt.rejects)
		}
		rows, rejects := readTyped(t, tt.in, res)
		if len(rows) != tt.rows || rejects != tt.rejects {
			t.Errorf("%s: read %d rows and %d rejects, want %d and %d", tt.name, len(rows), rejects, tt.rows, tt.rejects)
		}
	}
}

// columnList is res's columns as name:TYPE, joined by commas.
func columnList(res *sniff.Result) string {
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name+":"+c.Type.String())
	}
	return strings.Join(names, ",")
}
