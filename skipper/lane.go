package skipper

import (
	"bytes"
	"math/bits"

	"github.com/csvscan/csvscan/statemachine"
	"github.com/csvscan/csvscan/swar"
)

// A Lane reads whole values of plain CSV (statemachine.Lane: one delimiter
// byte, the quote as its own escape, LF, CR or CRLF line ends) from bit masks instead of
// stepping the state machine byte by byte: the quote-aware lane
// (docs/08-quote-aware-lane.md).
//
// For each 64-byte block it keeps three masks: the quotes, the enders
// (delimiter, LF, CR) and the prefix XOR of the quotes carried across blocks,
// which marks the bytes inside quotes. A value that starts at vs ends at the
// first ender outside quotes; the quotes between say whether the table would
// read it the same way. Where it would not (a quote inside an unquoted
// value, text after a closing quote, a value that runs past the limit or
// into the last 63 bytes of the buffer), Value declines and the caller's
// table-driven loop reads the value instead: the lane never decides what
// the table would decide differently.
//
// Inside a quoted value only the quote matters: where a quoted value runs
// past the kept masks, Value searches for the next quote (bytes.IndexByte)
// instead of masking the bytes before it, and after a long one the masks
// cover only the values that follow it, a few blocks at first, so that
// the inside of a long quoted value is read once, by the search.
//
// Like Skipper, a Lane keeps the masks of a run of up to 2 KiB so that the
// calls that follow only look them up, and it does not allocate after
// NewLane. It is not safe for concurrent use.
type Lane struct {
	buf        []byte
	blockStart int // the kept blocks are buf[blockStart:blockEnd]
	blockEnd   int
	quote      [laneBlocks + 1]uint64 // bit i: byte i of the block is the quote; 0 past the kept blocks
	ender      [laneBlocks + 1]uint64 // the delimiter, LF or CR; 0 past the kept blocks
	inside     [laneBlocks]uint64     // the prefix XOR of quote, carried from blockStart
	set        vecLaneSet
	q          byte
	// The frame of the value that ended last: values that follow one
	// another share it, so the next one need not look it up.
	lastEnd  int
	lastFlip uint64
	// startFlip is all ones when the kept masks start inside quotes (a
	// load with carry 1): the frame of a value that starts at blockStart.
	startFlip uint64
	// run is how many blocks the next load masks: laneBlocks, or fewer
	// after a long quoted value (Value's jump), growing back twofold a
	// load.
	run int
}

// laneBlocks is how many 64-byte blocks the lane masks per kernel call:
// 2 KiB, so that a long value rarely needs two calls.
const laneBlocks = 32

// The jump over the inside of a quoted value (Value): a value at least
// jumpLong bytes long makes the loads that follow mask jumpRun blocks
// (then twice as many each load, up to laneBlocks), so that the masks
// cover the values between long ones and not the long ones' insides;
// after jumpDoubled doubled quotes in a row of searches the masks take
// over again (a value of many doubled quotes is cheaper to mask than to
// search quote by quote).
const (
	jumpLong    = 8 * swar.BlockSize
	jumpRun     = 2
	jumpDoubled = 4
)

// NewLane returns a Lane for the bytes of l. Its buffer is empty until
// Reset.
func NewLane(l statemachine.Lane) *Lane {
	return &Lane{set: newVecLaneSet(l.Quote, l.Delimiter), q: l.Quote, lastEnd: -2, run: laneBlocks}
}

// Reset makes buf the buffer that positions refer to and forgets the kept
// masks. Call it whenever the buffer or its contents change.
func (l *Lane) Reset(buf []byte) {
	l.buf = buf
	l.blockStart, l.blockEnd = 0, 0
	l.lastEnd = -2
}

// load keeps the masks of up to laneBlocks whole blocks from pos, which
// must have a whole block after it; carry is 1 when pos lies inside quotes
// in the frame of the masks being continued.
func (l *Lane) load(pos int, carry uint64) {
	n := min(l.run, (len(l.buf)-pos)/swar.BlockSize)
	l.run = min(2*l.run, laneBlocks)
	vecLaneMasks(l.quote[:n], l.ender[:n], l.inside[:n], l.buf[pos:pos+n*swar.BlockSize], &l.set, carry)
	l.quote[n], l.ender[n] = 0, 0 // NextAfter and NextQuote look one block on
	l.blockStart, l.blockEnd = pos, pos+n*swar.BlockSize
	l.lastEnd, l.startFlip = -2, -carry
}

// Quick is Value's common case, small enough to be inlined into the
// caller's loop: an unquoted value that ends in the kept block it starts
// in. It returns the value's end e (quotes 0), or -1 when it cannot tell
// (then call Value). Any quote stops it: a value that opens with one, or
// holds one, is Value's to read or decline.
func (l *Lane) Quick(vs, limit int) int {
	off := uint(vs - l.blockStart)
	if off < uint(l.blockEnd-l.blockStart) {
		j := off / swar.BlockSize % laneBlocks
		if m := (l.ender[j] | l.quote[j]) >> (off % swar.BlockSize); m != 0 {
			if e := vs + bits.TrailingZeros64(m); e < limit && l.buf[e] != l.q {
				return e
			}
		}
	}
	return -1
}

// Block is Quick for a caller that looks at the bytes it stops at
// itself and walks a block's bits: it returns the quotes, delimiters, LFs
// and CRs at or after vs in the kept block that vs lies in, bit i of m
// standing for byte base+i, or m == 0 when vs lies outside the kept blocks
// or that block holds none from vs on (then NextAfter looks in the next
// block). A value that starts at vs (outside quotes) ends at the first,
// e = base + TrailingZeros64(m), when buf[e] is an ender and e is below
// the caller's limit; at a quote, or with m == 0, Value decides. Clearing
// m's lowest bit (m &= m-1) gives the ones after the first: a caller that
// reads values one after another in a block finds each end with one
// TrailingZeros64, without looking the block up again.
func (l *Lane) Block(vs int) (m uint64, base int) {
	off := uint(vs - l.blockStart)
	if off < uint(l.blockEnd-l.blockStart) {
		j := off / swar.BlockSize % laneBlocks // off/64 < laneBlocks
		sh := off % swar.BlockSize
		return (l.ender[j] | l.quote[j]) >> sh << sh, vs - int(sh)
	}
	return 0, 0
}

// ValueBlock is Block at vs, the start of a value (outside quotes), that
// may lie past the kept blocks: there it first keeps the masks of the
// blocks from vs on, as Value would, when a whole block follows vs. After
// a long quoted value (Value's jump) the next value starts past the kept
// blocks, and the loop that reads values from Block's bits takes it
// without a call to Value. It is not inlined: a loop calls Block first,
// and ValueBlock where Block returns 0, 0 (vs past the kept blocks).
func (l *Lane) ValueBlock(vs int) (m uint64, base int) {
	if uint(vs-l.blockStart) >= uint(l.blockEnd-l.blockStart) && vs <= len(l.buf)-swar.BlockSize {
		l.load(vs, 0)
	}
	return l.Block(vs)
}

// NextAfter is Block one block on, for a vs where Block found none: the
// first quote, delimiter, LF or CR in the kept block after the one vs
// lies in, or -1 when there is none or no such block is kept.
func (l *Lane) NextAfter(vs int) int {
	off := uint(vs - l.blockStart)
	if off < uint(l.blockEnd-l.blockStart) {
		j := off/swar.BlockSize%laneBlocks + 1 // 0 past the kept blocks
		if m := l.ender[j] | l.quote[j]; m != 0 {
			return l.blockStart + int(j)*swar.BlockSize + bits.TrailingZeros64(m)
		}
	}
	return -1
}

// NextQuote returns the first quote at or after p in the kept block that
// p lies in or in the one after it, or -1 when p lies outside the kept
// blocks or those blocks hold none from p on. After the quote that opens
// a value at vs, the first quote from vs+1 on either closes it or is the
// first of a doubled quote: the value is `"…"` with nothing to unescape,
// ended at c+1, when c = NextQuote(vs+1) is followed by an ender (and c+1
// is below the caller's limit); anything else is Value's to decide.
func (l *Lane) NextQuote(p int) int {
	off := uint(p - l.blockStart)
	if off >= uint(l.blockEnd-l.blockStart) {
		return -1
	}
	// off/64 < laneBlocks; the next block is at most laneBlocks, and 0
	// past the kept blocks.
	if m := l.quote[off/swar.BlockSize%laneBlocks] >> (off % swar.BlockSize); m != 0 {
		return p + bits.TrailingZeros64(m)
	}
	off = off | (swar.BlockSize - 1) + 1
	if m := l.quote[off/swar.BlockSize]; m != 0 {
		return l.blockStart + int(off) + bits.TrailingZeros64(m)
	}
	return -1
}

// QuoteAfter is NextQuote over every kept block from p's on, so that a
// quoted value of any length within the kept masks ends with one call:
// the first quote at or after p in the kept blocks, or -1 when p lies
// outside them or they hold none from p on. NextQuote is the cheaper
// call for a caller that expects short values.
func (l *Lane) QuoteAfter(p int) int {
	off, end := uint(p-l.blockStart), uint(l.blockEnd-l.blockStart)
	for sh := off % swar.BlockSize; off < end; off, sh = off|(swar.BlockSize-1)+1, 0 {
		if m := l.quote[off/swar.BlockSize%laneBlocks] >> sh; m != 0 {
			return l.blockStart + int(off) + bits.TrailingZeros64(m)
		}
	}
	return -1
}

// Value reads the value that starts at vs, a byte the caller knows to be
// outside quotes at the start of a value, and returns:
//
//   - e, the first delimiter, LF or CR at or after vs outside quotes, with
//     vs <= e < limit;
//   - quotes, the number of quotes in buf[vs:e]: 0 for an unquoted value;
//     otherwise the value is `"…"`, opened at vs and closed at e-1, with
//     every quote between doubled (quotes > 2 means it needs unescaping);
//   - ok, false when the lane declines: the value is neither of those, or
//     e would not be found before limit in whole blocks of the buffer.
//
// An unquoted value ends at the first ender or quote: a quote there is one
// the table reads as text, so the lane declines. A quoted value ends at the
// first byte outside quotes that is not a quote (the prefix XOR tells which
// bytes are inside): an ender, or text after the closing quote, which the
// lane declines.
//
// It requires 0 <= vs and limit <= len(buf).
func (l *Lane) Value(vs, limit int) (e, quotes int, ok bool) {
	off := uint(vs - l.blockStart)
	if off >= uint(l.blockEnd-l.blockStart) {
		if vs > len(l.buf)-swar.BlockSize {
			return 0, 0, false
		}
		l.load(vs, 0)
		off = 0
	}
	j := off / swar.BlockSize
	from := ^uint64(0) << (off % swar.BlockSize) // the bits of the block from vs on
	if l.buf[vs] != l.q {
		for {
			// The first ender or quote in the kept blocks from vs on, a
			// block at a time (the blocks past the kept ones read 0).
			n := uint(l.blockEnd-l.blockStart) / swar.BlockSize
			m := (l.ender[j%laneBlocks] | l.quote[j%laneBlocks]) & from
			for m == 0 && j+1 < n {
				j++
				m = l.ender[j%laneBlocks] | l.quote[j%laneBlocks]
			}
			if m != 0 {
				e = l.blockStart + int(j)*swar.BlockSize + bits.TrailingZeros64(m)
				if e >= limit || l.buf[e] == l.q {
					return 0, 0, false
				}
				return e, 0, true
			}
			if l.blockEnd >= limit || !l.more(0) { // an unquoted value: no quote so far, so outside
				return 0, 0, false
			}
			j, from = 0, ^uint64(0)
		}
	}
	// A quoted value: the frame of the kept masks may count vs-1 inside
	// quotes (after a value the lane declined); flip corrects it.
	var flip uint64
	switch {
	case vs == l.lastEnd+1:
		flip = l.lastFlip
	case off > 0:
		p := off - 1
		flip = -(l.inside[p/swar.BlockSize] >> (p % swar.BlockSize) & 1)
	default:
		flip = l.startFlip // the frame's parity before blockStart
	}
	for {
		// The first byte outside quotes that is not a quote, in the kept
		// blocks from vs on, a block at a time, counting the quotes
		// before it.
		n := uint(l.blockEnd-l.blockStart) / swar.BlockSize
		in := l.inside[j%laneBlocks] ^ flip
		q := l.quote[j%laneBlocks]
		out := ^q &^ in & from
		for out == 0 && j+1 < n {
			quotes += bits.OnesCount64(q & from)
			j++
			from = ^uint64(0)
			in = l.inside[j%laneBlocks] ^ flip
			q = l.quote[j%laneBlocks]
			out = ^q &^ in
		}
		if out != 0 {
			i := bits.TrailingZeros64(out)
			quotes += bits.OnesCount64(q & from & (1<<i - 1))
			e = l.blockStart + int(j)*swar.BlockSize + i
			if e >= limit || l.ender[j%laneBlocks]>>i&1 == 0 {
				return 0, 0, false
			}
			l.lastEnd, l.lastFlip = e, flip
			return e, quotes, true
		}
		quotes += bits.OnesCount64(q & from)
		if l.blockEnd >= limit {
			return 0, 0, false
		}
		if in>>63 != 0 {
			// The last kept byte is inside quotes, where only a quote
			// matters: search for it instead of masking the bytes before.
			var at int
			if e, quotes, at = l.jump(vs, l.blockEnd, limit, quotes); e >= 0 || at < 0 {
				return e, quotes, e >= 0
			}
			l.load(at, 1) // doubled quotes: masks again, from at, inside quotes
		} else if !l.more(0) {
			return 0, 0, false
		}
		j, flip, from = 0, 0, ^uint64(0) // new masks, in the value's own frame
	}
}

// jump reads on the quoted value that opened at vs from p, a byte inside
// its quotes, with quotes counted before p: the next quote closes the value
// or is the first of a doubled one, and the value ends after the closing
// quote, at an ender (anything else there the lane declines, as Value).
// It returns the value's end e and its quotes; or e < 0 and at >= 0 to go
// on with masks from at, a byte inside the quotes (after jumpDoubled
// doubled quotes, when a whole block follows at); or e < 0 and at < 0 to
// decline. Only buf[:limit] is read.
func (l *Lane) jump(vs, p, limit, quotes int) (e, n, at int) {
	buf := l.buf[:limit]
	for doubled := 0; ; doubled++ {
		k := bytes.IndexByte(buf[p:], l.q)
		if k < 0 || p+k+1 >= len(buf) {
			return -1, 0, -1
		}
		c := p + k // a quote inside: closing, or the first of `""`
		switch b := buf[c+1]; {
		case b == l.q:
			quotes += 2
			p = c + 2
			if doubled >= jumpDoubled && p <= len(l.buf)-swar.BlockSize {
				return -1, quotes, p
			}
		case b == l.set.bytes[1] || b == '\n' || b == '\r':
			if c+1-vs >= jumpLong {
				l.run = jumpRun
			}
			l.lastEnd = -2
			return c + 1, quotes + 1, 0
		default:
			return -1, 0, -1 // text after the closing quote: the table's
		}
	}
}

// more keeps the masks of the run after the kept one, continuing a value's
// frame (carry: whether the last kept byte is inside quotes in that frame,
// which becomes the frame of the new masks). It reports false when no whole
// block follows in the buffer.
func (l *Lane) more(carry uint64) bool {
	next := l.blockEnd
	if next > len(l.buf)-swar.BlockSize {
		return false
	}
	l.load(next, carry)
	return true
}
