package csvscan

import (
	"io"
	"math/bits"
	"sync"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/skipper"
	"github.com/csvscan/csvscan/split"
	"github.com/csvscan/csvscan/swar"
)

// The typed read of a file by ranges (package split), DuckDB's way: each
// worker summarises ranges of the file (the counts its bytes give from
// every start state, from block masks on plain CSV), the summaries compose
// in file order into each range's exact start (state, row and line
// numbers, width), and a worker then reads a range with a sequential
// Scanner from its start and casts its rows on the spot, on the core that
// scanned them. The parallel scan (castWorkers over scanner.Parallel.Each)
// records every row and value of a boundary for the block to read back,
// often on the other core; for short rows those records cost more than
// the scan (docs/parallel.md). Here the summary costs a pass of block
// masks, about a third of a scan on short rows, and nothing is recorded.
//
// The chunks reach the caller through castWorkers (castRange), in file
// order, with the same values, row numbers and error as a typed.Reader
// over a sequential scan. Ranges are summarised ahead of the reading (a
// summary is a few hundred bytes) and read within castWorkers' window,
// so memory stays bounded by window ranges of chunks plus a range's bytes
// per worker.

// planRangeSize is the size of the ranges of a planned typed read: 4 MiB,
// about 1,000 summaries for a 4 GB file; the first 4 KiB of each are run
// from every start state byte by byte (split's head window), 0.1% of it.
// Options.BufferSize makes them smaller. (A variable so that tests can
// make it tiny.)
var planRangeSize int64 = 4 << 20

// planMinRange is the smallest range Options.BufferSize makes.
const planMinRange = 64 << 10

// planAhead bounds the memory of the rows of a range that the caller has
// not taken (castWorkers.aheadRows), besides their values' bytes: 4 MiB
// (at most a range's size), about 75,000 rows of three columns, more than
// half a range of 32-byte rows, so that two workers stay busy on ordinary
// files.
const planAhead = 4 << 20

// planFor returns the plan of a typed read by ranges of the file bytes r
// (size bytes) with options so and typed options topts, and the caller's
// Options.BufferSize (0 for none), or nil when the read is better left
// to the parallel scan: a read that skips bad rows or
// keeps rejects (a plan may have to read such a file whole, and rejects
// need the bad rows' positions the parallel scan's locators give), a
// dialect whose summaries are byte by byte (FastSummaries), a file of
// fewer than two ranges.
func planFor(r io.ReaderAt, size int64, so scanner.Options, topts typed.Options, bufferSize int) *split.Plan {
	rangeSize := planRangeSize
	if bufferSize > 0 {
		// The caller's smaller buffers: a range is read into one, but
		// not into less than planMinRange (each range costs a summary's
		// head window of 4 KiB from every start state).
		rangeSize = min(rangeSize, max(int64(bufferSize), planMinRange))
	}
	if so.IgnoreErrors || topts.IgnoreErrors || topts.StoreRejects || so.SkipRows > 0 || size < 2*rangeSize || !shortValues(r, size, so) {
		return nil
	}
	p, err := split.New(r, size, rangeSize, so)
	if err != nil || !p.FastSummaries() {
		return nil
	}
	return p
}

// planSample and planDensity: the read by ranges is chosen for files whose
// first planSample bytes hold a value end (a delimiter or a line end
// outside quotes) every planDensity bytes or more often. Its gain is the
// parallel scan's row records (20 bytes a row, 8 a value), which short
// values make dear; its cost is reading each byte twice through read(2)
// (the summary and the range's scan) where the parallel scan reads mapped
// pages in place. On the runner's 200 MB files, door t=2, typed (GB/s,
// the parallel scan -> by ranges, two runs of the runner): 16-byte notes
// (a value end every 11 bytes) 1.12 -> 1.47, quoted (every 12) 1.07 ->
// 1.29, 32 columns (every 9) 1.07 -> 1.38; 256-byte notes (every 91) 4.30
// -> 3.38, quoted (every 92) 3.61 -> 3.48, 1024-byte notes (every 342)
// 6.17 -> 3.94, quoted (every 344) 4.36 -> 4.16. (planDensity is a
// variable so that tests can read any file by ranges.)
const planSample = 64 << 10

var planDensity = 32

// shortValues reports whether the first bytes of the file, r, hold short
// values (planDensity): delimiters and line ends outside quotes, counted
// from the quote-aware lane's masks (a quoted value's delimiters and line
// breaks are no value ends).
func shortValues(r io.ReaderAt, size int64, so scanner.Options) bool {
	d := so.Dialect.Delimiter
	if len(d) == 0 {
		return false
	}
	buf := make([]byte, min(size, planSample))
	n, _ := r.ReadAt(buf, 0)
	buf = buf[:n]
	quote, quoted := so.Dialect.Quote.Byte()
	blocks := n / swar.BlockSize
	q, e, in := make([]uint64, blocks), make([]uint64, blocks), make([]uint64, blocks)
	skipper.LaneMasks(q, e, in, buf, quote, [3]byte{d[0], '\n', '\n'}, 0)
	if !quoted {
		clear(in) // no byte is inside quotes (the kernel's quote was a stand-in)
	}
	ends := 0
	for j := range e {
		ends += bits.OnesCount64(e[j] &^ in[j])
	}
	return blocks > 0 && ends*planDensity >= blocks*swar.BlockSize
}

// planRead runs the workers of a typed read by ranges. Its fields are
// guarded by the castWorkers' mutex, whose condition it shares.
type planRead struct {
	w    *castWorkers
	plan *split.Plan
	r    io.ReaderAt
	n    int // ranges

	// Summaries not yet composed, and starts composed not yet read, by
	// range: a few at a time (summaries run at most ahead ranges past the
	// ranges taken to read, which the caller's window holds back), so that
	// their memory does not grow with the file, and a caller that pauses
	// does not make the workers summarise the rest of it.
	sums     map[int]split.Summary
	starts   map[int]split.Start
	comp     *split.Composer
	composed int // the ranges composed: their starts are known
	nextSum  int // the next range to summarise
	read     int // the next range to read
	ahead    int
	// A range's bytes could not be read (err): no range from errAt on is
	// read, and the read ends with err after the ranges before it, as a
	// sequential read ends at its error after the rows before it.
	err   error
	errAt int
	wg    sync.WaitGroup
}

// newPlanWorkers starts the typed read by ranges of plan, the file's bytes
// being r, with threads workers; opts are those of castWorkers.
func newPlanWorkers(plan *split.Plan, r io.ReaderAt, so scanner.Options, opts typed.Options) (*castWorkers, error) {
	w, err := newCasts(so, opts, nil)
	if err != nil {
		return nil, err
	}
	n := plan.NumRanges()
	threads := so.Goroutines()
	pr := &planRead{w: w, plan: plan, r: r, n: n, sums: map[int]split.Summary{}, starts: map[int]split.Start{},
		comp: plan.Composer(), errAt: n, ahead: threads + 2}
	w.stopScan = func() {} // castWorkers.close stops the workers (stopped)
	w.byRanges = true
	// A range's values are at most its bytes, but its rows may be one a
	// byte (empty lines of a one-column file): each costs a row number
	// and a value of each column, so a range's worker stops at planAhead
	// bytes of them that the caller has not taken.
	w.aheadRows = max(typed.ChunkSize, int(min(planAhead, plan.Range(0).End))/(8+16*len(opts.Schema)))
	pr.wg.Add(threads)
	for range threads {
		go pr.worker()
	}
	go func() {
		pr.wg.Wait()
		w.mu.Lock()
		err := pr.err
		if w.stopped || pr.read < pr.errAt {
			// Stopped (Close, from any goroutine), or before every range
			// was read: not the end of the input.
			err = scanner.ErrClosed
		}
		w.mu.Unlock()
		w.end(err)
	}()
	return w, nil
}

// worker takes jobs until every range is read or the read stops: the
// next range to read, when its start is known and it lies within the
// caller's window; else the next range to summarise; else it waits.
func (pr *planRead) worker() {
	defer pr.wg.Done()
	w := pr.w
	for {
		w.mu.Lock()
		k, sum := -1, -1
		for k < 0 && sum < 0 {
			switch {
			case w.stopped || pr.read == pr.errAt:
				w.mu.Unlock()
				return
			case pr.read < pr.composed && pr.read < w.next+w.window:
				k = pr.read
				pr.read++
			case pr.nextSum < pr.errAt && pr.nextSum < pr.read+pr.ahead:
				sum = pr.nextSum
				pr.nextSum++
			default:
				w.cond.Wait()
			}
		}
		w.mu.Unlock()
		if sum >= 0 {
			pr.summarize(sum)
			continue
		}
		if err := pr.readRange(k); err == errCastStopped {
			return
		}
	}
}

// summarize summarises range j and composes every start it completes.
func (pr *planRead) summarize(j int) {
	s, err := pr.plan.Summarize(pr.r, pr.plan.Range(j))
	w := pr.w
	w.mu.Lock()
	defer w.mu.Unlock()
	defer w.cond.Broadcast()
	if err != nil {
		pr.fail(j, err)
		return
	}
	pr.sums[j] = s
	for pr.composed < pr.errAt {
		c := pr.composed
		s, ok := pr.sums[c]
		if !ok {
			break
		}
		delete(pr.sums, c)
		st, err := pr.comp.Next(s)
		if err != nil {
			pr.fail(c, err)
			return
		}
		pr.starts[c] = st
		pr.composed++
	}
}

// fail records that range j cannot be read, for err: the earliest such
// range ends the read. w.mu is held.
func (pr *planRead) fail(j int, err error) {
	if j < pr.errAt {
		pr.err, pr.errAt = err, j
	}
}

// readRange reads range k from its start and casts its rows.
func (pr *planRead) readRange(k int) error {
	pr.w.mu.Lock()
	st := pr.starts[k]
	delete(pr.starts, k)
	pr.w.mu.Unlock()
	s, err := pr.plan.Read(pr.r, st)
	if err != nil {
		return pr.w.castRange(k, noRows{err}, nil)
	}
	return pr.w.castRange(k, s, nil)
}
