package reference

import (
	"strings"

	"github.com/csvscan/csvscan/dialect"
)

// state is the reader's position in the grammar. The 19 constants carry the
// meanings, names and numbers of DuckDB's states (statemachine.State), but
// they are declared here, and the transitions below are written from the
// grammar, so that a mistake in the table cannot hide in a shared helper.
type state uint8

const (
	stStandard            state = iota // inside an unquoted value
	stDelimiter                        // a delimiter just ended: a value starts next
	stDelimiterFirstByte               // one byte of a multi-byte delimiter matched
	stDelimiterSecondByte              // two bytes matched
	stDelimiterThirdByte               // three bytes matched
	stRecordSeparator                  // a line end just ended the row
	stCarriageReturn                   // a CR just ended the row; an LF may follow
	stQuoted                           // inside quotes
	stUnquoted                         // after a quote that may close the value
	stEscape                           // after an escape inside quotes
	stInvalid                          // the input is wrong here
	stNotSet                           // before the first byte
	stQuotedNewLine                    // after a line-end byte inside quotes
	stEmptySpace                       // spaces at the start of a value
	stComment                          // inside a comment
	stStandardNewline                  // never entered while reading
	stUnquotedEscape                   // after an escape outside quotes (lenient)
	stEscapedReturn                    // after an escaped CR outside quotes
	stMaybeQuoted                      // after a quote that follows a closing quote (lenient, no escape)
)

var stateNames = [...]string{
	"STANDARD", "DELIMITER", "DELIMITER_FIRST_BYTE", "DELIMITER_SECOND_BYTE",
	"DELIMITER_THIRD_BYTE", "RECORD_SEPARATOR", "CARRIAGE_RETURN", "QUOTED",
	"UNQUOTED", "ESCAPE", "INVALID", "NOT_SET", "QUOTED_NEW_LINE", "EMPTY_SPACE",
	"COMMENT", "STANDARD_NEWLINE", "UNQUOTED_ESCAPE", "ESCAPED_RETURN", "MAYBE_QUOTED",
}

func (s state) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state?"
}

// class is what a byte means to the dialect, before any state is looked at.
type class uint8

const (
	clOther     class = iota // content
	clDelimiter              // the first byte of the delimiter
	clLF                     // '\n'
	clCR                     // '\r'
	clQuote                  // the quote (also when it doubles as the escape)
	clEscape                 // an escape that differs from the quote
	clComment                // the comment marker
	clSpace                  // ' ', when it is not the delimiter's first byte
)

// rules is a dialect unpacked for the switch in next.
type rules struct {
	delim         string
	doubling      bool // the escape is the quote: "" stands for "
	escape        byte // valid when hasEscape
	hasEscape     bool // an escape that differs from the quote
	lenient       bool
	crLF          bool // a CR may be followed by the LF of the same line end (auto, CRLF)
	lfIsError     bool // strict CRLF: an LF after unquoted text is invalid
	escapeOutside bool // lenient with its own escape: the escape works outside quotes too
	d             dialect.Dialect
}

func newRules(d dialect.Dialect) rules {
	r := rules{delim: d.Delimiter, lenient: d.Lenient, d: d}
	q, hasQ := d.Quote.Byte()
	e, hasE := d.Escape.Byte()
	r.doubling = hasQ && hasE && q == e
	r.hasEscape = hasE && !r.doubling
	r.escape = e
	r.crLF = d.Newline == dialect.NewlineAuto || d.Newline == dialect.NewlineCRLF
	r.lfIsError = d.Newline == dialect.NewlineCRLF && !d.Lenient
	r.escapeOutside = r.hasEscape && d.Lenient
	return r
}

// classify names the meaning of b. The delimiter is checked first: a valid
// dialect keeps it apart from the quote, escape, comment and line ends, but
// it may start with a space.
func (r *rules) classify(b byte) class {
	switch {
	case b == r.delim[0]:
		return clDelimiter
	case b == '\n':
		return clLF
	case b == '\r':
		return clCR
	case r.d.Quote.Is(b):
		return clQuote
	case r.hasEscape && b == r.escape:
		return clEscape
	case r.d.Comment.Is(b):
		return clComment
	case b == ' ':
		return clSpace
	}
	return clOther
}

// delimiterBegins is the state after the first byte of the delimiter.
func (r *rules) delimiterBegins() state {
	if len(r.delim) == 1 {
		return stDelimiter
	}
	return stDelimiterFirstByte
}

// lineEndCR is the state after a CR that ends a line.
func (r *rules) lineEndCR() state {
	if r.crLF {
		return stCarriageReturn
	}
	return stRecordSeparator // the LF and CR newlines treat CR like LF
}

// next is the state after byte b in state s.
func (r *rules) next(s state, b byte) state {
	t := r.step(s, b)
	// Strict mode with LF or CR as the newline: the other line-end byte
	// cannot end a line; where it would, the input is invalid.
	wrong := !r.lenient && (b == '\r' && r.d.Newline == dialect.NewlineLF || b == '\n' && r.d.Newline == dialect.NewlineCR)
	if wrong && s != stComment && (t == stRecordSeparator || t == stCarriageReturn) {
		return stInvalid
	}
	return t
}

// step is next before the strict rule on line ends.
func (r *rules) step(s state, b byte) state {
	c := r.classify(b)
	switch s {
	case stNotSet, stDelimiter, stRecordSeparator, stCarriageReturn, stEmptySpace:
		// The start of a value.
		switch c {
		case clDelimiter: // `,,`: an empty value
			return r.delimiterBegins()
		case clLF:
			return stRecordSeparator
		case clCR:
			return r.lineEndCR()
		case clQuote: // `,"`: a quoted value opens
			return stQuoted
		case clSpace: // `, `: a quote may still open the value
			return stEmptySpace
		case clComment:
			return stComment
		case clEscape:
			if r.escapeOutside {
				return stUnquotedEscape
			}
		}
		return stStandard

	case stStandard:
		return r.inUnquoted(c)

	case stDelimiterFirstByte, stDelimiterSecondByte, stDelimiterThirdByte:
		matched := 1 + int(s-stDelimiterFirstByte)
		return r.continueDelimiter(matched, b, c)

	case stQuoted, stQuotedNewLine:
		switch c {
		case clQuote: // `"` closes the value, or starts `""`
			return stUnquoted
		case clEscape: // `\` makes the next byte literal
			return stEscape
		case clLF, clCR:
			if s == stQuoted {
				return stQuotedNewLine
			}
		}
		return stQuoted

	case stEscape: // `\x`: x is literal, whatever it is
		return stQuoted

	case stUnquoted:
		switch c {
		case clDelimiter: // `",`
			return r.delimiterBegins()
		case clLF: // `"` LF
			return stRecordSeparator
		case clCR: // `"` CR
			return r.lineEndCR()
		case clQuote: // `""`
			switch {
			case r.doubling:
				return stQuoted
			case r.lenient && r.hasEscape:
				return stQuoted
			case r.lenient:
				return stMaybeQuoted
			}
			return stInvalid
		case clComment: // `"#`
			return stComment
		case clSpace: // `" `: padding, dropped
			return stUnquoted
		}
		if r.lenient { // `"a"b`: b is kept
			return stUnquoted
		}
		return stInvalid

	case stComment:
		switch c {
		case clLF:
			return stRecordSeparator
		case clCR:
			return r.lineEndCR()
		}
		return stComment

	case stUnquotedEscape: // `\x` outside quotes: x is literal
		if c == clCR && r.crLF {
			return stEscapedReturn // `\` CR: an LF right after is literal too
		}
		return stStandard

	case stEscapedReturn:
		switch c {
		case clDelimiter:
			return r.delimiterBegins()
		case clCR:
			return r.lineEndCR()
		case clComment:
			return stComment
		case clEscape:
			return stUnquotedEscape
		}
		return stStandard // `\` CR LF: the LF is text

	case stMaybeQuoted:
		switch c {
		case clQuote:
			return stMaybeQuoted
		case clLF:
			return stRecordSeparator
		case clCR:
			return r.lineEndCR()
		case clDelimiter:
			return r.delimiterBegins()
		}
		return stQuoted

	case stStandardNewline:
		// Only DuckDB's newline detection enters this state; reading never
		// does. Read it as unquoted text, after an LF that completes a CRLF.
		if c == clLF && r.crLF {
			return stStandard
		}
		return r.inUnquoted(c)
	}
	// stInvalid: the reader stops before reading on, but stay total.
	return r.inUnquoted(c)
}

// inUnquoted is the state after a byte of class c inside an unquoted value.
func (r *rules) inUnquoted(c class) state {
	switch c {
	case clDelimiter:
		return r.delimiterBegins()
	case clCR:
		return r.lineEndCR()
	case clLF:
		if r.lfIsError {
			return stInvalid
		}
		return stRecordSeparator
	case clComment:
		return stComment
	case clEscape:
		if r.escapeOutside {
			return stUnquotedEscape
		}
	}
	return stStandard // a quote here is text: `a"b` reads a"b
}

// continueDelimiter is byte b after the first matched bytes of a multi-byte
// delimiter. The matched bytes plus b are a string ending at b; the longest
// suffix of it that is a prefix of the delimiter is the new partial match
// (the Knuth–Morris–Pratt rule). With no such suffix, b is read as a byte of
// an unquoted value.
func (r *rules) continueDelimiter(matched int, b byte, c class) state {
	// A state for more bytes than the delimiter has is never entered; read
	// it as the longest partial match so that next stays total.
	matched = min(matched, len(r.delim)-1)
	seen := r.delim[:matched] + string([]byte{b})
	for k := min(len(seen), len(r.delim)); k >= 1; k-- {
		if strings.HasSuffix(seen, r.delim[:k]) {
			if k == len(r.delim) {
				return stDelimiter
			}
			return stDelimiterFirstByte + state(k-1)
		}
	}
	return r.inUnquoted(c)
}
