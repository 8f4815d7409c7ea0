package scanner

import (
	"math"
	"slices"
	"unsafe"

	"github.com/csvscan/csvscan/buffer"
)

// Batches: the rows a worker reads from one boundary, as compact records
// (rowMeta, fieldRef) over the boundary's pinned buffer and an arena, and
// their memory, reused from batch to batch.

// fieldRef is one value of a worker's row: bytes [start, end) of the
// boundary's pinned buffer, or of the batch's arena.
type fieldRef struct {
	start uint32
	end   uint32 // arenaBit set: the value is in the arena
}

// arenaBit marks a fieldRef whose bytes are in the batch's arena. Buffers
// are below 2 GiB, so the bit is free.
const arenaBit = 1 << 31

// rowMeta describes one row of a batch in 16 bytes.
type rowMeta struct {
	fields     uint32 // index in batch.fields just past the row's values
	start, end uint32 // offsets of the row and of its line end, from batch.base
	line       uint32 // line ends in the batch part before the row
	empty      bool   // an empty line, a row only in a one-column file
	// bad marks a row skipped with IgnoreErrors: its error is next in
	// batch.bad. Its start and end are not offsets: end is 0, and start
	// counts the rows of a run the record stands for (skipped).
	bad bool
}

// batch is the output of one boundary: its rows, and the error that ended
// it, if any.
type batch struct {
	pin    *buffer.Buffer // the buffer the non-arena values point into
	arena  []byte
	fields []fieldRef
	rows   []rowMeta
	err    error
	bad    []*ParseError // rows skipped with IgnoreErrors, in order (nil: not held, see addBad)
	badRun int           // the bad rows since the last good one (addBad)
	lines  int           // line ends the part counted (lines that start in it)
	base   int64         // input offset of the boundary: rowMeta offsets count from it
	end    int64         // input offset just past the boundary
	more   *batch        // the rows that follow, read separately (same pin)
	// uniform is the number of values of every row when each row is a good,
	// non-empty row with that many; -1 when not; 0 before the first row.
	// The merge takes such rows without looking at their records.
	uniform  int
	hasArena bool // some value is in the arena
	adopted  bool // the arena is a Scanner's buffer of a long row (add): not kept for reuse
	owner    int  // the worker that made or read the batch last (-1: none; see recycleBy)
	// pending is set when the boundary's first rows are still to be read
	// (its start state was not known when its worker finished the bulk);
	// the merge reads them (finishBoundary) before taking the batch.
	pending  *pendingBoundary
	numbered bool // err has its row and line (cursor.endPart)

	// Where the batch's rows were read from and where the next row starts
	// after them, kept on the batch's first part for Parallel.exact: the
	// batch is the sequential answer if its entry is where the batch before
	// it says the next row starts.
	ends segEnd
}

// batchBudget is about how many bytes of row records (rowMeta and
// fieldRef) one boundary's batch holds: take cuts boundaries to that length
// at the density of records measured on the boundaries before. (The arena,
// the values copied, is at most about the boundary's bytes: it needs no
// budget.)
const batchBudget = 2 << 20

// minPiece is the shortest boundary take cuts, and firstPiece the length
// of the first ones, before any was measured: at the densest records there
// are (a row of one byte, rowMeta and fieldRef, per byte) about 3.5 budgets,
// and observe shrinks the next ones at once.
const (
	minPiece   = 64 << 10
	firstPiece = 256 << 10
	rowMetaLen = int(unsafe.Sizeof(rowMeta{}))
	fieldLen   = int(unsafe.Sizeof(fieldRef{}))
)

// newBatch returns an empty batch for the boundary [base, end), for worker
// id (-1: none), reusing the memory of a delivered one: for a boundary's
// bulk (rows > 16) one the worker read last (recycleBy) with room for it
// if there is one, else the spare with the most room; for its first rows
// (a few) the one with the least, so that they do not take the room the
// bulk needs. A bulk gets room for the rows and values per byte measured
// on the last boundary read, with an eighth to spare, at most two budgets
// (the boundary lengths keep a batch's records near one); before any was
// measured, rows and fields (see estimateRows). A batch whose rows are
// more grows as it fills (batch.add appends).
func (p *Parallel) newBatch(base, end int64, rows, fields, id int) *batch {
	p.mu.Lock()
	if rows > 16 && p.measured {
		n := float64(end-base) * 1.125
		rows = min(int(p.rowsPerByte*n), 2*batchBudget/rowMetaLen) + 16
		fields = min(int(p.fieldsPerByte*n), 2*batchBudget/fieldLen) + 64
	}
	if k := len(p.spare); k > 0 {
		pick := 0
		for i, b := range p.spare[1:] {
			c, best := cap(b.rows), cap(p.spare[pick].rows)
			if rows <= 16 {
				if c < best {
					pick = i + 1
				}
				continue
			}
			// A bulk: one of this worker's with room for it, else the
			// one with the most room (a small one of its own would be
			// made again, and the large one left unused).
			fits := b.owner == id && c >= rows && cap(b.fields) >= fields
			was := p.spare[pick].owner == id && best >= rows && cap(p.spare[pick].fields) >= fields
			if fits && !was || fits == was && c > best {
				pick = i + 1
			}
		}
		b := p.spare[pick]
		p.spare[pick] = p.spare[k-1]
		p.spare = p.spare[:k-1]
		p.mu.Unlock()
		b.base, b.end = base, end
		// Boundaries vary in length: a spare that must grow grows with a
		// quarter to spare, so that the next one fits.
		if cap(b.rows) < rows {
			b.rows = make([]rowMeta, 0, rows+rows/4)
		}
		if cap(b.fields) < fields {
			b.fields = make([]fieldRef, 0, fields+fields/4)
		}
		return b
	}
	p.mu.Unlock()
	return &batch{base: base, end: end, rows: make([]rowMeta, 0, rows), fields: make([]fieldRef, 0, fields), owner: id}
}

// estimateRows returns the room a bulk batch for data starts with before
// any boundary was measured (newBatch): a row per 128 bytes and a value per
// 16, the records of an ordinary file, within half of batchBudget. It reads
// none of the bytes: a batch of shorter rows grows as it fills, and the
// boundary lengths (observe) keep the records of any batch near
// batchBudget.
func estimateRows(data []byte, _ byte) (rows, fields int) {
	rows = min(len(data)/128, batchBudget/4/rowMetaLen) + 16
	fields = min(len(data)/16, batchBudget/4/fieldLen) + 64
	return rows, fields
}

// reach returns the input offset where the bytes of b's rows end: the end
// of its boundary, or of the last row of its last part, the later.
func (b *batch) reach() int64 {
	end := b.end
	for part := b; part != nil; part = part.more {
		if n := len(part.rows); n > 0 {
			end = max(end, part.base+int64(part.rows[n-1].end))
		}
	}
	return end
}

// recycle keeps b's memory for a later boundary. b must hold no pin. A
// batch whose room for records grew past eight budgets (a boundary denser
// than the ones before it) is left to the collector.
//
// Up to two spares per boundary of the window are kept: a boundary read
// from a guessed start has two batches, its first rows and its bulk (see
// batch.pending), so a window of boundaries in flight holds about twice as
// many batches, and with one spare per boundary half of them were dropped
// and made again (27 new batches for 43 boundaries of 64 MiB of 16-byte
// notes, 2 threads; 8 with two). The spares never hold more than the
// batches in flight at once did.
func (p *Parallel) recycle(b *batch) { p.recycleBy(b, -1) }

// recycleBy is recycle by worker id (-1: none), which has just read the
// batch (its block's rows): newBatch gives the worker the batches it read
// first. Their records are then written again from a core whose caches
// hold them, not taken from the other core's line by line: a worker's
// stores of records waited on those lines (the row record's store,
// batch.addMeta, was 28% of the samples of a two-goroutine typed read of
// 16-byte notes). Two goroutines typed, the runner's 200 MB files, 8
// alternating pairs of processes, when the machine's two cores were slow
// to share lines: 16 B notes 0.98 to 1.09 -> 1.06 to 1.15 GB/s, quoted
// 0.95 to 1.05 -> 1.02 to 1.08; when they were fast, level (1.23 to 1.29
// and 1.19 to 1.23 both ways), and level on longer notes.
func (p *Parallel) recycleBy(b *batch, id int) {
	if cap(b.rows)*rowMetaLen+cap(b.fields)*fieldLen > 8*batchBudget {
		*b = batch{}
		return
	}
	if b.adopted {
		// As long as a long row: held by the batches in flight only.
		b.arena, b.adopted = nil, false
	}
	*b = batch{arena: b.arena[:0], fields: b.fields[:0], rows: b.rows[:0], bad: b.bad[:0], owner: id}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.spare) < 2*p.window {
		p.spare = append(p.spare, b)
	}
}

// add copies the row the segment scanner just read into the batch: values
// still in the pinned buffer by reference, the others into the arena.
func (b *batch) add(s *Scanner) {
	b.badRun = 0
	if s.laneNext && !s.laneSpun && len(s.laneOwn) == 0 && s.seg.borrowed {
		b.addLane(s)
		return
	}
	s.laneSpans()
	spans := s.spans
	n := len(spans)
	at := len(b.fields)
	b.fields = slices.Grow(b.fields, n)[:at+n]
	// The values in the pinned buffer, nearly all of them, are written by
	// index, without append's checks (refs and spans have one length); the
	// others are copied to the arena.
	refs := b.fields[at : at+n]
	// inPlace: the values not unescaped stay where the Scanner read them,
	// in the pinned buffer (borrowed) or in the Scanner's own buffer when
	// the batch adopts it; bit marks the latter as arena bytes.
	inPlace, bit := s.seg.borrowed, uint32(0)
	if !s.seg.borrowed {
		// Every value goes to the arena. A long row (one read across
		// buffers) takes the Scanner's buffer as the arena instead of a
		// copy of it, when the arena is still empty; otherwise the arena
		// makes room for the row at once, not a doubling per value. (An
		// 80 MB row of 8 values held the Scanner's 128 MB and copies that
		// grew to 200 MB.)
		need, own := 0, 0
		for _, sp := range spans {
			need += sp.end - sp.start
			if !sp.scratch {
				own += sp.end - sp.start
			}
		}
		if len(b.arena) == 0 && own >= adoptBytes {
			b.adopt(s)
			inPlace, bit, need = true, arenaBit, need-own
		}
		b.arena = slices.Grow(b.arena, need)
	}
	for i, sp := range spans {
		if !sp.scratch && inPlace {
			refs[i] = fieldRef{start: uint32(sp.start), end: uint32(sp.end) | bit}
			continue
		}
		src := s.buf
		if sp.scratch {
			src = s.scratch
		}
		start := len(b.arena)
		b.arena = append(b.arena, src[sp.start:sp.end]...)
		refs[i] = fieldRef{start: uint32(start), end: uint32(len(b.arena)) | arenaBit}
		b.hasArena = true
	}
	b.addMeta(s, n)
}

// adoptBytes is the length of a row's values from which add takes the
// Scanner's buffer as the batch's arena rather than copy them: a row that
// long was read across buffers into memory of the Scanner's own, which the
// Scanner gives up (Scanner.giveBuffer) and makes again, at its first size,
// for what it reads next.
const adoptBytes = 1 << 20

// adopt makes the Scanner's buffer the batch's empty arena: its bytes stay
// where they are, so that the spans of the row just read are offsets of
// the arena, and values appended later go past the Scanner's bytes, which
// it no longer writes to.
func (b *batch) adopt(s *Scanner) {
	b.arena = s.giveBuffer()
	b.hasArena, b.adopted = true, true
}

// addLane is add for a row that laneRow read whole, every value in the
// pinned buffer: its references are made from Row and the row's bytes
// (laneStep), as laneSpans would make its spans, without them.
func (b *batch) addLane(s *Scanner) {
	row := s.row
	n := len(row)
	at := len(b.fields)
	b.fields = slices.Grow(b.fields, n)[:at+n]
	refs := b.fields[at : at+n]
	p, buf, quote := s.rowBegin, s.buf, s.laneQuote
	row = row[:len(refs)]
	for i := range refs {
		var start, end int
		start, end, p, _ = laneStep(buf, quote, p, len(row[i]))
		refs[i] = fieldRef{start: uint32(start), end: uint32(end)}
	}
	b.addMeta(s, n)
}

// addMeta records the row of n values whose references add made.
func (b *batch) addMeta(s *Scanner, n int) {
	switch {
	case s.seg.emptyRow || n == 0:
		b.uniform = -1
	case b.uniform == 0:
		b.uniform = n
	case b.uniform != n:
		b.uniform = -1
	}
	b.rows = append(b.rows, rowMeta{fields: uint32(len(b.fields)), empty: s.seg.emptyRow,
		start: uint32(s.seg.rowStart - b.base), end: uint32(s.seg.rowEnd - b.base), line: uint32(s.lastLine - 1)})
}

// addBad records a row the segment skipped with IgnoreErrors. Its line is
// relative to the part, as the good rows'. Past the first max of a run of
// bad rows (Options.MaxBadRows: 0 no bound, negative none) the row is
// recorded without its error, a nil, which the merge numbers and does not
// hold; and such rows that follow one another share one record, which
// counts them (rowMeta.start, see skipped): a run of bad rows past the
// bound costs one record, not a record, a ParseError and text each.
func (b *batch) addBad(pe *ParseError, max int) {
	if max < 0 || max > 0 && b.badRun >= max {
		b.addSkipped(1)
		return
	}
	b.uniform = -1
	b.rows = append(b.rows, rowMeta{fields: uint32(len(b.fields)), bad: true, line: uint32(pe.Line - 1)})
	b.badRun++
	b.bad = append(b.bad, pe)
}

// addSkipped records n bad rows past the bound of their run without their
// errors (addBad): the record before them counts them when it is such a
// record too.
func (b *batch) addSkipped(n int) {
	b.uniform = -1
	b.badRun += n
	for n > 0 {
		k := len(b.rows) - 1
		if k < 0 || !b.rows[k].bad || b.bad[len(b.bad)-1] != nil || b.rows[k].start == math.MaxUint32 {
			b.rows = append(b.rows, rowMeta{fields: uint32(len(b.fields)), bad: true})
			b.bad = append(b.bad, nil)
			k++
		}
		add := min(n, math.MaxUint32-int(b.rows[k].start))
		b.rows[k].start += uint32(add)
		n -= add
	}
}

// skipped is the number of rows a bad row's record without its error (a
// nil in batch.bad) stands for: the rows of the run it counts in start
// (addSkipped).
func (m rowMeta) skipped() int { return int(m.start) }
