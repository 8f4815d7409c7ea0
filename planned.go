package csvscan

import (
	"io"
	"sync"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// The typed read of a file by ranges, DuckDB's way made exact: the file is
// cut into ranges of planRangeSize bytes, and a worker reads a range with
// a sequential Scanner (scanner.NewRange) from the first row start it can
// find after the range's first byte, and casts its rows on the spot, from
// bytes read(2) has just put in the scanner's buffer, on the core that
// scanned them. Range 0 starts at the file's start; a range after it
// starts at a guess (guess.go): the line start that every state of the
// table, run from the byte before the range, comes to first (where they
// differ, the one whose next rows read as the file's), which is where
// the range before stops unless that range fails. The guess is
// checked in file order (settle): the scan of range k-1 stops at a line
// start (scanner.Scanner.Stopped), with its counts of rows and lines;
// range k's guess must be that line start, in that state, with that
// width. Then range k's rows are the file's, numbered from there (the
// scan from a guess counts from one row, the header's, and its chunks'
// row numbers are moved on when the caller takes them). A guess that is
// not the stop, or a range whose scan from a guess ends with an error
// (whose numbers would be the guess's), is read again from the stop: no
// row reaches the caller from a scan that did not start where the
// sequential scan passes.
//
// The parallel scan (castWorkers over scanner.Parallel.Each) records
// every row and value of a boundary for the block to read back after the
// whole boundary is scanned, often on the other core, and reads mapped
// pages: for short rows the records cost more than the scan, and for long
// values the first touch of each mapped page and the casts of values no
// longer in cache (docs/parallel.md). Here nothing is recorded, and each
// byte is read once.
//
// The chunks reach the caller through castWorkers, in file order, with
// the same values, row numbers and error as a typed.Reader over a
// sequential scan. Ranges are taken in order within castWorkers' window,
// so memory stays bounded by window ranges of chunks (each range's rows
// bounded by castWorkers.aheadRows) plus a scanner's buffer per worker.

// planRangeSize is the size of the ranges of a read by ranges: 4 MiB, a
// guess (a few rows read from every state) per 4 MiB, and a range of
// rows to stop a few KiB past its end. Options.BufferSize makes them
// smaller. (A variable so that tests can make it tiny, or 0 to turn the
// read by ranges off.)
var planRangeSize int64 = 4 << 20

// planMinRange is the smallest range Options.BufferSize makes.
const planMinRange = 64 << 10

// guessFailures is how many wrong guesses a read takes before it stops
// guessing (unless they are under one in five).
const guessFailures = 4

// planAhead bounds the memory of the rows of a range that the caller has
// not taken (castWorkers.aheadRows), besides their values' bytes: 4 MiB
// (at most a range's size), about 75,000 rows of three columns, more than
// half a range of 32-byte rows, so that two workers stay busy on ordinary
// files.
const planAhead = 4 << 20

// planFor returns the size of the ranges of a typed read by ranges of a
// file of size bytes with options so and typed options topts, and the
// caller's Options.BufferSize (0 for none), or 0 when the read is left to
// the parallel scan: a read that skips bad rows or keeps rejects (their
// positions come from the parallel scan's locators), a file with lines
// to skip, a file of fewer than two ranges.
func planFor(size int64, so scanner.Options, topts typed.Options, bufferSize int) int64 {
	rangeSize := planRangeSize
	if bufferSize > 0 && rangeSize > 0 {
		// The caller's smaller buffers: a range's rows are read through
		// one, but not into less than planMinRange (each range costs a
		// guess).
		rangeSize = min(rangeSize, max(int64(bufferSize), planMinRange))
	}
	if rangeSize <= 0 || so.IgnoreErrors || topts.IgnoreErrors || topts.StoreRejects || so.SkipRows > 0 || size < 2*rangeSize {
		return 0
	}
	return rangeSize
}

// planRead runs the workers of a typed read by ranges. The fields from
// taken on are guarded by the castWorkers' mutex, whose condition it
// shares.
type planRead struct {
	w         *castWorkers
	r         io.ReaderAt
	size      int64
	rangeSize int64
	n         int // ranges
	opts      scanner.Options
	tab       *sm.Table
	next      *[256][sm.NumStates]sm.State
	states    []sm.State // the states a scan may be in before a byte: every one a guess runs from
	width     int        // the row width a scan knows past the first row: a guess's

	// Guarded by w.mu.
	taken   int              // the next range to take
	end     int              // no range from end on holds rows: the one before it reached the input's end or an error
	settled int              // the ranges before it have finished from where the sequential scan passes
	truth   scanner.Position // where the sequential scan stands at range settled's first row
	runs    map[int]*rangeRun
	redo    *rangeRun // a range to read again, taken before any other
	wrong   int       // the guesses found wrong
	right   int       // and right
	wg      sync.WaitGroup
}

// rangeRun is one read of a range: from a guess, or from the true start
// of its first row (exact).
type rangeRun struct {
	k         int
	known     bool             // start is set
	exact     bool             // start is where the sequential scan passes (from the start, or checked)
	guessed   bool             // start was a guess (its chunks' row numbers are moved by rowDelta)
	start     scanner.Position // where the scan starts
	block     *castBlock
	skip      int // rows of the range already handed out, not to cast again
	published int // rows handed out in chunks
	finished  bool
	failed    bool             // the scan or a cast failed
	stop      scanner.Position // where it stopped, when stopped
	stopped   bool
	// True numbers minus the guess's, for where the run stopped (a
	// range read again into the same block after a guess has none: its
	// block's delta moves only the guessed chunks).
	rowDelta, lineDelta int
	noGuess             bool // wait for the range before: too many guesses were wrong
}

// newPlanWorkers starts the typed read by ranges of rangeSize bytes of
// the file bytes r (size bytes), with options so; opts are those of
// castWorkers.
func newPlanWorkers(r io.ReaderAt, size, rangeSize int64, so scanner.Options, opts typed.Options) (*castWorkers, error) {
	w, err := newCasts(so, opts, nil)
	if err != nil {
		return nil, err
	}
	// The first row tells the width a guess takes (and the scanner the
	// table): the header's, or the first row's.
	first, err := scanner.New(io.NewSectionReader(r, 0, size), so)
	if err != nil {
		return nil, err
	}
	width := max(so.FieldsPerRow, 0)
	if first.Scan() && width == 0 {
		width = len(first.Row())
		if so.Header {
			width = len(first.Header())
		}
	}
	n := int((size + rangeSize - 1) / rangeSize)
	threads := so.Goroutines()
	pr := &planRead{w: w, r: r, size: size, rangeSize: rangeSize, n: n, opts: so,
		tab: first.Table(), next: first.Table().Transitions(), width: width,
		end: n, truth: scanner.Position{State: sm.NotSet}, runs: map[int]*rangeRun{}}
	pr.states = guessStates(pr.tab)
	w.stopScan = func() {} // castWorkers.close stops the workers (stopped)
	w.byRanges = true
	// A range's values are at most its bytes, but its rows may be one a
	// byte (empty lines of a one-column file): each costs a row number
	// and a value of each column, so a range's worker stops at planAhead
	// bytes of them that the caller has not taken.
	w.aheadRows = max(typed.ChunkRows(len(opts.Schema)), int(min(planAhead, rangeSize))/(8+16*len(opts.Schema)))
	pr.wg.Add(threads)
	for range threads {
		go pr.worker()
	}
	go func() {
		pr.wg.Wait()
		w.mu.Lock()
		var err error
		if w.stopped || pr.settled < pr.end {
			// Stopped (Close, from any goroutine), before every range
			// was read: not the end of the input.
			err = scanner.ErrClosed
		}
		w.mu.Unlock()
		w.end(err)
	}()
	return w, nil
}

// worker reads ranges until every one is read or the read stops.
func (pr *planRead) worker() {
	defer pr.wg.Done()
	w := pr.w
	walk := skipper.NewWalker(pr.tab) // the guesses' skip step
	for {
		w.mu.Lock()
		run := pr.take()
		w.mu.Unlock()
		if run == nil {
			return
		}
		if !run.known && !pr.start(run, walk) {
			continue
		}
		pr.read(run)
	}
}

// take returns the next range to read: one to read again, or the next
// range within the caller's window, or nil once every range is read or
// the read stopped. It waits for one. w.mu is held.
func (pr *planRead) take() *rangeRun {
	w := pr.w
	for {
		switch {
		case w.stopped || pr.settled >= pr.end:
			return nil
		case pr.redo != nil:
			run := pr.redo
			pr.redo = nil
			return run
		case pr.taken < pr.end && pr.taken < w.next+w.window:
			run := &rangeRun{k: pr.taken}
			pr.taken++
			pr.runs[run.k] = run
			if run.k == pr.settled {
				pr.begin(run, pr.truth, true)
			}
			// A file whose guesses keep failing (lines inside quoted
			// values that read as rows) wastes a core on rows no one
			// takes, besides the reads again: past guessFailures wrong
			// guesses, more than one in five, the ranges wait for the
			// one before, for the rest of the read.
			run.noGuess = pr.wrong >= guessFailures && 4*pr.wrong > pr.right
			return run
		}
		w.cond.Wait()
	}
}

// begin sets run's start and makes its block, which the caller does not
// read from until the start is known to be exact. w.mu is held.
func (pr *planRead) begin(run *rangeRun, at scanner.Position, exact bool) {
	run.start, run.known, run.exact, run.guessed = at, true, exact, !exact
	if run.block == nil {
		run.block = &castBlock{hold: !exact}
		pr.w.done[run.k] = run.block
	}
}

// start sets the start of run, a range after the first taken before the
// range before it stopped: a guess, or else, once the range before has
// stopped, where it stopped. It reports false when the run was dropped
// meanwhile (flush) or the read stopped.
func (pr *planRead) start(run *rangeRun, walk *skipper.Walker) bool {
	var at scanner.Position
	ok := false
	if !run.noGuess {
		at, ok = pr.guess(run.k, walk)
	}
	w := pr.w
	w.mu.Lock()
	defer w.mu.Unlock()
	for pr.runs[run.k] == run && !run.known && !w.stopped {
		switch {
		case ok:
			pr.begin(run, at, false)
			pr.settle()
		case pr.settled == run.k:
			pr.begin(run, pr.truth, true)
		default:
			w.cond.Wait()
		}
	}
	w.cond.Broadcast()
	return pr.runs[run.k] == run && !w.stopped
}

// read scans and casts run's range from its start.
func (pr *planRead) read(run *rangeRun) {
	w := pr.w
	end := int64(run.k+1) * pr.rangeSize
	if run.k == pr.n-1 {
		end = -1
	}
	var stop scanner.Position
	var stopped bool
	var rows int
	opts := pr.opts
	if run.guessed {
		// A scan from a wrong guess may read the quoted values of the
		// file as unquoted text and the rest as one quoted value, up to
		// the maximum line size: it stops at the default size or the
		// range's, and a longer row of a right guess is read again from
		// its start with the caller's (a failed guessed range is).
		opts.MaxLineSize = min(opts.MaxLineSize, max(scanner.DefaultMaxLineSize, int(pr.rangeSize)))
	}
	s, err := scanner.NewRange(io.NewSectionReader(pr.r, run.start.Offset, pr.size-run.start.Offset), run.start, end, opts)
	if err == nil {
		var src typed.Rows = s
		if run.skip > 0 {
			src = &skipRows{Scanner: s, n: run.skip}
		}
		rows, _, err = w.cast(run.block, src, nil, run.guessed)
		if err == errCastStopped || err == errCastVoid {
			return
		}
		if err == nil {
			stop, stopped = s.Stopped()
			stop = pr.pastLF(stop)
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	defer w.cond.Broadcast()
	if pr.runs[run.k] != run {
		return // dropped (flush)
	}
	run.published += rows
	run.finished, run.failed, run.stop, run.stopped = true, err != nil, stop, stopped
	if err == nil || !run.guessed {
		// An error after an exact start is the read's (the caller meets
		// it after the rows before it); after a guess it is read again.
		run.block.err, run.block.finished = err, true
	}
	pr.settle()
}

// settle checks the ranges in file order as far as their starts and
// stops are known: a guessed start against where the range before
// stopped (a mismatch drops the range and those after it to read again,
// flush); a range that failed after a guess is read again from its true
// start, past the rows handed out; a range that came to the end of the
// input or failed ends the read. w.mu is held.
func (pr *planRead) settle() {
	for pr.settled < pr.end {
		k := pr.settled
		run := pr.runs[k]
		if run == nil || !run.known {
			return
		}
		if !run.exact {
			t, g := pr.truth, run.start
			// The scan from a position depends on these; on the counts
			// only for the header (a scan before row 1 reads it) and
			// the numbers.
			if t.Offset != g.Offset || t.State != g.State || t.Width != g.Width || min(t.Rows, 1) != min(g.Rows, 1) {
				pr.wrong++
				pr.flush(k)
				return
			}
			run.exact = true
			pr.right++
			run.rowDelta, run.lineDelta = t.Rows-g.Rows, t.Lines-g.Lines
			run.block.delta, run.block.hold = run.rowDelta, false
		}
		if !run.finished {
			return
		}
		if run.failed && run.guessed {
			redo := &rangeRun{k: k, block: run.block, skip: run.published}
			pr.begin(redo, pr.truth, true)
			pr.runs[k], pr.redo = redo, redo
			return
		}
		delete(pr.runs, k)
		pr.settled++
		if run.failed || !run.stopped {
			pr.flush(k + 1)
			pr.end = k + 1
			return
		}
		pr.truth = run.stop
		pr.truth.Rows += run.rowDelta
		pr.truth.Lines += run.lineDelta
	}
}

// flush drops the runs of ranges k and after, which are taken again
// (their blocks void: their workers stop at their next chunk). w.mu is
// held.
func (pr *planRead) flush(k int) {
	w := pr.w
	for j, run := range pr.runs {
		if j < k {
			continue
		}
		if run.block != nil {
			run.block.void = true
			if w.done[j] == run.block {
				delete(w.done, j)
			}
		}
		delete(pr.runs, j)
	}
	if pr.redo != nil && pr.redo.k >= k {
		pr.redo = nil
	}
	pr.taken = min(pr.taken, k)
}

// skipRows is a scan that passes over its first n rows: a range read
// again after the rows a guess gave were handed out.
type skipRows struct {
	*scanner.Scanner
	n int
}

func (s *skipRows) Scan() bool {
	for ; s.n > 0; s.n-- {
		if !s.Scanner.Scan() {
			return false
		}
	}
	return s.Scanner.Scan()
}
