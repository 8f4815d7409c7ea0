package scanner

import (
	"context"
	"math"
	"runtime/debug"

	"github.com/csvscan/csvscan/iterator"
	sm "github.com/csvscan/csvscan/statemachine"
)

// The workers of a parallel scan: each takes the next boundary (or, with
// Each, a block ready for the caller's function), cut to a length that
// keeps its batch near batchBudget, reads it and publishes its batch.

// start starts the workers, at the first Scan or at Each. It reports false,
// starting nothing, when Close came first.
func (p *Parallel) start(each bool) bool {
	if !each {
		// Scan's rows are the caller's to read, on its goroutine: from
		// memory of the Manager's own, not from mapped pages a shrinking
		// file would take away under it.
		p.m.StopMapping()
	}
	// Read into memory (Scan, or a file that cannot be mapped), a file
	// is read in buffers of readSize (see DefaultReadBufferSize). No
	// worker has started: nothing holds a buffer, and the boundaries are
	// cut anew.
	if p.readSize > 0 && p.readSize < p.m.Size() && !p.m.Mapped() && p.m.Resize(p.readSize) {
		p.cutBoundaries()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.started, p.each = true, each
	if p.closeReq {
		return false
	}
	stop := context.AfterFunc(p.ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	p.wg.Add(p.threads)
	for i := 0; i < p.threads; i++ {
		go p.worker(i)
	}
	go func() {
		p.wg.Wait()
		stop()
	}()
	return true
}

// take hands a worker its next job: with Each, a block whose rows are ready
// for the caller's function, first; else the next boundary to read, waiting
// while the window is full. It returns false when there is nothing left to
// do, and the iterator's error, which the worker publishes as its batch.
func (p *Parallel) take() (iterator.Boundary, *Block, bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if p.ctx.Err() != nil {
			return iterator.Boundary{}, nil, false, nil
		}
		if len(p.ready) > 0 {
			c := p.ready[0] // the earliest: its buffer goes soonest
			p.ready = p.ready[1:]
			return iterator.Boundary{}, c, true, nil
		}
		more := !p.ended && !p.stopped && p.handed <= p.failedAt
		if more && p.handed < p.released+p.window {
			b, ok, err := p.nextPiece()
			if err != nil || !ok {
				p.ended = true
				p.cond.Broadcast()
				if err != nil {
					// The failed boundary is counted now, under the same
					// lock, so that the merge waits for its batch (the
					// error) instead of seeing the end of input.
					p.handed++
					return iterator.Boundary{Index: p.handed - 1}, nil, false, err
				}
				continue
			}
			p.handed++
			return b, nil, true, nil
		}
		if !more && (!p.each || p.sequenced) {
			return iterator.Boundary{}, nil, false, nil
		}
		p.cond.Wait()
	}
}

// nextPiece returns the next boundary to hand out: the next pieceLen bytes
// of the iterator's current boundary (all of what is left when that is less
// than one and a half pieces), numbered in the order handed. p.mu is held.
func (p *Parallel) nextPiece() (iterator.Boundary, bool, error) {
	if !p.haveRest {
		b, ok, err := p.g.Next()
		if err != nil || !ok {
			return b, ok, err
		}
		p.rest, p.haveRest = b, true
	}
	b := p.rest
	if n := p.pieceLen; b.End-b.Start > n+n/2 {
		b.End = b.Start + n
		p.rest.Start = b.End
	} else {
		p.haveRest = false
	}
	b.Index = p.handed
	return b, true, nil
}

// observe sets the length of the boundaries handed out next from the row
// records boundary b's batch out took: the length whose records fill
// batchBudget at that density, at most four times the current length,
// between minPiece and the iterator's boundary length. A file whose rows
// get shorter is met by short boundaries from the next boundary on; the
// batch of the boundary where they got shorter holds the budget times the
// change in density, at most 28 bytes (a rowMeta and a fieldRef) per byte
// of the boundary.
func (p *Parallel) observe(b iterator.Boundary, out *batch) {
	n := b.End - b.Start
	if n <= 0 || out.err != nil {
		return
	}
	rows, fields := 0, 0
	count := func(part *batch) {
		for ; part != nil; part = part.more {
			rows, fields = rows+len(part.rows), fields+len(part.fields)
		}
	}
	count(out)
	if j := out.pending; j != nil {
		count(j.bulk)
	}
	rec := rows*rowMetaLen + fields*fieldLen
	want := int(min(int64(batchBudget)*int64(n)/int64(max(rec, 1)), math.MaxInt32))
	p.mu.Lock()
	p.pieceLen = max(minPiece, min(want, 4*p.pieceLen, p.maxLen))
	p.rowsPerByte, p.fieldsPerByte = float64(rows)/float64(n), float64(fields)/float64(n)
	p.measured = true
	p.mu.Unlock()
}

func (p *Parallel) worker(id int) {
	defer p.wg.Done()
	// A mapped page gone because the file shrank (Each reads mapped
	// files) panics instead of killing the process; scanGuarded and
	// callFn make it an error.
	debug.SetPanicOnFault(true)
	for {
		b, c, ok, err := p.take()
		switch {
		case err != nil:
			if at, ferr := p.m.FailedAt(); ferr != nil && err == ferr {
				// The source failed right after the last boundary's
				// bytes, at a row's start: the error of the row after
				// the rows read (its number and line are the merge's,
				// cursor.endPart).
				err = &ReadError{Line: 1, Field: 1, Offset: at, Err: err}
			}
			p.publishBatch(b.Index, &batch{err: err})
		case !ok:
			return
		case c != nil:
			p.runBlock(c, id)
		default:
			out := p.scanGuarded(b, id)
			p.observe(b, out)
			p.publishBatch(b.Index, out)
		}
	}
}

// scanGuarded is scanBoundary, with a memory fault in a mapped buffer (the
// file shrank) made the boundary's error. The boundary's rows are lost, and
// so are the pins its batch held: Close drops those buffers
// (Manager.Close). The boundary's transition function becomes "INVALID
// whatever the start", so that no later boundary waits for it.
func (p *Parallel) scanGuarded(b iterator.Boundary, id int) (out *batch) {
	defer func() {
		if r := recover(); r != nil {
			err := p.m.Fault(r)
			if err == nil {
				panic(r)
			}
			p.publishFunc(b.Index, constant(sm.Invalid))
			out = &batch{err: err, base: b.Offset(), end: b.EndOffset()}
		}
	}()
	out = p.scanBoundary(b, id)
	// Zeros where a mapped file shrank are no rows (Manager.Shrunk): the
	// bytes read, up to the end of the boundary's last row, must still be
	// the file's once they have been read.
	if err := p.m.Shrunk(max(b.EndOffset(), out.reach())); err != nil {
		for part := out; part != nil; part = part.more {
			if part.pin != nil {
				p.m.Release(part.pin)
				part.pin = nil
			}
		}
		out = &batch{err: err, base: b.Offset(), end: b.EndOffset()}
	}
	return out
}

func (p *Parallel) publishBatch(k int, b *batch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for part := b; part != nil; part = part.more {
		if part.err != nil && k < p.failedAt {
			p.failedAt = k
		}
	}
	p.results[k] = b
	p.cond.Broadcast()
}
