package statemachine

import "strconv"

// State is one of the 19 states of DuckDB's CSV state machine, with DuckDB's
// names and numbering. The numbering is part of the design (the table is
// 256 × NumStates and the states index its columns), so never reorder it.
type State uint8

// The states, in DuckDB's order.
const (
	// Standard is inside an unquoted value.
	Standard State = 0
	// Delimiter is right after the last byte of a delimiter: a new value
	// starts at the next byte.
	Delimiter State = 1
	// DelimiterFirstByte is after the first byte of a multi-byte delimiter
	// (a partial match of length 1).
	DelimiterFirstByte State = 2
	// DelimiterSecondByte is after the first two bytes of a delimiter of
	// three or four bytes.
	DelimiterSecondByte State = 3
	// DelimiterThirdByte is after the first three bytes of a four-byte
	// delimiter.
	DelimiterThirdByte State = 4
	// RecordSeparator is right after a row end (a line feed, or any line end
	// byte when the newline is LF or CR).
	RecordSeparator State = 5
	// CarriageReturn is right after a CR when the newline is CRLF or auto:
	// the row has ended, and a following LF belongs to the same line end.
	CarriageReturn State = 6
	// Quoted is inside a quoted value.
	Quoted State = 7
	// Unquoted is right after the quote that may close a quoted value: a
	// delimiter or a line end closes it, a second quote (when the escape is
	// the quote) re-enters it as an escaped quote.
	Unquoted State = 8
	// Escape is right after an escape byte inside a quoted value: the next
	// byte is literal.
	Escape State = 9
	// Invalid is reached on input the dialect forbids (text after a closing
	// quote in strict mode, a lone LF when strict CRLF is asked for). The
	// scanner stops with an error.
	Invalid State = 10
	// NotSet is the state before the first byte.
	NotSet State = 11
	// QuotedNewLine is right after a line-end byte inside a quoted value.
	QuotedNewLine State = 12
	// EmptySpace is after spaces at the start of a value, where a quote may
	// still open a quoted value.
	EmptySpace State = 13
	// Comment is inside a comment, up to the end of the line.
	Comment State = 14
	// StandardNewline is DuckDB's state for working out the newline of a
	// file; no transition of a reading table enters it.
	StandardNewline State = 15
	// UnquotedEscape is right after an escape byte outside quotes (lenient
	// mode, escape different from the quote): the next byte is literal.
	UnquotedEscape State = 16
	// EscapedReturn is an escaped CR outside quotes when the newline may be
	// CRLF: a following LF is literal too.
	EscapedReturn State = 17
	// MaybeQuoted is after a quote that follows a closing quote in lenient
	// mode without an escape: the value may be re-entering quotes.
	MaybeQuoted State = 18

	// NumStates is the number of states, the width of the table.
	NumStates = 19
)

var stateNames = [NumStates]string{
	"STANDARD", "DELIMITER", "DELIMITER_FIRST_BYTE", "DELIMITER_SECOND_BYTE",
	"DELIMITER_THIRD_BYTE", "RECORD_SEPARATOR", "CARRIAGE_RETURN", "QUOTED",
	"UNQUOTED", "ESCAPE", "INVALID", "NOT_SET", "QUOTED_NEW_LINE", "EMPTY_SPACE",
	"COMMENT", "STANDARD_NEWLINE", "UNQUOTED_ESCAPE", "ESCAPED_RETURN", "MAYBE_QUOTED",
}

// String returns DuckDB's name of the state, such as "RECORD_SEPARATOR".
func (s State) String() string {
	if int(s) < NumStates {
		return stateNames[s]
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
}

// States returns all states in order.
func States() []State {
	s := make([]State, NumStates)
	for i := range s {
		s[i] = State(i)
	}
	return s
}

// Pair is the (previous, current) state pair that the scanner keeps: the
// current state alone cannot tell a doubled quote from an opening one, or
// the LF of a CRLF from an empty line.
type Pair struct {
	Prev, Cur State
}

// Step returns the pair after reading one byte whose transition led to next.
func (p Pair) Step(next State) Pair { return Pair{Prev: p.Cur, Cur: next} }

// NewValue reports whether a delimiter has just ended a value.
func (p Pair) NewValue() bool { return p.Cur == Delimiter }

// LineEnd reports whether the byte just read is a line end outside quotes.
func (p Pair) LineEnd() bool { return p.Cur == RecordSeparator || p.Cur == CarriageReturn }

// CRLF reports whether the byte just read is the LF of a CRLF, which
// belongs to the line end before it.
func (p Pair) CRLF() bool { return p.Cur == RecordSeparator && p.Prev == CarriageReturn }

// EmptyLine reports whether the byte just read ends a line that held
// nothing: a line end right after another line end, or at the start.
func (p Pair) EmptyLine() bool {
	if !p.LineEnd() || p.CRLF() {
		return false
	}
	return p.Prev == RecordSeparator || p.Prev == CarriageReturn || p.Prev == NotSet
}

// NewRow reports whether the byte just read ends a row that holds data (or
// a comment): a line end that is neither part of a CRLF nor an empty line.
func (p Pair) NewRow() bool { return p.LineEnd() && !p.CRLF() && !p.EmptyLine() }

// OpensQuote reports whether the byte just read opens a quoted value.
func (p Pair) OpensQuote() bool {
	return p.Cur == Quoted && p.Prev != Quoted && p.Prev != QuotedNewLine &&
		p.Prev != Unquoted && p.Prev != Escape && p.Prev != MaybeQuoted
}

// Escaped reports whether the value being read needs unescaping because of
// the byte just read: an escape byte, or a quote doubled inside quotes.
func (p Pair) Escaped() bool {
	switch p.Cur {
	case Escape, UnquotedEscape, EscapedReturn:
		return true
	case Quoted:
		return p.Prev == Unquoted
	}
	return false
}

// ClosesQuote reports whether the byte just read may close a quoted value.
func (p Pair) ClosesQuote() bool {
	return p.Cur == Unquoted && (p.Prev == Quoted || p.Prev == QuotedNewLine)
}

// InQuotes reports whether the current state is inside a quoted value, where
// the end of input means an unterminated quote.
func (s State) InQuotes() bool { return s == Quoted || s == QuotedNewLine || s == Escape }
