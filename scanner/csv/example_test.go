package csv_test

import (
	"errors"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/csvscan/csvscan/scanner"
	csv "github.com/csvscan/csvscan/scanner/csv" // was: "encoding/csv"
)

// Switching from encoding/csv: only the import path changes. The fields,
// the methods and the errors are encoding/csv's.
func ExampleNewReader() {
	in := `first_name,last_name,username
"Rob","Pike",rob
# lines beginning with a # character are ignored
Ken,Thompson,ken
"Robert","Griesemer","gri"
`
	r := csv.NewReader(strings.NewReader(in))
	r.Comment = '#'
	for {
		record, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(record)
	}
	// Output:
	// [first_name last_name username]
	// [Rob Pike rob]
	// [Ken Thompson ken]
	// [Robert Griesemer gri]
}

// Errors are *csv.ParseError values with encoding/csv's positions; errors.Is
// also tells which of csvscan's kinds an ErrQuote is.
func ExampleReader_errors() {
	r := csv.NewReader(strings.NewReader("a,b\nc,\"d\n"))
	_, err := r.ReadAll()
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Column, errors.Is(err, csv.ErrQuote), errors.Is(err, scanner.ErrUnterminatedQuote))
	}
	fmt.Println(err)
	// Output:
	// 2 6 true true
	// parse error on line 2, column 6: extraneous or missing " in quoted-field
}

// FieldPos and InputOffset count as encoding/csv does: 1-based lines and
// byte columns, and the 0-based offset just past a record's line end.
func ExampleReader_FieldPos() {
	r := csv.NewReader(strings.NewReader("id,note\n7,\"two\nlines\"\n"))
	r.ReuseRecord = true
	for {
		record, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		line, col := r.FieldPos(1)
		fmt.Printf("%q: field 1 at line %d, column %d; next record at byte %d\n", record, line, col, r.InputOffset())
	}
	// Output:
	// ["id" "note"]: field 1 at line 1, column 4; next record at byte 8
	// ["7" "two\nlines"]: field 1 at line 2, column 3; next record at byte 22
}
