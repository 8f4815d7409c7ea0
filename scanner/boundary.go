package scanner

import (
	"io"
	"math"

	"github.com/csvscan/csvscan/iterator"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// The boundary work of a parallel scan: the side-by-side runs from every
// start state (hypotheses), the bulk scan from the likely one, the
// transition functions and the chain of start states they give, and the
// boundaries finished once their start is known (pendingBoundary).

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

// scanBoundary produces the rows that start in boundary b, on worker id
// (whose spares its batches come from first, newBatch).
func (p *Parallel) scanBoundary(b iterator.Boundary, id int) *batch {
	k := b.Index
	out := p.newBatch(b.Offset(), b.EndOffset(), 16, 64, id) // the prefix: a few rows, usually
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
		out = p.newBatch(b.Offset(), end, rows, fields, id)
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
	bulk := p.newBatch(b.Offset(), end, rows, fields, id)
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
			more := p.newBatch(b.Offset(), end, 16, 64, -1)
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
		if at, err := p.m.FailedAt(); err != nil && at == j.base+int64(len(j.data)) {
			moreR = more // which fails there: the row cut is the error's
		}
	}
	w := p.walker()
	defer p.putWalker(w)
	s := newSegment(p.opts, p.kit, w, j, moreR)
	for {
		ok := s.lane != nil && s.laneRow() || s.readRow()
		for _, pe := range s.TakeBadRows() {
			out.addBad(pe, p.opts.MaxBadRows)
		}
		if s.seg.badMore > 0 { // the rows of the run past the bound
			out.addSkipped(s.seg.badMore)
			s.seg.badMore = 0
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

// hypotheses runs the machine side by side from every state the byte before
// a boundary can have left it in, merging the runs that reach the same
// state. A run that reaches INVALID is dropped: had the input really been
// in that state, the scan would stop with an error there, which the worker
// that owns the row reports. Once one state is left, the state is known
// exactly whatever the boundary started in.
type hypotheses struct {
	keepInvalid bool
	live        []sm.State         // the distinct current states
	group       [sm.NumStates]int8 // start state -> index in live, -1 when dropped
	tmp         [sm.NumStates]int8
	buf         [sm.NumStates]sm.State
}

// With Options.IgnoreErrors an INVALID state does not stop the scan (the
// row is skipped and reading goes on), so it is a start state like any
// other and a run that reaches it is kept: newHypotheses(true).
func newHypotheses(ignoreErrors bool) *hypotheses {
	h := &hypotheses{keepInvalid: ignoreErrors}
	h.live = h.buf[:0]
	for st := sm.State(0); st < sm.NumStates; st++ {
		h.group[st] = -1
		// NOT_SET is only the state before the first byte, no transition
		// enters STANDARD_NEWLINE, and after INVALID the scan has stopped.
		if st == sm.NotSet || st == sm.StandardNewline || st == sm.Invalid && !ignoreErrors {
			continue
		}
		h.group[st] = int8(len(h.live))
		h.live = append(h.live, st)
	}
	return h
}

// run feeds data to every live run. It stops early, returning how many
// bytes it read, once one run is left.
func (h *hypotheses) run(next *[256][sm.NumStates]sm.State, data []byte) int {
	for i, b := range data {
		changed := false
		for j, st := range h.live {
			n := next[b][st]
			if n != st {
				h.live[j] = n
				changed = true
			}
		}
		if changed {
			h.merge()
			if len(h.live) <= 1 {
				return i + 1
			}
		}
	}
	return len(data)
}

// merge drops INVALID runs and merges runs in the same state.
func (h *hypotheses) merge() {
	out := h.live[:0]
	for j, st := range h.live {
		h.tmp[j] = -1
		if st == sm.Invalid && !h.keepInvalid {
			continue
		}
		k := 0
		for k < len(out) && out[k] != st {
			k++
		}
		if k == len(out) {
			out = append(out, st)
		}
		h.tmp[j] = int8(k)
	}
	h.live = out
	for st := range h.group {
		if g := h.group[st]; g >= 0 {
			h.group[st] = h.tmp[g]
		}
	}
}
