package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/csvscan/csvscan/internal/simd"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// Why this file is over 600 lines: the table-driven loop, input handling
// (fill, shift, BOM, skip lines) and the lane's entry; issue 14 cuts it
// into those three files.

// span is one value of the row being read: bytes [start, end) of the buffer,
// or of the scratch area when the value had to be unescaped.
type span struct {
	start, end int
	scratch    bool
	quoted     bool // the value opened with a quote
}

// Scanner reads rows of CSV, one per call to Scan, in the manner of
// bufio.Scanner. It reads an io.Reader in bounded memory (the buffer, plus
// the longest row, plus MaxLineSize at most) or scans a byte slice in place.
//
// A Scanner is not safe for concurrent use.
type Scanner struct {
	opts Options
	tab  *sm.Table
	next *[256][sm.NumStates]sm.State
	skip struct{ standard, quoted, comment *[256]bool }
	sk   *skipper.Skipper
	dlen int // delimiter length in bytes

	// The quote-aware lane, when the table reads plain CSV
	// (statemachine.Table.Lane); nil otherwise.
	lane      *skipper.Lane
	laneDelim byte
	laneBlank *[256]bool

	quoteStop   byte // the byte that ends a quoted run, when quoteStopOK
	quoteStopOK bool
	lineEnds    []byte // the bytes that end a line after unquoted text

	r       io.Reader // nil when scanning a byte slice
	buf     []byte    // buf[:n] holds input; buf[0] is at offset base
	n       int
	base    int64
	eof     bool
	readErr error // a read error, reported once the bytes before it are read
	started bool

	// The machine and where it is. Offsets are indexes into buf.
	prev, cur sm.State
	pos       int
	rowStart  int  // first byte of the current line
	vs        int  // first byte of the current value
	quoted    bool // the current value opened with a quote at qopen
	escaped   bool // the current value needs unescaping
	qopen     int
	qclose    int // the last quote that may close it
	qlast     int // the last byte that took the machine into quotes (from a state outside them)
	comment   int // where a comment opened on this line, or -1
	rowBegin  int // where the row that just ended began

	// Line numbers, as DuckDB counts them: line ends outside quotes.
	lines    int // line ends read so far (a CRLF counts once)
	rowLine  int // the 1-based line where the current row starts
	lastLine int // the line of the row that just ended

	bad []*ParseError // rows skipped with IgnoreErrors, not yet taken

	seg segment // the parallel worker's settings; zero in a sequential scan

	trackStarts bool    // record where each value starts (FieldOffsets)
	starts      []int64 // input offsets of the current row's values

	spans   []span
	scratch []byte
	row     [][]byte
	header  []string
	width   int // row width, 0 until known
	rows    int // rows completed, header included
	err     error
}

// New returns a Scanner reading r.
func New(r io.Reader, opts Options) (*Scanner, error) {
	s, err := newScanner(opts)
	if err != nil {
		return nil, err
	}
	s.r = r
	s.buf = make([]byte, s.opts.BufferSize)
	return s, nil
}

// NewBytes returns a Scanner over data. Values that need no unescaping are
// slices of data itself.
func NewBytes(data []byte, opts Options) (*Scanner, error) {
	s, err := newScanner(opts)
	if err != nil {
		return nil, err
	}
	s.buf = data
	s.n = len(data)
	s.eof = true
	return s, nil
}

func newScanner(opts Options) (*Scanner, error) {
	opts = opts.withDefaults()
	t, err := sm.For(opts.Dialect)
	if err != nil {
		return nil, err
	}
	s := &Scanner{opts: opts, tab: t, next: t.Transitions(), dlen: len(opts.Dialect.Delimiter)}
	s.skip.standard, s.skip.quoted, s.skip.comment = t.SkipStandard(), t.SkipQuoted(), t.SkipComment()
	s.sk = skipper.New(t.StopPatterns())
	s.quoteStop, s.quoteStopOK = t.QuotedStop()
	s.lineEnds = lineEndBytes(s.next)
	if l, ok := t.Lane(); ok && simd.Available {
		// The lane pays where its masks come from a vector kernel; with the
		// portable masks the skipper alone is faster.
		s.lane, s.laneDelim, s.laneBlank = skipper.NewLane(l), l.Delimiter, &l.Blank
	}
	s.prev, s.cur = sm.NotSet, sm.NotSet
	s.comment = -1
	s.rowLine = 1
	if opts.FieldsPerRow > 0 {
		s.width = opts.FieldsPerRow
	}
	return s, nil
}

// Table returns the transition table the scanner runs.
func (s *Scanner) Table() *sm.Table { return s.tab }

// Header returns the header row when Options.Header is set, after the first
// call to Scan; it is nil otherwise. The strings are the scanner's own.
func (s *Scanner) Header() []string { return s.header }

// Row returns the values of the row read by the last successful Scan. The
// slices point into the scanner's buffers and are valid only until the next
// call to Scan; copy what you keep.
func (s *Scanner) Row() [][]byte { return s.row }

// Quoted reports whether value i of the row Row returns was written in
// quotes ("" is a quoted empty value, an empty field is not). It is valid
// until the next Scan.
func (s *Scanner) Quoted(i int) bool { return i < len(s.spans) && s.spans[i].quoted }

// TrackFieldOffsets makes the scanner record where each value of a row
// starts, for FieldOffsets. It costs a little per value; call it before the
// first Scan.
func (s *Scanner) TrackFieldOffsets() { s.trackStarts = true }

// FieldOffsets returns, after TrackFieldOffsets, the input offset where each
// value of the current row starts: its first byte, or the first byte after
// the delimiter for a value with leading spaces or an opening quote. It is
// valid until the next Scan. An empty line read as a one-value row has no
// offsets.
func (s *Scanner) FieldOffsets() []int64 { return s.starts }

// RowOffset returns the input offset where the current row starts.
func (s *Scanner) RowOffset() int64 { return s.seg.rowStart }

// LineNumber returns the line where the row Row returns starts, counting
// line ends outside quotes from 1 (a CRLF is one), as DuckDB numbers lines:
// empty and comment lines count, a line end inside quotes does not.
func (s *Scanner) LineNumber() int { return s.lastLine }

// RowNumber returns the 1-based number of the row Row returns (the header,
// when there is one, is row 1).
func (s *Scanner) RowNumber() int { return s.rows }

// Err returns the error that stopped the scan, or nil at the end of input.
// A parse error is a *ParseError; a read error is returned as the reader
// gave it.
func (s *Scanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

// Scan reads the next data row. It returns false at the end of input or on
// an error; Err tells which.
func (s *Scanner) Scan() bool {
	if s.err != nil {
		return false
	}
	if !s.started {
		s.started = true
		if !s.start() {
			return false
		}
	}
	for {
		if !s.readRow() {
			return false
		}
		if s.rows == 1 && s.opts.Header {
			s.header = make([]string, len(s.row))
			for i, v := range s.row {
				s.header[i] = string(v)
			}
			continue
		}
		return true
	}
}

// start drops a UTF-8 byte order mark, also when a short read splits it.
func (s *Scanner) start() bool {
	for s.n < 3 && !s.eof {
		if !s.fill() {
			break
		}
	}
	if s.n >= 3 && s.buf[0] == 0xEF && s.buf[1] == 0xBB && s.buf[2] == 0xBF {
		s.pos, s.rowStart, s.vs = 3, 3, 3
	}
	if s.opts.SkipRows > 0 {
		s.skipLines(s.opts.SkipRows)
	}
	s.resetSkip()
	return true
}

// resetSkip hands the skipper and the lane the buffer's current bytes.
func (s *Scanner) resetSkip() {
	s.sk.Reset(s.buf[:s.n])
	if s.lane != nil {
		s.lane.Reset(s.buf[:s.n])
	}
}

// skipLines drops the first n lines (Options.SkipRows): every byte up to
// and including the n-th line end (LF, CRLF or a lone CR), quotes or not.
// Skipped bytes leave the buffer as they are passed, so a long preamble
// costs no memory.
func (s *Scanner) skipLines(n int) {
	skipped := 0
	for skipped < n {
		if s.pos == s.n || (s.buf[s.pos] == '\r' && s.pos+1 == s.n && !s.eof) {
			// More input is needed, or the byte after a CR.
			if s.eof {
				break
			}
			s.rowStart, s.vs = s.pos, s.pos
			if !s.fill() && (s.pos == s.n || !s.eof) {
				break
			}
			continue
		}
		c := s.buf[s.pos]
		s.pos++
		switch c {
		case '\n':
			skipped++
		case '\r':
			if s.pos < s.n && s.buf[s.pos] == '\n' {
				s.pos++
			}
			skipped++
		}
	}
	s.rowStart, s.vs = s.pos, s.pos
	s.lines += skipped
	s.rowLine = s.lines + 1
}

// readRow runs the machine until a row is complete, filling the buffer as
// needed. It returns false at the end of input or on an error.
func (s *Scanner) readRow() bool {
	s.spans = s.spans[:0]
	s.starts = s.starts[:0]
	s.scratch = s.scratch[:0]
	s.seg.emptyRow = false
	s.record()
	if s.pastStop() {
		s.err = io.EOF
		return false
	}
	for {
		r := s.run()
		s.record()
		switch r {
		case rowDone:
			if s.finishRow(s.pos - 1) {
				return true
			}
			if s.skipBadRow(false) {
				continue
			}
			return false
		case again:
		case stopped:
			s.err = io.EOF
			return false
		case needInput:
			switch {
			case s.seg.raw:
				if s.seg.on && !s.eof {
					// A worker does not read ahead for a bad row's end:
					// the merge finds it in the boundaries that follow
					// (Parallel.exact), so no buffer is loaded for it.
					s.seg.rawFrom = s.base + int64(s.pos)
					s.err = io.EOF
					return false
				}
				s.rowStart = s.pos // nothing before pos is needed
			case s.seg.seeking && !s.seg.countSeek:
				s.rowStart = s.pos // nothing before pos is needed yet
			case s.seg.seeking:
				// A bad row run to its end by the table keeps its bytes (at
				// most the maximum line size): past the limit its end is
				// looked for from its last opening quote (startRaw).
			case s.pos-s.rowStart > s.opts.MaxLineSize:
				s.fail(ErrLineTooLong, s.rowStart+s.opts.MaxLineSize,
					fmt.Sprintf("a row of at most %d bytes", s.opts.MaxLineSize))
				if s.skipBadRow(true) {
					continue
				}
				return false
			}
			if s.eof || !s.fill() {
				if s.atEOF() {
					return true
				}
				if s.skipBadRow(false) {
					continue
				}
				return false
			}
		case failed:
			if s.skipBadRow(true) {
				continue
			}
			return false
		}
	}
}

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
	s.bad = append(s.bad, pe)
	s.err = nil
	s.rows++ // a skipped row keeps its number
	s.spans = s.spans[:0]
	s.starts = s.starts[:0]
	s.scratch = s.scratch[:0]
	s.quoted, s.escaped = false, false
	s.comment = -1
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

type runResult uint8

const (
	needInput runResult = iota // the buffer is used up
	rowDone                    // a row ended at s.pos-1
	failed                     // s.err is set
	again                      // stopped at the offset whose state is recorded: go on
	stopped                    // the next row starts at or after the segment's stop offset
)

// run is the table-driven loop: one transition per byte, the skipper over
// runs of bytes that cannot change the state, and the bookkeeping of values
// and rows on the states that mean something.
func (s *Scanner) run() runResult {
	if s.seg.raw {
		if r := s.rawSkip(); r != rowDone {
			return r
		}
		if s.pastStop() {
			return stopped
		}
	}
	if s.seg.seeking {
		if r := s.seek(); r != rowDone {
			return r
		}
		if s.pastStop() {
			return stopped
		}
	}
	buf := s.buf[:s.n]
	next := s.next
	prev, cur := s.prev, s.cur
	pos := s.pos
	limit := s.limit()
	if s.lane != nil && pos == s.vs && (cur == sm.RecordSeparator || cur == sm.Delimiter || cur == sm.NotSet) {
		var done bool
		if pos, prev, cur, done = s.laneValues(pos, limit, prev, cur); done {
			return rowDone
		}
	}
	for pos < limit {
		prev = cur
		cur = next[buf[pos]][cur]
		switch cur {
		case sm.Standard:
			// Inside an unquoted value: jump to the next byte that may matter.
			pos = s.sk.SkipToStop(s.skip.standard, pos+1, limit)
			continue

		case sm.Delimiter: // `,` ends a value
			s.endValue(pos + 1 - s.dlen)
			s.vs = pos + 1
			if s.lane != nil {
				var done bool
				if pos, prev, cur, done = s.laneValues(pos+1, limit, prev, cur); done {
					return rowDone
				}
				continue
			}

		case sm.RecordSeparator, sm.CarriageReturn:
			p := sm.Pair{Prev: prev, Cur: cur}
			switch {
			case p.CRLF(): // the LF of a CRLF: part of the line end before it
				s.rowStart, s.vs = pos+1, pos+1
				limit = s.limit()
				if s.pastStop() {
					s.prev, s.cur, s.pos = prev, cur, pos+1
					return stopped
				}
				if s.lane != nil {
					var done bool
					if pos, prev, cur, done = s.laneValues(pos+1, limit, prev, cur); done {
						return rowDone
					}
					continue
				}
			case p.EmptyLine(): // `\n\n`
				s.rowBegin, s.lastLine = s.rowStart, s.rowLine
				s.lineEnd(pos)
				limit = s.limit()
				if s.seg.on || s.width == 1 {
					// A row of one empty value; a worker reports every
					// empty line and the merge decides.
					s.seg.emptyRow = true
					s.spans = append(s.spans, span{})
					s.prev, s.cur, s.pos = prev, cur, pos+1
					return rowDone
				}
				if s.pastStop() {
					s.prev, s.cur, s.pos = prev, cur, pos+1
					return stopped
				}
			case s.comment >= 0: // a line ending in a comment
				keep := s.endComment()
				s.rowBegin, s.lastLine = s.rowStart, s.rowLine
				s.lineEnd(pos)
				limit = s.limit()
				if keep {
					s.prev, s.cur, s.pos = prev, cur, pos+1
					return rowDone
				}
				if s.pastStop() {
					s.prev, s.cur, s.pos = prev, cur, pos+1
					return stopped
				}
			default: // `\n` ends a value and the row
				s.endValue(pos)
				s.rowBegin, s.lastLine = s.rowStart, s.rowLine
				s.lineEnd(pos)
				s.prev, s.cur, s.pos = prev, cur, pos+1
				return rowDone
			}

		case sm.Quoted:
			switch p := (sm.Pair{Prev: prev, Cur: cur}); {
			case p.Escaped(): // `""` inside quotes
				s.escaped = true
			case p.OpensQuote(): // `,"` opens a quoted value
				s.quoted = true
				s.qopen = pos
			}
			if !prev.InQuotes() {
				s.qlast = pos
			}
			if s.quoteStopOK {
				// One byte ends the run: find it with the vector unit.
				// Line ends inside are skipped too, which is exact because
				// Quoted and QuotedNewLine act as one state (see
				// statemachine.Table.QuotedStop).
				if i := bytes.IndexByte(buf[pos+1:limit], s.quoteStop); i >= 0 {
					pos += 1 + i
				} else {
					pos = limit
				}
				continue
			}
			pos = s.sk.SkipToStop(s.skip.quoted, pos+1, limit)
			continue

		case sm.Unquoted:
			if (sm.Pair{Prev: prev, Cur: cur}).ClosesQuote() { // `"` may close the value
				s.qclose = pos
			}

		case sm.Escape, sm.UnquotedEscape, sm.EscapedReturn:
			s.escaped = true

		case sm.Comment:
			if prev != sm.Comment {
				s.comment = pos
			}
			pos = s.sk.SkipToStop(s.skip.comment, pos+1, limit)
			continue

		case sm.Invalid:
			s.prev, s.cur, s.pos = prev, cur, pos+1 // the byte is read: a skipped row goes on after it
			if prev == sm.Unquoted {
				s.fail(ErrUnquotedValue, pos, fmt.Sprintf("a delimiter or a line end after the closing quote, found %q", buf[pos]))
			} else {
				s.fail(ErrInvalidState, pos, fmt.Sprintf("a byte the dialect allows outside quotes, found %q (%v)", buf[pos], s.opts.Dialect))
			}
			return failed
		}
		pos++
	}
	s.prev, s.cur, s.pos = prev, cur, pos
	if pos < len(buf) {
		if pos-s.rowStart > s.opts.MaxLineSize {
			// Stopped by the maximum line size.
			s.fail(ErrLineTooLong, s.rowStart+s.opts.MaxLineSize,
				fmt.Sprintf("a row of at most %d bytes", s.opts.MaxLineSize))
			return failed
		}
		return again // stopped where a worker records the state
	}
	return needInput
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
			// A line end. The state before it:
			before := sm.Standard
			switch {
			case quotes > 0:
				before = sm.Unquoted
			case e == pos:
				if cur != sm.Delimiter {
					return pos, prev, cur, false // an empty line: the table's
				}
				before = sm.Delimiter // an empty last value
			case s.laneBlank[s.buf[e-1]] && s.allBlank(pos, e):
				before = sm.EmptySpace
			}
			if c != '\n' {
				return e, before, before, false // CR: the table reads it
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

// limit is where run must stop: the end of the buffer, or the byte after the
// last one the current line may hold.
func (s *Scanner) limit() int {
	l := s.rowStart + s.opts.MaxLineSize + 1
	if l > s.n || l < 0 {
		l = s.n
	}
	return s.seg.recordLimit(s, l)
}

// lineEnd moves the start of the line and of the value past the line end at
// pos and forgets the line's comment.
func (s *Scanner) lineEnd(pos int) {
	s.rowStart = pos + 1
	s.vs = pos + 1
	s.comment = -1
	s.lines++
	s.rowLine = s.lines + 1
}

// endValue ends the current value at e (exclusive) and records its span.
func (s *Scanner) endValue(e int) {
	if s.trackStarts {
		s.starts = append(s.starts, s.base+int64(s.vs))
	}
	if !s.quoted {
		if !s.escaped {
			s.spans = append(s.spans, span{start: s.vs, end: e})
			return
		}
		s.spans = append(s.spans, s.unescape(s.vs, e, nil))
		s.escaped = false
		return
	}
	// `"inner" tail`: tail is what follows the closing quote, spaces at its
	// end dropped (strict mode allows nothing else there).
	inner0, inner1 := s.qopen+1, s.qclose
	t0, t1 := s.qclose+1, e
	for t1 > t0 && s.buf[t1-1] == ' ' {
		t1--
	}
	switch {
	case !s.escaped && t0 == t1:
		s.spans = append(s.spans, span{start: inner0, end: inner1, quoted: true})
	case !s.escaped:
		start := len(s.scratch)
		s.scratch = append(s.scratch, s.buf[inner0:inner1]...)
		s.scratch = append(s.scratch, s.buf[t0:t1]...)
		s.spans = append(s.spans, span{start: start, end: len(s.scratch), scratch: true, quoted: true})
	default:
		sp := s.unescape(inner0, inner1, s.buf[t0:t1])
		sp.quoted = true
		s.spans = append(s.spans, sp)
	}
	s.quoted = false
	s.escaped = false
}

// unescape copies buf[a:b] into the scratch area without its escape bytes
// (an escape makes the next byte literal), followed by tail.
func (s *Scanner) unescape(a, b int, tail []byte) span {
	esc, _ := s.opts.Dialect.Escape.Byte()
	start := len(s.scratch)
	v := s.buf[a:b]
	for {
		// Copy up to the next escape, then the byte it makes literal.
		i := bytes.IndexByte(v, esc)
		if i < 0 || i == len(v)-1 {
			if i >= 0 {
				v = v[:i] // an escape at the very end escapes nothing
			}
			s.scratch = append(s.scratch, v...)
			break
		}
		s.scratch = append(s.scratch, v[:i]...)
		s.scratch = append(s.scratch, v[i+1])
		v = v[i+2:]
	}
	s.scratch = append(s.scratch, tail...)
	return span{start: start, end: len(s.scratch), scratch: true}
}

// endComment applies the comment rule at the end of a line with a comment:
// it reports whether the line is a row (values before the comment) and, if
// so, ends its last value at the comment.
func (s *Scanner) endComment() bool {
	if len(s.spans) == 0 {
		blank := true
		for _, c := range s.buf[s.vs:s.comment] {
			if c != ' ' {
				blank = false
				break
			}
		}
		if blank {
			s.quoted, s.escaped = false, false
			return false
		}
	}
	s.endValue(s.comment)
	return true
}

// atEOF finishes the input: the last row when it has no line end, or the
// error of an open quote.
func (s *Scanner) atEOF() bool {
	s.rowBegin, s.lastLine = s.rowStart, s.rowLine
	if s.readErr != nil {
		s.err = s.readErr
		return false
	}
	switch {
	case s.seg.seeking || s.seg.raw:
		s.err = io.EOF // the segment holds no row start, or a bad row ran to the end
		return false
	case s.cur.InQuotes():
		s.failAt(ErrUnterminatedQuote, s.qopen, len(s.spans)+1, "a closing quote before the end of input")
		return false
	case s.quoted && !s.opts.Dialect.Lenient &&
		(s.cur == sm.DelimiterFirstByte || s.cur == sm.DelimiterSecondByte || s.cur == sm.DelimiterThirdByte):
		// The input ends in the first bytes of a multi-byte delimiter
		// after a closing quote: text after a closing quote (strict).
		s.failAt(ErrUnquotedValue, s.qclose+1, len(s.spans)+1, "a delimiter or a line end after the closing quote, found the end of input inside a delimiter")
		return false
	case s.cur == sm.Comment:
		keep := s.endComment()
		s.comment = -1
		s.cur = sm.RecordSeparator
		if !keep {
			s.err = io.EOF
			return false
		}
		return s.finishRow(s.n)
	case s.cur == sm.RecordSeparator || s.cur == sm.CarriageReturn || s.cur == sm.NotSet:
		s.err = io.EOF
		return false
	}
	s.endValue(s.n)
	s.cur = sm.RecordSeparator
	return s.finishRow(s.n)
}

// finishRow checks the row's width and makes Row's slices. end is the
// offset of the row's line end (or of the end of input).
func (s *Scanner) finishRow(end int) bool {
	count := len(s.spans)
	s.seg.rowStart, s.seg.rowEnd = s.base+int64(s.rowBegin), s.base+int64(end)
	if s.seg.on {
		// A worker's rows are raw: the merge in file order applies the
		// header, the row width and the field count.
		s.rows++
		return true
	}
	if s.width == 0 {
		s.width = count
	}
	pad := 0
	if count != s.width && s.opts.FieldsPerRow >= 0 {
		if s.opts.NullPadding || s.opts.TrailingDelimiter {
			count, pad = s.fitRow(count)
		}
		if count+pad != s.width {
			field := count + 1
			if count > s.width {
				field = s.width + 1
			}
			s.failAt(ErrFieldCount, end, field, fmt.Sprintf("%d fields, found %d", s.width, count))
			pe := s.err.(*ParseError)
			pe.Line, pe.RowOffset = s.lastLine, s.base+int64(s.rowBegin) // the row has ended
			return false
		}
	}
	s.rows++
	if cap(s.row) < count+pad {
		s.row = make([][]byte, count+pad)
	}
	s.row = s.row[:count+pad]
	for i, sp := range s.spans {
		if sp.scratch {
			s.row[i] = s.scratch[sp.start:sp.end:sp.end]
		} else {
			s.row[i] = s.buf[sp.start:sp.end:sp.end]
		}
	}
	for i := count; i < count+pad; i++ {
		s.row[i] = nil // NullPadding
		if s.trackStarts {
			s.starts = append(s.starts, s.seg.rowEnd)
		}
	}
	return true
}

// fitRow applies Options.TrailingDelimiter and NullPadding to a row of
// count values that is not as wide as the width: it returns the number of
// values kept and the number of nil values to add.
func (s *Scanner) fitRow(count int) (int, int) {
	if s.opts.TrailingDelimiter && count == s.width+1 && s.spans[count-1].end == s.spans[count-1].start {
		count--
		s.spans = s.spans[:count]
		s.starts = s.starts[:min(len(s.starts), count)]
	}
	if s.opts.NullPadding && count < s.width {
		return count, s.width - count
	}
	return count, 0
}

func (s *Scanner) fail(kind error, at int, msg string) {
	s.failAt(kind, at, len(s.spans)+1, msg)
}

func (s *Scanner) failAt(kind error, at, field int, msg string) {
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

// shift moves every buffer offset d bytes down, after the bytes before d
// were dropped from the buffer.
func (s *Scanner) shift(d int) {
	s.n -= d
	s.base += int64(d)
	s.pos -= d
	s.rowStart -= d
	s.vs -= d
	s.qopen -= d
	s.qclose -= d
	s.qlast -= d
	if s.comment >= 0 {
		s.comment -= d
	}
	for i := range s.spans {
		if !s.spans[i].scratch {
			s.spans[i].start -= d
			s.spans[i].end -= d
		}
	}
}

// fill moves the current line to the front of the buffer and reads more
// input after it. It returns false when no byte was added: at the end of
// input, or on a read error (kept in readErr until the bytes before it are
// read).
func (s *Scanner) fill() bool {
	if s.seg.borrowed {
		// The buffer is someone else's (a pinned input buffer): move the
		// current line to memory of our own and read on from seg.more.
		if s.seg.more == nil {
			s.eof = true
			return false
		}
		// Only the row that straddles the buffer's end is read from
		// here on: a sequential scanner's buffer is enough to start with,
		// not a parallel one's 32 MiB, which would cost the whole
		// allocation and its zeroing at every buffer end.
		own := make([]byte, max(min(s.opts.BufferSize, DefaultBufferSize), 2*(s.n-s.rowStart)))
		copy(own, s.buf[s.rowStart:s.n])
		s.shift(s.rowStart)
		s.buf, s.r, s.seg.borrowed = own, s.seg.more, false
	}
	if s.r == nil {
		s.eof = true
		return false
	}
	if l, ok := s.r.(lender); ok {
		return s.fillLent(l)
	}
	if d := s.rowStart; d > 0 {
		copy(s.buf, s.buf[d:s.n])
		s.shift(d)
	}
	if s.n == len(s.buf) {
		// One line fills the buffer: grow it, up to what the longest
		// allowed line needs.
		grown := make([]byte, min(2*len(s.buf), s.opts.MaxLineSize+s.opts.BufferSize+4))
		if len(grown) <= s.n {
			grown = make([]byte, s.n+s.opts.BufferSize)
		}
		copy(grown, s.buf[:s.n])
		s.buf = grown
	}
	added := 0
	for tries := 0; added == 0 && !s.eof; tries++ {
		m, err := s.r.Read(s.buf[s.n:])
		if m < 0 || m > len(s.buf)-s.n {
			m, err = 0, errors.New("csvscan: the reader returned an invalid count")
		} else if m == 0 && err == nil && tries >= 100 {
			err = io.ErrNoProgress
		}
		s.n += m
		added += m
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.readErr = err
			}
		}
	}
	s.resetSkip()
	return added > 0
}

// A lender is a source that lends the Scanner the bytes it holds instead
// of having them copied into the Scanner's buffer (the drop-in Reader's
// input, which keeps the bytes anyway).
type lender interface {
	io.Reader
	// lend returns the input from offset from (counted from the Scanner's
	// first byte) to as far as it holds, having read more past offset
	// have; when it could not, it returns the source's error too (io.EOF
	// at the end). The bytes stay valid and unchanged until the next call.
	lend(from, have int64) ([]byte, error)
}

// newLent returns a Scanner that reads in the buffer of l.
func newLent(l lender, opts Options) (*Scanner, error) {
	s, err := newScanner(opts)
	if err != nil {
		return nil, err
	}
	s.r = l
	return s, nil
}

// fillLent is fill over a lender: the buffer becomes the lender's bytes
// from the current line on.
func (s *Scanner) fillLent(l lender) bool {
	held := s.n - s.rowStart
	b, err := l.lend(s.base+int64(s.rowStart), s.base+int64(s.n))
	s.shift(s.rowStart)
	s.buf, s.n = b, len(b)
	if err != nil {
		s.eof = true
		if err != io.EOF {
			s.readErr = err
		}
	}
	s.resetSkip()
	return len(b) > held
}
