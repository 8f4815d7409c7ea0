package statemachine

// This file holds the meaning of every byte in every state: Reference is the
// readable definition, and Build fills the table by calling it for all
// 256 × NumStates pairs.
//
// Advice for whoever changes it next:
//   - A new dialect option must reach Reference through dialect.Dialect, and
//     so Dialect.Hash (the cache key) and Dialect.Validate (contradictions).
//   - A new state must be added at the end (the numbering is DuckDB's and
//     NumStates sizes the table), given a name in stateNames, a case here,
//     a meaning in the scanner's loop (run in scanner/scanner.go), in the reference
//     reader (internal/reference), and a row in the DuckDB-style builder of
//     reference_test.go.
//   - The skip tables and stop patterns are derived from the table in
//     Build; if a state that skips is added, derive its table the same way
//     and make sure the stop patterns still cover every byte it stops on
//     (TestStopPatternsCoverSkipTables checks it).
//
// The transitions follow DuckDB's CSVStateMachineCache::Insert, with these
// deliberate differences, each of which only touches input DuckDB reads in
// a way its own tests do not pin down:
//   - A multi-byte delimiter is matched with a KMP automaton: after a partial
//     match fails, the byte is read as it would be in Standard (so "a|#"
//     with delimiter "||" and comment "#" starts a comment), where DuckDB
//     falls to Standard without looking at the byte.
//   - A delimiter right after a CR starts an empty first value (DuckDB reads
//     it as text), and so does one after an escaped CR.
//   - Several spaces may precede an opening quote (DuckDB allows one).
//   - NewlineAuto, which DuckDB resolves by sniffing, reads LF, CR and CRLF
//     as row ends in one table: DuckDB's CRLF table without the strict-mode
//     rejection of a lone LF.
//   - In strict mode with NewlineLF a CR outside quotes is INVALID, with
//     NewlineCR an LF: DuckDB's tables read both as row ends, and DuckDB
//     rejects such files in strict mode with a check outside the table;
//     here the table says it.
//
// The differences in what the reader makes of the states (text after a
// closing quote in lenient mode, a line of exactly the maximum size, a
// one-column file's leading empty line, a reject's csv_line) are listed,
// with their reasons, at the end of docs/reading-rules.md.
//
// One rule of reading is not in the table and cannot be: with
// IgnoreErrors, a bad row that reaches the maximum line size ends at the
// first line-end byte after its last opening quote (inside quotes) or after
// the limit, whatever the table says of the bytes between, and reading
// resumes there (docs/reading-rules.md, "Bad rows"). The only thing it
// takes from the table is which bytes end a line after unquoted text
// (STANDARD to RECORD_SEPARATOR or CARRIAGE_RETURN).

import "github.com/csvscan/csvscan/dialect"

// machine is a dialect unpacked into the values Reference needs.
type machine struct {
	delim          string
	quote, escape  byte
	hasQuote       bool
	hasEscape      bool // an escape that differs from the quote
	comment        byte
	hasComment     bool
	quoteIsEscape  bool // "" doubling
	carryOn        bool // CR may be followed by the LF of a CRLF
	lfInvalid      bool // strict CRLF: a lone LF in an unquoted value is invalid
	newline        dialect.Newline
	strict         bool
	unquotedEscape bool // lenient, with an escape that differs from the quote
	spaceSpecial   bool // the space is the delimiter's first byte or another special byte
}

func newMachine(d dialect.Dialect) machine {
	m := machine{delim: d.Delimiter, strict: !d.Lenient}
	m.quote, m.hasQuote = d.Quote.Byte()
	esc, hasEsc := d.Escape.Byte()
	m.quoteIsEscape = hasEsc && m.hasQuote && esc == m.quote
	if hasEsc && !m.quoteIsEscape {
		m.escape, m.hasEscape = esc, true
	}
	m.comment, m.hasComment = d.Comment.Byte()
	m.carryOn = d.Newline == dialect.NewlineCRLF || d.Newline == dialect.NewlineAuto
	m.lfInvalid = d.Newline == dialect.NewlineCRLF && m.strict
	m.newline = d.Newline
	m.unquotedEscape = !m.strict && m.hasEscape
	m.spaceSpecial = m.delim[0] == ' ' || m.isQuote(' ') || m.isEscape(' ') || m.isComment(' ')
	return m
}

func (m *machine) isQuote(b byte) bool   { return m.hasQuote && b == m.quote }
func (m *machine) isEscape(b byte) bool  { return m.hasEscape && b == m.escape }
func (m *machine) isComment(b byte) bool { return m.hasComment && b == m.comment }

// delimStart is the state after the delimiter's first byte.
func (m *machine) delimStart() State {
	if len(m.delim) == 1 {
		return Delimiter
	}
	return DelimiterFirstByte
}

// afterCR is the state after a CR outside quotes.
func (m *machine) afterCR() State {
	if m.carryOn {
		return CarriageReturn
	}
	return RecordSeparator
}

// Reference returns the state after reading byte b in state s under dialect
// d. It is the definition of CSV meaning in csvscan; the table is built from
// it. d must be valid (see dialect.Dialect.Validate).
func Reference(d dialect.Dialect, s State, b byte) State {
	m := newMachine(d)
	return m.next(s, b)
}

func (m *machine) next(s State, b byte) State {
	t := m.nextInDialect(s, b)
	if m.wrongLineEnd(b) && (t == RecordSeparator || t == CarriageReturn) && s != Comment {
		// Strict mode with a newline given: the other line-end byte is not
		// a line end here, it is an error (as DuckDB rejects such a file).
		return Invalid
	}
	return t
}

// wrongLineEnd reports whether b is a line-end byte that strict mode with
// the dialect's newline forbids outside quotes: CR when the newline is LF,
// LF when it is CR.
func (m *machine) wrongLineEnd(b byte) bool {
	return m.strict && (b == '\r' && m.newline == dialect.NewlineLF || b == '\n' && m.newline == dialect.NewlineCR)
}

// nextInDialect is next before the strict line-end rule.
func (m *machine) nextInDialect(s State, b byte) State {
	switch s {
	case Standard, Invalid:
		return m.unquoted(b)

	case StandardNewline:
		if b == '\n' && m.carryOn {
			return Standard
		}
		return m.unquoted(b)

	case DelimiterFirstByte, DelimiterSecondByte, DelimiterThirdByte:
		matched := int(s-DelimiterFirstByte) + 1
		return m.partialDelimiter(matched, b)

	case Delimiter, RecordSeparator, NotSet, CarriageReturn, EmptySpace:
		return m.valueStart(s, b)

	case EscapedReturn: // `\` CR: an LF or any text after it is literal
		if !m.unquotedEscape {
			return Standard // unreachable without unquoted escapes
		}
		switch {
		case b == m.delim[0]:
			return m.delimStart()
		case b == '\r':
			return m.afterCR()
		case m.isComment(b):
			return Comment
		case m.isEscape(b):
			return UnquotedEscape
		}
		return Standard

	case Quoted, QuotedNewLine:
		switch {
		case m.isQuote(b): // `"` closes, or is the first of `""`
			return Unquoted
		case m.isEscape(b): // `\` makes the next byte literal
			return Escape
		case (b == '\n' || b == '\r') && s == Quoted:
			return QuotedNewLine
		}
		return Quoted

	case Escape:
		return Quoted

	case Unquoted: // just after a quote that may close the value
		switch {
		case b == m.delim[0]: // `",` closes the value
			return m.delimStart()
		case b == '\n':
			return RecordSeparator
		case b == '\r':
			return m.afterCR()
		case m.isQuote(b): // `""`
			if m.quoteIsEscape || (!m.strict && m.hasEscape) {
				return Quoted
			}
			if !m.strict {
				return MaybeQuoted
			}
			return Invalid
		case m.isComment(b):
			return Comment
		case b == ' ' && !m.spaceSpecial: // `" ` trailing spaces are dropped
			return Unquoted
		}
		if m.strict {
			return Invalid
		}
		return Unquoted

	case Comment:
		switch b {
		case '\n':
			return RecordSeparator
		case '\r':
			return m.afterCR()
		}
		return Comment

	case UnquotedEscape:
		if b == '\r' && m.carryOn && m.unquotedEscape {
			return EscapedReturn
		}
		return Standard

	case MaybeQuoted:
		switch {
		case m.isQuote(b):
			return MaybeQuoted
		case b == '\n':
			return RecordSeparator
		case b == '\r':
			return m.afterCR()
		case b == m.delim[0]:
			return m.delimStart()
		}
		return Quoted
	}
	return Invalid
}

// unquoted is a byte inside an unquoted value.
func (m *machine) unquoted(b byte) State {
	switch {
	case b == m.delim[0]:
		return m.delimStart()
	case b == '\r':
		return m.afterCR()
	case b == '\n':
		if m.lfInvalid {
			return Invalid
		}
		return RecordSeparator
	case m.isComment(b):
		return Comment
	case m.unquotedEscape && m.isEscape(b):
		return UnquotedEscape
	}
	return Standard // a quote here is text: `a"b` reads as a"b
}

// valueStart is a byte at the start of a value (after a delimiter, a line
// end, leading spaces, or at the start of input).
func (m *machine) valueStart(s State, b byte) State {
	switch {
	case b == m.delim[0]:
		return m.delimStart()
	case b == '\n':
		return RecordSeparator
	case b == '\r':
		if s == CarriageReturn {
			return CarriageReturn
		}
		return m.afterCR()
	case m.isQuote(b):
		return Quoted
	case b == ' ' && m.delim[0] != ' ':
		return EmptySpace
	case m.isComment(b):
		return Comment
	case m.unquotedEscape && m.isEscape(b):
		return UnquotedEscape
	}
	return Standard
}

// partialDelimiter is byte b after the first matched bytes of a multi-byte
// delimiter. The longest prefix of the delimiter that ends at b decides, as
// in the Knuth–Morris–Pratt automaton; with no such prefix, b is read as in
// an unquoted value.
func (m *machine) partialDelimiter(matched int, b byte) State {
	n := len(m.delim)
	if matched >= n {
		// A state no input reaches with this delimiter: read it as Standard.
		return m.unquoted(b)
	}
	for k := min(matched+1, n); k >= 1; k-- {
		// Does delim[:k] equal (delim[:matched] + b)[matched+1-k:]?
		if m.delim[k-1] != b {
			continue
		}
		if m.delim[:k-1] == m.delim[matched-(k-1):matched] {
			if k == n {
				return Delimiter
			}
			return DelimiterFirstByte + State(k-1)
		}
	}
	return m.unquoted(b)
}
