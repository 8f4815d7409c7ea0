package scanner

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/iterator"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// Why this file is over 600 lines: the parallel scan's API, workers,
// boundaries, batches and the bad-row merge (exact) in one file; cutting it
// into the API/workers, the boundary work and the batches is point 2 of
// issue 14 (layout), left to that issue so that the move is one reviewed
// change and not mixed with this session's fixes.

// DefaultParallelBufferSize is the buffer size of a parallel scan: DuckDB's
// 32 MiB.
const DefaultParallelBufferSize = buffer.DefaultSize

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
	bad        bool   // a row skipped with IgnoreErrors: its error is next in batch.bad
}

// batch is the output of one boundary: its rows, and the error that ended
// it, if any.
type batch struct {
	pin    *buffer.Buffer // the buffer the non-arena values point into
	arena  []byte
	fields []fieldRef
	rows   []rowMeta
	err    error
	bad    []*ParseError // rows skipped with IgnoreErrors, in order
	lines  int           // line ends the part counted (lines that start in it)
	base   int64         // input offset of the boundary: rowMeta offsets count from it
	end    int64         // input offset just past the boundary
	more   *batch        // the rows that follow, read separately (same pin)
	// uniform is the number of values of every row when each row is a good,
	// non-empty row with that many; -1 when not; 0 before the first row.
	// The merge takes such rows without looking at their records.
	uniform  int
	hasArena bool // some value is in the arena
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

// segEnd is what a segment scan says about its ends, besides its rows.
type segEnd struct {
	rec        sm.State // the state recorded at the boundary's end (INVALID: none)
	haveRec    bool     // rec was recorded
	err        error
	first      int64    // the offset of the first row read, or -1 (none)
	firstState sm.State // the state there
	// exit is where the row after the last one read starts (at or after
	// the stop offset), eofExit when the input ended, -1 when unknown.
	exit      int64
	exitState sm.State
	// rawFrom >= 0: the last row is a bad one whose end is still to be
	// found, from this offset on, as the first line-end byte.
	rawFrom int64
}

// eofExit is the exit of a segment whose rows ran to the end of input.
const eofExit = math.MaxInt64

// noEnds is the segEnd of a batch no scan has filled.
var noEnds = segEnd{rec: sm.Invalid, first: -1, exit: -1, rawFrom: -1}

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
var ErrClosed = errors.New("scanner: the parallel scan was closed")

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

// NewParallel returns a parallel scan of the input m holds. Threads in
// opts (0: runtime.GOMAXPROCS(0)) goroutines start at the first Scan, or at Each.
func NewParallel(ctx context.Context, m *buffer.Manager, opts Options) (*Parallel, error) {
	opts = opts.withDefaults()
	if opts.SkipRows > 0 {
		return nil, errors.New("scanner: a parallel scan does not skip rows; use a sequential Scanner for Options.SkipRows")
	}
	kit, err := newTableKit(opts.Dialect)
	if err != nil {
		return nil, err
	}
	threads := opts.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	per := iterator.BytesPerThread(m.Size(), opts.MaxLineSize)
	p := &Parallel{
		opts: opts, kit: kit, threads: threads, m: m, ctx: ctx, cancel: cancel,
		g:        iterator.NewGlobal(m, per),
		maxLen:   per,
		pieceLen: max(minPiece, min(firstPiece, per)),
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
	p.walkers.New = func() any { return skipper.NewWalker(kit.tab) }
	p.cond = sync.NewCond(&p.mu)
	return p, nil
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

// start starts the workers, at the first Scan or at Each. It reports false,
// starting nothing, when Close came first.
func (p *Parallel) start(each bool) bool {
	if !each {
		// Scan's rows are the caller's to read, on its goroutine: from
		// memory of the Manager's own, not from mapped pages a shrinking
		// file would take away under it.
		p.m.StopMapping()
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
		go p.worker()
	}
	go func() {
		p.wg.Wait()
		stop()
	}()
	return true
}

// ScanReaderAt is NewParallel over size bytes of r with buffers of
// opts.BufferSize (0: DefaultParallelBufferSize).
func ScanReaderAt(ctx context.Context, r io.ReaderAt, size int64, opts Options) (*Parallel, error) {
	return NewParallel(ctx, buffer.FromReaderAt(r, size, parallelBufferSize(opts)), opts)
}

// ScanFile is NewParallel over the regular file f. With Each its pages are
// read in place (memory-mapped) where the system allows it, see
// buffer.FromFile; Scan reads them into buffers instead (see Parallel: a
// file that shrinks while it is read is an error either way).
func ScanFile(ctx context.Context, f *os.File, opts Options) (*Parallel, error) {
	m, err := buffer.FromFile(f, parallelBufferSize(opts))
	if err != nil {
		return nil, err
	}
	return NewParallel(ctx, m, opts)
}

// ScanReader is NewParallel over a sequential reader (a pipe, standard
// input) with buffers of opts.BufferSize (0: DefaultParallelBufferSize).
func ScanReader(ctx context.Context, r io.Reader, opts Options) (*Parallel, error) {
	return NewParallel(ctx, buffer.FromReader(r, parallelBufferSize(opts)), opts)
}

func parallelBufferSize(opts Options) int {
	if opts.BufferSize > 0 {
		return opts.BufferSize
	}
	return DefaultParallelBufferSize
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

func (p *Parallel) worker() {
	defer p.wg.Done()
	// A mapped page gone because the file shrank (Each reads mapped
	// files) panics instead of killing the process; scanGuarded and
	// callFn make it an error.
	debug.SetPanicOnFault(true)
	for {
		b, c, ok, err := p.take()
		switch {
		case err != nil:
			p.publishBatch(b.Index, &batch{err: err})
		case !ok:
			return
		case c != nil:
			p.runBlock(c)
		default:
			out := p.scanGuarded(b)
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
func (p *Parallel) scanGuarded(b iterator.Boundary) (out *batch) {
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
	return p.scanBoundary(b)
}

// publishFunc records boundary k's transition function and extends the
// chain of known start states.
func (p *Parallel) publishFunc(k int, f *[sm.NumStates]sm.State) {
	p.mu.Lock()
	defer p.mu.Unlock()
	own := *f // the caller may go on changing its copy
	p.funcs[k] = &own
	for {
		s, ok := p.starts[k]
		f, okf := p.funcs[k]
		if !ok || !okf || f[s] == unknownState {
			break
		}
		if _, done := p.starts[k+1]; done {
			break
		}
		p.starts[k+1] = f[s]
		delete(p.funcs, k)
		k++
	}
	p.cond.Broadcast()
}

// startState waits for the state before boundary k's first byte.
// knownStart returns boundary k's start state if it is known already.
func (p *Parallel) knownStart(k int) (sm.State, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.starts[k]
	return s, ok
}

// startState waits for boundary k's start state; false when the scan stopped
// first.
func (p *Parallel) startState(k int) (sm.State, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if s, ok := p.starts[k]; ok {
			return s, true
		}
		if p.ctx.Err() != nil || k > p.failedAt || p.sequenced {
			// The scan stopped before boundary k: its rows are not needed.
			return 0, false
		}
		p.cond.Wait()
	}
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

// unknownState marks an entry of a transition function that is not worked
// out yet.
const unknownState = sm.State(sm.NumStates)

func constant(s sm.State) *[sm.NumStates]sm.State {
	var f [sm.NumStates]sm.State
	for i := range f {
		f[i] = s
	}
	return &f
}

// scanBoundary produces the rows that start in boundary b.
func (p *Parallel) scanBoundary(b iterator.Boundary) *batch {
	k := b.Index
	out := p.newBatch(b.Offset(), b.EndOffset(), 16, 64) // the prefix: a few rows, usually
	out.ends = noEnds
	pin, err := p.m.Pin(b.BufferIndex)
	if err != nil {
		p.publishFunc(k, constant(sm.Invalid))
		out.err = err
		return out
	}
	out.pin = pin
	data := pin.Bytes()
	base := pin.Offset()
	end := b.EndOffset()

	if end <= p.bom {
		// Inside the byte order mark: no row, and NOT_SET after it.
		p.publishFunc(k, constant(sm.NotSet))
		return out
	}
	if b.Offset() <= p.bom {
		// The first boundary: its state is known, and all its rows go into
		// out, sized for them.
		rows, fields := estimateRows(data[b.Start:b.End], p.opts.Dialect.Delimiter[0])
		p.recycle(out)
		out = p.newBatch(b.Offset(), end, rows, fields)
		out.pin, out.ends = pin, noEnds
		first := int(p.bom - base)
		e := p.segmentFirst(out, segJob{data: data, base: base, start: first, state: sm.NotSet, stopAt: end, recordAt: end})
		p.publishFunc(k, constant(e.rec))
		out.err, out.ends = e.err, e
		return out
	}

	// Run every start state side by side over the first bytes.
	h := newHypotheses(p.opts.IgnoreErrors)
	meet := b.Start + h.run(p.kit.tab.Transitions(), data[b.Start:min(b.End, b.Start+meetWindow)])
	met := len(h.live) == 1
	p.count(func(st *ParallelStats) {
		st.Boundaries++
		st.SideBySide += int64(meet - b.Start)
		if met {
			st.Met++
		}
	})
	if len(h.live) == 0 {
		// Every start state leads to an error here: the true one will too,
		// and the scan from it reports where.
		p.publishFunc(k, constant(sm.Invalid))
		return p.scanFrom(out, b, data, base, -1)
	}
	// Scan the rest at full speed from the most likely state: one outside
	// quotes (most bytes of most files are). When the runs met, it is the
	// only one and the scan is exact.
	main := h.live[0]
	for _, st := range h.live {
		if !st.InQuotes() {
			main = st
			break
		}
	}
	rows, fields := estimateRows(data[b.Start:b.End], p.opts.Dialect.Delimiter[0])
	bulk := p.newBatch(b.Offset(), end, rows, fields)
	be := p.segmentFirst(bulk, segJob{data: data, base: base, start: meet, state: main, stopAt: end, recordAt: end})
	rec, bulkErr, first := be.rec, be.err, be.first
	// The transition function: the bulk scan gives the end state of the
	// main run. The other runs' end states are worked out only if the
	// boundary turns out to start in one of them (rare): until then their
	// entries are unknown, and the chain of start states waits on them.
	var f [sm.NumStates]sm.State
	for st := range f {
		f[st] = sm.Invalid
		if g := h.group[st]; g >= 0 {
			f[st] = unknownState
			if h.live[g] == main {
				f[st] = rec
			}
		}
	}
	p.publishFunc(k, &f)
	j := &pendingBoundary{b: b, out: out, bulk: bulk, bulkErr: bulkErr, h: h, main: main,
		meet: meet, first: first, f: f, data: data, base: base, bulkEnds: be}
	if _, known := p.knownStart(k); !known {
		// The boundaries before this one are still being read. Waiting for
		// them would leave this goroutine idle; the merge finishes the
		// boundary when it gets there, by which time its start is known.
		out.pending = j
		return out
	}
	return p.finishBoundary(j)
}

// pendingBoundary is what finishBoundary needs of a boundary whose bulk was
// read from a guessed start state.
type pendingBoundary struct {
	b         iterator.Boundary
	out, bulk *batch
	bulkErr   error
	h         *hypotheses
	main      sm.State
	meet      int
	first     int64
	f         [sm.NumStates]sm.State
	data      []byte // the pinned buffer, data[0] at input offset base
	base      int64
	bulkEnds  segEnd
}

// finishBoundary completes boundary j.b once its start state is known:
// it reads the rows before the point where the side-by-side runs met and
// keeps the bulk, or reads the boundary again when the bulk's guess was
// wrong.
func (p *Parallel) finishBoundary(j *pendingBoundary) *batch {
	b, out, bulk, h, main, f := j.b, j.out, j.bulk, j.h, j.main, &j.f
	k, end, data, base := b.Index, b.EndOffset(), j.data, j.base
	out.pending = nil
	s, ok := p.startState(k)
	if !ok {
		out.err = p.ctx.Err()
		p.recycle(bulk)
		return out
	}
	if g := h.group[s]; g < 0 || h.live[g] != main {
		// The boundary did not start where the bulk scan assumed (a rare
		// file, such as one whose quoted values span boundaries): complete
		// the function for the true start, and read the boundary again.
		p.recycle(bulk)
		p.count(func(st *ParallelStats) { st.Rescanned++ })
		if g < 0 {
			return p.scanFrom(out, b, data, base, -1)
		}
		publish := func(end sm.State) {
			for st := range f {
				if h.group[st] == g {
					f[st] = end
				}
			}
			p.publishFunc(k, f)
		}
		if p.opts.IgnoreErrors {
			// The table alone knows nothing of bad rows over the maximum
			// line size, which end where it would not: the end state is
			// the one the scan records.
			out = p.scanFrom(out, b, data, base, end)
			if out.ends.haveRec {
				publish(out.ends.rec)
			} else {
				publish(p.endState(h.live[g], data[j.meet:b.End]))
			}
			return out
		}
		publish(p.endState(h.live[g], data[j.meet:b.End]))
		return p.scanFrom(out, b, data, base, -1)
	}
	first := j.first
	if first < 0 {
		first = end
	}
	met := len(h.live) == 1
	p.count(func(st *ParallelStats) {
		if !met {
			st.Kept++
		}
		st.PrefixRescan += first - b.Offset()
	})
	pe := p.segmentFirst(out, segJob{data: data, base: base, start: b.Start, state: s, stopAt: first, recordAt: -1})
	out.ends = pe
	if pe.err != nil {
		out.err = pe.err
		p.recycle(bulk)
		return out
	}
	if j.first >= 0 && (pe.rawFrom >= 0 || pe.exit != j.first || pe.exitState != j.bulkEnds.firstState) {
		// A bad row of the first rows ran past the point where the bulk's
		// rows start (a recovery the table alone does not foresee): the
		// bulk is not the file's, and the rows go on from where that row
		// ended.
		p.recycle(bulk)
		if pe.rawFrom < 0 && pe.exit >= 0 && pe.exit < end {
			more := p.newBatch(b.Offset(), end, 16, 64)
			me := p.segmentFirst(more, segJob{data: data, base: base, start: int(pe.exit - base), state: pe.exitState, stopAt: end, recordAt: -1})
			more.err = me.err
			out.more = more
			out.ends.exit, out.ends.exitState, out.ends.rawFrom = me.exit, me.exitState, me.rawFrom
		}
		return out
	}
	if j.first >= 0 {
		out.ends.exit, out.ends.exitState, out.ends.rawFrom = j.bulkEnds.exit, j.bulkEnds.exitState, j.bulkEnds.rawFrom
	}
	bulk.err = j.bulkErr
	out.more = bulk // out holds the pin
	return out
}

// newBatch returns an empty batch for the boundary [base, end), reusing the
// memory of a delivered one: for a boundary's bulk (rows > 16) the spare
// with the most room, for its first rows (a few) the one with the least, so
// that they do not take the room the bulk needs. A bulk gets room for the
// rows and values per byte measured on the last boundary read, with an
// eighth to spare, at most two budgets (the boundary lengths keep a
// batch's records near one); before any was measured, rows and fields (see
// estimateRows). A batch whose rows are more grows as it fills (batch.add
// appends).
func (p *Parallel) newBatch(base, end int64, rows, fields int) *batch {
	p.mu.Lock()
	if rows > 16 && p.measured {
		n := float64(end-base) * 1.125
		rows = min(int(p.rowsPerByte*n), 2*batchBudget/rowMetaLen) + 16
		fields = min(int(p.fieldsPerByte*n), 2*batchBudget/fieldLen) + 64
	}
	if k := len(p.spare); k > 0 {
		pick := 0
		for i, b := range p.spare {
			c, best := cap(b.rows), cap(p.spare[pick].rows)
			if (rows > 16 && c > best) || (rows <= 16 && c < best) {
				pick = i
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
	return &batch{base: base, end: end, rows: make([]rowMeta, 0, rows), fields: make([]fieldRef, 0, fields)}
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

// recycle keeps b's memory for a later boundary. b must hold no pin. A
// batch whose room for records grew past eight budgets (a boundary denser
// than the ones before it) is left to the collector.
func (p *Parallel) recycle(b *batch) {
	if cap(b.rows)*rowMetaLen+cap(b.fields)*fieldLen > 8*batchBudget {
		*b = batch{}
		return
	}
	*b = batch{arena: b.arena[:0], fields: b.fields[:0], rows: b.rows[:0], bad: b.bad[:0]}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.spare) < p.window {
		p.spare = append(p.spare, b)
	}
}

// meetWindow bounds the side-by-side run at a boundary's start: the runs
// of an ordinary file meet within a row or two. (A variable so that tests
// can make it tiny.)
var meetWindow = 4 << 10

// scanFrom reads boundary b's rows from its first byte once its true start
// state is known.
func (p *Parallel) scanFrom(out *batch, b iterator.Boundary, data []byte, base, recordAt int64) *batch {
	s, ok := p.startState(b.Index)
	if !ok {
		out.err = p.ctx.Err()
		return out
	}
	e := p.segmentFirst(out, segJob{data: data, base: base, start: b.Start, state: s, stopAt: b.EndOffset(), recordAt: recordAt})
	out.err, out.ends = e.err, e
	return out
}

// endState runs the machine from st over data without reading values,
// skipping what the skip tables allow, and returns the state after the last
// byte (INVALID when the run hits INVALID). Inside quotes, QUOTED and
// QUOTED_NEW_LINE may come out folded into QUOTED when the table says they
// read alike (Table.QuotedStop); that changes no row.
func (p *Parallel) endState(st sm.State, data []byte) sm.State {
	next := p.kit.tab.Transitions()
	w := p.walker()
	defer p.putWalker(w)
	w.Reset(data)
	pos := 0
	for pos < len(data) {
		st = next[data[pos]][st]
		pos++
		switch st {
		case sm.Invalid:
			if !p.opts.IgnoreErrors {
				return sm.Invalid // the scan stops here
			}
		case sm.Standard, sm.Quoted, sm.Comment:
			pos = w.Skip(st, pos, len(data))
		}
	}
	return st
}

// walker returns a walker of the scan's table for one segment or end-state
// run, and putWalker takes it back: the table's masks and lane are built
// once per goroutine reading, not once per boundary.
func (p *Parallel) walker() *skipper.Walker { return p.walkers.Get().(*skipper.Walker) }

func (p *Parallel) putWalker(w *skipper.Walker) {
	w.Reset(nil) // hold no buffer while idle
	p.walkers.Put(w)
}

// segmentFirst scans the rows of job j into out, up to the first row that
// starts at or after j.stopAt, and tells what it found at its ends: the
// state recorded at j.recordAt (INVALID when it was not reached), the error
// that stopped it, the first row start and the next one after its rows.
func (p *Parallel) segmentFirst(out *batch, j segJob) segEnd {
	e := noEnds
	if j.state == sm.Invalid && !p.opts.IgnoreErrors {
		// An earlier boundary ends in an error; nothing here is read.
		return e
	}
	more := p.m.NewReader(j.base + int64(len(j.data)))
	defer more.Close()
	var moreR io.Reader = more
	if int64(len(j.data)) < int64(p.m.Size()) {
		moreR = nil // the last buffer
	}
	w := p.walker()
	defer p.putWalker(w)
	s := newSegment(p.opts, p.kit, w, j, moreR)
	for {
		ok := s.readRow()
		for _, pe := range s.TakeBadRows() {
			out.addBad(pe)
		}
		if !ok {
			break
		}
		out.add(s)
	}
	out.lines = s.lines
	if s.seg.haveRec {
		e.rec, e.haveRec = s.seg.recorded, true
	}
	e.first, e.firstState, e.rawFrom = s.seg.firstRow, s.seg.firstState, s.seg.rawFrom
	switch {
	case s.err != io.EOF:
		e.err = s.err
	case e.rawFrom >= 0:
	case s.seg.seeking && !s.seg.countSeek:
		// No row starts here.
	case s.pastStop():
		e.exit, e.exitState = s.base+int64(s.rowStart), s.cur
	default:
		e.exit = eofExit
	}
	return e
}

// add copies the row the segment scanner just read into the batch: values
// still in the pinned buffer by reference, the others into the arena.
func (b *batch) add(s *Scanner) {
	n := len(s.spans)
	b.fields = slices.Grow(b.fields, n)
	for _, sp := range s.spans {
		switch {
		case !sp.scratch && s.seg.borrowed:
			b.fields = append(b.fields, fieldRef{start: uint32(sp.start), end: uint32(sp.end)})
			continue
		default:
			src := s.buf
			if sp.scratch {
				src = s.scratch
			}
			start := len(b.arena)
			b.arena = append(b.arena, src[sp.start:sp.end]...)
			b.fields = append(b.fields, fieldRef{start: uint32(start), end: uint32(len(b.arena)) | arenaBit})
			b.hasArena = true
		}
	}
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
// relative to the part, as the good rows'.
func (b *batch) addBad(pe *ParseError) {
	b.uniform = -1
	b.bad = append(b.bad, pe)
	b.rows = append(b.rows, rowMeta{fields: uint32(len(b.fields)), bad: true, line: uint32(pe.Line - 1)})
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
	b.lines, b.uniform, b.hasArena = 0, 0, false
	return b
}

// rescan reads boundary b again from the row start at, where the machine is
// in state st, into a new batch that takes over b's pin.
func (p *Parallel) rescan(b *batch, at int64, st sm.State) *batch {
	p.count(func(s *ParallelStats) { s.Rescanned++ })
	pin := b.pin
	data, base := pin.Bytes(), pin.Offset()
	nb := p.newBatch(b.base, b.end, 16, 64)
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
