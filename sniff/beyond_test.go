package sniff_test

// Tests of the sniffer where it goes beyond DuckDB (issue 13), one
// function per failure class. The inputs are our own; each class has
// several shapes of the same failure, not one example.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// readWith reads in with what res detected, as a caller would: dialect,
// skipped rows and header, FieldsPerRow -1 (the width check is the typed
// reader's). It returns the data rows.
func readWith(t *testing.T, in string, res *sniff.Result) [][]string {
	t.Helper()
	sc, err := scanner.NewBytes([]byte(in), scanner.Options{Dialect: res.Dialect, Header: res.HasHeader,
		SkipRows: res.SkipRows, FieldsPerRow: -1})
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
		t.Fatalf("reading with the sniffed dialect %v: %v", res.Dialect, err)
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
		"a,b\r\n1,2\r\n": dialect.NewlineCRLF, "a,b\n1,2\n": dialect.NewlineLF, "a,b\r1,2\r": dialect.NewlineCR,
		"a,\"b\"\n1,2\n": dialect.NewlineLF,
	} {
		if res, err := sniff.SniffBytes([]byte(in), sniff.Options{}); err != nil || res.Dialect.Newline != nl {
			t.Errorf("%q: %v, %v; want newline %v", in, res, err, nl)
		}
	}
}
