package typed

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
)

// TestTypedParseRejects: with IgnoreErrors on the raw scan, rows the scanner
// cannot parse become rejects with DuckDB's line numbers, beside the cast
// rejects, and the good rows are read on.
func TestTypedParseRejects(t *testing.T) {
	in := "id,name\n1,ok\n\n2,\"bad\"x\n3,\"fine\n too\"\nx,cast\n4,last\n5,\"open"
	s, err := scanner.NewBytes([]byte(in), scanner.Options{Header: true, FieldsPerRow: -1, IgnoreErrors: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(s, Options{
		Schema:       Schema{{Name: "id", Type: TypeBigInt}, {Name: "name", Type: TypeVarchar}},
		IgnoreErrors: true, StoreRejects: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for {
		c, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.Columns[0].Ints[:c.Len()]...)
	}
	if d := cmp.Diff([]int64{1, 3, 4}, ids); d != "" {
		t.Fatalf("ids (-want +got):\n%s", d)
	}
	var got []string
	for _, rj := range r.Rejects() {
		got = append(got, strings.Join([]string{rj.ErrorType, strconv.Itoa(rj.Line), strconv.Itoa(rj.ColumnIndex), rj.ColumnName, rj.CSVLine}, " "))
	}
	// A parse reject's csv_line is the row's text through the byte at
	// fault (issue 16: it was empty).
	want := []string{
		`UNQUOTED VALUE 4 2 name 2,"bad"x`, // "bad"x: line 3 is empty, so this is line 4
		"CAST 6 1 id x,cast",               // the quoted line end of row 3 does not start a line
		`UNQUOTED VALUE 8 2 name 5,"open`,  // the quote opened at the end is never closed
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("rejects (-want +got):\n%s", d)
	}
}

func TestTypedHeaderUTF8(t *testing.T) {
	s, _ := scanner.NewBytes([]byte("id,na\xffme\n1,x\n"), scanner.Options{Header: true})
	r, err := NewReader(s, Options{Schema: Schema{{Name: "id", Type: TypeBigInt}, {Name: "name", Type: TypeVarchar}}})
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = r.Next() // the good row first, then the error
	}
	var re *RowError
	if !errors.As(err, &re) || !errors.Is(err, ErrInvalidUnicode) || re.Row != 1 || re.Column != 2 {
		t.Fatalf("got %v", err)
	}
	// A valid header reads on, the first row included.
	s, _ = scanner.NewBytes([]byte("id,name\n1,x\n2,y\n"), scanner.Options{Header: true})
	r, _ = NewReader(s, Options{Schema: Schema{{Name: "id", Type: TypeBigInt}, {Name: "name", Type: TypeVarchar}}})
	c, err := r.Next()
	if err != nil || c.Len() != 2 {
		t.Fatalf("got %v rows, %v", c, err)
	}
}

// TestRowErrorRowAndLine: a RowError names the row (the header is row 1)
// and, apart, the line it starts on; an empty line is no row, so on the
// input below the bad row is row 3 on line 4, and its message says both.
func TestRowErrorRowAndLine(t *testing.T) {
	s, err := scanner.NewBytes([]byte("a,b\n1,y\n\n2\x00,x\n"), scanner.Options{Header: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(s, Options{Schema: Schema{{Name: "a", Type: TypeBigInt}, {Name: "b", Type: TypeVarchar}}})
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = r.Next() // the good row first, then the error
	}
	var re *RowError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want a *RowError", err)
	}
	if re.Row != 3 || re.Line != 4 || re.Column != 1 {
		t.Errorf("RowError row %d line %d column %d, want row 3 line 4 column 1", re.Row, re.Line, re.Column)
	}
	if msg := re.Error(); !strings.Contains(msg, "row 3 (line 4), column 1") {
		t.Errorf("message %q does not name row 3 and line 4", msg)
	}
}
