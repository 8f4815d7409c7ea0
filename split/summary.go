package split

import (
	"bytes"
	"sync"

	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// status is what a line holds so far, beyond the machine's state: the one
// rule of reading that looks at bytes rather than states (a comment line
// is dropped when nothing but spaces precede its comment, and no
// delimiter) needs it.
type status uint8

const (
	// blank: the line so far is spaces only, with no delimiter (or is
	// empty). Every line starts blank.
	blank status = iota
	// content: a delimiter or another byte than a space: the line is a row
	// when it ends.
	content
	// commentOnly: a comment opened on a blank line: the line is no row.
	commentOnly

	numStatus = 3
)

// numKeys is the number of start keys of a summary: every state with every
// status.
const numKeys = sm.NumStates * numStatus

// key is a start or end point of a trajectory: a state and a status.
type key uint8

func mkKey(s sm.State, st status) key { return key(uint8(s)*numStatus + uint8(st)) }

func (k key) state() sm.State { return sm.State(k / numStatus) }
func (k key) status() status  { return status(k % numStatus) }

// traj is what reading a range's bytes from one start key does: the key it
// ends in, and the counts composition needs.
type traj struct {
	end  key
	dead bool // the run reached INVALID: a sequential scan stops with an error there
	// lines counts line ends outside quotes (a CRLF once); rows the lines
	// among them that are rows (neither empty nor comment lines); empties
	// the empty lines.
	lines, rows, empties int64
	// headDelims is the number of delimiters before the first line end
	// (all of them when no line ends); tailDelims after the last one (all
	// of them when no line ends).
	headDelims, tailDelims int64
	// firstRow is the number of delimiters, inside the range, of the first
	// row that ends in it, -1 when none does; firstHead says that row ends
	// at the range's first line end (so it may have begun before the
	// range: its delimiters before the range are not counted here).
	firstRow  int64
	firstHead bool
	// emptiesAfter counts the empty lines after the first row's end.
	emptiesAfter int64
	// headLen is the number of bytes up to and including the first line
	// end (all of them when no line ends), tailLen after the last one (all
	// of them when no line ends), maxLine the most bytes of a line that
	// starts and ends in the range (line end included): with
	// IgnoreErrors, a line of the maximum line size ends by a rule
	// outside the table, so Compose must know whether the file has one.
	headLen, tailLen, maxLine int64
	// firstBad says the first row that ends in the range reached INVALID
	// (before the range too, when firstHead: composition adds that);
	// tailBad says the line in progress at the range's end did, inside
	// the range. Only runs with IgnoreErrors go on after INVALID.
	firstBad, tailBad bool
}

// deadEnd is the end key of a run that reached INVALID. Such a run keeps
// the counts of the bytes before: the line in progress at a range's start
// may end before the error, and rows start after it.
var deadEnd = mkKey(sm.Invalid, blank)

// identity is the trajectory over no bytes from k; ignore is
// IgnoreErrors (INVALID is not the end of the scan).
func identity(k key, ignore bool) traj {
	return traj{end: k, firstRow: -1, dead: !ignore && k.state() == sm.Invalid}
}

// then returns the trajectory of x followed by y, y being read from the
// key x ends in: summaries compose with it, range after range.
func (x traj) then(y traj) traj {
	if x.dead {
		return x
	}
	z := traj{
		end:     y.end,
		dead:    y.dead,
		lines:   x.lines + y.lines,
		rows:    x.rows + y.rows,
		empties: x.empties + y.empties,
	}
	z.headDelims = x.headDelims
	if x.lines == 0 {
		z.headDelims += y.headDelims
	}
	z.tailDelims = y.tailDelims
	if y.lines == 0 {
		z.tailDelims += x.tailDelims
	}
	z.headLen, z.tailLen = x.headLen, y.tailLen
	if x.lines == 0 {
		z.headLen += y.headLen
	}
	if y.lines == 0 {
		z.tailLen += x.tailLen
	}
	z.maxLine = max(x.maxLine, y.maxLine)
	if x.lines > 0 && y.lines > 0 {
		z.maxLine = max(z.maxLine, x.tailLen+y.headLen)
	}
	z.tailBad = y.tailBad || y.lines == 0 && x.tailBad
	switch {
	case x.firstRow >= 0:
		z.firstRow, z.firstHead, z.emptiesAfter, z.firstBad = x.firstRow, x.firstHead, x.emptiesAfter+y.empties, x.firstBad
	case y.firstRow >= 0:
		z.firstRow, z.firstHead, z.emptiesAfter, z.firstBad = y.firstRow, y.firstHead && x.lines == 0, y.emptiesAfter, y.firstBad
		if y.firstHead {
			z.firstRow += x.tailDelims // the row began in x
			z.firstBad = z.firstBad || x.tailBad
		}
	default:
		z.firstRow = -1
	}
	return z
}

// walker runs trajectories over bytes with one dialect's table.
type walker struct {
	next    *[256][sm.NumStates]sm.State
	tab     *sm.Table
	sk      *skipper.Skipper
	quote   byte // Table.QuotedStop
	quoteOK bool
	// ignore is IgnoreErrors: INVALID reads as STANDARD does (the table
	// says so) instead of ending the run, as the scanner reads a bad row
	// to its end.
	ignore bool
	// fast counts the lines of plain CSV from block masks (lines.go); nil
	// for other tables and with IgnoreErrors. A run tries it again from
	// fastFrom on.
	fast     *fastLines
	fastFrom int
}

func newWalker(t *sm.Table, ignore bool) *walker {
	w := &walker{next: t.Transitions(), tab: t, sk: skipper.New(t.StopPatterns()), ignore: ignore}
	w.quote, w.quoteOK = t.QuotedStop()
	if !ignore {
		w.fast = fastLinesOf(t)
	}
	return w
}

// quotedEnd returns the state after buf, the machine being in QUOTED after
// buf[i] and no quote following: the bytes on which QUOTED and
// QUOTED_NEW_LINE go different ways (line ends) are read again from the
// last byte on which they agree.
func (w *walker) quotedEnd(buf []byte, i int) sm.State {
	m := len(buf)
	for m > i+1 && w.next[buf[m-1]][sm.Quoted] != w.next[buf[m-1]][sm.QuotedNewLine] {
		m--
	}
	s := sm.Quoted
	if m > i+1 {
		s = w.next[buf[m-1]][sm.Quoted]
	}
	for _, b := range buf[m:] {
		s = w.next[b][s]
	}
	return s
}

// run reads data from start key k and returns the trajectory. With skip
// set it jumps, with the skipper, over the bytes that leave a state as it
// is and change no count; data must then be the buffer w.sk was last Reset
// with, from offset from.
func (w *walker) run(k key, buf []byte, from int, skip bool) traj {
	if k.state() == sm.Invalid && !w.ignore {
		return identity(k, false)
	}
	next := w.next
	t := traj{firstRow: -1}
	w.fastFrom = 0
	cur, st := k.state(), k.status()
	var delims int64 // on the current line
	ended := false   // a line end was read
	lineFrom := from // where the current line starts in buf
	bad := false     // the current line reached INVALID
	for i := from; i < len(buf); i++ {
		b := buf[i]
		prev := cur
		cur = next[b][cur]
		switch cur {
		case sm.Invalid:
			if w.ignore {
				bad = true // a bad row, read to its end by the table
				break
			}
			t.dead, cur, st = true, sm.Invalid, blank
			i = len(buf) // the scan stops here
			continue
		case sm.RecordSeparator, sm.CarriageReturn:
			if prev == sm.CarriageReturn && cur == sm.RecordSeparator {
				continue // the LF of a CRLF: part of the line end before it
			}
			if n := int64(i + 1 - lineFrom); !ended {
				t.headDelims, t.headLen, ended = delims, n, true
			} else {
				t.maxLine = max(t.maxLine, n)
			}
			lineFrom = i + 1
			if !w.ignore {
				t.headLen, t.maxLine = 0, 0 // only IgnoreErrors needs them
			}
			switch {
			case prev == sm.RecordSeparator || prev == sm.CarriageReturn || prev == sm.NotSet:
				t.empties++ // `\n\n`: an empty line
				if t.firstRow >= 0 {
					t.emptiesAfter++
				}
			case st == commentOnly: // `  # note\n`: no row
			default: // a row ends
				if t.firstRow < 0 {
					t.firstRow, t.firstHead, t.firstBad = delims, t.lines == 0, bad
				}
				t.rows++
			}
			t.lines++
			delims, st, bad = 0, blank, false
			if skip && w.fast != nil && t.firstRow >= 0 && i+1 >= w.fastFrom {
				// Past the first row only the counts of whole lines
				// matter, until the last line: the block masks give them.
				if to, s, ok := w.fastForward(&t, buf, i+1, cur); ok {
					i, cur, lineFrom = to-1, s, to
				}
			}
			continue
		case sm.Delimiter:
			delims++
			st = content
			continue
		case sm.Comment:
			if prev != sm.Comment && st == blank {
				st = commentOnly
				continue
			}
		}
		if st == blank {
			if b != ' ' {
				st = content
			}
			continue
		}
		if !skip {
			continue
		}
		// The skip tables list the bytes after which the state stays as it
		// is: no delimiter, line end or comment among them, and the line
		// holds content or a comment already, so no count changes.
		switch cur {
		case sm.Standard:
			i = w.sk.SkipToStop(w.tab.SkipStandard(), i+1, len(buf)) - 1
		case sm.Quoted:
			if !w.quoteOK {
				i = w.sk.SkipToStop(w.tab.SkipQuoted(), i+1, len(buf)) - 1
				break
			}
			// One byte ends a quoted run (Table.QuotedStop): find it with
			// the vector unit. Before it the state is QUOTED or
			// QUOTED_NEW_LINE, which read the quote alike and count
			// nothing; at the end of the range, the exact one is worked
			// out from the last bytes.
			if j := bytes.IndexByte(buf[i+1:], w.quote); j >= 0 {
				i += j
			} else {
				cur, i = w.quotedEnd(buf, i), len(buf)
			}
		case sm.Comment:
			i = w.sk.SkipToStop(w.tab.SkipComment(), i+1, len(buf)) - 1
		}
	}
	if !ended {
		t.headDelims, t.headLen = delims, int64(len(buf)-from)
	}
	t.tailDelims, t.tailLen, t.tailBad = delims, int64(len(buf)-lineFrom), bad
	if !w.ignore {
		// Without IgnoreErrors the lengths are not looked at: zero, start
		// keys that meet share a trajectory whatever lengths they read.
		t.headLen, t.tailLen, t.maxLine = 0, 0, 0
	}
	t.end = mkKey(cur, st)
	return t
}

// headWindow is how far every start key is run on its own before the keys
// that have come to the same state and status share one run.
var headWindow = 4 << 10

// summarize computes the trajectories of data from every reachable start
// key: each key alone over the first headWindow bytes, then one run per
// distinct key reached there, at full speed.
func (w *walker) summarize(data []byte, reach *[numKeys]bool) [numKeys]traj {
	var out [numKeys]traj
	head := min(len(data), headWindow)
	for k := key(0); k < numKeys; k++ {
		if !reach[k] {
			out[k] = identity(k, w.ignore)
			continue
		}
		out[k] = w.run(k, data[:head], 0, false)
	}
	if head < len(data) {
		w.more(&out, data[head:], reach)
	}
	return out
}

// more continues trajectories out with the bytes that follow the ones
// they were run over, data: each distinct key they reach is run over data
// once, and composed (traj.then), as summarize over the bytes before and
// data together would give them. Keys no input reaches (reach) keep their
// identity.
func (w *walker) more(out *[numKeys]traj, data []byte, reach *[numKeys]bool) {
	var reached [numKeys]bool
	for k := range out {
		if reach[k] && !out[k].dead {
			reached[out[k].end] = true
		}
	}
	w.sk.Reset(data)
	var rest [numKeys]traj
	for k := key(0); k < numKeys; k++ {
		if reached[k] {
			rest[k] = w.run(k, data, 0, true)
		}
	}
	for k := range out {
		if reach[k] && !out[k].dead {
			out[k] = out[k].then(rest[out[k].end])
		}
	}
}

// Summary is what one range's bytes say, computed from them alone: for
// every state the machine may be in before the range's first byte (and
// what the line in progress holds: spaces only, a comment, or more), the
// state it ends in and the counts that composing needs. Start keys that
// lead to the same result share one trajectory: in an ordinary file two
// or three remain (outside quotes, inside them, maybe in a comment).
//
// A Summary is a value: MarshalBinary gives a few dozen bytes
// (docs/12-split-plan.md describes the encoding), UnmarshalBinary reads
// them back.
type Summary struct {
	// Range is the range the summary is of.
	Range Range
	trajs []traj       // distinct trajectories, dead ones included
	of    [numKeys]int // start key -> index in trajs
}

// newSummary packs per-key trajectories into a Summary; keys that no
// input reaches (reach) share trajectory 0, so they cost no room.
func newSummary(r Range, per *[numKeys]traj, reach *[numKeys]bool) Summary {
	s := Summary{Range: r}
	for k := range per {
		if !reach[k] {
			continue
		}
		i := 0
		for i < len(s.trajs) && s.trajs[i] != per[k] {
			i++
		}
		if i == len(s.trajs) {
			s.trajs = append(s.trajs, per[k])
		}
		s.of[k] = i
	}
	if len(s.trajs) == 0 { // only for a table no key of which is reachable
		s.trajs = append(s.trajs, identity(mkKey(sm.NotSet, blank), false))
	}
	return s
}

// reachable returns the start keys some input leads to from the start of
// a file (NOT_SET, a blank line), walking the table over every byte with
// the status rules of walker.run. The others (a partial multi-byte
// delimiter with a one-byte delimiter, an escape state without an escape,
// and so on) are never a range's start. With ignore (IgnoreErrors) the
// walk goes on after INVALID, as the scanner reads a bad row to its end.
func reachable(t *sm.Table, ignore bool) *[numKeys]bool {
	ck := reachKey{t, ignore}
	if r, ok := reachCache.Load(ck); ok {
		return r.(*[numKeys]bool)
	}
	var seen [numKeys]bool
	w := newWalker(t, ignore)
	todo := []key{mkKey(sm.NotSet, blank)}
	seen[todo[0]] = true
	var one [1]byte
	for len(todo) > 0 {
		k := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if k.state() == sm.Invalid && !ignore {
			continue
		}
		for c := 0; c < 256; c++ {
			one[0] = byte(c)
			e := w.run(k, one[:], 0, false).end
			if !seen[e] {
				seen[e] = true
				todo = append(todo, e)
			}
		}
	}
	reachCache.Store(ck, &seen)
	return &seen
}

// reachCache keeps reachable's answers by table (statemachine.For keeps
// one table per dialect) and IgnoreErrors.
var reachCache sync.Map

type reachKey struct {
	t      *sm.Table
	ignore bool
}

// Trajectories returns the number of distinct trajectories the summary
// holds: how many different outcomes the start states collapse to.
func (s Summary) Trajectories() int { return len(s.trajs) }

func (s Summary) from(k key) traj { return s.trajs[s.of[k]] }
