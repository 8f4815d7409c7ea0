package scanner

import (
	"bytes"

	sm "github.com/csvscan/csvscan/statemachine"
)

// Bad rows: with Options.IgnoreErrors a row with a parse error is kept for
// TakeBadRows and reading resumes at its end, found by the table or, past
// the maximum line size, by the first line-end byte (docs/reading-rules.md,
// "Bad rows").

// skipBadRow, with Options.IgnoreErrors, turns the parse error just found
// into a skipped row: it is kept for TakeBadRows, the row's values are
// dropped, and (when seek is set) the row's end is looked for, where
// reading resumes: by the table from the state the error left, or, for a
// row over the maximum line size, without it (startRaw). It reports
// whether the scan goes on.
func (s *Scanner) skipBadRow(seek bool) bool {
	pe, ok := s.err.(*ParseError)
	if !ok || !s.opts.IgnoreErrors {
		return false
	}
	if s.holdsBad() {
		s.bad = append(s.bad, pe)
	} else if s.seg.on {
		// A parallel worker counts the rows past the bound, for the
		// merge to number the rows after them (batch.addSkipped). Its
		// bad rows are taken after each good row (segmentFirst), so the
		// bound is one on each run of them, as batch.addBad's.
		s.seg.badMore++
	}
	s.err = nil
	s.rows++ // a skipped row keeps its number
	s.spans = s.spans[:0]
	s.starts = s.starts[:0]
	s.scratch = s.scratch[:0]
	s.quoted, s.escaped = false, false
	s.comment = -1
	s.seg.emptyRow = false // a skipped empty line (EmptyLineRows) is not the next row
	if pe.Kind == ErrFieldCount {
		return true // the row has ended already
	}
	if !seek {
		s.cur = sm.RecordSeparator
		return true
	}
	if pe.Kind == ErrLineTooLong {
		s.startRaw()
		return true
	}
	s.seg.seeking, s.seg.countSeek = true, true
	return true
}

// startRaw begins the search for the end of a bad row that has reached the
// maximum line size (docs/reading-rules.md, "Bad rows"): the table no
// longer decides, the first line-end byte does. When the machine is inside
// quotes, that quote is taken for a stray one and the search starts again
// right after it (the bytes are still in the buffer: the row is at most the
// maximum line size long so far); otherwise it goes on from here.
func (s *Scanner) startRaw() {
	s.seg.seeking, s.seg.countSeek = false, false
	s.seg.raw = true
	if s.cur.InQuotes() && s.qlast+1 < s.pos {
		s.pos = s.qlast + 1
		s.rearm()
	}
}

// lineEndAt returns the index in b of the first byte that ends a line after
// unquoted text (the table goes from STANDARD to RECORD_SEPARATOR or
// CARRIAGE_RETURN on it), or -1.
func (s *Scanner) lineEndAt(b []byte) int {
	first := -1
	for _, c := range s.lineEnds {
		if i := bytes.IndexByte(b, c); i >= 0 && (first < 0 || i < first) {
			first = i
			b = b[:i] // the other byte only matters before it
		}
	}
	return first
}

// lineEndBytes returns the bytes on which the table goes from STANDARD to
// RECORD_SEPARATOR or CARRIAGE_RETURN: LF and CR, or one of them in strict
// modes.
func lineEndBytes(next *[256][sm.NumStates]sm.State) []byte {
	var out []byte
	for c := 0; c < 256; c++ {
		if st := next[c][sm.Standard]; st == sm.RecordSeparator || st == sm.CarriageReturn {
			out = append(out, byte(c))
		}
	}
	return out
}

// rawSkip looks for the end of a bad row without the table (startRaw). At
// its line end reading resumes, in the state the table gives that byte
// after unquoted text. It returns rowDone there, needInput if the buffer
// holds none.
func (s *Scanner) rawSkip() runResult {
	i := s.lineEndAt(s.buf[s.pos:s.n])
	end := s.n
	if i >= 0 {
		end = s.pos + i
	}
	if s.seg.on && s.seg.recordAt >= 0 && s.seg.recordAt-s.base <= int64(end) {
		// The recorded offset falls inside the bad line, which reads as
		// unquoted text: STANDARD is the next boundary's best guess.
		s.seg.recorded, s.seg.haveRec, s.seg.recordAt = sm.Standard, true, -1
	}
	if i < 0 {
		s.pos = s.n
		return needInput
	}
	s.seg.raw = false
	s.prev, s.cur = sm.Standard, s.next[s.buf[end]][sm.Standard]
	s.pos = end + 1
	s.rowStart, s.vs, s.comment = s.pos, s.pos, -1
	s.quoted, s.escaped = false, false
	s.lines++ // the bad row's line
	s.rowLine = s.lines + 1
	return rowDone
}

// TakeBadRows returns the rows skipped, with Options.IgnoreErrors, since
// the last call, in file order, as the errors they would have stopped the
// scan with; their row numbers are taken, the next good row's number
// follows them.
func (s *Scanner) TakeBadRows() []*ParseError {
	bad := s.bad
	s.bad = nil
	return bad
}

// holdsBad reports whether the next bad row is held for TakeBadRows: all of
// them with Options.MaxBadRows 0, the first MaxBadRows since the last take,
// none when it is negative.
func (s *Scanner) holdsBad() bool {
	lim := s.opts.MaxBadRows
	return lim == 0 || lim > 0 && len(s.bad) < lim
}
