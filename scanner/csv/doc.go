// Package csv is a drop-in for encoding/csv's Reader over csvscan's
// scanner: a program switches by changing one import path,
//
//	import csv "github.com/csvscan/csvscan/scanner/csv" // was "encoding/csv"
//
// and keeps csv.NewReader, the Reader's fields (Comma, Comment,
// FieldsPerRecord, LazyQuotes, TrimLeadingSpace, ReuseRecord), its
// methods (Read, ReadAll, FieldPos, InputOffset) and the errors
// (*csv.ParseError, csv.ErrFieldCount, csv.ErrQuote, csv.ErrBareQuote),
// which are encoding/csv's own types and values. The records, positions
// and errors are encoding/csv's; the few intended differences are listed
// in the Reader's doc. Writing stays with encoding/csv: this package has
// no Writer.
//
// # Where it sits
//
// It is a reader built over the raw rows of package scanner, beside the
// typed reader (scanner/typed), and follows encoding/csv's rules instead
// of csvscan's:
//
//	io.Reader ──► tap ──► scanner.Scanner ──► rows ──► Reader ──► []string
//	               │      (reads in the tap's         ▲
//	               │       buffer: NewLent)           │
//	               └── rows the two could read ───────┘
//	                   differently: encoding/csv
//
// The tap reads the input once and keeps the bytes of the current record
// (for FieldPos and InputOffset, which count lines and columns as
// encoding/csv does). The Scanner reads its rows in the tap's buffer
// without a copy, with the transition table of a dialect made from Comma
// and LazyQuotes. For each row, the Reader checks on the row's own bytes
// (scanner.Scanner.RowBytes) that encoding/csv reads the same fields, and
// makes the record's strings; a row where the two could differ (a bare
// quote, spaces around quotes, a parse error, a comment holding a quote)
// is read again by encoding/csv itself, which makes it exact by
// construction, and the Scanner goes on after it.
//
// # Cost
//
// The input is copied once, on its way in, into the tap's arrays, which
// the Scanner reads in place and the records' strings are cut from (an
// array strings were cut from is never written again): with ReuseRecord
// a record costs no allocation in the steady state (encoding/csv
// allocates one string per record), and only values with doubled quotes
// are copied again. A row of a well-formed file is checked against where
// the Scanner's values lie, with no second pass over its bytes but the
// search for a quote, which runs ahead over what the tap holds; each read
// of the input counts its LF bytes (for FieldPos) and finds its CRs (a
// row with quotes and a CR is checked field by field; in a CRLF file each
// read lists them, so that the check is a lookup) in one pass
// (internal/linecount). What is left is the Scanner's cost per row,
// which bounds the speed (BenchmarkReader measures the Reader, encoding/csv
// and a bare Scanner over the same input side by side).
//
// # Use
//
//	r := csv.NewReader(f)
//	r.Comment = '#'
//	r.ReuseRecord = true
//	for {
//		record, err := r.Read()
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			return err // a *csv.ParseError names the line and column
//		}
//		use(record)
//	}
package csv
