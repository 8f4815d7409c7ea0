package scanner

import (
	"context"
	"errors"
	"runtime/debug"

	"github.com/csvscan/csvscan/buffer"
)

// A Block is the rows of one boundary of a parallel scan, handed to the
// function given to Parallel.Each. Its Scan, Row, RowNumber and LineNumber
// read them as Parallel's do, with the numbers of the whole file: the rows
// of all blocks, in the order of their Index, are the rows a sequential
// Scanner returns. A Block belongs to the call it is handed to: it must not
// be used after the call returns, and its rows' values are valid until the
// next Scan.
type Block struct {
	c      cursor
	head   *batch
	m      *buffer.Manager // the Parallel's, for Shrunk
	opts   *Options        // the Parallel's
	index  int
	header []string
	done   bool
}

// Shrunk returns an error wrapping io.ErrUnexpectedEOF when the block's
// bytes are mapped pages of a file that is now shorter than they reach,
// and nil otherwise. A value read from such a page after the scan may be
// zeros the system wrote past the new end, not the file's bytes (see
// buffer.Manager.Shrunk); Each asks when the function returns, and a
// function that hands values on before it returns (the front door's typed
// read, chunk by chunk) asks after reading them, before handing them on.
func (b *Block) Shrunk() error { return b.m.Shrunk(b.head.reach()) }

// Index returns the block's place in the file: the rows of a block come
// before those of every block with a greater index. Indexes start at 0 and
// have no gaps, but a block may hold no rows.
func (b *Block) Index() int { return b.index }

// Scan moves to the block's next row. It returns false after its last one.
func (b *Block) Scan() bool {
	for !b.done {
		if b.c.next() {
			return true
		}
		if b.c.err != nil {
			break // the error Each returns: the rows before it are read
		}
		more, err := b.c.endPart()
		if err != nil || more == nil {
			break
		}
		b.c.set(more, true)
	}
	b.done = true
	return false
}

// Row returns the values of the row read by the last successful Scan,
// valid until the next call to Scan.
func (b *Block) Row() [][]byte { return b.c.Row() }

// RowNumber returns the 1-based number in the file of the row Row returns.
func (b *Block) RowNumber() int { return b.c.rows }

// LineNumber returns the line where the row Row returns starts.
func (b *Block) LineNumber() int { return b.c.LineNumber() }

// Header returns the header row when Options.Header is set.
func (b *Block) Header() []string { return b.header }

// Options returns the options of the parallel scan the block is part of,
// as Parallel.Options does. With it a typed.Reader over the block takes
// the scan's dialect, null padding and ignore_errors, as it does over a
// Scanner (typed.OptionsSource).
func (b *Block) Options() Options { return *b.opts }

// Err returns nil: a block holds the rows read before any error, and the
// error that stops the scan is Each's. With it a Block is a Rows, so that a
// TypedReader over each block casts the values on the workers.
func (b *Block) Err() error { return nil }

// TakeBadRows returns the rows of the block skipped with
// Options.IgnoreErrors since the last call, with their numbers in the file:
// with Options.MaxBadRows n > 0, those of the file's first n skipped rows
// that lie in the block (Each).
func (b *Block) TakeBadRows() []*ParseError { return b.c.TakeBadRows() }

// errEachAfterScan is Each's error on a Parallel already read, and
// errScanAfterEach Scan's after Each.
var (
	errEachAfterScan = errors.New("csvscan: Each on a Parallel that Scan or Each has read")
	errScanAfterEach = errors.New("csvscan: Scan on a Parallel that Each has read")
)

// Each reads the whole input and calls fn with its rows, one Block per
// boundary, from the worker goroutines: fn is called by several goroutines at
// once, and blocks come in no particular order (Block.Index gives each its
// place). The rows, row and line numbers, bad rows and error are those of
// Scan; the difference is where the caller's work on each row runs. (With
// Options.MaxBadRows n > 0 the blocks together hold the file's first n
// skipped rows, those Scan holds when TakeBadRows is called once, at the
// end: a block holds what the blocks before it in the file left of n, and
// Block.TakeBadRows does not renew it.) With
// Scan, it runs on the caller's goroutine, which then bounds the speed-up of
// every worker added (rows reach it one at a time, in order); with Each it
// runs beside the reading, on as many goroutines as Options.Threads.
//
// Each returns the first error fn returns (no block is handed out after
// it), or the error that stops the scan, as Err reports it for Scan (every
// block before it is handed out, and the block holding it has the rows
// before it), or ErrClosed when Close, called from another goroutine or
// from fn, left blocks unread, or the context's error when its cancellation
// did, or nil at the end of input. It returns after every call of fn has,
// and releases everything: the Parallel is done with (Scan and Each after
// it fail). Call Each or Scan, not both; Each after Close returns ErrClosed.
//
// A mapped file (ScanFile, Open) stays mapped: a page gone because the file
// shrank while it was read, touched while reading or by fn reading a value,
// makes Each return a *buffer.FaultError (see Parallel), and the block
// where it happened hands out no further row.
func (p *Parallel) Each(fn func(*Block) error) error {
	p.mu.Lock()
	closed, started := p.closeReq, p.started
	if !closed && !started {
		p.inEach = true
	}
	p.mu.Unlock()
	switch {
	case closed:
		return ErrClosed
	case started:
		return errEachAfterScan
	}
	p.fn = fn
	// finishBoundary and the header read mapped pages on this goroutine.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	scanErr := ErrClosed // when Close comes before the workers start
	if p.start(true) {
		scanErr = p.sequence()
	}
	p.mu.Lock()
	// Workers stop taking boundaries, and one waiting for a start state
	// that only the sequencer would have worked out gives up.
	p.sequenced, p.stopped = true, true
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait() // the workers run every block handed out, then return
	p.mu.Lock()
	p.inEach = false
	closed = p.closeReq
	unread := p.err != nil || len(p.ready) > 0
	p.mu.Unlock()
	var stopErr error
	if unread {
		// Close or the context stopped the sequencer (wait), or the
		// workers before they ran every block.
		stopErr = p.ctx.Err()
		if closed {
			stopErr = ErrClosed
		}
	}
	p.Close()
	switch {
	case p.fnErr != nil:
		return p.fnErr
	case stopErr != nil:
		return stopErr
	case closed && errors.Is(scanErr, context.Canceled):
		return ErrClosed // a boundary read when Close cancelled the workers
	}
	return scanErr
}

// sequence is Each's loop on the caller's goroutine: it takes the batches
// in file order, moves the cursor over each to know where the next starts,
// and hands each out as a Block. It returns the error that stops the scan.
func (p *Parallel) sequence() (scanErr error) {
	defer func() {
		if r := recover(); r != nil {
			if scanErr = p.m.Fault(r); scanErr == nil {
				panic(r)
			}
		}
	}()
	seq := &p.c // where the next batch starts: the state after the batches before it
	for {
		b, ok := p.wait()
		if !ok {
			return scanErr
		}
		if b.pending != nil {
			b = p.finishBoundary(b.pending)
		}
		b = p.exact(b)
		bl := &Block{head: b, m: p.m, opts: &p.opts, index: p.deliver - 1, c: seq.fork()}
		bl.c.set(b, false)
		scanErr = seq.pass(b)
		bl.header = seq.header
		p.mu.Lock()
		if n := len(p.spareVals); n > 0 {
			bl.c.vals = p.spareVals[n-1]
			p.spareVals = p.spareVals[:n-1]
		}
		p.ready = append(p.ready, bl)
		p.cond.Broadcast()
		failed := p.fnErr != nil
		p.mu.Unlock()
		if scanErr != nil || failed {
			return scanErr
		}
	}
}

// callFn calls Each's function with bl, on a worker (which set
// debug.SetPanicOnFault): a fault in a mapped buffer, reading a value,
// is its error.
func (p *Parallel) callFn(bl *Block) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if err = p.m.Fault(r); err == nil {
				panic(r)
			}
		}
	}()
	return p.fn(bl)
}

// runBlock calls Each's function with bl on worker id, then releases its
// batch, to that worker's spares (recycleBy).
func (p *Parallel) runBlock(bl *Block, id int) {
	p.mu.Lock()
	skip := p.fnErr != nil
	p.mu.Unlock()
	var err error
	if !skip {
		err = p.callFn(bl)
		if err == nil && !p.closing.Load() {
			// Values the function read may have been zeros of a file that
			// shrank after the scan: the read is not the file's. (After
			// Close the file may be closed too, so that its size cannot
			// be asked: the scan ends with ErrClosed anyway.)
			if serr := bl.Shrunk(); serr != nil && !p.closing.Load() {
				err = serr
			}
		}
		if err != nil {
			// Known at once, before the block's buffers go back, so that
			// the workers take no block after it (and the sequencer hands
			// out none) while this one tidies up.
			p.mu.Lock()
			if p.fnErr == nil {
				p.fnErr = err
				p.stopped = true
				p.cond.Broadcast()
			}
			p.mu.Unlock()
		}
	}
	bl.done = true
	head := bl.head
	if head.pin != nil {
		p.m.Release(head.pin)
	}
	p.m.Retire(head.end)
	for part := head; part != nil; {
		next := part.more
		part.pin = nil
		p.recycleBy(part, id)
		part = next
	}
	p.mu.Lock()
	bl.c.forget() // no pointer into a buffer outlives it
	if v := bl.c.vals; cap(v) > 0 && len(p.spareVals) < p.window {
		p.spareVals = append(p.spareVals, v)
	}
	p.released++
	p.cond.Broadcast()
	p.mu.Unlock()
}

// fork returns a cursor that reads on from c's state with values and bad
// rows of its own.
func (c *cursor) fork() cursor {
	d := *c
	d.cur, d.data, d.vals, d.win, d.valFrom, d.filled, d.badRows, d.lineRi = nil, nil, nil, nil, 0, 0, nil, -1
	d.fileWide = true // held: the rows the blocks before hold (pass)
	return d
}

// pass reads batch b as Scan would, without making its values (but the
// header's), to move c to the state after it. It returns the error that
// stops the scan in b, if any, numbered as Scan numbers it.
func (c *cursor) pass(b *batch) error {
	c.set(b, false)
	defer func() { c.cur, c.data, c.badRows = nil, nil, nil }()
	for {
		c.skipUniform()
		for c.next() {
		}
		if c.err != nil {
			return c.err
		}
		more, err := c.endPart()
		if err != nil || more == nil {
			return err
		}
		c.set(more, true)
	}
}
