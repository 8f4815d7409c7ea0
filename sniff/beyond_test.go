package sniff_test

// Tests of the sniffer where it goes beyond DuckDB (issue 13), one
// function per failure class. The inputs are our own; each class has
// several shapes of the same failure, not one example.

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// readWith reads in with what res detected, as a caller would: dialect,
// skipped rows and header, FieldsPerRow -1 (the width check is the typed
// reader's). It returns the data rows.
func readWith(t *testing.T, in string, res *sniff.Result) [][]string {
	t.Helper()
	return scanAll(t, in, scanner.Options{Dialect: res.Dialect, Header: res.HasHeader,
		SkipRows: res.SkipRows, FieldsPerRow: -1})
}

// scanAll reads in with o and returns its rows; an error fails the test.
func scanAll(t *testing.T, in string, o scanner.Options) [][]string {
	t.Helper()
	sc, err := scanner.NewBytes([]byte(in), o)
	if err != nil {
		t.Fatalf("scanner: %v", err)
	}
	var rows [][]string
	for sc.Scan() {
		var r []string
		for _, v := range sc.Row() {
			r = append(r, string(v))
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading with the sniffed options %+v: %v", o, err)
	}
	return rows
}

// repeatRows is head followed by n rows made by row(i).
func repeatRows(head string, n int, row func(i int) string) string {
	var b strings.Builder
	b.WriteString(head)
	for i := range n {
		b.WriteString(row(i))
	}
	return b.String()
}

// Class 2: doubled quotes inside quoted values mean the escape is the
// quote, in lenient mode too (DuckDB drops the escape there, reading
// `"Round 48"""` as `Round 48""`).
func TestLenientKeepsDoubledQuoteEscape(t *testing.T) {
	dq := dialect.Some('"')
	sq := dialect.Some('\'')
	for _, tt := range []struct {
		name   string
		in     string
		quote  dialect.Char
		row    int // a data row and column whose value is checked
		col    int
		want   string
		delim  string
		strict bool // also sniffed in strict mode, with the same answer
	}{
		{name: "doubled quote closing a value", in: "id;title;tag\n1;\"Round 48\"\"\";x\n2;\"The \"\"best\"\" one\";y\n3;plain;z\n",
			quote: dq, row: 0, col: 1, want: `Round 48"`, delim: ";", strict: true},
		{name: "comma, doubled quotes mid-value", in: "a,b\n\"say \"\"hi\"\" now\",2\n\"x\",3\n",
			quote: dq, row: 0, col: 0, want: `say "hi" now`, delim: ",", strict: true},
		{name: "single quotes doubled", in: "k|v\n1|'It''s'\n2|'no'\n3|'a ''b'''\n",
			quote: sq, row: 2, col: 1, want: `a 'b'`, delim: "|", strict: true},
		{name: "past the first chunk", in: repeatRows("n\ttext\n", 5000, func(i int) string {
			if i%7 == 0 {
				return fmt.Sprintf("%d\t\"q \"\"%d\"\"\"\n", i, i)
			}
			return fmt.Sprintf("%d\tplain %d\n", i, i)
		}), quote: dq, row: 7, col: 1, want: `q "7"`, delim: "\t", strict: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			modes := []bool{true}
			if tt.strict {
				modes = append(modes, false)
			}
			for _, lenient := range modes {
				res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{Dialect: dialect.Dialect{Lenient: lenient}})
				if err != nil {
					t.Fatalf("lenient %v: %v", lenient, err)
				}
				d := res.Dialect
				if d.Delimiter != tt.delim || d.Quote != tt.quote || d.Escape != tt.quote {
					t.Fatalf("lenient %v: dialect %v, want delimiter %q with quote and escape %v", lenient, d, tt.delim, tt.quote)
				}
				rows := readWith(t, tt.in, res)
				if got := rows[tt.row][tt.col]; got != tt.want {
					t.Errorf("lenient %v: row %d column %d reads %q, want %q", lenient, tt.row, tt.col, got, tt.want)
				}
			}
		})
	}
	// The opposite case: a lone quote inside an unquoted value is no
	// doubling, and the sample is sniffed as DuckDB's method sniffs it
	// (no quote; the value keeps its quote), lenient or strict.
	for _, in := range []string{
		"id;title;tag\n1;Round 48\" x;x\n2;The \"best one;y\n3;plain;z\n",
		"a,b\n5\" screen,1\n7\" tablet,2\n",
	} {
		for _, lenient := range []bool{false, true} {
			res, err := sniff.SniffBytes([]byte(in), sniff.Options{Dialect: dialect.Dialect{Lenient: lenient}})
			if err != nil {
				t.Fatalf("%q lenient %v: %v", in, lenient, err)
			}
			if res.Dialect.Quote.IsSet() {
				t.Errorf("%q lenient %v: quote %v, want none", in, lenient, res.Dialect.Quote)
			}
			if rows := readWith(t, in, res); !strings.Contains(rows[0][0]+rows[0][1], `"`) {
				t.Errorf("%q lenient %v: first row %q lost its quote", in, lenient, rows[0])
			}
		}
	}
}

// Class 3: the newline is the line end outside quotes, as the table reads
// it. DuckDB takes the first line end of the file, quoted or not, and then
// fails on every row.
func TestNewlineOutsideQuotes(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   string
		nl   dialect.Newline
		want [][]string // the data rows read back
	}{
		{name: "CRLF rows, LF in the first quoted value", in: "1,\"line one\nline two\",5\r\n2,plain,6\r\n3,\"x\",7\r\n",
			nl: dialect.NewlineCRLF, want: [][]string{{"1", "line one\nline two", "5"}, {"2", "plain", "6"}, {"3", "x", "7"}}},
		{name: "CRLF rows, LF in a quoted header", in: "\"id\",\"long\nname\"\r\n1,2\r\n3,4\r\n",
			nl: dialect.NewlineCRLF, want: [][]string{{"1", "2"}, {"3", "4"}}},
		{name: "CR rows, LF in the first quoted value", in: "k;v\r1;\"a\nb\"\r2;\"c\"\r3;d\r",
			nl: dialect.NewlineCR, want: [][]string{{"1", "a\nb"}, {"2", "c"}, {"3", "d"}}},
		{name: "LF rows, CRLF in the first quoted value", in: "1|\"x\r\ny\"|2\n3|z|4\n5|w|6\n",
			nl: dialect.NewlineLF, want: [][]string{{"1", "x\r\ny", "2"}, {"3", "z", "4"}, {"5", "w", "6"}}},
		{name: "LF rows, CR in single quotes", in: "a\tb\n'p\rq'\t1\n'r'\t2\n's'\t3\n",
			nl: dialect.NewlineLF, want: [][]string{{"p\rq", "1"}, {"r", "2"}, {"s", "3"}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Newline != tt.nl {
				t.Errorf("newline %v, want %v", res.Dialect.Newline, tt.nl)
			}
			got := readWith(t, tt.in, res)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("rows %q, want %q (dialect %v)", got, tt.want, res.Dialect)
			}
		})
	}
	// Mixed line ends: lenient mode reads every row (with NewlineAuto when
	// no single newline reads the sample); strict mode refuses the file,
	// as DuckDB's strict_mode does by design, and the error says why and
	// what reads it.
	for _, tt := range []struct {
		in   string
		want [][]string
	}{
		{"id,name,n\r\n1,Ann,5\n2,Bob,6\r\n3,Cy,7\n", [][]string{{"1", "Ann", "5"}, {"2", "Bob", "6"}, {"3", "Cy", "7"}}},
		{"id;n\n1;5\r2;6\n3;7\r4;8\n", [][]string{{"1", "5"}, {"2", "6"}, {"3", "7"}, {"4", "8"}}},
		{"a,b\r\n\"x\ny\",1\n\"z\",2\r\n", [][]string{{"x\ny", "1"}, {"z", "2"}}},
		{"1,\"p\nq\",2\n3,r,4\r\n5,s,6\r", [][]string{{"1", "p\nq", "2"}, {"3", "r", "4"}, {"5", "s", "6"}}},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{Dialect: dialect.Dialect{Lenient: true}})
		if err != nil {
			t.Errorf("%q lenient: %v", tt.in, err)
			continue
		}
		if got := readWith(t, tt.in, res); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%q lenient: rows %q, want %q (dialect %v)", tt.in, got, tt.want, res.Dialect)
		}
		_, err = sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if !errors.Is(err, sniff.ErrNoDialect) || !strings.Contains(err.Error(), "mixes line ends") || !strings.Contains(err.Error(), "Lenient") {
			t.Errorf("%q strict: %v; want ErrNoDialect saying the line ends are mixed and naming Lenient", tt.in, err)
		}
	}

	// A file that holds one kind of line end is sniffed as DuckDB does.
	for in, nl := range map[string]dialect.Newline{
		"x\r\r\ny\r\r\nz\r\r\n": dialect.NewlineCRLF, // DuckDB: CRs before an LF are CRLF
		"a,b\r\n1,2\r\n":        dialect.NewlineCRLF, "a,b\n1,2\n": dialect.NewlineLF, "a,b\r1,2\r": dialect.NewlineCR,
		"a,\"b\"\n1,2\n": dialect.NewlineLF,
	} {
		if res, err := sniff.SniffBytes([]byte(in), sniff.Options{}); err != nil || res.Dialect.Newline != nl {
			t.Errorf("%q: %v, %v; want newline %v", in, res, err, nl)
		}
	}
}

// readTyped reads in as a caller would with everything res detected:
// dialect, skipped rows, header, the sniffed schema, and the reading
// options the sample's ragged rows need (NullPadding, IgnoreErrors). It
// returns the rows as DuckDB's text rendering (NULL for a missing value)
// and the number of rows rejected.
func readTyped(t *testing.T, in string, res *sniff.Result) ([][]string, int) {
	t.Helper()
	sc, err := scanner.NewBytes([]byte(in), scanner.Options{Dialect: res.Dialect, Header: res.HasHeader,
		SkipRows: res.SkipRows, FieldsPerRow: -1, IgnoreErrors: res.IgnoreErrors})
	if err != nil {
		t.Fatal(err)
	}
	topts := typed.Options{Dialect: res.Dialect,
		NullPadding: res.NullPadding, IgnoreErrors: res.IgnoreErrors, StoreRejects: res.IgnoreErrors}
	res.ApplyTyped(&topts) // the schema and formats
	tr, err := typed.NewReader(sc, topts)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for {
		c, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("reading with the sniffed options (padding %v, ignore errors %v): %v", res.NullPadding, res.IgnoreErrors, err)
		}
		for i := range c.Len() {
			var r []string
			for j := range c.Columns {
				r = append(r, string(c.Columns[j].AppendText(nil, i)))
			}
			rows = append(rows, r)
		}
	}
	lines := map[int]bool{} // a row may have several errors, one reject each
	for _, r := range tr.Rejects() {
		lines[r.Line] = true
	}
	return rows, len(lines)
}

// Class 1: a table with a few short or long rows is read as that table,
// not as one text column, and the result says what reading it takes.
func TestRaggedRows(t *testing.T) {
	grid := func(rows, cols int, short map[int]int) string {
		var b strings.Builder
		for c := range cols {
			if c > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "h%d", c)
		}
		b.WriteByte('\n')
		for r := range rows {
			n := cols
			if k, ok := short[r]; ok {
				n = k
			}
			for c := range n {
				if c > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, "%d", r*100+c)
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	for _, tt := range []struct {
		name       string
		in         string
		opts       sniff.Options
		delim      string
		quote      dialect.Char
		cols       int
		header     bool
		short      int    // rows padded
		long       int    // rows rejected
		rows       int    // data rows read
		check      [2]int // a row and column that must read NULL (-1: none)
		checkValue string
	}{
		{name: "one short row", in: "id,name,city,zip\n1,Ann,Oslo,0150\n2,Bob,Rome\n3,Cy,Lima,15001\n",
			delim: ",", cols: 4, header: true, short: 1, rows: 3, check: [2]int{1, 3}, checkValue: "NULL"},
		{name: "83 of 84 rows at width 9", in: grid(83, 9, map[int]int{40: 8}),
			delim: ",", cols: 9, header: true, short: 1, rows: 83, check: [2]int{40, 8}, checkValue: "NULL"},
		{name: "header wider than the data", in: "id;name;city;zip;note\n1;Ann;Oslo;0150\n2;Bob;Rome;2\n3;Cy;Lima;15001\n",
			delim: ";", cols: 5, header: true, short: 3, rows: 3, check: [2]int{0, 4}, checkValue: "NULL"},
		{name: "stray delimiter ending a row", in: "a|b|c\n1|2|3\n4|5|6|\n7|8|9\n10|11|12\n",
			delim: "|", cols: 3, header: true, rows: 4, check: [2]int{1, 2}, checkValue: "6"},
		{name: "a row with an extra value", in: grid(30, 5, map[int]int{3: 6}),
			delim: ",", cols: 6, header: true, short: 30, rows: 30, check: [2]int{3, 5}, checkValue: "305"},
		{name: "tabs, a fifth of the rows short", in: strings.Repeat("0\t1\t2\n1\t2\t3\n4\t5\t6\n7\t8\t9\n10\t11\n", 5),
			delim: "\t", cols: 3, header: false, short: 5, rows: 25, check: [2]int{4, 2}, checkValue: "NULL"},
		{name: "quoted commas and a short row", in: "name,addr,n\n\"Ann\",\"1 Main St, Oslo\",5\n\"Bob\",\"2 High St, Rome\"\n\"Cy\",\"3 Low Rd, Lima\",7\n",
			delim: ",", quote: dialect.Some('"'), cols: 3, header: true, short: 1, rows: 3, check: [2]int{1, 2}, checkValue: "NULL"},
		{name: "a row far wider than the table", in: grid(10, 3, map[int]int{5: 9}),
			delim: ",", cols: 3, header: true, long: 1, rows: 9, check: [2]int{-1, -1}},
		{name: "tilde, one short row", in: "id~name~n\n1~Ann~5\n2~Bob\n3~Cy~7\n4~Di~8\n",
			delim: "~", cols: 3, header: true, short: 1, rows: 4, check: [2]int{1, 2}, checkValue: "NULL"},
		{name: "the delimiter fixed", in: "k,v,w\n1,2,3\n4,5\n6,7,8\n", opts: sniff.Options{Fixed: sniff.Delimiter, Dialect: dialect.Dialect{Delimiter: ","}},
			delim: ",", cols: 3, header: true, short: 1, rows: 3, check: [2]int{1, 2}, checkValue: "NULL"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Delimiter != tt.delim || res.Dialect.Quote != tt.quote || len(res.Columns) != tt.cols || res.HasHeader != tt.header {
				t.Fatalf("delimiter %q quote %v, %d columns, header %v; want %q %v, %d, %v", res.Dialect.Delimiter, res.Dialect.Quote,
					len(res.Columns), res.HasHeader, tt.delim, tt.quote, tt.cols, tt.header)
			}
			if res.ShortRows != tt.short || res.LongRows != tt.long || res.NullPadding != (tt.short > 0) || res.IgnoreErrors != (tt.long > 0) {
				t.Errorf("short %d long %d (padding %v, ignore errors %v); want short %d long %d", res.ShortRows, res.LongRows,
					res.NullPadding, res.IgnoreErrors, tt.short, tt.long)
			}
			if res.Scores.Dialect >= 1 || res.Scores.Dialect < 0.6 {
				t.Errorf("dialect score %.3f, want in [0.6, 1) for a ragged table", res.Scores.Dialect)
			}
			rows, rejects := readTyped(t, tt.in, res)
			if len(rows) != tt.rows || rejects != tt.long {
				t.Fatalf("read %d rows and %d rejects, want %d and %d", len(rows), rejects, tt.rows, tt.long)
			}
			if r, c := tt.check[0], tt.check[1]; r >= 0 && rows[r][c] != tt.checkValue {
				t.Errorf("row %d column %d reads %q, want %q (row %q)", r, c, rows[r][c], tt.checkValue, rows[r])
			}
		})
	}
	// Not tables: DuckDB's single text column stands.
	for _, in := range []string{
		"\"Mar 3, 2021\"\n\"Apr 4, 2021\"\n\"May 5, 2021\"\n\"Jun 6, 2021\"\n", // quoted values holding the delimiter
		"\"{'k':1}\"\n\"{'k':2}\"\n\"{'k': 3}\"\n\"{'k':4 }\"\n",               // and a colon
		"Dear Ann, thanks, and hello\nSee you, then\nRegards\nBob\n",
		"amount\n12,5\n145,00\n5.25\n", // a column of decimal commas: no width dominates
		"a,b\nc\n",                     // too few rows
		"x\ny\nz,w\nv\n",
		"at\n01:02:03\n04:05:06\n07:08:09\n1\n",       // times under a header: no colon table
		"one two three\nfour five six\nseven eight\n", // words: no space table
	} {
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if len(res.Columns) != 1 || res.NullPadding || res.IgnoreErrors {
			t.Errorf("%q: %d columns with %q, padding %v; want one text column", in, len(res.Columns), res.Dialect.Delimiter, res.NullPadding)
		}
	}
}

// Class 4: delimiters DuckDB does not try, single-byte and multi-byte,
// found in the normal comparison, and a one-byte delimiter that always
// comes doubled or padded with spaces read as the wide delimiter.
func TestMoreDelimiters(t *testing.T) {
	for _, tt := range []struct {
		name  string
		in    string
		delim string
		cols  int
		row   []string // the first data row read back
	}{
		{name: "comma and space, quoted commas", in: "a, b, \"c, d\"\n1, 2, \"x, y\"\n", delim: ", ", cols: 3, row: []string{"1", "2", "x, y"}},
		{name: "comma and space, unpadded commas in quotes", in: "name, note, n\nAnn, \"x,y\", 1\nBob, \"z\", 2\n", delim: ", ", cols: 3, row: []string{"Ann", "x,y", "1"}},
		{name: "semicolon and space, a quoted value", in: "name; age; city\nAnn; 31; \"Oslo; NO\"\nBob; 42; Rome\nCy; 27; Lima\n", delim: "; ", cols: 3, row: []string{"Ann", "31", "Oslo; NO"}},
		{name: "doubled pipes", in: "id||name||score\n1||Ann||3.5\n2||Bob||4.0\n", delim: "||", cols: 3, row: []string{"1", "Ann", "3.5"}},
		{name: "doubled semicolons", in: "k;;v;;w\n1;;2;;3\n4;;5;;6\n7;;8;;9\n", delim: ";;", cols: 3, row: []string{"1", "2", "3"}},
		{name: "padded pipe, a quoted value", in: "id | name | n\n1 | \"Ann | Lee\" | 3\n2 | Bob | 4\n", delim: " | ", cols: 3, row: []string{"1", "Ann | Lee", "3"}},
		{name: "padded double colon", in: "id :: name :: n\n1 :: a :: 2\n3 :: b :: 4\n", delim: " :: ", cols: 3, row: []string{"1", "a", "2"}},
		{name: "double colon", in: "id::name::n\n1::a::2\n3::b::4\n", delim: "::", cols: 3, row: []string{"1", "a", "2"}},
		{name: "tilde over decimal commas", in: "a~b~c\n1~2,5~x\n3~4,5~y\n5~6,5~z\n", delim: "~", cols: 3, row: []string{"1", "2,5", "x"}},
		{name: "equals", in: "x=y=z\n1=2=3\n4=5=6\n", delim: "=", cols: 3, row: []string{"1", "2", "3"}},
		{name: "asterisk", in: "a*b*c\n1*2*3\n4*5*6\n", delim: "*", cols: 3, row: []string{"1", "2", "3"}},
		{name: "hash", in: "a#b#c\n1#2#3\n4#5#6\n", delim: "#", cols: 3, row: []string{"1", "2", "3"}},
		{name: "space", in: "id name score\n1 Ann 3.5\n2 Bob 4.0\n", delim: " ", cols: 3, row: []string{"1", "Ann", "3.5"}},
		// DuckDB's answer stands.
		// A padded delimiter with no quoted value after it reads as the
		// one byte does, a space before each value.
		{name: "semicolon and space", in: "name; age; city\nAnn; 31; Oslo\nBob; 42; Rome\nCy; 27; Lima\n", delim: ";", cols: 3, row: []string{"Ann", " 31", " Oslo"}},
		{name: "padded pipe", in: "id | name | n\n1 | Ann | 3\n2 | Bob | 4\n", delim: "|", cols: 3, row: []string{"1 ", " Ann ", " 3"}},
		{name: "comma and space", in: "when, n\n2024-01-02, 5\n2024-01-03, 7\n", delim: ",", cols: 2, row: []string{"2024-01-02", " 5"}},
		{name: "comma, quoted commas and spaces", in: "id,note\n1,\"a, b\"\n2,\"c, d\"\n", delim: ",", cols: 2, row: []string{"1", "a, b"}},
		{name: "comma, some spaces", in: "a, b,c\n1, 2,3\n4, 5,6\n", delim: ",", cols: 3, row: []string{"1", " 2", "3"}},
		{name: "comma, times", in: "id,at,n\n1,10:30:00,5\n2,11:45:10,6\n", delim: ",", cols: 3, row: []string{"1", "10:30:00", "5"}},
		{name: "pipe, one empty value", in: "a|b|c\n1||3\n4|5|6\n", delim: "|", cols: 3, row: []string{"1", "", "3"}},
		// Empty spacer columns between every two filled ones: a comma or
		// a tab that always comes doubled is no ",," or two-tab delimiter.
		{name: "comma, spacer columns", in: "id,,name,,amount\n1,,Ann,,9.5\n2,,Bob,,7.25\n3,,Cy,,1.5\n", delim: ",", cols: 5, row: []string{"1", "", "Ann", "", "9.5"}},
		{name: "tab, spacer columns, no header", in: "1\t\tAnn Lee\n2\t\tBob Ray\n3\t\tCy Ng\n", delim: "\t", cols: 3, row: []string{"1", "", "Ann Lee"}},
		{name: "rows of empty values", in: ",,,,\n,,,,\n,,,,\n", delim: ",", cols: 5, row: []string{"", "", "", "", ""}},
		{name: "semicolon, text with spaces", in: "name;city\nAnn Lee;New York\nBob Ray;Los Angeles\n", delim: ";", cols: 2, row: []string{"Ann Lee", "New York"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Delimiter != tt.delim || len(res.Columns) != tt.cols {
				t.Fatalf("delimiter %q, %d columns; want %q, %d", res.Dialect.Delimiter, len(res.Columns), tt.delim, tt.cols)
			}
			rows := readWith(t, tt.in, res)
			if fmt.Sprint(rows[0]) != fmt.Sprint(tt.row) {
				t.Errorf("first row %q, want %q", rows[0], tt.row)
			}
		})
	}
}

// A one-byte delimiter is widened only when the wide one accounts for
// every row of the sample, not only the first chunk's: a ",," on row
// 2,102 of a file of ", " keeps ",", which reads every row.
func TestWideDelimiterWholeSample(t *testing.T) {
	var b strings.Builder
	b.WriteString("id, name, score\n")
	for i := range 2100 {
		fmt.Fprintf(&b, "%d, \"n%d\", %d\n", i, i, i)
	}
	for _, tt := range []struct{ last, delim string }{{"2100,, 5\n", ","}, {"2100, x, 5\n", ", "}} {
		in := b.String() + tt.last
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Dialect.Delimiter != tt.delim || len(res.Columns) != 3 {
			t.Errorf("last row %q: delimiter %q, %d columns; want %q, 3", tt.last, res.Dialect.Delimiter, len(res.Columns), tt.delim)
		}
		if rows := readWith(t, in, res); len(rows) != 2101 {
			t.Errorf("last row %q: %d rows read, want 2101", tt.last, len(rows))
		}
	}
}

// A list of values that hold colons (URLs, times, MAC and IPv6
// addresses, Windows paths) is one column, not a table split at ':' that
// reads as consistently as /etc/passwd does, which stays one.
func TestColonInValues(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim string
		cols            int
	}{
		{"URLs", "https://a.example/x\nhttps://b.example/y\nhttp://c.example:8080/z\nftp://d.example/w\n", ",", 1},
		{"times", "1:39 PM\n2:45 pm\n11:05 AM\n3:00 PM\n", ",", 1},
		{"times with seconds, a header", "at\n10:30:00\n11:45:10.25\n9:05:00\n", ",", 1},
		{"MAC addresses", "AA:BB:CC:DD:EE:01\nAA:BB:CC:DD:EE:02\naa:bb:cc:dd:ee:03\n", ",", 1},
		{"IPv6 addresses", "2001:db8::1\n2001:db8:85a3::8a2e:370:7334\nfe80::1\n::ffff:192.0.2.1\n", ",", 1},
		{"Windows paths", "C:\\a\\x.txt\nC:\\b\\y.txt\nD:/c/z.txt\n", ",", 1},
		{"passwd", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nbin:x:2:2:bin:/bin:/usr/sbin/nologin\n", ":", 7},
		{"colon table of words and numbers", "name:age:city\nAnn:31:Oslo\nBob:42:Rome\nCy:27:Lima\n", ":", 3},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Dialect.Delimiter != tt.delim || len(res.Columns) != tt.cols {
			t.Errorf("%s: delimiter %q, %d columns; want %q, %d", tt.name, res.Dialect.Delimiter, len(res.Columns), tt.delim, tt.cols)
		}
	}
}

// Class 1, over a table DuckDB does find: a comma table with one short
// row, whose text column holds one semicolon a row, is a comma table,
// not the two columns DuckDB's semicolon reads consistently.
func TestRaggedOverNarrowerTable(t *testing.T) {
	for _, headerSemicolon := range []bool{false, true} {
		var b strings.Builder
		b.WriteString("id,a,b,c,d,e,f,g,note")
		if headerSemicolon {
			b.WriteString(";remark")
		}
		b.WriteString("\n")
		for i := range 60 {
			if i == 30 {
				fmt.Fprintf(&b, "%d,1,2,3,4,5,6,short;row\n", i)
				continue
			}
			fmt.Fprintf(&b, "%d,1,2,3,4,5,6,7,see x;y %d\n", i, i)
		}
		in := b.String()
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Dialect.Delimiter != "," || len(res.Columns) != 9 || !res.NullPadding || res.ShortRows != 1 {
			t.Fatalf("header semicolon %v: delimiter %q, %d columns, padding %v (%d short); want \",\", 9, padding, 1",
				headerSemicolon, res.Dialect.Delimiter, len(res.Columns), res.NullPadding, res.ShortRows)
		}
		rows, rejects := readTyped(t, in, res)
		if len(rows) != 60 || rejects != 0 || rows[30][8] != "NULL" {
			t.Errorf("header semicolon %v: %d rows, %d rejects, short row %q", headerSemicolon, len(rows), rejects, rows[30])
		}
	}
	// A semicolon table whose text holds commas stays a semicolon table.
	var b strings.Builder
	b.WriteString("name;tags\n")
	for i := range 40 {
		fmt.Fprintf(&b, "item %d;red, green, blue\n", i)
	}
	res, err := sniff.SniffBytes([]byte(b.String()), sniff.Options{})
	if err != nil || res.Dialect.Delimiter != ";" || len(res.Columns) != 2 {
		t.Errorf("semicolon table with commas in its text: %v, %v", res, err)
	}
}

// Class 9: when rows may be skipped or padded (IgnoreErrors, NullPadding),
// a reading without the quote splits each quoted value that holds the
// delimiter or a line end into pieces of other widths, which those
// options skip or pad, so that it looks consistent while it loses the
// rows; one bad row (`"q"z`) fails the quote's strict reading, and DuckDB
// 1.5.6 (sniff_csv with ignore_errors=true) answers with no quote. The
// reading with the quote that skips the bad row alone is the answer.
func TestQuotedOverSkippedRows(t *testing.T) {
	const n = 3000
	shapes := []struct {
		name  string
		value func(i int) string // the third value of row i
	}{
		{"line feeds", func(i int) string { return fmt.Sprintf("\"line one %d\nline two\"", i) }},
		{"delimiters", func(i int) string { return fmt.Sprintf("\"one, two, %d\"", i) }},
		{"both", func(i int) string { return fmt.Sprintf("\"a, b\n%d\"", i) }},
	}
	for _, sh := range shapes {
		for _, every := range []int{2, 3, 10} {
			in := repeatRows("id,name,comment\n", n, func(i int) string {
				switch {
				case i == n/2:
					return fmt.Sprintf("%d,\"q\"z,x\n", i)
				case i%every == 0:
					return fmt.Sprintf("%d,n%d,%s\n", i, i, sh.value(i))
				}
				return fmt.Sprintf("%d,n%d,plain %d\n", i, i, i)
			})
			for _, o := range []sniff.Options{{IgnoreErrors: true}, {NullPadding: true}, {IgnoreErrors: true, NullPadding: true}} {
				name := fmt.Sprintf("%s every %d, ignore errors %v, null padding %v", sh.name, every, o.IgnoreErrors, o.NullPadding)
				res, err := sniff.SniffBytes([]byte(in), o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if q, _ := res.Dialect.Quote.Byte(); q != '"' || res.Dialect.Delimiter != "," || len(res.Columns) != 3 {
					t.Fatalf("%s: %v with %d columns; want the quote, ',' and 3", name, res.Dialect, len(res.Columns))
				}
				res.IgnoreErrors = true // the bad row is a reject, as the caller asks
				rows, rejects := readTyped(t, in, res)
				if len(rows) != n-1 || rejects != 1 {
					t.Fatalf("%s: %d rows and %d rejects; want %d and 1", name, len(rows), rejects, n-1)
				}
				if want := sh.value(0); rows[0][2] != strings.ReplaceAll(want[1:len(want)-1], `""`, `"`) {
					t.Errorf("%s: first value %q; want %q", name, rows[0][2], want)
				}
			}
		}
	}
	// Quotes that open no value the quote could read (an inch mark at the
	// start of a value, never closed) leave the reading without a quote.
	in := repeatRows("id,size,name\n", 200, func(i int) string {
		if i%5 == 0 {
			return fmt.Sprintf("%d,\"%d in,pipe %d\n", i, i%7, i)
		}
		return fmt.Sprintf("%d,%d cm,rod %d\n", i, i%9, i)
	})
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{IgnoreErrors: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Quote.IsSet() || res.Dialect.Delimiter != "," || len(res.Columns) != 3 {
		t.Errorf("inch marks: %v with %d columns; want ',' without a quote and 3", res.Dialect, len(res.Columns))
	}
}

// sniffAllWays sniffs in as a stream, at random access and in memory.
func sniffAllWays(t *testing.T, in string, o sniff.Options) map[string]*sniff.Result {
	t.Helper()
	out := map[string]*sniff.Result{}
	var err error
	if out["stream"], _, err = sniff.SniffReader(strings.NewReader(in), o); err != nil {
		t.Fatalf("SniffReader: %v", err)
	}
	if out["file"], err = sniff.Sniff(strings.NewReader(in), int64(len(in)), o); err != nil {
		t.Fatalf("Sniff: %v", err)
	}
	if out["bytes"], err = sniff.SniffBytes([]byte(in), o); err != nil {
		t.Fatalf("SniffBytes: %v", err)
	}
	return out
}

// A quote that opens early in the sample and never closes in it is a
// stray quote, not a value: the dialect without the quote reads the
// file, as in DuckDB, whose counter reads on to the end of the input and
// fails the quote there. The quoted dialect had read the rows before the
// quote (none when it opens the file) and won on its quote alone: the
// rows after it became the preamble, Skip 20,481, and a read with
// IgnoreErrors returned no row and no error. A sample that ends inside a
// value of many lines keeps its quote.
func TestStrayQuoteOverSample(t *testing.T) {
	const n = 30000
	for _, c := range []struct {
		name, head string
		names      []string
	}{
		{"at the start", `"`, []string{`"x`, "y"}},
		{"in the fourth row", "x,y\n1,2\n3,4\n\"5,6\n", []string{"x", "y"}},
		{"after quoted values", "x,y\n1,\"2\"\n3,\"4\"\n\"5,6\n", []string{"x", "y"}},
		{"in the middle of a value", "x,y\n1,2\nab\"c,4\n5,\"6\n", []string{"x", "y"}},
	} {
		in := repeatRows(c.head+"x,y\n", n, func(i int) string { return fmt.Sprintf("%d,%d\n", i, i) })
		if c.head != `"` {
			in = repeatRows(c.head, n, func(i int) string { return fmt.Sprintf("%d,%d\n", i, i) })
		}
		for way, res := range sniffAllWays(t, in, sniff.Options{}) {
			var names []string
			for _, col := range res.Columns {
				names = append(names, col.Name)
			}
			if res.Dialect.Quote.IsSet() || res.SkipRows != 0 || !res.HasHeader || fmt.Sprint(names) != fmt.Sprint(c.names) {
				t.Errorf("%s (%s): %v, skip %d, header %v, columns %q; want no quote, skip 0 and the header %q",
					c.name, way, res.Dialect, res.SkipRows, res.HasHeader, names, c.names)
			}
		}
	}
	// Values of many lines, the sample's last line inside one of them.
	in := repeatRows("id,text\n", 12000, func(i int) string { return fmt.Sprintf("%d,\"line %d\nline two\nline three\"\n", i, i) })
	for way, res := range sniffAllWays(t, in, sniff.Options{}) {
		if q, _ := res.Dialect.Quote.Byte(); q != '"' || len(res.Columns) != 2 || res.SkipRows != 0 {
			t.Errorf("values of three lines (%s): %v, %d columns, skip %d; want the quote, 2 columns, skip 0", way, res.Dialect, len(res.Columns), res.SkipRows)
		}
	}
}

// Empty lines above a table do not count as lines of the sample, as the
// sniffer reads no row from them (DuckDB's does not either): a table below
// 30,000 of them was not in the sample (20,480 lines), and the sniffer
// skipped the 20,481 lines it saw, all empty, losing none of the table
// only by luck of the numbers (1 column, no header: the table's header and
// rows then read as one VARCHAR column).
func TestEmptyLinesAboveTable(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		for _, empty := range []int{300, 30000, 100000} {
			in := strings.Repeat(nl, empty) + repeatRows("id,value"+nl, 500, func(i int) string { return fmt.Sprintf("%d,%d%s", i, i*3, nl) })
			for way, res := range sniffAllWays(t, in, sniff.Options{}) {
				name := fmt.Sprintf("%d empty lines of %q (%s)", empty, nl, way)
				if res.SkipRows != empty || !res.HasHeader || len(res.Columns) != 2 || res.Columns[0].Name != "id" ||
					res.Columns[1].Type != typed.TypeBigInt {
					t.Errorf("%s: skip %d, header %v, columns %v; want skip %d, the header, id and value BIGINT", name, res.SkipRows, res.HasHeader, res.Columns, empty)
					continue
				}
				if rows := readWith(t, in, res); len(rows) != 500 || rows[499][1] != "1497" {
					t.Errorf("%s: %d rows read", name, len(rows))
				}
			}
		}
	}
}

// Comment lines right above the table are not rows to skip (the reader
// drops them), whatever the line end: a CRLF file's comment line ended at
// its CR, one byte before the next line, so the sniffer counted the
// comments as a preamble there and not in the same file with LF or CR.
func TestCommentLinesAnyLineEnd(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   string // LF line ends; also tried with CRLF and CR
		skip int
	}{
		{"a licence block above the header", "#\n# Licensed under the Apache License, Version 2.0 (the \"License\");\n# you may not use this file except in compliance, see\n#\nzone,count\n1,322785\n2,126\n3,11462\n", 0},
		{"comments above and below the header", "# comment\na,b,c\n# comment2\n1,2,3\n4,5,6\n", 0},
		{"tab table under a comment block", "#code\tname\n#\n#\nDE\tGermany\nFR\tFrance\nIT\tItaly\nES\tSpain\n", 0},
	} {
		for _, nl := range []string{"\n", "\r\n", "\r"} {
			in := strings.ReplaceAll(tt.in, "\n", nl)
			res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
			if err != nil {
				t.Fatalf("%s %q: %v", tt.name, nl, err)
			}
			if !res.Dialect.Comment.IsSet() || res.SkipRows != tt.skip {
				t.Errorf("%s %q: comment %v, skip %d, want # and %d", tt.name, nl, res.Dialect.Comment, res.SkipRows, tt.skip)
			}
		}
	}
}

// A CRLF file whose quoted values hold LFs (as Windows exports keep them)
// does not mix line ends: when no dialect reads it by DuckDB's rules (a
// line of spaces, a short or long row), the readings that follow find it
// as they find its LF twin, where the sniffer refused it as a file of
// mixed line ends. A CRLF header over LF rows is still refused.
func TestQuotedLFInCRLFRagged(t *testing.T) {
	for _, in := range []string{
		"id,name,note\n1,Ann,\"two\nlines\"\n   \n2,Bob,plain\n3,Cy,\"x, y\"\n4,Di,z\n5,Ed,w\n",
		"# export\n#\n\nYear,Make,Model,Price\n1997,Ford,\"E350\nvan\",3000.00\n  \n# a note\n1999,Chevy,\"Venture \"\"EE\"\"\",4900.00\n1996,Jeep,Grand,4799.00\n",
		"k;v;w\n1;\"a\nb\";x\n2;c\n3;d;y\n4;e;z\n5;f;q\n",
	} {
		lf, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		crlf := crlfOutsideQuotes(in)
		res, err := sniff.SniffBytes([]byte(crlf), sniff.Options{})
		if err != nil {
			t.Errorf("%q: %v", crlf, err)
			continue
		}
		if res.Dialect.Newline != dialect.NewlineCRLF {
			t.Errorf("%q: newline %v, want CRLF", crlf, res.Dialect.Newline)
		}
		got := fmt.Sprint(res.Dialect.Delimiter, res.Dialect.Quote, res.Dialect.Escape, res.SkipRows, res.HasHeader, len(res.Columns), res.NullPadding)
		want := fmt.Sprint(lf.Dialect.Delimiter, lf.Dialect.Quote, lf.Dialect.Escape, lf.SkipRows, lf.HasHeader, len(lf.Columns), lf.NullPadding)
		if got != want || !res.Dialect.Quote.IsSet() {
			t.Errorf("%q: %s, want the LF twin's %s (with a quote)", crlf, got, want)
		}
	}
	if _, err := sniff.SniffBytes([]byte("id,name\r\n1,\"a\"\n2,b\n3,c\n"), sniff.Options{}); err == nil {
		t.Errorf("a CRLF header over LF rows: no error in strict mode")
	}
}

// crlfOutsideQuotes turns the LFs of in outside '"' quotes into CRLF.
func crlfOutsideQuotes(in string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(in); i++ {
		switch c := in[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\n' && !quoted:
			b.WriteByte('\r')
		}
		b.WriteByte(in[i])
	}
	return b.String()
}
