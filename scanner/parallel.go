package scanner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sync"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/iterator"
	sm "github.com/csvscan/csvscan/statemachine"
)

// DefaultParallelBufferSize is the buffer size of a parallel scan: DuckDB's
// 32 MiB.
const DefaultParallelBufferSize = buffer.DefaultSize

// fieldRef is one value of a worker's row: bytes [start, end) of the
// boundary's pinned buffer, or of the batch's arena.
type fieldRef struct {
	start, end uint32
	arena      bool
}

// rowMeta describes one row of a batch.
type rowMeta struct {
	fields     uint32 // index in batch.fields just past the row's values
	empty      bool   // an empty line, a row only in a one-column file
	start, end int64  // input offsets of the row and of its line end
}

// batch is the output of one boundary: its rows, and the error that ended
// it, if any.
type batch struct {
	pin    *buffer.Buffer // the buffer the non-arena values point into
	arena  []byte
	fields []fieldRef
	rows   []rowMeta
	err    error
	end    int64 // input offset just past the boundary
}

// Parallel reads one input with several goroutines and returns its rows in
// file order: exactly the rows, header and error (with the same row, field
// and byte offset) a sequential Scanner returns for the same input and
// options.
//
// The input is cut into boundaries (package iterator) over fixed-size
// buffers (package buffer). The worker that takes a boundary produces the
// rows that start in it, reading past its end to finish the last one. To
// know where rows start it needs the machine's state at the boundary's first
// byte, which depends on everything before it. It finds it exactly:
//
//   - It runs the machine from every possible state side by side (merging
//     runs that meet, dropping runs that hit INVALID) until one state is
//     left, usually within a row. From there on the state is exact, and the
//     worker scans its rows at full speed. It also records the state at the
//     boundary's end: the boundary's transition function is then that one
//     state, whatever it started in.
//   - If the runs never meet inside the boundary, the transition function
//     (start state → end state) is what the side-by-side run computed.
//   - The start state of boundary k+1 is f_k(start state of k), composed in
//     file order as the functions arrive. With it, the worker reads the rows
//     before the point where its runs met (or, if they never met, the whole
//     boundary).
//
// Rows reach the caller through a window of at most Threads+2 boundaries, so
// memory stays bounded by the buffers those boundaries pin.
//
// Call Close when stopping before Scan returns false; Scan returning false
// has already released everything.
type Parallel struct {
	opts    Options
	threads int
	m       *buffer.Manager
	g       *iterator.Global
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup

	mu       sync.Mutex
	cond     *sync.Cond
	handed   int // boundaries handed to workers
	ended    bool
	results  map[int]*batch
	funcs    map[int]*[sm.NumStates]sm.State
	starts   map[int]sm.State
	deliver  int // the boundary the merge reads next
	window   int
	failedAt int   // the first boundary whose batch ends in an error
	bom      int64 // length of the byte order mark at the start: 0 or 3

	// The merge, on the caller's goroutine.
	cur    *batch
	ri, fi int
	row    [][]byte
	header []string
	width  int
	rows   int
	err    error
	closed bool
}

// NewParallel returns a parallel scan of the input m holds. Threads in
// opts (0: runtime.GOMAXPROCS(0)) goroutines start at once.
func NewParallel(ctx context.Context, m *buffer.Manager, opts Options) (*Parallel, error) {
	opts = opts.withDefaults()
	if _, err := sm.For(opts.Dialect); err != nil {
		return nil, err
	}
	threads := opts.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	p := &Parallel{
		opts: opts, threads: threads, m: m, ctx: ctx, cancel: cancel,
		g:        iterator.NewGlobal(m, iterator.BytesPerThread(m.Size(), opts.MaxLineSize)),
		results:  map[int]*batch{},
		funcs:    map[int]*[sm.NumStates]sm.State{},
		starts:   map[int]sm.State{0: sm.NotSet},
		window:   threads + 2,
		failedAt: math.MaxInt,
	}
	if opts.FieldsPerRow > 0 {
		p.width = opts.FieldsPerRow
	}
	// A byte order mark is no part of any row: the first row starts after
	// it, in state NOT_SET.
	var head [3]byte
	r := m.NewReader(0)
	n, err := io.ReadFull(r, head[:])
	r.Close()
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		cancel()
		return nil, err
	}
	if n == 3 && head == [3]byte{0xEF, 0xBB, 0xBF} {
		p.bom = 3
	}
	p.cond = sync.NewCond(&p.mu)
	stop := context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	p.wg.Add(threads)
	for i := 0; i < threads; i++ {
		go p.worker()
	}
	go func() {
		p.wg.Wait()
		stop()
	}()
	return p, nil
}

// ScanReaderAt is NewParallel over size bytes of r with buffers of
// opts.BufferSize (0: DefaultParallelBufferSize).
func ScanReaderAt(ctx context.Context, r io.ReaderAt, size int64, opts Options) (*Parallel, error) {
	return NewParallel(ctx, buffer.FromReaderAt(r, size, parallelBufferSize(opts)), opts)
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

// take hands the next boundary to a worker, waiting while the window is
// full. It returns false when there is none or the scan is over.
func (p *Parallel) take() (iterator.Boundary, bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.handed >= p.deliver+p.window && p.ctx.Err() == nil && p.handed <= p.failedAt {
		p.cond.Wait()
	}
	if p.ctx.Err() != nil || p.ended || p.handed > p.failedAt {
		return iterator.Boundary{}, false, nil
	}
	b, ok, err := p.g.Next()
	if err != nil || !ok {
		p.ended = true
		p.cond.Broadcast()
		return iterator.Boundary{}, false, err
	}
	p.handed++
	return b, true, nil
}

func (p *Parallel) worker() {
	defer p.wg.Done()
	for {
		b, ok, err := p.take()
		if err != nil {
			p.publishBatch(p.handedIndex(), &batch{err: err})
			return
		}
		if !ok {
			return
		}
		p.publishBatch(b.Index, p.scanBoundary(b))
	}
}

// handedIndex is the index the failed iterator call would have had.
func (p *Parallel) handedIndex() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.handed++
	return p.handed - 1
}

// publishFunc records boundary k's transition function and extends the
// chain of known start states.
func (p *Parallel) publishFunc(k int, f *[sm.NumStates]sm.State) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.funcs[k] = f
	for {
		s, ok := p.starts[k]
		f, okf := p.funcs[k]
		if !ok || !okf {
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
func (p *Parallel) startState(k int) (sm.State, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if s, ok := p.starts[k]; ok {
			return s, true
		}
		if p.ctx.Err() != nil || k > p.failedAt {
			return 0, false
		}
		p.cond.Wait()
	}
}

func (p *Parallel) publishBatch(k int, b *batch) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b.err != nil && k < p.failedAt {
		p.failedAt = k
	}
	p.results[k] = b
	p.cond.Broadcast()
}

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
	out := &batch{end: b.EndOffset()}
	pin, err := p.m.Pin(b.BufferIndex)
	if err != nil {
		p.publishFunc(k, constant(sm.Invalid))
		out.err = err
		return out
	}
	out.pin = pin
	data := pin.Bytes()
	base := pin.Offset()
	after := base + int64(len(data))
	end := b.EndOffset()

	if end <= p.bom {
		// Inside the byte order mark: no row, and NOT_SET after it.
		p.publishFunc(k, constant(sm.NotSet))
		return out
	}
	if b.Offset() <= p.bom {
		// The first boundary: its state is known.
		first := int(p.bom - base)
		rec, err := p.segment(out, data, base, after, first, sm.NotSet, end, end)
		p.publishFunc(k, constant(rec))
		if err != nil {
			out.err = err
		}
		return out
	}

	h := newHypotheses()
	used := h.run(p.next(), data[b.Start:b.End])
	if len(h.live) == 1 {
		// The runs met: from here the state is exact.
		meet := b.Start + used
		var bulk batch
		bulk.pin = pin
		rec, bulkErr, first := p.segmentFirst(&bulk, data, base, after, meet, h.live[0], end, end)
		p.publishFunc(k, constant(rec))
		s, ok := p.startState(k)
		if !ok {
			out.err = p.ctx.Err()
			return out
		}
		if first < 0 {
			first = end
		}
		if _, err := p.segment(out, data, base, after, b.Start, s, first, -1); err != nil {
			out.err = err
			return out
		}
		out.append(&bulk)
		out.err = bulkErr
		return out
	}
	f := h.function()
	p.publishFunc(k, &f)
	s, ok := p.startState(k)
	if !ok {
		out.err = p.ctx.Err()
		return out
	}
	if _, err := p.segment(out, data, base, after, b.Start, s, end, -1); err != nil {
		out.err = err
	}
	return out
}

func (p *Parallel) next() *[256][sm.NumStates]sm.State {
	t, _ := sm.For(p.opts.Dialect)
	return t.Transitions()
}

// segment scans rows into out and returns the state recorded at recordAt
// (INVALID when it was not reached) and the error that stopped it.
func (p *Parallel) segment(out *batch, data []byte, base, after int64, start int, cur sm.State, stopAt, recordAt int64) (sm.State, error) {
	rec, err, _ := p.segmentFirst(out, data, base, after, start, cur, stopAt, recordAt)
	return rec, err
}

func (p *Parallel) segmentFirst(out *batch, data []byte, base, after int64, start int, cur sm.State, stopAt, recordAt int64) (sm.State, error, int64) {
	if cur == sm.Invalid {
		// An earlier boundary ends in an error; nothing here is read.
		return sm.Invalid, nil, -1
	}
	more := p.m.NewReader(after)
	defer more.Close()
	var moreR io.Reader = more
	if int64(len(data)) < int64(p.m.Size()) {
		moreR = nil // the last buffer
	}
	s, err := newSegment(p.opts, data, base, start, moreR, cur, stopAt, recordAt)
	if err != nil {
		return sm.Invalid, err, -1
	}
	for s.readRow() {
		out.add(s)
	}
	rec := sm.Invalid
	if s.seg.haveRec {
		rec = s.seg.recorded
	}
	if s.err != io.EOF {
		return rec, s.err, s.seg.firstRow
	}
	return rec, nil, s.seg.firstRow
}

// add copies the row the segment scanner just read into the batch: values
// still in the pinned buffer by reference, the others into the arena.
func (b *batch) add(s *Scanner) {
	for _, sp := range s.spans {
		switch {
		case !sp.scratch && s.seg.borrowed:
			b.fields = append(b.fields, fieldRef{start: uint32(sp.start), end: uint32(sp.end)})
		default:
			src := s.buf
			if sp.scratch {
				src = s.scratch
			}
			start := len(b.arena)
			b.arena = append(b.arena, src[sp.start:sp.end]...)
			b.fields = append(b.fields, fieldRef{start: uint32(start), end: uint32(len(b.arena)), arena: true})
		}
	}
	b.rows = append(b.rows, rowMeta{fields: uint32(len(b.fields)), empty: s.seg.emptyRow, start: s.seg.rowStart, end: s.seg.rowEnd})
}

// append moves the rows of o after b's.
func (b *batch) append(o *batch) {
	shift := uint32(len(b.arena))
	fshift := uint32(len(b.fields))
	b.arena = append(b.arena, o.arena...)
	for _, f := range o.fields {
		if f.arena {
			f.start += shift
			f.end += shift
		}
		b.fields = append(b.fields, f)
	}
	for _, r := range o.rows {
		r.fields += fshift
		b.rows = append(b.rows, r)
	}
}

// Scan reads the next data row. It returns false at the end of input or on
// an error; Err tells which.
func (p *Parallel) Scan() bool {
	for {
		if p.err != nil || p.closed {
			return false
		}
		if p.cur != nil && p.ri < len(p.cur.rows) {
			if p.nextRow() {
				return true
			}
			continue
		}
		if p.cur != nil {
			if err := p.cur.err; err != nil {
				var pe *ParseError
				if errors.As(err, &pe) {
					pe.Row = p.rows + 1
				}
				p.err = err
				p.Close()
				return false
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
		p.cur, p.ri, p.fi = b, 0, 0
	}
}

// nextRow applies the rules that need the whole file in order (the header,
// the row width, empty lines in one-column files) to the batch's next row.
// It reports whether the row is one the caller gets.
func (p *Parallel) nextRow() bool {
	b := p.cur
	meta := b.rows[p.ri]
	p.ri++
	from := p.fi
	p.fi = int(meta.fields)
	if meta.empty && !(p.rows > 0 && p.width == 1) {
		return false
	}
	count := int(meta.fields) - from
	if p.width == 0 {
		p.width = count
	}
	if p.opts.FieldsPerRow >= 0 && count != p.width {
		field := count + 1
		if count > p.width {
			field = p.width + 1
		}
		p.err = &ParseError{Kind: ErrFieldCount, Row: p.rows + 1, Field: field, Offset: meta.end, RowOffset: meta.start,
			Msg: fmt.Sprintf("expected %d fields, found %d", p.width, count)}
		p.Close()
		return false
	}
	p.rows++
	if cap(p.row) < count {
		p.row = make([][]byte, count)
	}
	p.row = p.row[:count]
	var data []byte
	if b.pin != nil {
		data = b.pin.Bytes()
	}
	for i, f := range b.fields[from:meta.fields] {
		if f.arena {
			p.row[i] = b.arena[f.start:f.end:f.end]
		} else {
			p.row[i] = data[f.start:f.end:f.end]
		}
	}
	if p.rows == 1 && p.opts.Header {
		p.header = make([]string, count)
		for i, v := range p.row {
			p.header[i] = string(v)
		}
		return false
	}
	return true
}

// finishBatch releases the delivered batch and lets the workers move on.
func (p *Parallel) finishBatch() {
	b := p.cur
	p.cur = nil
	if b.pin != nil {
		p.m.Release(b.pin)
	}
	p.m.Retire(b.end)
	p.mu.Lock()
	p.deliver++
	p.cond.Broadcast()
	p.mu.Unlock()
}

// wait returns the next batch in file order, or false at the end.
func (p *Parallel) wait() (*batch, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if b, ok := p.results[p.deliver]; ok {
			delete(p.results, p.deliver)
			return b, true
		}
		if p.ctx.Err() != nil {
			p.err = p.ctx.Err()
			return nil, false
		}
		if p.ended && p.deliver >= p.handed {
			return nil, false
		}
		p.cond.Wait()
	}
}

// Row returns the values of the row read by the last successful Scan,
// valid until the next call to Scan.
func (p *Parallel) Row() [][]byte { return p.row }

// Header returns the header row when Options.Header is set.
func (p *Parallel) Header() []string { return p.header }

// RowNumber returns the 1-based number of the row Row returns.
func (p *Parallel) RowNumber() int { return p.rows }

// Err returns the error that stopped the scan, or nil at the end of input.
func (p *Parallel) Err() error {
	if p.err == io.EOF {
		return nil
	}
	return p.err
}

// Close stops the workers, waits for them to return and releases every
// buffer. It is safe to call more than once.
func (p *Parallel) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	p.cancel()
	p.wg.Wait()
	if p.cur != nil && p.cur.pin != nil {
		p.m.Release(p.cur.pin)
		p.cur = nil
	}
	for k, b := range p.results {
		if b.pin != nil {
			p.m.Release(b.pin)
		}
		delete(p.results, k)
	}
	return nil
}
