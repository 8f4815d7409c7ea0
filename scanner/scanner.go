package scanner

import (
	"fmt"
	"io"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

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
	w    *skipper.Walker // the skip step, and the lane's decision
	dlen int             // delimiter length in bytes

	// The quote-aware lane, when the walker reads with it (the table reads
	// plain CSV, statemachine.Table.Lane, and the CPU has a vector kernel);
	// nil otherwise. See useLane.
	lane      *skipper.Lane
	laneDelim byte
	laneQuote byte
	laneBlank *[256]bool
	laneNext  bool      // the last row was laneRow's: the next one may be too
	laneFast  bool      // laneNext and the row ended at LF (not CR): laneRow's entry tests this one field
	laneLF    bool      // LF ends a row (statemachine.Lane.LF)
	laneCR    bool      // CR ends a row, and CRLF is one line end (statemachine.Lane.CR)
	laneSpun  bool      // the spans of the lane row are made (laneSpans)
	laneOwn   []laneEnd // the values of the lane row laneValue read

	lineEnds []byte // the bytes that end a line after unquoted text

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

	bad     []*ParseError // rows skipped with IgnoreErrors, not yet taken
	dropped ParseError    // the error of a bad row skipped and not held (failAt)

	seg segment // a worker's settings, a range's stop, a bad row's search, the last row's offsets

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

// newScanner returns a Scanner of opts with no input yet.
func newScanner(opts Options) (*Scanner, error) {
	opts = opts.withDefaults()
	k, err := newTableKit(opts.Dialect)
	if err != nil {
		return nil, err
	}
	return newScannerWith(opts, k, skipper.NewWalker(k.tab)), nil
}

// tableKit is what every scanner of one dialect reads and none changes:
// the transition table and the bytes that end a line after unquoted text.
// A Scanner builds its own; a parallel scan builds one for all its
// segments.
type tableKit struct {
	tab      *sm.Table
	lineEnds []byte
}

// newTableKit returns the tableKit of d.
func newTableKit(d dialect.Dialect) (tableKit, error) {
	t, err := sm.For(d)
	if err != nil {
		return tableKit{}, err
	}
	return tableKit{tab: t, lineEnds: lineEndBytes(t.Transitions())}, nil
}

// newScannerWith returns a Scanner of opts (with its defaults applied) that
// reads with k's table and the walker w, which must be k.tab's and is the
// Scanner's until it is done.
func newScannerWith(opts Options, k tableKit, w *skipper.Walker) *Scanner {
	t := k.tab
	s := &Scanner{opts: opts, tab: t, next: t.Transitions(), dlen: len(opts.Dialect.Delimiter)}
	s.w = w
	s.useLane()
	s.lineEnds = k.lineEnds
	s.prev, s.cur = sm.NotSet, sm.NotSet
	s.comment = -1
	s.rowLine = 1
	if opts.FieldsPerRow > 0 {
		s.width = opts.FieldsPerRow
	}
	return s
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
func (s *Scanner) Quoted(i int) bool {
	s.laneSpans()
	return i < len(s.spans) && s.spans[i].quoted
}

// TrackFieldOffsets makes the scanner record where each value of a row
// starts, for FieldOffsets. It costs a little per value; call it before the
// first Scan.
func (s *Scanner) TrackFieldOffsets() { s.trackStarts, s.laneNext, s.laneFast = true, false, false }

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
// A parse error is a *ParseError; a read error is a *ReadError, which
// names the row it stopped in and unwraps to the reader's error.
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
	if s.lane != nil && s.laneRow() {
		return true
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

// readRow runs the machine until a row is complete, filling the buffer as
// needed. It returns false at the end of input or on an error.
func (s *Scanner) readRow() bool {
	s.laneNext, s.laneFast = false, false
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
				if s.pastStop() {
					// The row after the skipped one is the next range's.
					s.err = io.EOF
					return false
				}
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
			pos = s.w.Skip(sm.Standard, pos+1, limit)
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
				if s.seg.on || s.width == 1 || s.opts.EmptyLineRows {
					// A row of one empty value; a worker reports every
					// empty line and the merge decides.
					s.seg.emptyRow = true
					s.spans = append(s.spans, span{start: pos, end: pos}) // at the line: ValueOffset 0
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
			// Where one byte ends the run, line ends inside are passed
			// over too (Quoted and QuotedNewLine act as one state, see
			// skipper.Walker.Skip).
			pos = s.w.Skip(sm.Quoted, pos+1, limit)
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
			pos = s.w.Skip(sm.Comment, pos+1, limit)
			continue

		case sm.Invalid:
			s.prev, s.cur, s.pos = prev, cur, pos+1 // the byte is read: a skipped row goes on after it
			s.failInvalid(prev == sm.Unquoted, pos)
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

// atEOF finishes the input: the last row when it has no line end, or the
// error of an open quote.
func (s *Scanner) atEOF() bool {
	s.rowBegin, s.lastLine = s.rowStart, s.rowLine
	if s.readErr != nil {
		s.err = s.readError(s.readErr)
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
			msg := "" // (a row skipped quietly has none: failAt)
			if !s.skipsQuietly() {
				msg = fmt.Sprintf("%d fields, found %d", s.width, count)
			}
			s.failAt(ErrFieldCount, end, field, msg)
			pe := s.err.(*ParseError)
			pe.Line, pe.RowOffset = s.lastLine, s.base+int64(s.rowBegin) // the row has ended
			if pe != &s.dropped {
				pe.Text = errorText(s.buf[:s.n], s.rowBegin, end-1) // the row without its line end
			}
			return false
		}
	}
	s.rows++
	s.makeRow(pad)
	return true
}
