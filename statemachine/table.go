package statemachine

import (
	"fmt"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/swar"
)

// Table is the precomputed state machine of one dialect: the transition for
// every (byte, state) pair, the skip tables of the three states that loop on
// ordinary bytes, and the byte patterns that cover every byte those skip
// tables stop at. A Table is immutable once built and safe for concurrent
// use.
type Table struct {
	dialect dialect.Dialect
	next    [256][NumStates]State

	skipStandard [256]bool
	skipQuoted   [256]bool
	skipComment  [256]bool

	stop swar.Patterns

	quotedStop   byte // the one byte that ends a quoted run, when quotedStopOK
	quotedStopOK bool
}

// Build validates d and builds its table by asking Reference about every
// state and every byte. Build does not use the cache; For does.
func Build(d dialect.Dialect) (*Table, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	t := &Table{dialect: d}
	m := newMachine(d)
	for s := State(0); s < NumStates; s++ {
		for b := 0; b < 256; b++ {
			t.next[b][s] = m.next(s, byte(b))
		}
	}
	// A byte is skippable in a state when it leads back to the same state:
	// the scanner has nothing to do for it. Deriving the skip tables from
	// the transitions keeps them from ever disagreeing.
	for b := 0; b < 256; b++ {
		t.skipStandard[b] = t.next[b][Standard] == Standard
		t.skipQuoted[b] = t.next[b][Quoted] == Quoted
		t.skipComment[b] = t.next[b][Comment] == Comment
	}
	t.quotedStop, t.quotedStopOK = t.findQuotedStop()
	stop, err := stopPatterns(d)
	if err != nil {
		return nil, err
	}
	t.stop = stop
	return t, nil
}

// stopPatterns lists the patterns that end a run of skippable bytes, as
// DuckDB does: the delimiter's first byte, the quote, LF or CR as one
// pattern, the comment, and an escape that differs from the quote. There are
// 2 to 5 of them.
func stopPatterns(d dialect.Dialect) (swar.Patterns, error) {
	ps := []swar.BytePattern{swar.Byte(d.Delimiter[0])}
	if q, ok := d.Quote.Byte(); ok {
		ps = append(ps, swar.Byte(q))
	}
	ps = append(ps, swar.Either('\n', '\r'))
	if c, ok := d.Comment.Byte(); ok {
		ps = append(ps, swar.Byte(c))
	}
	if e, ok := d.Escape.Byte(); ok && !d.Quote.Is(e) {
		ps = append(ps, swar.Byte(e))
	}
	p, err := swar.NewPatterns(ps...)
	if err != nil {
		return swar.Patterns{}, fmt.Errorf("csvscan: %w", err)
	}
	return p, nil
}

// findQuotedStop looks for the single byte that ends a run inside a quoted
// value. Quoted and QuotedNewLine differ only in which of the two a line-end
// byte leads to; if, folding QuotedNewLine into Quoted, both states go to the
// same place on every byte, the pair acts as one state for reading, and a run
// ends at the first byte that leaves the pair. When that is one byte (the
// quote, when the escape is the quote or absent), a quoted run can be
// skipped with one bytes.IndexByte, which uses the CPU's vector unit.
func (t *Table) findQuotedStop() (byte, bool) {
	fold := func(s State) State {
		if s == QuotedNewLine {
			return Quoted
		}
		return s
	}
	var stops []byte
	for b := 0; b < 256; b++ {
		q, nl := fold(t.next[b][Quoted]), fold(t.next[b][QuotedNewLine])
		if q != nl {
			return 0, false
		}
		if q != Quoted {
			stops = append(stops, byte(b))
		}
	}
	if len(stops) != 1 {
		return 0, false
	}
	return stops[0], true
}

// QuotedStop returns the one byte that ends a run of a quoted value, and
// whether there is exactly one. It exists when the escape is the quote or
// absent: inside quotes only the quote then changes anything a reader
// observes, because Quoted and QuotedNewLine (which only marks a line end
// inside quotes) act as one state. The scanner then skips a quoted run with
// bytes.IndexByte instead of the SWAR skipper.
func (t *Table) QuotedStop() (byte, bool) { return t.quotedStop, t.quotedStopOK }

// Dialect returns the dialect the table was built for.
func (t *Table) Dialect() dialect.Dialect { return t.dialect }

// Next returns the state after reading byte b in state s.
func (t *Table) Next(s State, b byte) State { return t.next[b][s] }

// Reachable returns the states some input takes the machine to from
// state from, from included, in state-number order: the states a scan
// started in from may be in before any byte.
func (t *Table) Reachable(from State) []State {
	var seen [NumStates]bool
	seen[from] = true
	queue := []State{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for c := range 256 {
			if n := t.next[c][s]; !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	var out []State
	for s, ok := range seen {
		if ok {
			out = append(out, State(s))
		}
	}
	return out
}

// Transitions returns the table itself, indexed [byte][state], for loops
// that want one indexed load per byte. The caller must not modify it.
func (t *Table) Transitions() *[256][NumStates]State { return &t.next }

// SkipStandard marks the bytes that keep an unquoted value unquoted: every
// byte but the delimiter's first byte, CR, LF, the comment and (lenient, with
// an escape other than the quote) the escape. The caller must not modify it.
func (t *Table) SkipStandard() *[256]bool { return &t.skipStandard }

// SkipQuoted marks the bytes that keep a quoted value quoted: every byte but
// the quote, the escape, CR and LF. The caller must not modify it.
func (t *Table) SkipQuoted() *[256]bool { return &t.skipQuoted }

// SkipComment marks the bytes that keep a comment going: every byte but CR
// and LF. The caller must not modify it.
func (t *Table) SkipComment() *[256]bool { return &t.skipComment }

// Skip returns the skip table of state s, or nil when s has none.
func (t *Table) Skip(s State) *[256]bool {
	switch s {
	case Standard:
		return &t.skipStandard
	case Quoted:
		return &t.skipQuoted
	case Comment:
		return &t.skipComment
	}
	return nil
}

// StopPatterns returns the 2 to 5 byte patterns that match every byte any
// skip table stops at (and possibly more), for the SWAR skipper.
func (t *Table) StopPatterns() swar.Patterns { return t.stop }

// ByteClasses groups the 256 bytes into classes that lead to the same state
// from each of states (all states when states is nil): a reader of the table
// then sees a handful of columns instead of 256. Classes come in the order of
// their smallest byte, except that the largest class (the ordinary bytes)
// comes last.
func (t *Table) ByteClasses(states []State) [][]byte {
	if states == nil {
		states = States()
	}
	index := map[string]int{}
	var out [][]byte
	key := make([]byte, len(states))
	for b := 0; b < 256; b++ {
		for i, s := range states {
			key[i] = byte(t.next[b][s])
		}
		i, ok := index[string(key)]
		if !ok {
			i = len(out)
			index[string(key)] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], byte(b))
	}
	big := 0
	for i := range out {
		if len(out[i]) > len(out[big]) {
			big = i
		}
	}
	return append(append(out[:big:big], out[big+1:]...), out[big])
}
