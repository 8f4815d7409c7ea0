package csvscan

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// castWorkers is the typed read of a file read in parallel: the rows are
// cast on the scan's workers (scanner.Parallel.Each), each block of rows
// by the typed.Reader of the worker that takes it, or on the workers of a
// read by ranges (planned.go), each range by the worker that scans it;
// the chunks reach the caller in file order, as a typed.Reader over a
// sequential scan would hand them out, with the same values, row numbers,
// rejects and error. Casting behind the scan's merge, on the caller's
// goroutine, bounds the read by one goroutine's casting speed; here every
// worker casts. (Blocks and ranges are both "blocks" below.)
//
// Each worker casts a block with one typed.Reader (Reset onto the block)
// and hands each chunk over as the caller's (typed.Reader.Keep), the
// Reader going on in chunk memory the caller has moved past, so that a
// chunk stays valid until the caller's next call whatever the workers do
// meanwhile, and no chunk is copied. (One Reader per chunk held made
// every new Reader grow its text columns in many steps.) Each chunk
// is handed over as soon as it is made, so the caller reads the first
// block in file order while it is being cast; the workers on the blocks
// after it keep their chunks until the caller comes to them.
//
// Memory: a worker starts on block k only once the caller reads block
// k-window or later (window is Threads+1), so at most window blocks are
// cast or being cast and waiting, each holding the chunks of its rows
// (the block's rows cast: about the records the scan keeps for it, see
// scanner.Parallel), besides the scan's own window of Threads+2
// boundaries. A range's rows are bounded by its bytes only (a file of
// empty lines is a row a byte): a range's worker waits while aheadRows of
// its rows are cast and not taken by the caller. TestMemoryWorkersWindow
// and TestMemoryFrontDoor measure both.
type castWorkers struct {
	stopScan func() // stops the scan: the Parallel's Close, or the plan's workers'
	byRanges bool   // a read by ranges (planned.go), not over the parallel scan
	// aheadRows bounds the rows a block ahead of the caller's holds in
	// chunks (0: no bound; the parallel scan's blocks are bounded by its
	// boundaries' records, a plan's ranges by their bytes only).
	aheadRows int
	opts      typed.Options // with the scan's dialect, null padding and ignore_errors
	ignore    bool          // bad rows are skipped (IgnoreErrors or StoreRejects)
	locs      *locators
	window    int
	pool      *castPool // Readers and chunks of reads with the same options

	mu       sync.Mutex
	cond     sync.Cond
	next     int                // the block the caller reads
	done     map[int]*castBlock // blocks being cast or cast, by index, not yet read
	free     []*typed.Reader    // Readers no worker uses
	chunks   []*typed.Chunk     // chunks' memory nobody holds
	stopped  bool               // the caller is done: workers waiting give up
	returned bool               // Each has returned, with eachErr
	eachErr  error
	eachDone chan struct{} // closed after returned is set

	// The caller's side, touched by Next only.
	cur     *castBlock
	pos     int          // the next chunk of cur
	held    *typed.Chunk // the chunk the caller holds
	rejects []typed.Reject
	taken   int // rejects TakeRejects handed out
	err     error
}

// castBlock is one block of the scan, being cast: its chunks so far, and
// once finished the rest. w.mu guards it.
type castBlock struct {
	chunks   []castChunk
	untaken  int            // the rows and rejects of the chunks cast and not taken by the caller (castChunk.held)
	tail     []typed.Reject // rejects of the rows after the last chunk
	err      error          // what ended the block's read early: a *typed.RowError
	finished bool
	// A range of a read by ranges scanned from a guess (planned.go) is
	// held from the caller until the guess is checked, and then its
	// guessed chunks' row numbers move by delta; a guess found wrong
	// makes the block void, its worker stopping at its next chunk.
	hold, void bool
	delta      int
}

// castChunk is one chunk of a block, kept from the Reader (Keep).
type castChunk struct {
	c       *typed.Chunk
	rejects []typed.Reject // of the rows read for this chunk, bad ones included
	guessed bool           // numbered from a guess: moved by the block's delta
}

// held is what c holds for the bound of aheadRows: its rows and its
// rejects (a chunk of rows all rejected has no rows, and a run of them
// had let a worker cast its whole range ahead of the caller).
func (c castChunk) held() int { return c.c.Len() + len(c.rejects) }

// errCastStopped is what a worker returns to Each when the caller stopped
// the read: no further block is handed out.
var errCastStopped = errors.New("csvscan: the typed read was stopped")

// errCastVoid is what cast returns when its block was made void.
var errCastVoid = errors.New("csvscan: the range's guessed start was wrong")

// newCastWorkers starts casting p's blocks on its workers. opts are those
// a typed.Reader over p would have (the dialect, null padding and
// ignore_errors are taken from p here, as NewReader takes them from an
// OptionsSource); locs finds bad rows' positions.
func newCastWorkers(p *scanner.Parallel, opts typed.Options, locs *locators) (*castWorkers, error) {
	so := p.Options()
	w, err := newCasts(so, opts, locs)
	if err != nil {
		return nil, err
	}
	w.stopScan = func() { p.Close() }
	go func() {
		err := p.Each(w.block)
		if errors.Is(err, errCastStopped) {
			err = scanner.ErrClosed // Close, from another goroutine, stopped the workers
		}
		w.end(err)
	}()
	return w, nil
}

// newCasts returns the castWorkers of a scan with options so, before the
// scan starts: opts are those a typed.Reader over the scan would have (the
// dialect, null padding and ignore_errors are taken from so, as NewReader
// takes them from an OptionsSource).
func newCasts(so scanner.Options, opts typed.Options, locs *locators) (*castWorkers, error) {
	opts.Dialect = so.Dialect
	opts.NullPadding = opts.NullPadding || so.NullPadding
	opts.IgnoreErrors = opts.IgnoreErrors || so.IgnoreErrors
	opts.Locator = nil // the blocks tell positions (blockRows)
	// One Reader made now checks the options before the read starts, as
	// typed.NewReader over the scan would (one a read with the same
	// options left has passed the check); it is the first of the free
	// list.
	pool := readerPool(opts)
	first, _ := pool.readers.Get().(*typed.Reader)
	if first == nil {
		var err error
		if first, err = typed.NewReader(noRows{}, opts); err != nil {
			return nil, err
		}
	}
	w := &castWorkers{
		opts:     opts,
		ignore:   opts.IgnoreErrors || opts.StoreRejects,
		locs:     locs,
		window:   so.Goroutines() + 1,
		done:     map[int]*castBlock{},
		free:     []*typed.Reader{first},
		pool:     pool,
		eachDone: make(chan struct{}),
	}
	w.cond.L = &w.mu
	return w, nil
}

// end records that the scan's workers have all returned, with the error
// that ended the scan (nil at the end of input).
func (w *castWorkers) end(err error) {
	w.mu.Lock()
	w.returned, w.eachErr = true, err
	w.cond.Broadcast()
	w.mu.Unlock()
	close(w.eachDone)
}

// block is Each's function: it casts block b (castRange).
func (w *castWorkers) block(b *scanner.Block) error {
	return w.castRange(b.Index(), &blockRows{Block: b, locs: w.locs}, b.Shrunk)
}

// castRange casts the k-th block of the parallel scan in file order,
// whose rows src reads: it waits for the caller to come within the window
// of k, then casts src (cast). shrunk, when set, says whether the values
// read may be zeros of a mapped file that shrank (Block.Shrunk).
func (w *castWorkers) castRange(k int, src typed.Rows, shrunk func() error) error {
	w.mu.Lock()
	for !w.stopped && k >= w.next+w.window {
		w.cond.Wait()
	}
	if w.stopped {
		w.mu.Unlock()
		return errCastStopped
	}
	out := &castBlock{}
	w.done[k] = out
	w.mu.Unlock()
	_, tail, err := w.cast(out, src, shrunk, false)
	if err == errCastStopped {
		return err
	}
	return w.finish(out, tail, err)
}

// cast casts src into block b chunk by chunk, handing each to the caller
// as it is made (guessed: numbered from a guess), and returns the rows
// handed out, the rejects after the last chunk and what ended the rows:
// nil at their end, their error, errCastStopped when the caller stopped
// the read, errCastVoid when b was made void.
func (w *castWorkers) cast(b *castBlock, src typed.Rows, shrunk func() error, guessed bool) (int, []typed.Reject, error) {
	r, err := w.reader(src)
	if r != nil {
		defer w.release(r)
	}
	if err != nil {
		return 0, nil, err
	}
	rows := 0
	for {
		c, err := r.Next()
		// The chunk's rejects go with it: the block's are not held here
		// (a block of 8 MB of short bad rows made 200 MB of them).
		rejects := r.TakeRejects()
		if c == nil {
			if err == io.EOF {
				err = nil
			}
			return rows, rejects, err
		}
		if shrunk != nil {
			if err := shrunk(); err != nil {
				// The chunk's values may be zeros of a file that shrank
				// after the scan: it is not handed out.
				return rows, nil, err
			}
		}
		rows += c.Len()
		if err := w.publish(b, castChunk{c: r.Keep(w.chunk()), rejects: rejects, guessed: guessed}); err != nil {
			return rows, nil, err
		}
	}
}

// publish adds chunk c to block b, and returns errCastStopped once the
// caller stopped the read, errCastVoid once b is void.
func (w *castWorkers) publish(b *castBlock, c castChunk) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	b.chunks = append(b.chunks, c)
	b.untaken += c.held()
	w.cond.Broadcast()
	// A block holds at most aheadRows rows of chunks the caller has not
	// taken: its worker waits for the caller to take them (a block ahead
	// of the caller's waits for the caller to come to it).
	for w.aheadRows > 0 && b.untaken >= w.aheadRows && !w.stopped && !b.void {
		w.cond.Wait()
	}
	switch {
	case w.stopped:
		return errCastStopped
	case b.void:
		return errCastVoid
	}
	return nil
}

// finish marks block b cast, with the rejects after its last chunk and
// the error that ended it early, if any.
func (w *castWorkers) finish(b *castBlock, tail []typed.Reject, err error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	b.tail, b.err, b.finished = tail, err, true
	w.cond.Broadcast()
	return nil
}

// reader returns a Reader set to read src: a free one Reset onto it, one
// a read with the same options left (readerPool), or a new one.
func (w *castWorkers) reader(src typed.Rows) (*typed.Reader, error) {
	w.mu.Lock()
	var r *typed.Reader
	if n := len(w.free); n > 0 {
		r, w.free = w.free[n-1], w.free[:n-1]
	}
	w.mu.Unlock()
	if r == nil {
		r, _ = w.pool.readers.Get().(*typed.Reader)
	}
	if r == nil {
		return typed.NewReader(src, w.opts)
	}
	return r, r.Reset(src)
}

// chunk returns memory for a chunk: a free one, one a read with the same
// options left, or nil (Keep makes it).
func (w *castWorkers) chunk() *typed.Chunk {
	w.mu.Lock()
	var c *typed.Chunk
	if n := len(w.chunks); n > 0 {
		c, w.chunks = w.chunks[n-1], w.chunks[:n-1]
	}
	w.mu.Unlock()
	if c == nil {
		c, _ = w.pool.chunks.Get().(*typed.Chunk)
	}
	return c
}

// castPool keeps the typed.Readers and the chunks' memory of parallel reads
// that have ended, for the next read with the same options: a text column
// of a new Reader grows in many steps to the longest chunk's text, and a
// read keeps the chunks of a few blocks. sync.Pools let them go when the
// collector runs twice without a read taking them.
type castPool struct {
	readers, chunks sync.Pool
}

var castPools struct {
	mu    sync.Mutex
	pools map[string]*castPool
}

// readerPool returns the pool of the reads with options o.
func readerPool(o typed.Options) *castPool {
	key := fmt.Sprintf("%#v", o)
	castPools.mu.Lock()
	defer castPools.mu.Unlock()
	p := castPools.pools[key]
	if p == nil {
		if len(castPools.pools) >= 16 {
			castPools.pools = nil // many schemas: start over rather than grow
		}
		if castPools.pools == nil {
			castPools.pools = map[string]*castPool{}
		}
		p = &castPool{}
		castPools.pools[key] = p
	}
	return p
}

// release puts r back on the free list.
func (w *castWorkers) release(r *typed.Reader) {
	w.mu.Lock()
	w.free = append(w.free, r)
	w.mu.Unlock()
}

// Next returns the next chunk in file order, valid until the next call,
// or io.EOF after the last, or the error that ended the read (the chunks
// before it first), as typed.Reader.Next does.
func (w *castWorkers) Next() (*typed.Chunk, error) {
	if w.err != nil {
		return nil, w.err
	}
	if w.held != nil {
		w.mu.Lock()
		w.chunks = append(w.chunks, w.held)
		w.mu.Unlock()
		w.held = nil
	}
	w.mu.Lock()
	for {
		b := w.cur
		if b == nil {
			if b = w.done[w.next]; b != nil {
				w.cur, w.pos = b, 0
				continue
			}
			if w.returned {
				// Each has returned, and every block it handed out was read.
				err := w.eachErr
				w.mu.Unlock()
				<-w.eachDone
				if err == nil {
					err = io.EOF
				}
				return nil, w.fail(err)
			}
			w.cond.Wait()
			continue
		}
		// (A block read from a guessed start is held until the guess is
		// checked, which happens in the lock that lets the caller come
		// to it, so the caller does not wait for that as things stand;
		// a held block reads as one with no chunk yet.)
		if !b.hold && w.pos < len(b.chunks) {
			c := b.chunks[w.pos]
			b.chunks[w.pos] = castChunk{}
			w.pos++
			b.untaken -= c.held()
			if w.aheadRows > 0 {
				w.cond.Broadcast() // the block's worker may be waiting (publish)
			}
			w.mu.Unlock()
			if c.guessed && b.delta != 0 {
				for i := range c.c.RowNumbers {
					c.c.RowNumbers[i] += b.delta
				}
			}
			w.addRejects(c.rejects)
			w.held = c.c
			return c.c, nil
		}
		if b.hold || !b.finished {
			if w.returned {
				// Each returned while the block was being cast: its
				// function was stopped before it finished the block (a
				// mapped page gone because the file shrank, which Each
				// returns as a *buffer.FaultError), and no one will.
				err := w.eachErr
				w.mu.Unlock()
				<-w.eachDone
				if err == nil {
					err = errors.New("csvscan: the parallel read stopped in the middle of a block")
				}
				return nil, w.fail(err)
			}
			w.cond.Wait()
			continue
		}
		w.addRejects(b.tail)
		if b.err != nil {
			w.mu.Unlock()
			return nil, w.fail(b.err)
		}
		delete(w.done, w.next)
		w.cur = nil
		w.next++
		w.cond.Broadcast()
	}
}

// addRejects keeps rejects, up to the RejectsLimit over all blocks.
func (w *castWorkers) addRejects(rj []typed.Reject) {
	if lim := w.opts.RejectsLimit; lim > 0 && w.taken+len(w.rejects)+len(rj) > lim {
		rj = rj[:max(lim-w.taken-len(w.rejects), 0)]
	}
	w.rejects = append(w.rejects, rj...)
}

// Rejects returns the rejects of the rows read so far and not taken, in
// file order.
func (w *castWorkers) Rejects() []typed.Reject { return w.rejects }

// TakeRejects returns Rejects and forgets them (typed.Reader.TakeRejects).
func (w *castWorkers) TakeRejects() []typed.Reject {
	rj := w.rejects
	w.rejects, w.taken = nil, w.taken+len(rj)
	return rj
}

// fail ends the read with err and stops the scan.
func (w *castWorkers) fail(err error) error {
	w.err = err
	w.close()
	return err
}

// close stops the workers and the scan, and returns once Each has; the
// free Readers go to the pool (not the one whose chunk the caller holds:
// it stays the caller's).
func (w *castWorkers) close() error {
	w.mu.Lock()
	w.stopped = true
	w.cond.Broadcast()
	w.mu.Unlock()
	w.stopScan()
	<-w.eachDone
	w.mu.Lock()
	free, chunks := w.free, w.chunks
	w.free, w.chunks = nil, nil
	w.mu.Unlock()
	for _, r := range free {
		w.pool.readers.Put(r)
	}
	for _, c := range chunks {
		w.pool.chunks.Put(c)
	}
	return nil
}

// blockRows is a block's rows for its typed.Reader: for bad rows, it says
// where a row and its values start (a Block does not know; locators read
// the file again to find them).
type blockRows struct {
	*scanner.Block
	locs    *locators
	located int // the row rowOffset and offsets are of; 0 for none
	rowOff  int64
	offsets []int64
}

// RowOffset returns where the current row starts, -1 when unknown.
func (b *blockRows) RowOffset() int64 {
	b.locate()
	return b.rowOff
}

// FieldOffsets returns where the current row's values start, nil when
// unknown.
func (b *blockRows) FieldOffsets() []int64 {
	b.locate()
	return b.offsets
}

func (b *blockRows) locate() {
	n := b.Block.RowNumber()
	if b.located == n {
		return
	}
	b.located = n
	b.rowOff, b.offsets = b.locs.locate(n, b.offsets[:0])
}

// locators find rows of a file by number for the workers, with
// typed.Locators: each reads the file forward, so a row is asked of the
// one furthest on that has not passed it, or of a new one. Rows come from
// the workers' blocks nearly in file order, so there are about as many as
// workers; at most max idle ones are kept. Bad rows alone cost the reads.
type locators struct {
	open func() (*typed.Locator, error)
	max  int

	mu   sync.Mutex
	idle []locator
}

type locator struct {
	l    *typed.Locator
	last int // the last row it located
}

// locate returns where row starts and its values' offsets appended to
// dst; -1 and dst when the row cannot be found.
func (ls *locators) locate(row int, dst []int64) (int64, []int64) {
	ls.mu.Lock()
	best := -1
	for i, l := range ls.idle {
		if l.last <= row && (best < 0 || l.last > ls.idle[best].last) {
			best = i
		}
	}
	var l locator
	if best >= 0 {
		l = ls.idle[best]
		ls.idle = slices.Delete(ls.idle, best, best+1)
	}
	ls.mu.Unlock()
	if l.l == nil {
		var err error
		if l.l, err = ls.open(); err != nil {
			return -1, dst
		}
	}
	off, offs, ok := l.l.Locate(row)
	if !ok {
		return -1, dst // the Locator has read past row, or to the end: dropped
	}
	dst = append(dst, offs...)
	l.last = row
	ls.mu.Lock()
	ls.idle = append(ls.idle, l)
	if len(ls.idle) > ls.max {
		// Drop the one furthest behind.
		low := 0
		for i := range ls.idle {
			if ls.idle[i].last < ls.idle[low].last {
				low = i
			}
		}
		ls.idle = slices.Delete(ls.idle, low, low+1)
	}
	ls.mu.Unlock()
	return off, dst
}

// noRows is a source of no rows that ends with err: nil for the Reader
// that checks the options before the first block, a range's read error
// for the range (planned.go).
type noRows struct{ err error }

func (noRows) Scan() bool     { return false }
func (noRows) Row() [][]byte  { return nil }
func (e noRows) Err() error   { return e.err }
func (noRows) RowNumber() int { return 0 }
