package scanner

import (
	"context"
	"errors"
	"io"
	"math"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/iterator"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// DefaultParallelBufferSize is the buffer size of a parallel scan that
// maps a file's pages (Each over ScanFile): DuckDB's 32 MiB.
const DefaultParallelBufferSize = buffer.DefaultSize

// DefaultReadBufferSize is the buffer size of a parallel scan that reads
// its input into memory of its own (ScanReaderAt, ScanReader, Scan of a
// file, a file that cannot be mapped), when Options.BufferSize is 0 and a
// row of the maximum line size fits in half of it (otherwise
// DefaultParallelBufferSize). Such a buffer is new memory that the
// system hands over page by page and that a read writes to and a worker
// reads back: at 32 MiB, a 200 MB file read with two goroutines took 0.27
// to 0.59 s of system time in 6 reads, at 4 MiB 0.08 to 0.18 s, and the
// read ran 1.1 to 2 times as fast (docs/performance.md). Mapped pages
// need neither, and larger buffers cut fewer boundaries: they keep 32 MiB.
const DefaultReadBufferSize = 4 << 20

// Parallel reads one input with several goroutines and returns its rows in
// file order: exactly the rows, header and error (with the same row, field
// and byte offset) a sequential Scanner returns for the same input and
// options.
//
// The input is cut into boundaries (package iterator) over fixed-size
// buffers (package buffer). The worker that takes a boundary produces the
// rows that start in it, reading past its end to finish the last one. To
// know where rows start it needs the machine's state before the boundary's
// first byte, which depends on everything before it. It finds it exactly,
// in three steps:
//
//  1. It runs the machine from every state the byte before could have left
//     it in, side by side, over the boundary's first bytes, merging runs
//     that reach the same state and dropping runs that reach INVALID (had
//     the input really been in that state, the scan stops with an error
//     there, which the worker owning that row reports). In most files one
//     run is left within a row: from there the state is exact. In a file
//     without quotes, "inside quotes" never dies; then two runs are left.
//  2. It scans the rest of the boundary at full speed from the run that is
//     outside quotes, recording the state at the boundary's end; for the
//     other runs it only computes their end states (inside quotes that is
//     one bytes.IndexByte per quote). This gives the boundary's transition
//     function f_k: start state → end state.
//  3. Start states are composed in file order, s_{k+1} = f_k(s_k), as the
//     functions arrive. With s_k known, the worker reads the few rows
//     before the point where the runs met, and keeps its full-speed rows
//     if s_k led to the run it scanned; if not (a quoted value spanning the
//     boundary, say), it reads the boundary again from s_k.
//
// Rows reach the caller through a window of at most Threads+2 boundaries, so
// memory stays bounded by the buffers those boundaries pin and by their row
// records, which are bounded by bytes: the boundaries' lengths follow the
// records per byte of the boundaries read before them, so that a boundary's
// records fit in about batchBudget bytes (a file of one-byte rows gets
// boundaries of 75 to 150 KiB, one of long rows DuckDB's 8 MiB ones). Where
// the rows of a file get much shorter, the one boundary where they do may
// hold more: at most 28 bytes of records per byte of it.
//
// Call Close when stopping before Scan returns false; Scan returning false
// has already released everything.
//
// A Parallel is not safe for concurrent use, as Go types are not unless they
// say so: Scan, Row, the other row accessors, All, Chunks and Each are for
// one goroutine at a time, the one reading the rows. Close and Stats are the
// exceptions: they may be called from any goroutine, also while Scan or Each
// runs on another. Close from another goroutine ends the scan with ErrClosed:
// the Scan running, or the next one, returns false, Err returns ErrClosed,
// and Each returns ErrClosed once the calls of its function that were
// running have returned. A scan that had reached its end keeps Err nil.
//
// Mapped files: Scan hands the caller values that point into the buffers,
// so it reads a file's buffers into memory (Manager.StopMapping) rather
// than mapping them; a file that shrinks while it is read then gives a
// read error (io.ErrUnexpectedEOF), never a fault on the caller's
// goroutine. Each keeps the mapping, since its function runs on the worker
// goroutines: those set debug.SetPanicOnFault, and a page gone because the
// file shrank, touched by a worker, by Each's sequencing or by the function
// reading a value, becomes Each's error, a *buffer.FaultError naming the
// file offset (it wraps io.ErrUnexpectedEOF), instead of killing the
// process. The rows of the boundary where the fault happened are not handed
// out.
//
// A sequential source (ScanReader) that fails part way gives the rows
// before the failure, then a *ReadError at the row it cut, as a Scanner
// reading the same source does: the bytes of the buffer it failed in are
// kept and read (buffer.Manager.FailedAt).
type Parallel struct {
	opts    Options
	kit     tableKit  // the table of every segment
	walkers sync.Pool // *skipper.Walker of kit.tab, one per segment being read
	threads int
	m       *buffer.Manager
	g       *iterator.Global
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup

	mu      sync.Mutex
	cond    *sync.Cond
	handed  int // boundaries handed to workers
	ended   bool
	results map[int]*batch
	spare   []*batch // delivered batches, for reuse

	stats    ParallelStats // under mu
	funcs    map[int]*[sm.NumStates]sm.State
	starts   map[int]sm.State
	deliver  int // the boundary the merge reads next
	released int // batches done with (read by Scan, or their block's call returned)
	window   int // at most this many boundaries handed and not released

	started, each bool     // workers started; by Each
	ready         []*Block // with Each: boundaries' rows for the workers to call fn with, in file order
	sequenced     bool     // with Each: no block will be added to ready
	stopped       bool     // with Each: take no more boundaries (an error, or fn failed)
	fn            func(*Block) error
	fnErr         error
	spareVals     [][][]byte // with Each: Blocks' value slices, for reuse
	failedAt      int        // the first boundary whose batch ends in an error
	bom           int64      // length of the byte order mark at the start: 0 or 3

	// Boundary lengths (take): the iterator's boundaries are cut into
	// pieces of pieceLen bytes, which follows the record bytes per input
	// byte of the boundaries read (observe).
	rest     iterator.Boundary // what is left of the iterator's boundary
	haveRest bool
	pieceLen int
	maxLen   int // the iterator's boundary length
	// readSize is the buffer size for reading the input into memory when
	// the Manager does not map it (start), 0 to keep the Manager's.
	readSize int
	// Rows and values per byte of the last boundary read (observe), which
	// size the next bulk batches (newBatch); measured is false before.
	rowsPerByte, fieldsPerByte float64
	measured                   bool

	// Closing, from any goroutine.
	closeReq bool           // under mu: Close was called
	closing  atomic.Bool    // closeReq, read without the lock
	inEach   bool           // under mu: Each runs, and tears down at its end
	curPin   *buffer.Buffer // under mu: the buffer of the batch Scan reads
	teardown sync.Once

	// The merge, on the caller's goroutine.
	c   cursor
	err error
	// next is where the next batch's first row starts, as the batches
	// before it (each exact) say: Parallel.exact holds every batch to it.
	next segEnd
}

// ErrClosed is the error of a scan that Close stopped before its end: Err
// returns it after Close, and Each returns it when Close, called from
// another goroutine, stopped it.
var ErrClosed = errors.New("csvscan: the parallel scan was closed")

// NewParallel returns a parallel scan of the input m holds. Threads in
// opts (0: runtime.GOMAXPROCS(0)) goroutines start at the first Scan, or at Each.
func NewParallel(ctx context.Context, m *buffer.Manager, opts Options) (*Parallel, error) {
	opts = opts.withDefaults()
	if opts.SkipRows > 0 {
		return nil, errors.New("csvscan: a parallel scan does not skip rows; use a sequential Scanner for Options.SkipRows")
	}
	kit, err := newTableKit(opts.Dialect)
	if err != nil {
		return nil, err
	}
	threads := opts.Goroutines()
	ctx, cancel := context.WithCancel(ctx)
	p := &Parallel{
		opts: opts, kit: kit, threads: threads, m: m, ctx: ctx, cancel: cancel,
		results:  map[int]*batch{},
		c:        newCursor(opts),
		funcs:    map[int]*[sm.NumStates]sm.State{},
		starts:   map[int]sm.State{0: sm.NotSet},
		window:   threads + 2,
		failedAt: math.MaxInt,
	}
	// A byte order mark is no part of any row: the first row starts after
	// it, in state NOT_SET.
	var head [3]byte
	n, err := readHead(m, head[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		cancel()
		return nil, err
	}
	if n == 3 && head == [3]byte{0xEF, 0xBB, 0xBF} {
		p.bom = 3
	}
	p.next = segEnd{exit: p.bom, exitState: sm.NotSet, rawFrom: -1}
	p.cutBoundaries()
	p.walkers.New = func() any { return skipper.NewWalker(kit.tab) }
	p.cond = sync.NewCond(&p.mu)
	return p, nil
}

// cutBoundaries sets the iterator of the boundaries over the Manager's
// buffers, and their lengths, from its buffer size.
func (p *Parallel) cutBoundaries() {
	per := iterator.BytesPerThread(p.m.Size(), p.opts.MaxLineSize)
	p.g, p.maxLen, p.pieceLen = iterator.NewGlobal(p.m, per), per, max(minPiece, min(firstPiece, per))
}

// readHead reads the input's first bytes into head, on the caller's
// goroutine: a mapped page gone because the file shrank is an error.
func readHead(m *buffer.Manager, head []byte) (n int, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	r := m.NewReader(0)
	defer r.Close()
	defer func() {
		if x := recover(); x != nil {
			if err = m.Fault(x); err == nil {
				panic(x)
			}
		}
	}()
	return io.ReadFull(r, head)
}

// ScanReaderAt is NewParallel over size bytes of r with buffers of
// opts.BufferSize (0: DefaultReadBufferSize, see there).
func ScanReaderAt(ctx context.Context, r io.ReaderAt, size int64, opts Options) (*Parallel, error) {
	return NewParallel(ctx, buffer.FromReaderAt(r, size, readBufferSize(opts)), opts)
}

// ScanFile is NewParallel over the regular file f. With Each its pages are
// read in place (memory-mapped) where the system allows it, see
// buffer.FromFile, in buffers of opts.BufferSize (0:
// DefaultParallelBufferSize); Scan reads them into buffers instead (see
// Parallel: a file that shrinks while it is read is an error either way),
// as Each does where they cannot be mapped, of DefaultReadBufferSize when
// opts.BufferSize is 0. A file whose size says 0 (a regular file of /proc
// or /sys, which holds bytes all the same) or that is not a regular file
// is read as a stream from its current offset, as ScanReader reads it.
func ScanFile(ctx context.Context, f *os.File, opts Options) (*Parallel, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() == 0 {
		return ScanReader(ctx, f, opts)
	}
	return ScanFileSize(ctx, f, st.Size(), opts)
}

// ScanFileSize is ScanFile over the first size bytes of f, the size it had
// when the caller looked (see buffer.FromFileSize): bytes appended since
// are not read, and a file now shorter is an error wrapping
// io.ErrUnexpectedEOF.
func ScanFileSize(ctx context.Context, f *os.File, size int64, opts Options) (*Parallel, error) {
	m, err := buffer.FromFileSize(f, size, parallelBufferSize(opts))
	if err != nil {
		return nil, err
	}
	p, err := NewParallel(ctx, m, opts)
	if err != nil {
		return nil, err
	}
	if opts.BufferSize <= 0 {
		p.readSize = readBufferSize(opts)
	}
	return p, nil
}

// ScanReader is NewParallel over a sequential reader (a pipe, standard
// input) with buffers of opts.BufferSize (0: DefaultReadBufferSize, see
// there).
func ScanReader(ctx context.Context, r io.Reader, opts Options) (*Parallel, error) {
	return NewParallel(ctx, buffer.FromReader(r, readBufferSize(opts)), opts)
}

// parallelBufferSize is the buffer size of a parallel scan that may map
// its file: opts.BufferSize, or DefaultParallelBufferSize.
func parallelBufferSize(opts Options) int {
	if opts.BufferSize > 0 {
		return opts.BufferSize
	}
	return DefaultParallelBufferSize
}

// readBufferSize is the buffer size of a parallel scan that reads its
// input into memory: opts.BufferSize, or DefaultReadBufferSize when a row
// of the maximum line size fits in half of it, DefaultParallelBufferSize
// otherwise.
func readBufferSize(opts Options) int {
	if opts.BufferSize > 0 {
		return opts.BufferSize
	}
	maxLine := opts.MaxLineSize
	if maxLine <= 0 {
		maxLine = DefaultMaxLineSize
	}
	if maxLine <= DefaultReadBufferSize/2 {
		return DefaultReadBufferSize
	}
	return DefaultParallelBufferSize
}

// ParallelStats counts how the boundaries of a parallel scan found their
// start states, to measure what exactness costs.
type ParallelStats struct {
	Boundaries   int   // boundaries scanned
	Met          int   // boundaries whose side-by-side runs met: exact at once
	Kept         int   // boundaries whose full-speed scan from a guessed run was kept
	Rescanned    int   // boundaries read again because the guess was wrong
	SideBySide   int64 // bytes read by the side-by-side runs
	PrefixRescan int64 // bytes read again before the point where the runs met
}

// Stats returns the counts so far.
func (p *Parallel) Stats() ParallelStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stats
}

func (p *Parallel) count(f func(*ParallelStats)) {
	p.mu.Lock()
	f(&p.stats)
	p.mu.Unlock()
}

// Scan reads the next data row. It returns false at the end of input or on
// an error; Err tells which. After Close it returns false, and Err returns
// ErrClosed unless the scan had ended before.
func (p *Parallel) Scan() bool {
	// The common case first, ahead of the general case's loop (3% of a
	// two-goroutine Scan of 256-byte notes). Close, from any goroutine,
	// stops it at the next row (the check is one load).
	if !p.closing.Load() && p.c.uniformNext() {
		return true
	}
	return p.scan()
}

// scan is Scan's general case.
func (p *Parallel) scan() bool {
	if p.closing.Load() {
		return p.closed()
	}
	if !p.started && !p.start(false) {
		return p.closed()
	}
	if p.each && p.err == nil {
		p.err = errScanAfterEach
	}
	c := &p.c
	for {
		if p.err != nil {
			return false
		}
		if p.closing.Load() {
			return p.closed()
		}
		if c.cur != nil {
			if c.next() {
				return true
			}
			if c.err != nil {
				p.fail(c.err)
				return false
			}
			more, err := c.endPart()
			if err != nil {
				p.fail(err)
				return false
			}
			if more != nil {
				// The boundary's rows go on in a second part.
				if more.pin == nil {
					more.pin = c.cur.pin
				}
				c.cur.pin = nil
				p.recycle(c.cur)
				c.set(more, true)
				continue
			}
			p.finishBatch()
		}
		b, ok := p.wait()
		if !ok {
			if p.err == nil {
				p.err = io.EOF
			}
			p.Close()
			return false
		}
		if b.pending != nil {
			b = p.finishBoundary(b.pending)
		}
		b = p.exact(b)
		p.mu.Lock()
		if p.closeReq {
			// Close came while the batch was on its way: it is ours to
			// release.
			p.mu.Unlock()
			if b.pin != nil {
				p.m.Release(b.pin)
			}
			return p.closed()
		}
		p.curPin = b.pin
		p.mu.Unlock()
		c.set(b, false)
	}
}

// fail ends the scan with err (ErrClosed when Close stopped it first).
func (p *Parallel) fail(err error) {
	if p.closing.Load() {
		err = ErrClosed
	}
	p.err = err
	p.Close()
}

// closed ends a scan that Close stopped, on the goroutine reading its rows:
// the cursor lets go of its batch, whose buffer Close released.
func (p *Parallel) closed() bool {
	if p.err == nil {
		p.err = ErrClosed
	}
	p.c.forget()
	p.c.cur = nil // Scan's fast path looks no further
	p.Close()     // the teardown, if Close has not finished it yet
	return false
}

// finishBatch releases the delivered batch and lets the workers move on.
func (p *Parallel) finishBatch() {
	b := p.c.cur
	p.c.cur = nil
	p.c.forget()
	p.mu.Lock()
	pin := p.curPin // nil when Close released it
	p.curPin = nil
	p.mu.Unlock()
	if pin != nil {
		p.m.Release(pin)
	}
	p.m.Retire(b.end)
	p.recycle(b)
	p.mu.Lock()
	p.released++
	p.cond.Broadcast()
	p.mu.Unlock()
}

// wait returns the next batch in file order, or false at the end.
func (p *Parallel) wait() (*batch, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if p.closeReq {
			p.err = ErrClosed
			return nil, false
		}
		if b, ok := p.results[p.deliver]; ok {
			delete(p.results, p.deliver)
			p.deliver++
			return b, true
		}
		if p.ctx.Err() != nil {
			p.err = p.ctx.Err()
			return nil, false
		}
		if (p.ended || p.stopped) && p.deliver >= p.handed {
			return nil, false
		}
		p.cond.Wait()
	}
}

// Row returns the values of the row read by the last successful Scan,
// valid until the next call to Scan or Close.
func (p *Parallel) Row() [][]byte { return p.c.Row() }

// Header returns the header row when Options.Header is set.
func (p *Parallel) Header() []string { return p.c.header }

// LineNumber returns the line where the row Row returns starts, counting
// line ends outside quotes from 1, as DuckDB numbers lines.
func (p *Parallel) LineNumber() int { return p.c.LineNumber() }

// TakeBadRows returns the rows skipped with Options.IgnoreErrors since the
// last call, in file order, as a sequential Scanner does.
func (p *Parallel) TakeBadRows() []*ParseError { return p.c.TakeBadRows() }

// RowNumber returns the 1-based number of the row Row returns.
func (p *Parallel) RowNumber() int { return p.c.rows }

// Err returns the error that stopped the scan, or nil at the end of input:
// ErrClosed after Close stopped it before its end.
func (p *Parallel) Err() error {
	switch {
	case p.err == io.EOF:
		return nil
	case p.err == nil && p.closing.Load():
		return ErrClosed
	}
	return p.err
}

// Close stops the scan: it may be called from any goroutine, more than once,
// also while Scan or Each runs on another one (see Parallel). It stops the
// workers, waits for them to return and releases every buffer, then
// returns; called while Each runs, it only stops the scan, and Each waits
// and releases when its running calls have returned (Close may then be
// called from Each's function). The values of the rows Scan returned are
// not to be used after Close; called from another goroutine, Close lets
// the goroutine reading rows finish with the row it is on: the memory its
// values point into is not unmapped (Scan reads no mapped pages) nor read
// into again.
func (p *Parallel) Close() error {
	p.mu.Lock()
	p.closeReq = true
	p.closing.Store(true)
	inEach := p.inEach
	p.cond.Broadcast()
	p.mu.Unlock()
	p.cancel()
	if inEach {
		return nil
	}
	p.teardown.Do(p.release)
	return nil
}

// release waits for the workers and lets every buffer go, once.
func (p *Parallel) release() {
	p.wg.Wait()
	p.mu.Lock()
	for k, b := range p.results {
		if b.pin != nil {
			p.m.Release(b.pin)
		}
		delete(p.results, k)
	}
	if p.curPin != nil {
		p.m.Release(p.curPin)
		p.curPin = nil
	}
	for _, c := range p.ready { // blocks Each had no worker left to run
		if c.head.pin != nil {
			p.m.Release(c.head.pin)
		}
	}
	p.ready = nil
	p.mu.Unlock()
	p.m.Wait()                // a prefetch still reading would outlive the caller's file
	p.m.Retire(math.MaxInt64) // no reader is left: let every buffer go
	p.m.Close()               // and those whose pins a fault lost
}
