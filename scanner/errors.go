package scanner

import (
	"errors"
	"fmt"
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
}

// Error returns the message, with row, field and byte offset first:
//
//	csvscan: row 2, field 2, byte 6: unterminated quote: expected a closing quote before the end of input
func (e *ParseError) Error() string {
	return fmt.Sprintf("csvscan: row %d, field %d, byte %d: %v: %s", e.Row, e.Field, e.Offset, e.Kind, e.Msg)
}

// Unwrap returns the kind, for errors.Is.
func (e *ParseError) Unwrap() error { return e.Kind }
