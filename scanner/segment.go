package scanner

import (
	"io"

	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// segment holds the scan's settings and findings beyond the loop's own
// state. A parallel worker's scanner (on) uses all of it: where its rows
// may start, where to stop, which state to record for the boundary after
// it, its borrowed buffer. Every scanner uses some of it: the offsets of
// the row just read and whether it is an empty line (RowOffset, the
// drop-in Reader), the search for a bad row's end with IgnoreErrors
// (seeking, countSeek, raw), and, for a range (NewRange), stop and stopAt.
type segment struct {
	on         bool  // raw rows for a worker: no header, width or field count
	stop       bool  // a sequential scan that reads no row starting at or after stopAt (NewRange)
	seeking    bool  // still looking for the first row start (or the end of a bad row)
	countSeek  bool  // the line end seek finds counts as a line (a bad row's)
	raw        bool  // looking for a bad row's end without the table (Scanner.startRaw)
	stopAt     int64 // read no row that starts at or after this offset (-1: none)
	recordAt   int64 // record the state after the byte before this offset (-1: none, or recorded)
	recordOrig int64 // recordAt as given, for a bad row that makes the scan read bytes again
	recorded   sm.State
	haveRec    bool
	// rawFrom is where a worker stopped looking for its last row's end
	// (a bad row past the maximum line size), or -1: the merge looks on
	// from there.
	rawFrom int64
	// badMore counts the bad rows past Options.MaxBadRows that a worker
	// skipped without holding them (skipBadRow), since segmentFirst last
	// took them.
	badMore int

	borrowed bool      // buf is a pinned input buffer: copy before writing
	given    bool      // buf was given to a batch (giveBuffer): copy before writing
	more     io.Reader // the input after a borrowed buf

	firstRow         int64    // input offset of the first row start found, or -1
	firstState       sm.State // the state there
	emptyRow         bool     // the row just read is an empty line
	rowStart, rowEnd int64    // input offsets of the row just read and of its line end
}

// pastStop reports whether the next row would start at or after the stop
// offset, so that it belongs to the next boundary.
func (s *Scanner) pastStop() bool {
	return (s.seg.on || s.seg.stop) && s.seg.stopAt >= 0 && !s.seg.seeking && s.base+int64(s.rowStart) >= s.seg.stopAt
}

// record remembers the state when the scan is exactly at seg.recordAt.
func (s *Scanner) record() {
	if s.seg.on && s.seg.recordAt >= 0 && !s.seg.raw && s.base+int64(s.pos) == s.seg.recordAt {
		s.seg.recorded, s.seg.haveRec = s.cur, true
		s.seg.recordAt = -1
	}
}

// rearm makes the scan record its state again when it reads the recorded
// offset a second time: a bad row taken back to its opening quote
// (startRaw) changes what the bytes after it mean.
func (s *Scanner) rearm() {
	if s.seg.on && s.seg.recordOrig >= 0 && s.base+int64(s.pos) <= s.seg.recordOrig {
		s.seg.recordAt, s.seg.haveRec = s.seg.recordOrig, false
	}
}

// recordLimit lowers a loop limit to the offset whose state is recorded, so
// the loop stops there and record sees it.
func (g *segment) recordLimit(s *Scanner, limit int) int {
	if !g.on || g.recordAt < 0 {
		return limit
	}
	if r := g.recordAt - s.base; r > int64(s.pos) && r < int64(limit) {
		return int(r)
	}
	return limit
}

// seek runs the table from the current state without reading values, up to
// the first line end: the segment's first row starts right after it. It
// returns rowDone when it found one.
func (s *Scanner) seek() runResult {
	buf := s.buf[:s.n]
	next := s.next
	prev, cur := s.prev, s.cur
	pos := s.pos
	limit := s.seg.recordLimit(s, len(buf))
	// A line end at or after the stop offset starts no row of this segment.
	stop := len(buf)
	if s.seg.stopAt >= 0 && !s.seg.countSeek && s.seg.stopAt-s.base < int64(len(buf)) {
		stop = int(max(s.seg.stopAt-s.base, 0))
		limit = min(limit, stop)
	}
	// A bad row is read by the table up to the maximum line size at most.
	lineLimit := -1
	if s.seg.countSeek {
		lineLimit = s.rowStart + s.opts.MaxLineSize + 1
		if lineLimit < 0 || lineLimit > len(buf) {
			lineLimit = -1
		} else {
			limit = min(limit, lineLimit)
		}
	}
	for pos < limit {
		prev = cur
		cur = next[buf[pos]][cur]
		pos++
		if cur == sm.Quoted && !prev.InQuotes() {
			s.qlast = pos - 1
		}
		switch cur {
		case sm.RecordSeparator, sm.CarriageReturn:
			s.prev, s.cur, s.pos = prev, cur, pos
			s.seg.seeking = false
			if s.seg.countSeek {
				// The end of a bad row: a line like any other.
				s.seg.countSeek = false
				s.lines++
				s.rowLine = s.lines + 1
			} else {
				s.seg.firstRow, s.seg.firstState = s.base+int64(pos), cur
			}
			s.rowStart, s.vs, s.comment = pos, pos, -1
			s.quoted, s.escaped = false, false
			return rowDone
		case sm.Standard, sm.Quoted, sm.Comment:
			pos = s.w.Skip(cur, pos, limit)
		}
	}
	s.prev, s.cur, s.pos = prev, cur, pos
	if pos == lineLimit {
		// The byte at the limit did not end the bad row: its end is
		// found without the table.
		s.startRaw()
		return again
	}
	if !s.seg.countSeek && (pos >= stop && stop < len(buf) || s.seg.stopAt >= 0 && s.base+int64(pos) >= s.seg.stopAt) {
		s.record()
		return stopped
	}
	if pos < len(buf) {
		return again
	}
	return needInput
}

// lineEndState reports whether a row starts right after a byte that left
// the machine in state st.
func lineEndState(st sm.State) bool {
	return st == sm.RecordSeparator || st == sm.CarriageReturn || st == sm.NotSet
}

// segJob is one segment scan of a parallel worker: the bytes it reads and
// where it starts in them, in which state, where its rows stop and where it
// records the state for the boundary after it.
type segJob struct {
	data  []byte // a pinned input buffer, which the scan borrows
	base  int64  // the input offset of data[0]
	start int    // where the scan starts, in data
	// state is the state the byte before start left the machine in: unless
	// it ends a line, the scan first skips to the first row start.
	state    sm.State
	stopAt   int64 // read no row that starts at or after this offset
	recordAt int64 // record the state after the byte before this offset (-1: none)
}

// newSegment returns the scanner of job j, with k's table and the walker w
// (k.tab's, the scanner's until it is done). It reads j.data from j.start,
// then more (nil when j.data ends where the input does).
func newSegment(opts Options, k tableKit, w *skipper.Walker, j segJob, more io.Reader) *Scanner {
	s := newScannerWith(opts, k, w)
	buf, base, start, cur := j.data, j.base, j.start, j.state
	s.buf, s.n, s.base = buf, len(buf), base
	s.pos, s.rowStart, s.vs = start, start, start
	s.seg = segment{on: true, stopAt: j.stopAt, recordAt: j.recordAt, recordOrig: j.recordAt, rawFrom: -1, borrowed: true, more: more}
	s.seg.seeking = !lineEndState(cur)
	s.seg.firstRow = -1
	if !s.seg.seeking {
		s.seg.firstRow, s.seg.firstState = base+int64(start), cur
	}
	s.prev, s.cur = cur, cur
	s.eof = more == nil
	s.started = true
	s.resetSkip()
	if base+int64(start) == 0 && cur == sm.NotSet {
		s.start() // a byte order mark
	}
	return s
}
