package csv

import (
	"encoding/csv"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/csvscan/csvscan/scanner"
)

// Rows the Scanner and encoding/csv could read differently are read again
// by encoding/csv itself, from the tap (Reader.readStdlib); its positions
// and errors are moved to the input's lines and columns.

// quoteError is the Err of a csv.ParseError that encoding/csv reports with
// csv.ErrQuote. It prints as csv.ErrQuote, so the error's text is
// encoding/csv's, and errors.Is matches it to csv.ErrQuote and to the
// csvscan kind that tells which of ErrQuote's two cases it is.
type quoteError struct{ kind error }

func (e *quoteError) Error() string   { return csv.ErrQuote.Error() }
func (e *quoteError) Unwrap() []error { return []error{csv.ErrQuote, e.kind} }

var (
	// errQuoteUnterminated: the input ends inside a quoted field.
	errQuoteUnterminated = &quoteError{kind: scanner.ErrUnterminatedQuote}
	// errQuoteUnquoted: a closing quote is followed by something other
	// than a delimiter or a line end.
	errQuoteUnquoted = &quoteError{kind: scanner.ErrUnquotedValue}
)

// stdlibWindow is how far behind its read position the reader handed to
// encoding/csv keeps the input: more than encoding/csv's bufio.Reader
// (4 KiB) holds, so that the bytes where encoding/csv stopped, and the
// line end before them, are still held when the Scanner starts again.
const stdlibWindow = 16 << 10

// readStdlib reads the record whose first line starts at input offset at
// with encoding/csv, which skips the empty and comment lines before it as
// it would have. next is where the Scanner's next row starts (-1 when the
// Scanner stopped with an error): when encoding/csv stops elsewhere, the
// Scanner starts again where it stopped.
func (r *Reader) readStdlib(dst []string, at, next int64) ([]string, error) {
	// encoding/csv's reads let the tap drop what it has read (streamAt), so
	// that a record of any size is held once, by encoding/csv: the last
	// record's positions (FieldPos after an io.EOF) and the line of at are
	// worked out first. A Scanner that stopped at an error is dropped now,
	// with its buffers; a new one starts where encoding/csv stops.
	r.release(r.in.keep)
	line0, col0 := r.in.lineCol(at)
	lent := r.in.lent
	r.in.lent = -1 // encoding/csv's reads may drop what the Scanner read
	if next < 0 {
		r.s, r.in.view = nil, nil
	}
	cr := csv.NewReader(r.in.streamAt(at))
	cr.Comma = r.Comma
	cr.Comment = rune(0)
	if r.comment != nil {
		cr.Comment, _ = utf8.DecodeRune(r.comment)
	}
	cr.LazyQuotes = r.lazy
	cr.TrimLeadingSpace = r.TrimLeadingSpace
	cr.FieldsPerRecord = r.FieldsPerRecord
	rec, err := cr.Read()
	r.FieldsPerRecord = cr.FieldsPerRecord
	resume := at + cr.InputOffset()
	r.end, r.endKnown = resume, true
	if err == io.EOF {
		// Only empty and comment lines were left.
		r.eof = true
		return nil, io.EOF
	}
	r.start, r.fixed = at, true
	r.std, r.stdLine, r.stdCol = cr, line0, col0
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		out := &csv.ParseError{StartLine: line0 + pe.StartLine - 1, Line: line0 + pe.Line - 1, Column: pe.Column, Err: pe.Err}
		if pe.Err != csv.ErrFieldCount {
			_, out.Column = r.stdPos(pe.Line, pe.Column)
		}
		if pe.Err == csv.ErrQuote {
			// encoding/csv reports a quote followed by text at that quote,
			// and an unterminated quoted field at the end of its last
			// line, which is the end of the input (less a CR that
			// encoding/csv drops at the end of a line): the quote of the
			// first case is followed by a byte, the second case's position
			// is at most one byte before the end.
			out.Err = errQuoteUnquoted
			start := at
			if pe.Line > 1 {
				start = r.in.lineStartOf(line0 + pe.Line - 1)
			}
			if start >= 0 && start+int64(pe.Column)-1 >= r.in.end()-1 {
				out.Err = errQuoteUnterminated
			}
		}
		err = out
	} else if err != nil {
		// An error of the io.Reader: returned alone, as the Scanner's.
		r.err = err
		return nil, err
	}
	if resume != next || r.in.base > lent {
		r.startScanner(resume, int(min(max(resume-r.restart, readerMinBufferSize), readerBufferSize)))
	} else {
		r.in.lent = lent // the Scanner goes on in its buffer
	}
	if dst != nil && cap(dst) >= len(rec) {
		// ReuseRecord: the slice the last Read returned has room. (When
		// it has not, encoding/csv's new slice is returned: it is reused
		// next time.)
		rec = append(dst[:0], rec...)
	}
	return rec, err
}

// stdPos returns the line and column of the input for a line and column
// of the encoding/csv Reader r.std, which started reading at line
// r.stdLine, column r.stdCol.
func (r *Reader) stdPos(line, col int) (int, int) {
	if line == 1 {
		col += r.stdCol - 1
	}
	return r.stdLine + line - 1, col
}
