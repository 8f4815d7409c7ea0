package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// The kinds of parse error. A *ParseError unwraps to one of them, so
// errors.Is(err, scanner.ErrUnterminatedQuote) tells what went wrong.
var (
	// ErrUnterminatedQuote: the input ended inside a quoted value. The
	// error's position is the opening quote.
	ErrUnterminatedQuote = errors.New("unterminated quote")
	// ErrUnquotedValue: in strict mode, text followed the closing quote of a
	// quoted value where a delimiter or a line end was expected (DuckDB's
	// UNQUOTED VALUE).
	ErrUnquotedValue = errors.New("unquoted value")
	// ErrInvalidState: a byte the dialect forbids outside quotes, such as a
	// lone LF when strict mode asks for CRLF line ends (DuckDB's INVALID
	// STATE).
	ErrInvalidState = errors.New("invalid state")
	// ErrLineTooLong: a row is longer than the maximum line size.
	ErrLineTooLong = errors.New("line size over maximum")
	// ErrFieldCount: a row has more or fewer values than the row width.
	ErrFieldCount = errors.New("wrong number of fields")
)

// ParseError reports where and why a scan stopped.
//
// Row and Field are 1-based: the header, when there is one, is row 1, and
// dropped empty and comment lines are not rows. Offset is the 0-based byte
// offset, from the start of the input (a byte order mark included), of the
// byte at fault: the opening quote of an unterminated quoted value, the
// offending byte, the first byte past the maximum line size, or the line end
// of a row with the wrong number of fields. RowOffset is the offset where
// that row starts.
type ParseError struct {
	Kind      error // one of the Err* sentinels
	Line      int   // the 1-based line where the row starts, counting line ends outside quotes (DuckDB's line)
	Row       int
	Field     int
	Offset    int64
	RowOffset int64
	Msg       string // what was expected, in words
	// Text is the row as the file has it, from its first byte through the
	// byte at fault (the line end, for a row with the wrong number of
	// fields; the end of input, for an unterminated quote), at most
	// MaxErrorText bytes: for reports and rejects
	// (DuckDB's csv_line). It is a copy, nil when the scan did not keep
	// the row's bytes (a parallel scan's width errors).
	Text []byte
}

// MaxErrorText bounds ParseError.Text, so that a bad row of the maximum
// line size is not kept whole by every error that reports it.
const MaxErrorText = 4096

// Error returns the message: where (row, and the line when it differs
// from the row, field and byte offset), what went wrong, and what to do
// about it:
//
//	csvscan: row 2 (line 5), field 2, byte 15: unquoted value: expected a delimiter or a line end after the closing quote, found 'y' (set Dialect.Lenient to keep the text after the quote, or IgnoreErrors to skip the row)
//
// The line is DuckDB's: it counts the empty and comment lines that are
// not rows, so it is the number an editor shows.
func (e *ParseError) Error() string {
	msg := e.Summary()
	if h := e.Hint(); h != "" {
		msg += " (" + h + ")"
	}
	return msg
}

// Summary is the message without the advice of Hint: where, and what went
// wrong. Rejects store it, since the advice is the caller's, not the row's.
func (e *ParseError) Summary() string {
	where := fmt.Sprintf("row %d", e.Row)
	if e.Line > 0 && e.Line != e.Row {
		where += fmt.Sprintf(" (line %d)", e.Line)
	}
	return fmt.Sprintf("csvscan: %s, field %d, byte %d: %v: %s", where, e.Field, e.Offset, e.Kind, e.Msg)
}

// Hint says, in words that name this package's options, what a caller can
// do about the error: the option that reads such input, or IgnoreErrors
// to skip the row. It is empty for a kind it does not know.
func (e *ParseError) Hint() string { return hints[e.Kind] }

// hints holds the advice of each kind of parse error, for Hint.
var hints = map[error]string{
	ErrUnterminatedQuote: "the input may be cut short; if quotes are not special in it, set Dialect.Quote to dialect.None; IgnoreErrors skips the row",
	ErrUnquotedValue:     "set Dialect.Lenient to keep the text after the quote, or IgnoreErrors to skip the row",
	ErrInvalidState:      "set Dialect.Newline to the input's line ends, or Dialect.Lenient; IgnoreErrors skips the row",
	ErrLineTooLong:       "raise MaxLineSize if rows are this long, or look for a quote that never closes; IgnoreErrors skips the row",
	ErrFieldCount:        "set FieldsPerRow to -1 to accept rows of any width, or IgnoreErrors to skip the row",
}

// Unwrap returns the kind, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Kind }

// ReadError is a read error of the input (the io.Reader's own, or a
// decompressor's or a decoder's below it) with the place the scan had
// reached when it came: the row it was reading (1-based, the header
// included, as ParseError.Row), the line where that row starts, the
// field it was in, and Offset, how many bytes of the input the scan had
// read: the error lies at or past that byte. The rows before Row were all
// read. Err is the reader's error, for errors.Is and errors.As.
type ReadError struct {
	Row    int
	Line   int
	Field  int
	Offset int64
	Err    error
}

// Error names the place and the reader's error:
//
//	csvscan: row 3, field 2, byte 22: reading the input: unexpected EOF
func (e *ReadError) Error() string {
	return fmt.Sprintf("csvscan: %s: reading the input: %s", e.Where(), strings.TrimPrefix(e.Err.Error(), "csvscan: "))
}

// Where is the place of Error's message without the reader's error: "row
// 3 (line 5), field 2, byte 22", the line left out when it is the row's.
func (e *ReadError) Where() string {
	return e.Place() + fmt.Sprintf(", byte %d", e.Offset)
}

// Place is Where without the byte offset, for a reader's error that gives
// its own in bytes of another input (a decoder's, in bytes before
// decoding): "row 3 (line 5), field 2".
func (e *ReadError) Place() string {
	where := fmt.Sprintf("row %d", e.Row)
	if e.Line > 0 && e.Line != e.Row {
		where += fmt.Sprintf(" (line %d)", e.Line)
	}
	return where + fmt.Sprintf(", field %d", e.Field)
}

// Unwrap returns the reader's error.
func (e *ReadError) Unwrap() error { return e.Err }

// readError is the ReadError of err for the row being read, whose bytes
// so far are the buffer's from rowStart on.
func (s *Scanner) readError(err error) *ReadError {
	return &ReadError{Row: s.rows + 1, Line: s.rowLine, Field: len(s.spans) + 1, Offset: s.base + int64(s.n), Err: err}
}

func (s *Scanner) fail(kind error, at int, msg string) {
	s.failAt(kind, at, len(s.spans)+1, msg)
}

func (s *Scanner) failAt(kind error, at, field int, msg string) {
	if s.skipsQuietly() {
		// The row is skipped and not held (skipBadRow): its error is
		// only looked at there, so one value serves every such row, with
		// no message or text, and a run of them makes no garbage.
		s.dropped = ParseError{Kind: kind, Line: s.rowLine, Row: s.rows + 1, Field: field,
			Offset: s.base + int64(at), RowOffset: s.base + int64(s.rowStart)}
		s.err = &s.dropped
		return
	}
	s.err = &ParseError{
		Kind:      kind,
		Line:      s.rowLine,
		Row:       s.rows + 1,
		Field:     field,
		Offset:    s.base + int64(at),
		RowOffset: s.base + int64(s.rowStart),
		Msg:       "expected " + msg,
		Text:      errorText(s.buf[:s.n], s.rowStart, at),
	}
	if kind == ErrUnterminatedQuote {
		// The row runs to the end of input, past the quote at fault.
		s.err.(*ParseError).Text = errorText(s.buf[:s.n], s.rowStart, s.n-1)
	}
}

// failInvalid fails at the byte at pos, which took the machine to
// INVALID: after a closing quote (afterQuote), or elsewhere outside
// quotes.
func (s *Scanner) failInvalid(afterQuote bool, pos int) {
	kind, msg := ErrInvalidState, ""
	if afterQuote {
		kind = ErrUnquotedValue
	}
	if !s.skipsQuietly() { // (a row skipped quietly has no message: failAt)
		if afterQuote {
			msg = fmt.Sprintf("a delimiter or a line end after the closing quote, found %q", s.buf[pos])
		} else {
			msg = fmt.Sprintf("a byte the dialect allows outside quotes, found %q (%v)", s.buf[pos], s.opts.Dialect)
		}
	}
	s.fail(kind, pos, msg)
}

// skipsQuietly reports whether the next bad row is skipped without being
// held (IgnoreErrors, past Options.MaxBadRows): nothing looks at its
// message or its text.
func (s *Scanner) skipsQuietly() bool { return s.opts.IgnoreErrors && !s.holdsBad() }

// errorText copies the row's bytes buf[start:at+1] (through the byte at
// fault), at most MaxErrorText of them, for ParseError.Text.
func errorText(buf []byte, start, at int) []byte {
	start = max(start, 0)
	end := min(at+1, len(buf), start+MaxErrorText)
	if start >= end {
		return nil
	}
	return bytes.Clone(buf[start:end])
}
