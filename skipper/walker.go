package skipper

import (
	"github.com/csvscan/csvscan/internal/simd"
	sm "github.com/csvscan/csvscan/statemachine"
)

// A Walker is the skip step of one transition table, the step every reader
// of the table takes (the scanner's loop, a parallel worker's, the sniffer's
// column counter): in a state where long runs of bytes leave the machine
// where it is (STANDARD, QUOTED, COMMENT), jump to the next byte that may
// move it. It is built once per table and holds what that step decides:
//
//   - the skip table of each state and the stop patterns they share
//     (statemachine.Table.Skip, Table.StopPatterns), walked with the masks
//     of a vector kernel (internal/simd: AVX-512 or AVX2) where the CPU has
//     one and with swar otherwise (see Skipper);
//   - for QUOTED, the one byte that ends a quoted run when the table has it
//     (Table.QuotedStop), found with bytes.IndexByte: QUOTED and
//     QUOTED_NEW_LINE then read alike, so a line end inside quotes does not
//     stop the run;
//   - the quote-aware lane (Lane), when the table reads plain CSV
//     (Table.Lane) and a vector kernel computes the lane's masks: with the
//     portable masks the skip step alone is faster.
//
// Like a Skipper, a Walker reads the buffer given to Reset, keeps the masks
// of the bytes it examined, does not allocate after NewWalker (and the
// first call of Lane, which builds the lane) and is not
// safe for concurrent use: each goroutine reading with the table needs a
// Walker of its own.
type Walker struct {
	sk Skipper
	// skip[st] is the skip table of state st (nil: st has none), stop[st]
	// the one byte that ends its run (noStop: none, walk with skip).
	skip [sm.NumStates]*[256]bool
	stop [sm.NumStates]int
	// The table's lane (hasLane); laneOn when the Walker reads with it,
	// and the Lane kept in step with the buffer once Lane built it.
	lanes   sm.Lane
	hasLane bool
	laneOn  bool
	lane    *Lane
}

// NewWalker returns the Walker of table t, with the quote-aware lane on
// when t has one (Table.Lane) and the CPU has a vector kernel for it. Its
// buffer is empty until Reset.
func NewWalker(t *sm.Table) *Walker {
	w := &Walker{sk: newSkipper(t.StopPatterns())}
	for st := range w.skip {
		w.skip[st], w.stop[st] = t.Skip(sm.State(st)), noStop
	}
	if q, ok := t.QuotedStop(); ok {
		w.stop[sm.Quoted] = int(q)
	}
	w.lanes, w.hasLane = t.Lane()
	w.laneOn = w.hasLane && simd.Available
	return w
}

// UseLane turns the quote-aware lane on or off and reports whether it is
// on: it can be on only for a table that has one (Table.Lane). NewWalker
// turns it on where it pays, with a vector kernel; UseLane(true) turns it
// on whatever the CPU (the lane's portable masks give the same values,
// slower), so that tests and benchmarks can compare the two ways.
func (w *Walker) UseLane(on bool) bool {
	w.laneOn = on && w.hasLane
	if !w.laneOn {
		w.lane = nil
	}
	return w.laneOn
}

// Lane returns the quote-aware lane, which Reset keeps on the Walker's
// buffer, or nil when the Walker reads without it. It is built at the
// first call, so that a reader that never asks for it (the sniffer's
// column counter) does not pay for its masks. The lane's bytes are
// Table.Lane's (LaneBytes).
func (w *Walker) Lane() *Lane {
	if w.lane == nil && w.laneOn {
		w.lane = NewLane(w.lanes)
		w.lane.Reset(w.sk.buf)
	}
	return w.lane
}

// LaneBytes returns the bytes the table's lane reads (Table.Lane) and
// whether the table has one. The caller must not modify them.
func (w *Walker) LaneBytes() (*sm.Lane, bool) { return &w.lanes, w.hasLane }

// Reset makes buf the buffer that positions refer to, for the skip step and
// the lane, and forgets the kept masks. Call it whenever the buffer or its
// contents change. The Walker reads buf until the next Reset and never
// writes it.
func (w *Walker) Reset(buf []byte) {
	w.sk.Reset(buf)
	if w.lane != nil {
		w.lane.Reset(buf)
	}
}

// Skip is the skip step of state st: it returns the first position p in
// [pos, to) whose byte may take the machine, in st before buf[pos], out of
// st's run, or to when no byte before to does. A run is st itself, with
// one exception: in a table with a quoted stop byte (Table.QuotedStop),
// QUOTED and QUOTED_NEW_LINE read alike, and only that byte ends a QUOTED
// run. It equals the byte loop
//
//	for pos < to && skip[buf[pos]] { // skip: st's skip table, Table.Skip(st)
//		pos++
//	}
//
// and, for QUOTED with a stop byte, the loop that passes every byte but
// that one. For a state without a skip table, and when pos >= to, it
// returns pos. It requires 0 <= pos and to <= len(buf).
//
// The caller's loop reads buf[p] with the transition table next, unless
// p == to. Skip is small enough to be inlined into that loop: one call of
// the walk per run, as if the loop called the Skipper itself.
func (w *Walker) Skip(st sm.State, pos, to int) int {
	return w.sk.walk(w.skip[st], w.stop[st], pos, to)
}
