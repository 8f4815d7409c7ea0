package skipper

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/simd"
	sm "github.com/csvscan/csvscan/statemachine"
)

// walkerTables returns the tables of every dialect gen.Dialect makes with
// the delimiters ",", "\t", "||" and ";": each quote, escape, comment,
// newline mode and strictness.
func walkerTables(t testing.TB) []*sm.Table {
	t.Helper()
	var out []*sm.Table
	for _, delim := range []string{",", "\t", "||", ";"} {
		for sel := uint32(0); sel < 144; sel++ {
			d, ok := gen.Dialect(sel, delim)
			if !ok {
				continue
			}
			tab, err := sm.For(d)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, tab)
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d dialects", len(out))
	}
	return out
}

// inRun reports whether state now is still in the run of state st, as
// Walker.Skip defines runs: st itself, or, for QUOTED in a table with a
// quoted stop byte, QUOTED and QUOTED_NEW_LINE.
func inRun(t *sm.Table, st, now sm.State) bool {
	if _, ok := t.QuotedStop(); ok && st == sm.Quoted {
		return now == sm.Quoted || now == sm.QuotedNewLine
	}
	return now == st
}

// plainSkip is the plain table loop Walker.Skip must equal: from pos, read
// bytes with the transition table until the machine leaves st's run, and
// return the position of the byte that takes it out, or to. For a state
// without a skip table it returns pos.
func plainSkip(t *sm.Table, st sm.State, buf []byte, pos, to int) int {
	if t.Skip(st) == nil {
		return pos
	}
	next := t.Transitions()
	now := st
	for ; pos < to; pos++ {
		now = next[buf[pos]][now]
		if !inRun(t, st, now) {
			return pos
		}
	}
	return pos
}

// walkerInput returns n bytes for the tables of walkerTables: runs of
// gen.Noise (every byte some dialect cares about) between runs of text up
// to 150 bytes long, so that skips cross 64-byte blocks and the vector
// kernel's 1 KiB runs.
func walkerInput(r *rand.Rand, n int) []byte {
	var b []byte
	for len(b) < n {
		if r.IntN(2) == 0 {
			b = append(b, gen.Noise(r, 1+r.IntN(6))...)
		} else {
			b = append(b, bytes.Repeat([]byte{"xyz \xff"[r.IntN(5)]}, 1+r.IntN(150))...)
		}
	}
	return b[:n]
}

// skipStates are the states Skip is asked about: the three with skip
// tables, and others, for which it must not move.
var skipStates = []sm.State{sm.Standard, sm.Quoted, sm.Comment, sm.QuotedNewLine, sm.Delimiter, sm.NotSet, sm.Invalid}

// TestWalkerSkip compares Skip with the plain table loop for every state,
// from every position of small buffers and from random ones of large
// buffers, to the end and to limits before it.
func TestWalkerSkip(t *testing.T) {
	tabs := walkerTables(t)
	r := rand.New(rand.NewPCG(21, 22))
	for i := range 600 {
		tab := tabs[i%len(tabs)]
		w := NewWalker(tab)
		n := r.IntN(200)
		if i%5 == 0 {
			n = r.IntN(4000)
		}
		buf := walkerInput(r, n)
		w.Reset(buf)
		for k := 0; k < 60 && n > 0; k++ {
			pos := r.IntN(n + 1)
			if n <= 200 {
				pos = k * (n + 1) / 60
			}
			for _, to := range []int{n, pos, min(n, pos+1), pos + r.IntN(n-pos+1)} {
				for _, st := range skipStates {
					if got, want := w.Skip(st, pos, to), plainSkip(tab, st, buf, pos, to); got != want {
						t.Fatalf("%v: Skip(%v, %d, %d) on %q = %d, want %d", tab.Dialect(), st, pos, to, buf, got, want)
					}
				}
			}
		}
	}
}

// walk reads buf[from:to] with the table from state st, as the scanner's
// loop does: one transition per byte, and skip's jump in the states that
// have a skip table. It appends each position a skip stopped at and the
// state there, and returns the state and position it ended in.
func walk(tab *sm.Table, skip func(st sm.State, pos, to int) int, buf []byte, st sm.State, from, to int, stops []int) (sm.State, int, []int) {
	next := tab.Transitions()
	pos := from
	for pos < to {
		st = next[buf[pos]][st]
		pos++
		if tab.Skip(st) != nil {
			pos = skip(st, pos, to)
			stops = append(stops, pos, int(st))
		}
	}
	return st, pos, stops
}

// TestWalkerChunks reads inputs with the Walker's skip step as a reader
// does, in limits of 1, 2, 7, 63, 64 and 65 bytes (each a loop stopping
// where a worker records its state) and in a buffer that grows by that
// many bytes at a time (each a fill and a Reset), and compares every stop
// with the plain table loop's.
func TestWalkerChunks(t *testing.T) {
	tabs := walkerTables(t)
	r := rand.New(rand.NewPCG(23, 24))
	for i := range 150 {
		tab := tabs[(i*7)%len(tabs)]
		buf := walkerInput(r, r.IntN(3000))
		plain := func(st sm.State, pos, to int) int { return plainSkip(tab, st, buf, pos, to) }
		for _, chunk := range []int{1, 2, 7, 63, 64, 65} {
			// Limits: the whole buffer is the Walker's, the loop stops
			// every chunk bytes.
			w := NewWalker(tab)
			w.Reset(buf)
			wantSt, gotSt := sm.NotSet, sm.NotSet
			var want, got []int
			for from := 0; from < len(buf); from += chunk {
				to := min(from+chunk, len(buf))
				wantSt, _, want = walk(tab, plain, buf, wantSt, from, to, want)
				gotSt, _, got = walk(tab, w.Skip, buf, gotSt, from, to, got)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || gotSt != wantSt {
				t.Fatalf("%v, limits of %d: stops %v state %v, want %v state %v", tab.Dialect(), chunk, got, gotSt, want, wantSt)
			}
			// A growing buffer: Reset after each fill, the kept masks
			// being those of the shorter buffer.
			w = NewWalker(tab)
			gotSt, got = sm.NotSet, nil
			for from := 0; from < len(buf); from += chunk {
				to := min(from+chunk, len(buf))
				w.Reset(buf[:to])
				gotSt, _, got = walk(tab, w.Skip, buf[:to], gotSt, from, to, got)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) || gotSt != wantSt {
				t.Fatalf("%v, a buffer growing by %d: stops %v state %v, want %v state %v", tab.Dialect(), chunk, got, gotSt, want, wantSt)
			}
		}
	}
}

// TestWalkerSplits splits small inputs at every point: the Walker reads the
// first part as its whole buffer, then the whole input after a Reset (a
// fill), and then the same bytes changed in place after another Reset.
// Every stop must be the plain table loop's.
func TestWalkerSplits(t *testing.T) {
	tabs := walkerTables(t)
	r := rand.New(rand.NewPCG(25, 26))
	for i := range 40 {
		tab := tabs[(i*11)%len(tabs)]
		buf := walkerInput(r, 1+r.IntN(200))
		plain := func(st sm.State, pos, to int) int { return plainSkip(tab, st, buf, pos, to) }
		w := NewWalker(tab)
		for k := 0; k <= len(buf); k++ {
			// The plain loop, stopped at k too (a stop there is recorded).
			wantSt, wantPos, want := walk(tab, plain, buf, sm.NotSet, 0, k, nil)
			wantSt, _, want = walk(tab, plain, buf, wantSt, wantPos, len(buf), want)
			w.Reset(buf[:k])
			st, pos, got := walk(tab, w.Skip, buf[:k], sm.NotSet, 0, k, nil)
			w.Reset(buf)
			st, _, got = walk(tab, w.Skip, buf, st, pos, len(buf), got)
			if fmt.Sprint(got) != fmt.Sprint(want) || st != wantSt {
				t.Fatalf("%v, %q split at %d: stops %v state %v, want %v state %v", tab.Dialect(), buf, k, got, st, want, wantSt)
			}
		}
		// The same buffer, its bytes changed: Reset forgets the old masks.
		changed := bytes.Clone(buf)
		copy(changed[r.IntN(len(buf)):], walkerInput(r, len(buf)))
		copy(buf, changed)
		wantSt, _, want := walk(tab, plain, buf, sm.NotSet, 0, len(buf), nil)
		w.Reset(buf)
		st, _, got := walk(tab, w.Skip, buf, sm.NotSet, 0, len(buf), nil)
		if fmt.Sprint(got) != fmt.Sprint(want) || st != wantSt {
			t.Fatalf("%v, %q changed in place: stops %v, want %v", tab.Dialect(), buf, got, want)
		}
	}
}

// TestWalkerLane checks the lane decision: on by default only for a table
// with a lane and a CPU with a vector kernel, on by UseLane for any table
// with one, never for a table without; and the lane reads the Walker's
// buffer after Reset.
func TestWalkerLane(t *testing.T) {
	rfc, err := sm.For(dialect.RFC4180)
	if err != nil {
		t.Fatal(err)
	}
	multi, err := sm.For(dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')})
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalker(rfc)
	if got := w.Lane() != nil; got != simd.Available {
		t.Fatalf("RFC 4180: lane on %v, want %v (a vector kernel: %v)", got, simd.Available, simd.Available)
	}
	if !w.UseLane(true) || w.Lane() == nil {
		t.Fatal("RFC 4180: UseLane(true) did not turn the lane on")
	}
	if l, ok := w.LaneBytes(); !ok || l.Delimiter != ',' || l.Quote != '"' {
		t.Fatalf("RFC 4180: LaneBytes = %+v, %v", l, ok)
	}
	buf := []byte(`"a ""quoted"" value",b` + "\n")
	w.Reset(buf)
	if e, quotes, ok := w.Lane().Value(0, len(buf)); ok {
		t.Fatalf("Value on a 23-byte buffer = %d, %d: the lane declines the last 63 bytes", e, quotes)
	}
	long := append(bytes.Clone(buf), bytes.Repeat([]byte("x,"), 64)...)
	w.Reset(long)
	if e, quotes, ok := w.Lane().Value(0, len(long)); !ok || e != 20 || quotes != 6 {
		t.Fatalf("Value after Reset = %d, %d, %v; want 20, 6, true", e, quotes, ok)
	}
	if w.UseLane(false) || w.Lane() != nil {
		t.Fatal("UseLane(false) left the lane on")
	}
	m := NewWalker(multi)
	if m.UseLane(true) || m.Lane() != nil {
		t.Fatal(`a "||" delimiter has no lane, but UseLane(true) turned one on`)
	}
	if _, ok := m.LaneBytes(); ok {
		t.Fatal(`a "||" delimiter: LaneBytes reports a lane`)
	}
}

// TestWalkerNoAllocs: the skip step allocates nothing.
func TestWalkerNoAllocs(t *testing.T) {
	tab, err := sm.For(dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\'), Comment: dialect.Some('#')})
	if err != nil {
		t.Fatal(err)
	}
	w := NewWalker(tab)
	buf := walkerInput(rand.New(rand.NewPCG(1, 2)), 5000)
	w.Reset(buf)
	allocs := testing.AllocsPerRun(20, func() {
		for _, st := range skipStates {
			for pos := 0; pos < len(buf); pos = w.Skip(st, pos, len(buf)) + 1 {
			}
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run, want 0", allocs)
	}
}

func FuzzWalkerSkip(f *testing.F) {
	f.Add([]byte("a,\"b\nc\"\"d\",#e\r\nf||g\\\"h"+string(bytes.Repeat([]byte("x"), 100))+"\"\n"), uint16(0), uint16(3))
	tabs := walkerTables(f)
	f.Fuzz(func(t *testing.T, buf []byte, which, chunk uint16) {
		tab := tabs[int(which)%len(tabs)]
		c := 1 + int(chunk)%130
		plain := func(st sm.State, pos, to int) int { return plainSkip(tab, st, buf, pos, to) }
		w := NewWalker(tab)
		w.Reset(buf)
		wantSt, gotSt := sm.NotSet, sm.NotSet
		var want, got []int
		for from := 0; from < len(buf); from += c {
			to := min(from+c, len(buf))
			wantSt, _, want = walk(tab, plain, buf, wantSt, from, to, want)
			gotSt, _, got = walk(tab, w.Skip, buf, gotSt, from, to, got)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || gotSt != wantSt {
			t.Fatalf("%v, %q in limits of %d: stops %v state %v, want %v state %v", tab.Dialect(), buf, c, got, gotSt, want, wantSt)
		}
	})
}
