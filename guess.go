package csvscan

import (
	"slices"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// The guesses of the read by ranges (planned.go): where a range's first
// row starts, read from the bytes after the range's first byte alone, as
// the line start that the table comes to from every state a scan may be
// in there. settle checks each against where the range before stopped.

// guessHead is how many bytes from a range's start a guess reads first;
// guessMax the most it reads (a guess needs the first line end of every
// state: a row longer than that leaves the range to wait for its start).
const (
	guessHead = 8 << 10
	guessMax  = 64 << 10
)

// guessStates returns the states a scan may be in before a range's first
// byte, which a guess runs from: every one some input takes the table t
// to from the start, INVALID aside.
func guessStates(t *sm.Table) []sm.State {
	return slices.DeleteFunc(t.Reachable(sm.NotSet), func(s sm.State) bool { return s == sm.Invalid })
}

// planGuess, when set (by tests only), changes every guess: the checks
// must catch a wrong one.
var planGuess func(k int, at scanner.Position, ok bool) (scanner.Position, bool)

// guess returns where range k's first row would start: the first line
// start after the byte before the range that every state reaches the same
// way; where they differ (a quoted value with line breaks across the
// range's start), the one line start whose next rows read as the file's
// rows (plausible), and false when none or several do. The states that
// reach INVALID first are left out (a scan in such a state fails before
// it), and so are those that find no line end in guessMax bytes (a row
// that long from before the range: if it is the true one, the guess is
// wrong, and settle finds it out). Its counts are a scan's after one row
// (no header comes next) and its width the first row's: settle checks
// all of it.
func (pr *planRead) guess(k int, walk *skipper.Walker) (scanner.Position, bool) {
	at, ok := pr.guessAt(k, walk)
	if planGuess != nil {
		return planGuess(k, at, ok)
	}
	return at, ok
}

func (pr *planRead) guessAt(k int, walk *skipper.Walker) (scanner.Position, bool) {
	at := int64(k)*pr.rangeSize - 1
	for _, n := range []int64{guessHead, guessMax} {
		buf := make([]byte, min(n, pr.size-at))
		if m, _ := pr.r.ReadAt(buf, at); m < len(buf) {
			return scanner.Position{}, false
		}
		eof := at+int64(len(buf)) == pr.size
		last := n == guessMax || eof
		starts, more := pr.lineStarts(buf, walk, last, eof)
		if more {
			continue
		}
		// The states that disagree (a quoted value with line breaks
		// across the range's start): the line start whose rows read
		// as rows of the file's width. One whose first row does not
		// end in buf may yet: more bytes tell.
		var pick *lineStart
		unknown := false
		for i := range starts {
			ok, known := len(starts) == 1, len(starts) == 1
			if !ok {
				ok, known = pr.plausible(buf[starts[i].off:], starts[i].state, eof)
			}
			unknown = unknown || !known
			if ok {
				if pick != nil {
					return scanner.Position{}, false
				}
				pick = &starts[i]
			}
		}
		if unknown && !last {
			continue
		}
		if pick == nil {
			break
		}
		return scanner.Position{Offset: at + int64(pick.off), State: pick.state, Rows: 1, Width: pr.width}, true
	}
	return scanner.Position{}, false
}

// lineStart is where a state's run comes to its first line end.
type lineStart struct {
	off   int
	state sm.State
}

// lineStarts runs every state over buf up to its first line end, and
// returns the line starts after them, each once (a CRLF's LF read: see
// lineEnd), the states that reach INVALID first left out. last says that
// buf is all a guess reads: a state that finds no line end in it is left
// out, where otherwise more says that more bytes may tell. eof says that
// buf ends the input. The runs take the scan's skip step (walk), as a
// scanner's seek does.
func (pr *planRead) lineStarts(buf []byte, walk *skipper.Walker, last, eof bool) (starts []lineStart, more bool) {
	walk.Reset(buf)
	for _, s := range pr.states {
		i, end := 0, false
		for {
			if s == sm.Standard || s == sm.Quoted || s == sm.Comment {
				i = walk.Skip(s, i, len(buf))
			}
			if i >= len(buf) {
				break
			}
			s = pr.next[buf[i]][s]
			i++
			if s == sm.Invalid || s == sm.RecordSeparator || s == sm.CarriageReturn {
				end = true
				break
			}
		}
		switch {
		case s == sm.Invalid:
			continue
		case !end && last:
			continue
		case !end:
			return nil, true // no line end yet
		}
		o, st, known := pr.lineEnd(i, s, buf[i:], eof)
		switch {
		case !known && last:
			continue
		case !known:
			return nil, true
		}
		if !slices.Contains(starts, lineStart{o, st}) {
			starts = append(starts, lineStart{o, st})
		}
	}
	return starts, false
}

// plausibleRows is how many rows plausible reads.
const plausibleRows = 8

// plausible reports whether the rows of buf, read from state s, read as
// the file's rows: no INVALID, and in each (comment lines and empty lines
// aside) as many values as the first row, or fewer with NullPadding, or
// one more with a trailing delimiter, over plausibleRows rows or all of
// buf's. known is false when no row ends in buf, unless buf ends the
// input (eof): more bytes may tell.
func (pr *planRead) plausible(buf []byte, s sm.State, eof bool) (ok, known bool) {
	rows, width, comment := 0, 1, false
	for _, c := range buf {
		p := sm.Pair{Prev: s, Cur: pr.next[c][s]}
		s = p.Cur
		switch {
		case s == sm.Invalid:
			return false, true
		case s == sm.Delimiter:
			width++
		case s == sm.Comment:
			comment = true
		case p.NewRow():
			fits := width == pr.width || pr.opts.NullPadding && width < pr.width || pr.opts.TrailingDelimiter && width == pr.width+1
			if !comment && !fits {
				return false, true
			}
			if rows++; rows == plausibleRows {
				return true, true
			}
			width, comment = 1, false
		case p.LineEnd():
			width, comment = 1, false // the LF of a CRLF, or an empty line
		}
	}
	return rows > 0 || eof, rows > 0 || eof
}

// lineEnd returns the line start that a line end gives, its byte just
// before off having left the scan in state s, rest being the bytes after
// it: after the CR of a CRLF, the LF's end (the scan reads the LF as the
// same line end, and a range may stop on either side of it; both sides of
// a check take the LF's). known is false when rest is empty before the
// input's end.
func (pr *planRead) lineEnd(off int, s sm.State, rest []byte, eof bool) (int, sm.State, bool) {
	if s != sm.CarriageReturn {
		return off, s, true
	}
	if len(rest) == 0 {
		return off, s, eof
	}
	if t := pr.next[rest[0]][s]; (sm.Pair{Prev: s, Cur: t}).CRLF() {
		return off + 1, t, true
	}
	return off, s, true
}

// pastLF returns at, where a scan stopped, past the LF of a CRLF when at
// lies between the two, as guesses are (lineEnd).
func (pr *planRead) pastLF(at scanner.Position) scanner.Position {
	if at.State == sm.CarriageReturn {
		var b [1]byte
		if n, _ := pr.r.ReadAt(b[:], at.Offset); n == 1 {
			var off int
			off, at.State, _ = pr.lineEnd(0, at.State, b[:], false)
			at.Offset += int64(off)
		}
	}
	return at
}
