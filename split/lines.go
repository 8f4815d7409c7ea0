package split

import (
	"math/bits"
	"sync"

	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
	"github.com/csvscan/csvscan/swar"
)

// The summary's fast lines: past the first row of a run, the lines of a
// plain CSV file are counted from block masks (the quote-aware lane's:
// quotes, enders and the bytes inside quotes, 64 bytes at a time) instead
// of byte after byte. A summary only needs, of the lines between its first
// row and its last line, how many end outside quotes, how many of them are
// rows and how many are empty: counts a popcount gives once the masks show
// that the table would read the block as plain CSV.
//
// What the table would do is checked twice. Once per table (newFastLines):
// outside quotes, every byte but the quote, the delimiter, LF and CR keeps
// the machine in states where those four act as in plain CSV (a CR, by
// the newline setting, ends a line whose LF may follow, ends a line of
// its own, or is an error the byte loop reports); inside quotes, every
// byte but the quote keeps it inside. And for every quote of a block
// (fastLines.forward): a quote that opens a value must follow a
// delimiter or a line end (or a closing quote, as an escaped quote, where
// the quote is its own escape), and a quote that closes one must come
// before a delimiter or a line end (or an opening quote, likewise). A
// quote that breaks the rule (`a"b`, `"a"b`, ` "a"`) is left to the byte
// loop, which reads from the last line end before it; so is a multi-byte
// delimiter, an escape byte other than the quote (no escape at all is
// read), a comment, and IgnoreErrors (the bad rows' ends are not the
// table's alone). Where the newline setting makes a lone LF an error
// (strict CRLF or CR), the masks stop at it, as at a stray CR. A dialect without a quote is read with no byte inside
// quotes.

// fastBlocks is how many 64-byte blocks fastLines computes the masks of at
// a time: 4 KiB, in L1.
const fastBlocks = 64

// fastMin is the fewest bytes after a line end for which the run tries the
// fast lines: below a few blocks the byte loop is as quick.
const fastMin = 4 * swar.BlockSize

// fastSparse and sparseSkip: a window of blocks with fewer quotes and
// enders outside quotes than one per fastSparse bytes holds long values,
// which the byte loop reads faster (its skipper jumps from one to the
// next, and over a quoted value to its closing quote: 12 to 16 GB/s on
// 1024-byte notes, where the masks run at 8 to 9); the fast lines then
// leave the next sparseSkip bytes to it. The two run alike at about one
// per 64 bytes (BenchmarkSummarize, 256-byte notes: 7.5 to 8.9 GB/s both
// ways), and the masks win from one per 32 on.
const (
	fastSparse = 32
	sparseSkip = 1 << 20
)

// fastLines counts lines from block masks for one table (see above).
type fastLines struct {
	quote, delim byte
	cr           crMode
	lfBad        bool // a lone LF outside quotes is an error (newline CRLF, strict)
	quoted       bool // the dialect has a quote (else quote is LF, and no byte is inside quotes)
	escapes      bool // a quote right after a closing one is an escaped quote (else the table's to judge)
	// The masks of one window of blocks: the quotes, the enders
	// (delimiter, LF, CR), the line ends (LF, CR), and the bytes inside
	// quotes.
	q, e, le, in [fastBlocks]uint64
	sq, sin      [fastBlocks]uint64 // the masks the second pass makes again
}

// fastLinesOf returns new fast lines of table t, or nil when t does not
// read plain CSV as fastLines needs (see above). The judgement is made
// once per table (fastTables).
func fastLinesOf(t *sm.Table) *fastLines {
	v, ok := fastTables.Load(t)
	if !ok {
		v, _ = fastTables.LoadOrStore(t, newFastLines(t))
	}
	if f := v.(*fastLines); f != nil {
		c := *f // the judgement, and mask arrays of its own
		return &c
	}
	return nil
}

// fastTables keeps newFastLines' answer by table (statemachine.For keeps
// one table per dialect), as reachCache keeps reachable's.
var fastTables sync.Map

// newFastLines returns the fast lines of table t, or nil when t does not
// read plain CSV as fastLines needs (see above), judged from its
// transitions alone.
func newFastLines(t *sm.Table) *fastLines {
	next := t.Transitions()
	// The delimiter: the one byte that ends an unquoted value; the quote:
	// the one that opens a value after a delimiter, if any (a sniffed file
	// that holds none has none); whether a quote after a closing one is
	// an escaped quote (the escape is the quote) or not (no escape).
	var quote, delim byte
	delims, quotes := 0, 0
	for b := 0; b < 256; b++ {
		if next[b][sm.Standard] == sm.Delimiter {
			delim = byte(b)
			delims++
		}
		if next[b][sm.Delimiter] == sm.Quoted {
			quote = byte(b)
			quotes++
		}
	}
	if delims != 1 || quotes > 1 || delim == '\n' || delim == '\r' || quotes == 1 && (quote == '\n' || quote == '\r' || quote == delim) {
		return nil
	}
	quoted := quotes == 1
	escapes := quoted && next[quote][sm.Unquoted] == sm.Quoted
	if !quoted {
		quote = '\n' // the kernel needs a quote byte; its masks are dropped (forward)
	}
	special := func(b int) bool { return quoted && b == int(quote) || b == int(delim) || b == '\n' || b == '\r' }
	// What CR does outside quotes: the newline setting decides.
	var mode crMode
	entries := []sm.State{sm.RecordSeparator, sm.Delimiter} // after a line end or a delimiter
	switch next['\r'][sm.Standard] {
	case sm.CarriageReturn: // auto: a line end, and the LF of a CRLF belongs to it
		mode = crEnd
		entries = append(entries, sm.CarriageReturn)
		if next['\n'][sm.CarriageReturn] != sm.RecordSeparator {
			return nil
		}
	case sm.RecordSeparator: // LF or CR, lenient: a line end of its own
		mode = crSep
	case sm.Invalid: // LF or CR, strict: an error
		mode = crBad
	default:
		return nil
	}

	// Every state ordinary bytes lead to from the entries.
	var seen [sm.NumStates]bool
	outside := append([]sm.State(nil), entries...)
	for _, s := range outside {
		seen[s] = true
	}
	for i := 0; i < len(outside); i++ {
		s := outside[i]
		for b := 0; b < 256; b++ {
			if special(b) {
				continue
			}
			n := next[b][s]
			switch n {
			case sm.RecordSeparator, sm.CarriageReturn, sm.Delimiter, sm.Unquoted, sm.NotSet, sm.Invalid, sm.Comment:
				return nil // an ordinary byte that is not one
			}
			if n.InQuotes() {
				return nil
			}
			if !seen[n] {
				seen[n] = true
				outside = append(outside, n)
			}
		}
	}
	// The delimiter, LF and CR act alike in all of them, and after a
	// closing quote.
	crTo := map[crMode]sm.State{crEnd: sm.CarriageReturn, crSep: sm.RecordSeparator, crBad: sm.Invalid}[mode]
	// A lone LF ends a line, or, with newline CRLF or CR strict, is an
	// error in some states (DuckDB's CRLF table: inside an unquoted value
	// with text) and a line end in others: the masks then stop at every
	// lone LF, and the byte loop decides (lfBad).
	lfBad := false
	for _, s := range append(outside, sm.Unquoted) {
		switch lf := next['\n'][s]; {
		case s == sm.CarriageReturn && lf != sm.RecordSeparator: // the LF of a CRLF
			return nil
		case lf == sm.Invalid:
			lfBad = true
		case lf != sm.RecordSeparator:
			return nil
		}
		if next[delim][s] != sm.Delimiter || next['\r'][s] != crTo {
			return nil
		}
	}
	if lfBad && mode == crBad {
		return nil // no line end at all the masks could count
	}
	if !quoted {
		return &fastLines{quote: quote, delim: delim, cr: mode, lfBad: lfBad}
	}
	// A quote opens a value after a line end or a delimiter.
	for _, s := range entries {
		if next[quote][s] != sm.Quoted {
			return nil
		}
	}
	// Inside quotes every byte but the quote stays inside, and the quote
	// leads to Unquoted.
	inside := []sm.State{sm.Quoted}
	var in [sm.NumStates]bool
	in[sm.Quoted] = true
	for i := 0; i < len(inside); i++ {
		s := inside[i]
		if next[quote][s] != sm.Unquoted {
			return nil
		}
		for b := 0; b < 256; b++ {
			if b == int(quote) {
				continue
			}
			n := next[b][s]
			if n != sm.Quoted && n != sm.QuotedNewLine {
				return nil
			}
			if !in[n] {
				in[n] = true
				inside = append(inside, n)
			}
		}
	}
	return &fastLines{quote: quote, delim: delim, cr: mode, lfBad: lfBad, quoted: true, escapes: escapes}
}

// crMode is what a CR outside quotes is to a table.
type crMode uint8

const (
	crEnd crMode = iota // a line end, whose LF (a CRLF) belongs to it: newline auto
	crSep               // a line end of its own, as LF: newline LF or CR, lenient
	crBad               // an error: newline LF or CR, strict
)

// fastForward is run's call of the fast lines at at, right after a line
// end that left the machine in cur, past the run's first row (t): it adds
// the lines they count to t and returns where the run goes on and in which
// state, or false when they counted none.
func (w *walker) fastForward(t *traj, buf []byte, at int, cur sm.State) (int, sm.State, bool) {
	if len(buf)-at < fastMin {
		return 0, 0, false
	}
	r := w.fast.forward(buf, at, cur == sm.CarriageReturn)
	w.fastFrom = r.stop + 1
	if !r.ok {
		return 0, 0, false
	}
	t.lines += r.lines
	t.rows += r.rows
	t.empties += r.empties
	t.emptiesAfter += r.empties
	return r.to, r.state, true
}

// fastRun is what forward read: the lines it counted and where the run
// goes on.
type fastRun struct {
	to                   int      // the byte after the last line end counted
	state                sm.State // the state there: RecordSeparator or CarriageReturn
	lines, rows, empties int64
	stop                 int // where forward stopped looking: the run tries again past it
	ok                   bool
}

// forward counts the lines of buf from at on, at being right after a line
// end outside quotes (afterCR: a CR, whose LF may follow), as the table
// reads them from there, up to the last line end before the first byte it
// cannot vouch for (a quote the rule above does not allow, a CR after
// whose block the masks end) or before the last full block of buf. It
// reports ok false when it counted no line.
func (f *fastLines) forward(buf []byte, at int, afterCR bool) fastRun {
	r := fastRun{stop: len(buf)}
	lastLE := -1
	// Carries from the byte before the block: inside quotes (parity),
	// an ender or a closing quote (an opening quote may follow it), a
	// line end outside quotes, a CR outside quotes.
	var parity, prevOK, prevLE, prevCR uint64 = 0, 1, 1, 0
	if afterCR {
		prevCR = 1
	}
	pos := at
	for len(buf)-pos >= swar.BlockSize {
		specials := 0 // quotes, and enders outside quotes, in the window
		win := buf[pos:min(len(buf), pos+fastBlocks*swar.BlockSize)]
		n, par := skipper.LaneMasks(f.q[:], f.e[:], f.in[:], win, f.quote, [3]byte{f.delim, '\n', '\r'}, parity)
		skipper.LaneMasks(f.sq[:n], f.le[:n], f.sin[:n], win, f.quote, [3]byte{'\n', '\n', '\r'}, 0)
		if !f.quoted {
			clear(f.q[:n])
			clear(f.in[:n])
			par = 0
		}
		for j := 0; j < n; j++ {
			q, e, in := f.q[j], f.e[j], f.in[j]
			open, closing := q&in, q&^in
			// The byte after each bit: the next block's first, or the byte
			// after the window, or none (the end of buf).
			// A closing quote must come before an ender, or an opening
			// quote where the quote escapes itself.
			after := e
			if f.escapes {
				after |= q
			}
			var nextOK uint64
			switch {
			case j+1 < n:
				nextOK = f.e[j+1] & 1
				if f.escapes {
					nextOK |= f.q[j+1] & 1
				}
			case pos+(j+1)*swar.BlockSize < len(buf):
				c := buf[pos+(j+1)*swar.BlockSize]
				if c == f.delim || c == '\n' || c == '\r' || f.escapes && c == f.quote {
					nextOK = 1
				}
			}
			bad := open&^(e<<1|closing<<1|prevOK) | closing&^(after>>1|nextOK<<63)
			le := f.le[j] &^ in
			// The CRs among the line ends, looked at one by one: a row or
			// so a block, fewer than a third pass of the kernel costs.
			var cr uint64
			for m, blk := le, buf[pos+j*swar.BlockSize:]; m != 0; m &= m - 1 {
				if blk[bits.TrailingZeros64(m)] == '\r' {
					cr |= m & -m
				}
			}
			if f.cr == crBad {
				bad |= cr // the table's error: the byte loop reports it
				le &^= cr
			}
			if f.lfBad {
				// A lone LF (with newline CR strict, any LF): likewise.
				lf := le &^ cr
				if f.cr == crEnd {
					lf &^= cr<<1 | prevCR // the LF of a CRLF ends the line
				}
				bad |= lf
			}
			limit := ^uint64(0)
			if bad != 0 {
				limit = uint64(1)<<bits.TrailingZeros64(bad) - 1 // the bits before the first bad byte
			}
			le, cr = le&limit, cr&limit
			// A line end counts once: with newline auto the LF of a CRLF
			// is part of it. It is an empty line when the byte before it
			// ended a line too.
			counted := le
			if f.cr == crEnd {
				counted = (le&^cr)&^(cr<<1|prevCR) | cr
			}
			empty := counted & (le<<1 | prevLE)
			if le != 0 {
				// Only whole lines count: up to the last line end here.
				last := 63 - bits.LeadingZeros64(le)
				upto := ^uint64(0) >> (63 - last)
				r.lines += int64(bits.OnesCount64(counted & upto))
				r.empties += int64(bits.OnesCount64(empty & upto))
				lastLE = pos + j*swar.BlockSize + last
			}
			if bad != 0 {
				r.stop = pos + j*swar.BlockSize + bits.TrailingZeros64(bad)
				return f.finish(r, buf, lastLE)
			}
			prevOK, prevLE, prevCR = (e|closing)>>63, le>>63, cr>>63
			specials += bits.OnesCount64(e&^in | q)
		}
		parity = par
		pos += n * swar.BlockSize
		if specials < n*swar.BlockSize/fastSparse {
			// Long values: the byte loop skips from one quote or ender
			// to the next faster than the masks are made. It reads the
			// next sparseSkip bytes before the masks are tried again.
			r.stop = pos + sparseSkip
			return f.finish(r, buf, lastLE)
		}
	}
	r.stop = pos
	return f.finish(r, buf, lastLE)
}

// finish completes forward's result: the run goes on after the last line
// end counted.
func (f *fastLines) finish(r fastRun, buf []byte, lastLE int) fastRun {
	if lastLE < 0 {
		return fastRun{stop: r.stop}
	}
	r.ok, r.to, r.rows = true, lastLE+1, r.lines-r.empties
	r.state = sm.RecordSeparator
	if buf[lastLE] == '\r' && f.cr == crEnd {
		r.state = sm.CarriageReturn
	}
	return r
}
