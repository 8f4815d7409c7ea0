package scanner

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/csvscan/csvscan/buffer"
	sm "github.com/csvscan/csvscan/statemachine"
)

// cursor walks the rows of a boundary's batch and applies what needs the
// whole file in order: the header, the row width and its errors, empty lines
// that are rows only in one-column files, row and line numbers. Its state
// between batches (rows, width, lineBase) is all a batch's reading depends
// on, so a batch can be read from any goroutine once that state is known.
//
// Parallel.Scan runs one cursor over every batch in turn. Parallel.Each runs
// one over each batch on its sequencing goroutine, without making values, to
// learn the state the next batch starts from, and gives the batch's Block a
// cursor starting from the same state, which reads the same rows.
type cursor struct {
	fieldsPerRow  int  // Options.FieldsPerRow
	ignoreErrors  bool // Options.IgnoreErrors
	maxBadRows    int  // Options.MaxBadRows
	hasHeader     bool // Options.Header
	nullPadding   bool // Options.NullPadding
	trailing      bool // Options.TrailingDelimiter
	emptyLineRows bool // Options.EmptyLineRows
	// pad is how many nil values Row adds to the current row (NullPadding).
	pad int

	cur  *batch
	data []byte         // the bytes of cur's pinned buffer (a batch's later parts share the first part's)
	pin  *buffer.Buffer // that buffer, for a bad row's text (nil when none)
	// ri and fi are the next row and value of cur; bi its next bad row.
	ri, fi, bi int
	// The current row is values [rowFrom, rowTo) of cur.
	rowFrom, rowTo int
	// Row makes the values of many rows at once: win holds values
	// [valFrom, valFrom+len(win)) of cur, in vals's array.
	vals, win [][]byte
	valFrom   int
	filled    int // vals[:filled] may hold values: forget clears them
	lineBase  int // line ends before cur's part
	line      int // the current row's line, unless lineRi >= 0
	lineRi    int // cur.rows index whose line is the current row's, or -1
	badRows   []*ParseError
	// held counts the skipped rows held since the last TakeBadRows, for
	// Options.MaxBadRows. A Block's cursor starts from the count of the
	// blocks before it and a take does not reset it (fileWide): the
	// blocks of Each hold the file's first MaxBadRows together.
	held     int
	fileWide bool
	header   []string
	width    int   // values per row; 0 until the first row
	rows     int   // rows so far, bad ones included: the current row's number
	err      error // a row with the wrong number of values
}

func newCursor(opts Options) cursor {
	c := cursor{fieldsPerRow: opts.FieldsPerRow, ignoreErrors: opts.IgnoreErrors, maxBadRows: opts.MaxBadRows, hasHeader: opts.Header,
		nullPadding: opts.NullPadding, trailing: opts.TrailingDelimiter, emptyLineRows: opts.EmptyLineRows, lineRi: -1}
	if opts.FieldsPerRow > 0 {
		c.width = opts.FieldsPerRow
	}
	return c
}

// set makes b the part the cursor reads; cont says it is a later part of
// the batch read before, whose buffer it shares.
func (c *cursor) set(b *batch, cont bool) {
	c.forget()
	c.cur, c.ri, c.fi, c.bi = b, 0, 0, 0
	switch {
	case b.pin != nil:
		c.data, c.pin = b.pin.Bytes(), b.pin
	case !cont:
		c.data, c.pin = nil, nil
	}
}

// forget clears the values Row made: they point into a buffer that is
// about to be released (and unmapped), and no pointer may outlive it.
func (c *cursor) forget() {
	clear(c.vals[:c.filled])
	c.win, c.valFrom, c.filled = c.win[:0], 0, 0
}

// next moves to the next row of the current part that the caller gets. It
// returns false at the end of the part, or on an error (c.err).
func (c *cursor) next() bool {
	b := c.cur
	for c.ri < len(b.rows) {
		if c.uniformNext() || c.nextRow() {
			return true
		}
		if c.err != nil {
			return false
		}
	}
	return false
}

// uniformNext moves to the next row when it is a row of a uniform batch
// after the file's first row: good, not empty, as wide as the others, so
// nextRow's rules have nothing to say; its line is looked up only if asked.
func (c *cursor) uniformNext() bool {
	b := c.cur
	if b == nil || c.ri >= len(b.rows) || b.uniform != c.width || c.width <= 0 || c.rows <= 0 {
		return false
	}
	c.rowFrom = c.fi
	c.fi += c.width
	c.rowTo = c.fi
	c.pad = 0
	c.lineRi = c.ri
	c.ri++
	c.rows++
	return true
}

// skipUniform passes over the rest of a uniform part at once, as next
// would row by row, where next has nothing to check.
func (c *cursor) skipUniform() {
	b := c.cur
	if w := b.uniform; w > 0 && w == c.width && c.rows > 0 && c.ri < len(b.rows) {
		n := len(b.rows) - c.ri
		c.rows += n
		c.fi += n * w
		c.ri = len(b.rows)
		c.lineRi = c.ri - 1
	}
}

// nextRow applies the rules to the part's next row. It reports whether the
// row is one the caller gets.
func (c *cursor) nextRow() bool {
	b := c.cur
	meta := b.rows[c.ri]
	c.ri++
	from := c.fi
	c.fi = int(meta.fields)
	if meta.bad {
		// A row a worker skipped: it takes its number and line (from the
		// row's record, so that reading the batch again gives the same).
		pe := b.bad[c.bi]
		c.bi++
		if pe == nil { // rows past Options.MaxBadRows in their run (batch.addBad)
			c.rows += meta.skipped()
			return false
		}
		pe.Row, pe.Line = c.rows+1, c.lineBase+int(meta.line)+1
		c.keepBad(pe)
		c.rows++
		return false
	}
	if meta.empty && c.width != 1 && !c.emptyLineRows {
		return false
	}
	count := int(meta.fields) - from
	if c.width == 0 {
		c.width = count
	}
	line := c.lineBase + int(meta.line) + 1
	to, pad := int(meta.fields), 0
	if count != c.width && c.fieldsPerRow >= 0 && (c.trailing || c.nullPadding) {
		// Options.TrailingDelimiter and NullPadding fit the row first.
		if c.trailing && count == c.width+1 && b.fields[to-1].end&^arenaBit == b.fields[to-1].start {
			count--
			to--
		}
		if c.nullPadding && count < c.width {
			pad = c.width - count
		}
	}
	if c.fieldsPerRow >= 0 && count+pad != c.width {
		if c.ignoreErrors && !c.holdsBad() {
			// Skipped and not held (Options.MaxBadRows): no error is made
			// for it, as a sequential scan makes none (Scanner.failAt).
			c.rows++
			return false
		}
		field := count + 1
		if count > c.width {
			field = c.width + 1
		}
		pe := &ParseError{Kind: ErrFieldCount, Line: line, Row: c.rows + 1, Field: field, Offset: b.base + int64(meta.end), RowOffset: b.base + int64(meta.start),
			Msg: fmt.Sprintf("expected %d fields, found %d", c.width, count)}
		if c.pin != nil {
			// The row's bytes without its line end, as a sequential scan
			// has them, when the worker's buffer holds the whole row (a
			// row that straddles two buffers keeps no text). A later
			// part of the batch shares its first part's buffer.
			data, base := c.pin.Bytes(), c.pin.Offset()
			from, to := b.base+int64(meta.start)-base, b.base+int64(meta.end)-base
			if from >= 0 && from <= to && to <= int64(len(data)) {
				pe.Text = errorText(data, int(from), int(to)-1)
			}
		}
		if c.ignoreErrors {
			c.rows++
			c.keepBad(pe)
			return false
		}
		c.err = pe
		return false
	}
	c.line, c.lineRi = line, -1
	c.rows++
	c.rowFrom, c.rowTo, c.pad = from, to, pad
	if c.rows == 1 && c.hasHeader {
		row := c.Row()
		c.header = make([]string, len(row))
		for i, v := range row {
			c.header[i] = string(v)
		}
		return false
	}
	return true
}

// endPart is called at the end of the current part. It numbers the error
// that ended the part, if any, and returns the part that follows, if any.
func (c *cursor) endPart() (*batch, error) {
	c.LineNumber() // the last row's line, before its part goes
	b := c.cur
	if err := b.err; err != nil {
		var pe *ParseError
		var re *ReadError
		switch {
		case b.numbered:
		case errors.As(err, &pe):
			pe.Row, pe.Line = c.rows+1, c.lineBase+pe.Line
		case errors.As(err, &re):
			re.Row, re.Line = c.rows+1, c.lineBase+re.Line
		}
		b.numbered = true // once: a Block reads its batch after Each did
		return nil, err
	}
	c.lineBase += b.lines
	return b.more, nil
}

// Row returns the current row's values.
func (c *cursor) Row() [][]byte {
	if c.pad > 0 {
		return c.padRow()
	}
	// Rows only move forward within a part, and the window starts at the
	// row that made it: the row is in it if it ends in it.
	if j := c.rowTo - c.valFrom; j <= len(c.win) {
		return c.win[c.rowFrom-c.valFrom : j : j]
	}
	return c.makeVals()
}

// padRow is the current row with c.pad nil values after its own
// (Options.NullPadding), in a slice of its own: short rows are few, and a
// slice kept in the cursor would be one more to clear when a buffer goes.
func (c *cursor) padRow() [][]byte {
	pad := c.pad
	c.pad = 0
	row := c.Row()
	c.pad = pad
	out := make([][]byte, len(row)+pad)
	copy(out, row)
	return out
}

// rowChunk is how many values Row makes at a time.
const rowChunk = 4096

// makeVals makes the values of the current row and of the rows after it in
// its part, rowChunk values or the current row's, whichever is more: in one
// loop the per-value cost is small, which matters most to Parallel.Scan,
// whose one goroutine serves every worker.
func (c *cursor) makeVals() [][]byte {
	b := c.cur
	if b == nil || c.rowTo > len(b.fields) {
		return nil
	}
	from := c.rowFrom
	to := max(c.rowTo, min(len(b.fields), from+rowChunk))
	if cap(c.vals) < to-from {
		c.vals, c.filled = make([][]byte, max(to-from, rowChunk)), 0
	}
	vals := c.vals[:to-from]
	data := c.data
	fields := b.fields[from:to]
	if !b.hasArena {
		for i, f := range fields {
			vals[i] = data[f.start:f.end:f.end]
		}
	} else {
		for i, f := range fields {
			if f.end&arenaBit != 0 {
				end := f.end &^ arenaBit
				vals[i] = b.arena[f.start:end:end]
			} else {
				vals[i] = data[f.start:f.end:f.end]
			}
		}
	}
	c.win, c.valFrom = vals, from
	c.filled = max(c.filled, len(vals))
	n := c.rowTo - from
	return vals[:n:n]
}

// LineNumber returns the current row's line.
func (c *cursor) LineNumber() int {
	if c.lineRi >= 0 && c.cur != nil && c.lineRi < len(c.cur.rows) {
		c.line, c.lineRi = c.lineBase+int(c.cur.rows[c.lineRi].line)+1, -1
	}
	return c.line
}

// TakeBadRows returns the skipped rows not yet taken.
func (c *cursor) TakeBadRows() []*ParseError {
	bad := c.badRows
	c.badRows = nil
	if !c.fileWide {
		c.held = 0
	}
	return bad
}

// exact makes b, the next batch in file order, the rows a sequential scan
// reads there. With Options.IgnoreErrors a bad row over the maximum line
// size ends where the table alone would not end it (docs/reading-rules.md,
// "Bad rows"), so the start state a worker was given, which the transition
// functions compose from the table alone, may be wrong after such a row.
// What the batches before b say is exact: where the row after their last
// one starts (p.next). If b's rows were read from that row start in that
// state, they are the sequential ones (a scan from a row start depends on
// nothing else); if not, b is read again from there. A bad row whose end a
// worker left to find is ended here, in the bytes of the boundaries after
// it. Without IgnoreErrors the table alone decides, and b is returned as
// it is; so is a batch that ends in an error (a read error, the context's),
// which ends the scan.
func (p *Parallel) exact(b *batch) *batch {
	if !p.opts.IgnoreErrors || b.pin == nil || b.err != nil {
		return b
	}
	n := &p.next
	if n.rawFrom >= 0 {
		// The end of a bad row: the first line-end byte from rawFrom.
		data, base := b.pin.Bytes(), b.pin.Offset()
		from := max(n.rawFrom, b.base)
		if from < b.end {
			seg := data[from-base : b.end-base]
			if i := lineEndIn(seg, p.kit.lineEnds); i >= 0 {
				at := from + int64(i)
				n.exit, n.exitState, n.rawFrom = at+1, p.kit.tab.Transitions()[seg[i]][sm.Standard], -1
				p.c.lineBase++ // the bad row's line, which its worker did not see end
			}
		}
		if n.rawFrom >= 0 {
			n.rawFrom = max(n.rawFrom, b.end)
			return p.emptied(b)
		}
	}
	if n.exit >= b.end || n.exit < 0 {
		// The row before ran over the whole boundary (or to the end).
		return p.emptied(b)
	}
	if e := b.ends; e.first != n.exit || e.firstState != n.exitState {
		b = p.rescan(b, n.exit, n.exitState)
	}
	*n = b.ends
	return b
}

// lineEndIn returns the index of the first byte of data in ends, or -1.
func lineEndIn(data, ends []byte) int {
	first := -1
	for _, c := range ends {
		if i := bytes.IndexByte(data, c); i >= 0 && (first < 0 || i < first) {
			first = i
			data = data[:i]
		}
	}
	return first
}

// emptied returns b without rows: no row starts in its boundary.
func (p *Parallel) emptied(b *batch) *batch {
	for part := b.more; part != nil; {
		next := part.more
		part.pin = nil
		p.recycle(part)
		part = next
	}
	b.more = nil
	b.rows, b.fields, b.bad, b.arena = b.rows[:0], b.fields[:0], b.bad[:0], b.arena[:0]
	if b.adopted {
		b.arena, b.adopted = nil, false
	}
	b.lines, b.uniform, b.hasArena, b.badRun = 0, 0, false, 0
	return b
}

// rescan reads boundary b again from the row start at, where the machine is
// in state st, into a new batch that takes over b's pin.
func (p *Parallel) rescan(b *batch, at int64, st sm.State) *batch {
	p.count(func(s *ParallelStats) { s.Rescanned++ })
	pin := b.pin
	data, base := pin.Bytes(), pin.Offset()
	nb := p.newBatch(b.base, b.end, 16, 64, -1)
	nb.pin = pin
	for part := b; part != nil; {
		next := part.more
		part.pin = nil
		p.recycle(part)
		part = next
	}
	nb.ends = p.segmentFirst(nb, segJob{data: data, base: base, start: int(at - base), state: st, stopAt: nb.end, recordAt: -1})
	nb.err = nb.ends.err
	return nb
}

// keepBad holds a skipped row for TakeBadRows, within Options.MaxBadRows.
func (c *cursor) keepBad(pe *ParseError) {
	if c.holdsBad() {
		c.badRows = append(c.badRows, pe)
		c.held++
	}
}

// holdsBad reports whether keepBad holds the next skipped row.
func (c *cursor) holdsBad() bool {
	lim := c.maxBadRows
	return lim == 0 || lim > 0 && c.held < lim
}
