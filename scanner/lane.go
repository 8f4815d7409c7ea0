package scanner

import (
	"math/bits"

	sm "github.com/csvscan/csvscan/statemachine"
)

// The quote-aware lane's entry into the table-driven loop: where a value
// starts, run hands the values that follow to skipper.Lane for as long as
// it decides, and goes on in the state the table would have reached.

// useLane takes the walker's lane, if it reads with one, and the bytes the
// loop needs to enter it (laneValues).
func (s *Scanner) useLane() {
	s.lane, s.laneDelim, s.laneQuote, s.laneBlank, s.laneNext, s.laneFast = s.w.Lane(), 0, 0, nil, false, false
	s.laneLF, s.laneCR = false, false
	if l, ok := s.w.LaneBytes(); ok && s.lane != nil {
		s.laneDelim, s.laneQuote, s.laneBlank, s.laneLF, s.laneCR = l.Delimiter, l.Quote, &l.Blank, l.LF, l.CR
	}
}

// laneValues reads values from pos, where one starts (s.vs == pos) with the
// machine in a value-start state, with the quote-aware lane for as long as
// the lane can decide. It ends the values that a delimiter ends, sets the
// value flags (quoted, escaped, where the quotes are) of the last one, and
// returns the position of the first byte the table must read and the
// machine's state before it: exactly the state the table would have
// reached, so the loop goes on as if it had read every byte itself. When
// an LF ends the row, it ends the row as the loop would and reports true:
// run then returns rowDone.
func (s *Scanner) laneValues(pos, limit int, prev, cur sm.State) (int, sm.State, sm.State, bool) {
	for {
		e, quotes, ok := s.lane.Quick(pos, limit), 0, true
		if e < 0 {
			if e, quotes, ok = s.lane.Value(pos, limit); !ok {
				return pos, prev, cur, false
			}
		}
		if quotes > 0 { // `"…"` with doubled quotes: the table would set these
			s.quoted, s.qopen, s.qclose, s.escaped = true, pos, e-1, quotes > 2
		}
		if c := s.buf[e]; c != s.laneDelim {
			// A line end.
			if e == pos && cur != sm.Delimiter {
				return pos, prev, cur, false // an empty line: the table's
			}
			before := s.laneBefore(s.buf, pos, e, quotes)
			if c != '\n' || !s.laneLF {
				return e, before, before, false // CR, or an LF that ends no row: the table reads it
			}
			// LF after a value: the loop's row end (Table.Lane guarantees
			// RECORD_SEPARATOR, and with no comment and no CR before it,
			// the default case of the line-end switch).
			s.endValue(e)
			s.rowBegin, s.lastLine = s.rowStart, s.rowLine
			s.lineEnd(e)
			s.prev, s.cur, s.pos = before, sm.RecordSeparator, e+1
			return e + 1, before, sm.RecordSeparator, true
		}
		if quotes == 0 && !s.trackStarts {
			s.spans = append(s.spans, span{start: pos, end: e}) // endValue's first case
		} else {
			s.endValue(e)
		}
		pos = e + 1
		s.vs = pos
		prev, cur = sm.Standard, sm.Delimiter
	}
}

// allBlank reports whether buf[a:b] holds only bytes that keep a value start
// in EmptySpace.
func (s *Scanner) allBlank(a, b int) bool {
	for _, c := range s.buf[a:b] {
		if !s.laneBlank[c] {
			return false
		}
	}
	return true
}

// laneRow reads the next row with the lane alone, without entering the
// table-driven loop: the common case of a row of values the lane decides
// (unquoted ones, and `"…"` with doubled quotes), each ended by the
// delimiter and the last by a line end the table ends rows at (LF, CR:
// statemachine.Lane.LF, CR), in a scan with no bad-row search and no
// field offsets, past the first row (the header and the row that sets the
// width are the loop's). After a row that ended at a CR it first takes
// the LF of a CRLF, as the loop does (takeLF). It does what readRow, run,
// laneValues, endValue, finishRow and makeRow do for such a row, in one
// pass that keeps what it reads in locals: each value's slice of Row is
// made as the value ends. Its span is not: the spans of a lane row follow
// from Row and the row's bytes, and laneSpans makes them when they are
// asked for (ValueOffset, Quoted, a worker's batch), so that a scan that
// reads only Row does not pay for them.
//
// Where the lane declines anything (a value it cannot read, a line end the
// table does not end the row at, an empty line, the end of the buffer or
// of the maximum line size, a row of another width, whose error is the
// loop's) laneRow reports false having changed nothing the loop reads
// (the values it recorded are the row's to record again; an LF it took
// after a CR is taken as the loop takes it): readRow then reads the row
// from its start, exactly as if laneRow had not been called.
func (s *Scanner) laneRow() bool {
	// laneFast says that the last row was laneRow's and ended at an LF,
	// which leaves every condition below as it found it; otherwise they
	// are checked (after a CR, once the LF of a CRLF is taken).
	if !s.laneFast {
		if s.cur == sm.CarriageReturn && !s.takeLF() {
			return false // the loop reads on after the CR
		}
		if s.rows == 0 || s.width == 0 && !s.seg.on || s.cur != sm.RecordSeparator || s.pos != s.rowStart || s.vs != s.pos ||
			s.seg.seeking || s.seg.raw || s.trackStarts || s.comment >= 0 {
			return false
		}
	}
	limit := s.rowStart + s.opts.MaxLineSize + 1
	if limit > s.n || limit < 0 {
		limit = s.n
	}
	// Row and the spans are filled by index up to their capacity: n
	// values at most, the width when it is fixed (a row with more is the
	// loop's to read, and to report or to grow them for). A worker's rows
	// have any width (the merge checks them), and it keeps no Row.
	n := s.width
	if s.opts.FieldsPerRow < 0 {
		n = max(n, cap(s.row))
	}
	// A worker's segment (seg.on) or a range (seg.stop) reads no row that
	// starts at its stop offset or after it, and a worker records the
	// state at the offset recordAt: the lane reads no row across it
	// (recordLimit), and the state there, between two of its rows, is
	// taken as readRow takes it. (One test for a sequential scan.)
	if s.seg.on || s.seg.stop {
		s.record()
		if s.pastStop() {
			return s.declineRow()
		}
		limit = s.seg.recordLimit(s, limit)
		if s.seg.on {
			n = max(cap(s.row), cap(s.spans))
		}
	}
	if cap(s.row) < n || cap(s.spans) < n {
		s.row, s.spans = make([][]byte, n), make([]span, n)
	}
	// A local slice of length n, so that the test i >= len(row) at the
	// loop's top proves every row[i] below in bounds. s.row and s.spans
	// take the row's length at its end (endLaneRow); laneValue writes to
	// their arrays beyond their lengths.
	row := s.row[:n:n]
	s.scratch = s.scratch[:0]
	s.laneSpun, s.laneOwn = false, s.laneOwn[:0] // the spans are made when asked for (laneSpans)
	l, buf, delim, quote := s.lane, s.buf[:limit], s.laneDelim, s.laneQuote
	pos, i, quotes := s.pos, 0, 0
	var e int
	// m holds the enders and quotes after the last value's end in the
	// block at bb (skipper.Lane.Block): the values of a block end at its
	// bits, one TrailingZeros64 each. 0 when it is to be looked up again.
	var m uint64
	bb := 0
loop:
	for ; ; i++ {
		if i >= len(row) {
			return s.declineRow() // one value too many: the loop's error
		}
		if m == 0 {
			if m, bb = l.Block(pos); m == 0 && bb == 0 {
				m, bb = l.ValueBlock(pos) // past the kept blocks
			}
		}
		if m != 0 {
			e = bb + bits.TrailingZeros64(m)
			m &= m - 1
		} else {
			e = l.NextAfter(pos) // a value across a block's end
		}
		quotes = 0
		if uint(e) < uint(len(buf)) {
			switch buf[e] {
			case delim: // an unquoted value, then `,`
				row[i] = buf[pos:e:e]
				pos = e + 1
				continue
			case '\n': // the last value, unquoted
				row[i] = buf[pos:e:e]
				break loop
			case '\r': // the last value, unquoted, at a CR
				row[i] = buf[pos:e:e]
				return s.laneRowAtCR(i, pos, e, 0, n)
			case quote:
				m = 0 // the value's end is not the next bit
				if e != pos {
					break // a quote inside an unquoted value: Value declines
				}
				// `"…"`: the first quote after the opening one, in any
				// kept block, closes the value when an ender follows it
				// (otherwise it is `""`, or text after the closing quote:
				// Value's).
				if c := l.QuoteAfter(pos + 1); c > pos && uint(c+1) < uint(len(buf)) {
					switch buf[c+1] {
					case delim:
						row[i] = buf[pos+1 : c : c]
						pos = c + 2
						continue
					case '\n':
						row[i] = buf[pos+1 : c : c]
						e, quotes = c+1, 2
						break loop
					case '\r':
						row[i] = buf[pos+1 : c : c]
						return s.laneRowAtCR(i, pos, c+1, 2, n)
					}
				}
			}
		}
		// A quote, a CR, or no ender in pos's block: Value decides. (m is 0
		// for any value it reads: at a CR, or past limit, it declines.)
		var ok bool
		if e, quotes, ok = s.laneValue(i, pos, limit); !ok {
			return s.declineRow()
		}
		if buf[e] == delim {
			pos = e + 1
			continue
		}
		if buf[e] != '\n' {
			// A CR (Value ends values at the delimiter, LF and CR only):
			// the row ends there where the table says so. Apart, so that
			// the loop and the end of a row of LF keep to what a file of
			// LF ends needs.
			return s.laneRowAtCR(i, pos, e, quotes, n)
		}
		break // an LF ends the row
	}
	if !s.laneLF || e == pos && i == 0 {
		return s.declineRow() // an LF that ends no row (strict CRLF), or an empty line: the loop's
	}
	if s.opts.FieldsPerRow >= 0 && i+1 != n && !s.seg.on {
		return s.declineRow() // too few values: the loop's error
	}
	s.endLaneRow(i+1, n, e, s.laneBefore(buf, pos, e, quotes), sm.RecordSeparator)
	s.laneNext, s.laneFast = true, true
	s.rows++
	return true
}

// laneRowAtCR ends the row laneRow read, values 0 to i of n (in the arrays
// of s.row and s.spans), where its last value, from pos, ends at a CR at e,
// as the loop ends a row at a CR that ends a line: in CarriageReturn, the
// LF of a CRLF left to the next row (takeLF). It declines as laneRow does
// where the table does not end the row at a CR, at an empty line and at a
// row of too few values.
func (s *Scanner) laneRowAtCR(i, pos, e, quotes, n int) bool {
	if !s.laneCR || e == pos && i == 0 || s.opts.FieldsPerRow >= 0 && i+1 != n && !s.seg.on {
		return s.declineRow()
	}
	s.endLaneRow(i+1, n, e, s.laneBefore(s.buf, pos, e, quotes), sm.CarriageReturn)
	s.laneNext, s.laneFast = true, false // the next row takes the LF first
	s.rows++
	return true
}

// laneBefore returns the state of the table before the line end at e that
// ends the last value of a lane row, from pos, with quotes quotes (buf is
// the Scanner's buffer, in the caller's local).
func (s *Scanner) laneBefore(buf []byte, pos, e, quotes int) sm.State {
	switch {
	case quotes > 0:
		return sm.Unquoted
	case e == pos:
		return sm.Delimiter // an empty last value
	case s.laneBlank[buf[e-1]] && s.allBlank(pos, e):
		return sm.EmptySpace
	}
	return sm.Standard
}

// endLaneRow ends a row laneRow read, its k values in the arrays of s.row
// and s.spans (the spans to be made), n long, at the line end at e, as the
// loop and finishRow end one: the table in state end after before. (The
// caller sets laneNext and laneFast, and counts the row.) The two slices
// are cut from themselves, so that only their lengths are stored: a slice
// of a field assigned to that field stores no pointer, and so costs no
// write barrier while the collector marks (two a row, beside the one
// of each value's slice).
func (s *Scanner) endLaneRow(k, n, e int, before, end sm.State) {
	s.spans = s.spans[:k:n]
	s.row = s.row[:k:n]
	s.seg.emptyRow = false
	s.seg.rowStart, s.seg.rowEnd = s.base+int64(s.rowStart), s.base+int64(e)
	s.rowBegin, s.lastLine = s.rowStart, s.rowLine
	s.lineEnd(e)
	s.prev, s.cur, s.pos = before, end, e+1
}

// takeLF reads the LF of a CRLF whose CR ended the last row, as the loop's
// CRLF case does: the row after it starts past the LF, in RecordSeparator
// after CarriageReturn. So laneRow reads every row of a CRLF file, not
// every other one. It reports false having read nothing where the loop is
// to read on after the CR: the lane does not take CR as a line end, the
// byte after it is not an LF or not in the buffer yet, the scan stops at
// the LF (a worker's segment, a range), or it is in a mode laneRow
// leaves to the loop.
func (s *Scanner) takeLF() bool {
	pos := s.pos
	if !s.laneCR || pos >= s.n || s.buf[pos] != '\n' || pos != s.rowStart || s.vs != pos ||
		s.seg.seeking || s.seg.raw || s.trackStarts || s.comment >= 0 {
		return false
	}
	if s.seg.on || s.seg.stop {
		s.record() // at the LF, as readRow records there
		if s.pastStop() {
			return false
		}
	}
	s.prev, s.cur = sm.CarriageReturn, sm.RecordSeparator
	s.pos, s.rowStart, s.vs = pos+1, pos+1, pos+1
	return true
}

// laneValue reads value i of a row laneRow reads, at pos, with
// skipper.Lane.Value, and makes its slice of Row (in the array of s.row).
// A value with doubled quotes is unescaped into a copy, so that its span
// does not follow from Row: laneValue makes it (in the array of s.spans),
// and laneOwn records where the next value starts, for laneSpans. Any
// other value is of laneRow's own kinds, unquoted or `"…"` with no quote
// inside, whose spans laneStep makes when asked for. It returns the
// value's end and its quotes, or false where the lane declines. (laneRow
// reads a value `"…"` whose closing quote lies in the kept blocks itself.)
func (s *Scanner) laneValue(i, pos, limit int) (int, int, bool) {
	e, quotes, ok := s.lane.Value(pos, limit)
	switch {
	case !ok:
		return 0, 0, false
	case quotes == 0:
		s.row[:i+1][i] = s.buf[pos:e:e]
		return e, 0, true
	case quotes == 2: // `"…"`, nothing to unescape
		s.row[:i+1][i] = s.buf[pos+1 : e-1 : e-1]
		return e, 2, true
	}
	// `"…"` with doubled quotes inside.
	s.laneOwn = append(s.laneOwn, laneEnd{value: i, next: e + 1})
	sp := s.unescape(pos+1, e-1, nil)
	sp.quoted = true
	s.spans[:i+1][i] = sp
	if sp.scratch {
		s.row[:i+1][i] = s.scratch[sp.start:sp.end:sp.end]
	} else {
		s.row[:i+1][i] = s.buf[sp.start:sp.end:sp.end]
	}
	return e, quotes, true
}

// laneEnd is a value of a lane row that laneValue read, and where the
// value after it starts.
type laneEnd struct{ value, next int }

// laneSpans makes the spans of the row laneRow read that it left to be
// made, so that s.spans holds the row's spans as the table-driven loop
// makes them. Every reader of s.spans after a Scan calls it first (a
// worker's batch reads such a row without them: batch.addLane); it does
// nothing for a row the loop read, or a second time.
func (s *Scanner) laneSpans() {
	if !s.laneNext || s.laneSpun {
		return
	}
	s.laneSpun = true
	p, spans, own, buf, quote := s.rowBegin, s.spans, s.laneOwn, s.buf, s.laneQuote
	row := s.row[:len(spans)]
	for i := range spans {
		if len(own) > 0 && own[0].value == i {
			p, own = own[0].next, own[1:]
			continue
		}
		var sp span
		sp.start, sp.end, p, sp.quoted = laneStep(buf, quote, p, len(row[i]))
		spans[i] = sp
	}
}

// laneStep finds where a value of a lane row that laneRow read itself
// lies, from where it starts in buf, p, and its length in Row, n: the
// value's bytes, where the next value starts, and whether it was quoted.
// Such a value is either unquoted, its bytes from p on, or `"…"` with no
// quote inside, and the next value starts after its ender; laneValue
// made the span of every other value (laneOwn says where the value after
// it starts). So a value that starts with the quote is quoted: an
// unquoted value of laneRow's does not, and an empty one starts at its
// ender.
func laneStep(buf []byte, quote byte, p, n int) (start, end, next int, quoted bool) {
	q := 0 // 1 for a quoted value: no branch on the data
	if buf[p] == quote {
		q = 1
	}
	start = p + q
	return start, start + n, start + n + 1 + q, q == 1 // past the closing quote and the ender
}

// declineRow undoes what laneRow recorded of a row it could not read
// whole, and reports false.
func (s *Scanner) declineRow() bool {
	s.laneNext, s.laneFast = false, false
	s.spans = s.spans[:0]
	s.scratch = s.scratch[:0]
	s.quoted, s.escaped = false, false
	return false
}
