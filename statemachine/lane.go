package statemachine

// Lane is what a bit-parallel reader needs to know about a table whose
// meaning is plain CSV: one delimiter byte, one quote byte that is also the
// escape (a doubled quote inside quotes), LF ending a row, and every other
// byte ordinary. For such a table, whether a byte lies inside quotes is the
// parity of the quotes before it, so a prefix XOR of the quote mask finds
// every delimiter and line end outside quotes without stepping the machine
// byte by byte (see package skipper's Lane).
type Lane struct {
	Delimiter byte // ends a value outside quotes
	Quote     byte // opens a value, closes it, and doubled is one quote
	// Blank marks the bytes that may precede an opening quote (the
	// EmptySpace state): a value of blanks alone ends in EmptySpace, not
	// Standard. A blank run followed by a quote is left to the table.
	Blank [256]bool
	// LF is set when an LF outside quotes ends the row (the table goes to
	// RecordSeparator on it wherever a value starts or ends): the newline
	// settings auto and LF, and lenient CRLF. Without it (strict CRLF,
	// where a bare LF is an error) LF is left to the table.
	LF bool
	// CR is set when a CR outside quotes ends the row (the table goes to
	// CarriageReturn on it from Standard, Unquoted, Delimiter and
	// EmptySpace) and an LF right after it is the rest of that line end
	// (CarriageReturn goes to RecordSeparator on LF): the newline
	// settings auto and CRLF. A lane may then end rows at CR and take the
	// LF of a CRLF; without it, CR is left to the table.
	CR bool
}

// laneStarts are the states a value begins in: the start of input, after a
// delimiter and after a line end.
var laneStarts = [...]State{NotSet, Delimiter, RecordSeparator}

// Lane reports whether the table reads plain CSV as Lane describes, and if
// so with which bytes. It answers from the transitions alone, so a lane
// built on it means what the table means wherever the lane decides:
//
//   - In a value-start state, the delimiter leads to Delimiter, the quote
//     to Quoted and every byte but these, LF and CR to Standard, or to
//     EmptySpace (a blank), which reads like Standard and goes on to
//     EmptySpace on another blank.
//   - In Standard, every byte but the delimiter, LF, CR and the quote stays
//     in Standard; the delimiter leads to Delimiter. (A quote inside an
//     unquoted value is left to the table: the lane declines it.)
//   - LF and CR outside quotes end rows as Lane.LF and Lane.CR say; where
//     neither flag is set, the table reads the byte (the lane declines
//     it). At least one of the two is set.
//   - In Quoted and QuotedNewLine, the quote leads to Unquoted and every
//     other byte to Quoted or QuotedNewLine (one state for reading, see
//     QuotedStop).
//   - In Unquoted, the quote leads to Quoted (an escaped quote) and the
//     delimiter to Delimiter. (Anything else after a closing quote but
//     the line ends of LF and CR is left to the table.)
//
// Dialects with a multi-byte delimiter, an escape other than the quote, a
// comment or no quote fail one of these.
func (t *Table) Lane() (Lane, bool) {
	var l Lane
	delims, quotes := 0, 0
	for b := 0; b < 256; b++ {
		switch t.next[b][Standard] {
		case Delimiter:
			l.Delimiter = byte(b)
			delims++
		}
		if t.next[b][Delimiter] == Quoted {
			l.Quote = byte(b)
			quotes++
		}
	}
	if delims != 1 || quotes != 1 || l.Delimiter == '\n' || l.Delimiter == '\r' ||
		l.Quote == '\n' || l.Quote == '\r' || l.Quote == l.Delimiter {
		return Lane{}, false
	}
	inQuotes := func(s State) bool { return s == Quoted || s == QuotedNewLine }
	l.LF = t.next['\n'][Standard] == RecordSeparator && t.next['\n'][Unquoted] == RecordSeparator
	for _, s := range laneStarts {
		if t.next['\n'][s] != RecordSeparator {
			l.LF = false
		}
	}
	for b := 0; b < 256; b++ {
		c := byte(b)
		// Outside quotes, where a value starts and inside an unquoted one.
		var want State
		switch c {
		case l.Delimiter:
			want = Delimiter
		case '\n':
			want = RecordSeparator
			if !l.LF {
				want = NumStates // no requirement: the lane stops at LF
			}
		case l.Quote:
			want = Quoted
		case '\r':
			want = NumStates // no requirement: the lane stops at CR
		default:
			want = Standard
		}
		if want != NumStates {
			if want == Standard && t.next[c][NotSet] == EmptySpace {
				l.Blank[c] = true
			}
			for _, s := range laneStarts {
				if n := t.next[c][s]; n != want && !(l.Blank[c] && n == EmptySpace) {
					return Lane{}, false
				}
			}
			// EmptySpace reads like a value start, but a blank stays in
			// it. A quote there is left to the table.
			if c != l.Quote {
				if n := t.next[c][EmptySpace]; n != want && !(l.Blank[c] && n == EmptySpace) {
					return Lane{}, false
				}
			}
			if c != l.Quote && t.next[c][Standard] != want {
				return Lane{}, false
			}
		}
		// Inside quotes.
		for _, s := range [...]State{Quoted, QuotedNewLine} {
			n := t.next[c][s]
			if c == l.Quote {
				if n != Unquoted {
					return Lane{}, false
				}
			} else if !inQuotes(n) {
				return Lane{}, false
			}
		}
		// After a closing quote.
		switch c {
		case l.Quote:
			if t.next[c][Unquoted] != Quoted {
				return Lane{}, false
			}
		case l.Delimiter, '\n':
			if want != NumStates && t.next[c][Unquoted] != want {
				return Lane{}, false
			}
		}
	}
	l.CR = t.next['\n'][CarriageReturn] == RecordSeparator
	for _, s := range [...]State{Standard, Unquoted, Delimiter, EmptySpace} {
		if t.next['\r'][s] != CarriageReturn {
			l.CR = false
		}
	}
	if !l.LF && !l.CR {
		return Lane{}, false // no line end the lane can take
	}
	return l, true
}
