package skipper

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	sm "github.com/csvscan/csvscan/statemachine"
)

// laneTables returns the tables of every dialect from a small grid that
// the lane reads (Table.Lane), and fails when the grid yields none of them.
func laneTables(t testing.TB) []*sm.Table {
	var out []*sm.Table
	for _, delim := range []string{",", ";", "\t", "|"} {
		for _, q := range []byte{'"', '\''} {
			for _, nl := range []dialect.Newline{dialect.NewlineAuto, dialect.NewlineLF, dialect.NewlineCRLF, dialect.NewlineCR} {
				for _, lenient := range []bool{false, true} {
					d := dialect.Dialect{Delimiter: delim, Quote: dialect.Some(q), Escape: dialect.Some(q), Newline: nl, Lenient: lenient}
					tab, err := sm.Build(d)
					if err != nil {
						t.Fatal(err)
					}
					if _, ok := tab.Lane(); ok {
						out = append(out, tab)
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no dialect of the grid has a lane")
	}
	return out
}

// tableValue reads the value at vs with the table, byte by byte, from
// Delimiter: where it ends (the first byte that leads to Delimiter,
// RecordSeparator or CarriageReturn, or a CR or LF outside quotes), how
// many quotes lie before that, and
// whether the reading is one Lane.Value promises to decide: only Standard
// and EmptySpace with no quote, or `"…"` through Quoted, QuotedNewLine and
// Unquoted and closed just before the end. found is false when the input
// ends first.
func tableValue(tab *sm.Table, l sm.Lane, buf []byte, vs int) (e, quotes int, plain, found bool) {
	st := sm.Delimiter
	plain = true
	quoted := vs < len(buf) && buf[vs] == l.Quote
	for i := vs; i < len(buf); i++ {
		prev := st
		if (buf[i] == '\r' || buf[i] == '\n') && prev != sm.Quoted && prev != sm.QuotedNewLine {
			// A CR or LF outside quotes: the lane stops there, and its
			// caller ends the row or leaves the byte to the table, as
			// the newline setting says (statemachine.Lane.LF, CR).
			if quoted && prev != sm.Unquoted {
				plain = false
			}
			return i, quotes, plain, true
		}
		st = tab.Next(st, buf[i])
		switch st {
		case sm.Delimiter, sm.RecordSeparator, sm.CarriageReturn:
			if quoted && prev != sm.Unquoted {
				plain = false
			}
			return i, quotes, plain, true
		case sm.Standard, sm.EmptySpace:
			if quoted {
				plain = false
			}
		case sm.Quoted, sm.QuotedNewLine, sm.Unquoted:
			if !quoted || prev == sm.Unquoted && buf[i] != l.Quote {
				plain = false // text after a closing quote (lenient)
			}
		default:
			plain = false
		}
		if buf[i] == l.Quote {
			quotes++
			if !quoted {
				plain = false
			}
		}
	}
	return 0, 0, false, false
}

// checkLaneValues calls Quick and Value at the positions of order and
// checks every answer against the table.
func checkLaneValues(t testing.TB, tab *sm.Table, buf []byte, order []int, limit int) {
	t.Helper()
	l, _ := tab.Lane()
	lane := NewLane(l)
	lane.Reset(buf)
	for k, vs := range order {
		if k%2 == 1 && vs >= 0 {
			// ValueBlock keeps the masks from vs when they are not kept:
			// its bits are Block's there, and Value's answers stay the
			// table's whatever frame it left.
			m, base := lane.ValueBlock(vs)
			if m2, base2 := lane.Block(vs); m2 != m || m != 0 && base2 != base {
				t.Fatalf("ValueBlock(%d) on %q = %#x, %d; Block then %#x, %d", vs, buf, m, base, m2, base2)
			}
			checkNext(t, lane, l, buf, vs)
		}
		we, wq, plain, found := tableValue(tab, l, buf, vs)
		if e := lane.Quick(vs, limit); e >= 0 && (!found || !plain || e != we || wq != 0) {
			t.Fatalf("%v: Quick(%d, %d) on %q = %d; the table reads end %d (found %v), %d quotes, plain %v",
				tab.Dialect(), vs, limit, buf, e, we, found, wq, plain)
		}
		e, quotes, ok := lane.Value(vs, limit)
		for _, p := range []int{vs, vs + 1, vs + 37, vs + 64} {
			checkNext(t, lane, l, buf, p) // in the masks Value kept
		}
		if ok {
			if !found || !plain || e != we || quotes != wq {
				t.Fatalf("%v: Value(%d, %d) on %q = %d, %d quotes; the table reads end %d (found %v), %d quotes, plain %v",
					tab.Dialect(), vs, limit, buf, e, quotes, we, found, wq, plain)
			}
			continue
		}
		// Declining is allowed only where the lane may not decide: a reading
		// that is not plain, an end at or past limit, or one near the end
		// of the buffer, where whole blocks are not to be had.
		if found && plain && we < limit && we < len(buf)-2*64 {
			t.Fatalf("%v: Value(%d, %d) on %q declined; the table reads a plain value ending at %d with %d quotes",
				tab.Dialect(), vs, limit, buf, we, wq)
		}
	}
}

// checkNext checks Block, NextAfter (where Block finds nothing) and
// NextQuote at p against the bytes: a position they return is the first
// stop byte (the quote, the delimiter, LF, CR), or the first quote, at or
// after p.
func checkNext(t testing.TB, lane *Lane, l sm.Lane, buf []byte, p int) {
	t.Helper()
	first := func(stop func(byte) bool) int {
		for i := max(p, 0); i < len(buf); i++ {
			if stop(buf[i]) {
				return i
			}
		}
		return -1
	}
	stop := first(func(c byte) bool { return c == l.Quote || c == l.Delimiter || c == '\n' || c == '\r' })
	quote := first(func(c byte) bool { return c == l.Quote })
	m, base := lane.Block(p)
	how, e := "Block", -1
	if m != 0 {
		e = base + bits.TrailingZeros64(m)
	} else {
		how, e = "NextAfter", lane.NextAfter(p)
	}
	if e >= 0 && e != stop {
		t.Fatalf("%s(%d) on %q = %d, the first stop byte from there is at %d", how, p, buf, e, stop)
	}
	if q := lane.NextQuote(p); q >= 0 && q != quote {
		t.Fatalf("NextQuote(%d) on %q = %d, the first quote from there is at %d", p, buf, q, quote)
	}
	// QuoteAfter: the first quote when it lies in the kept blocks, and -1
	// only when it does not.
	kept := p >= lane.blockStart && p < lane.blockEnd
	if q := lane.QuoteAfter(p); q >= 0 && q != quote || q < 0 && kept && quote >= 0 && quote < lane.blockEnd {
		t.Fatalf("QuoteAfter(%d) on %q = %d with blocks [%d, %d) kept, the first quote from there is at %d", p, buf, q, lane.blockStart, lane.blockEnd, quote)
	}
	// Block: every stop byte from p to the end of p's block, one bit each.
	if m == 0 {
		return
	}
	if base > p || p-base >= 64 {
		t.Fatalf("Block(%d) on %q: base %d, not the start of p's block", p, buf, base)
	}
	isStop := func(c byte) bool { return c == l.Quote || c == l.Delimiter || c == '\n' || c == '\r' }
	for i := range 64 {
		if want := base+i >= p && base+i < len(buf) && isStop(buf[base+i]); want != (m>>i&1 == 1) {
			t.Fatalf("Block(%d) on %q = %#x (base %d): bit %d is %d, byte %q", p, buf, m, base, i, m>>i&1, buf[base+i])
		}
	}
}

// laneInput returns n bytes of CSV-like text over the bytes that matter to
// a lane dialect, quoted values and long runs included.
func laneInput(r *rand.Rand, n int) []byte {
	pieces := []string{"a", "bc", ",", ";", "\t", "|", "\n", "\r", "\r\n", `"`, `""`, "'", "''", " ", "  ", `"x,y"`, `'p;q'`, "long text without any byte that matters to the lane at all.."}
	var b []byte
	for len(b) < n {
		b = append(b, pieces[r.IntN(len(pieces))]...)
	}
	return b[:n]
}

// positions returns where to call Value in an input of n bytes: in file
// order, steps of 1 to maxStep bytes (as the scanner calls it), then random
// ones (frames the kept masks do not share).
func positions(r *rand.Rand, n, maxStep, random int) []int {
	var order []int
	for p := 0; p < n; p += 1 + r.IntN(maxStep) {
		order = append(order, p)
	}
	for range random {
		if n > 0 {
			order = append(order, r.IntN(n))
		}
	}
	return order
}

func TestLaneValue(t *testing.T) {
	tabs := laneTables(t)
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 400 {
		tab := tabs[i%len(tabs)]
		buf, step := laneInput(r, r.IntN(700)), 12
		switch i % 8 {
		case 0:
			// Past laneBlocks blocks: values that run from one kept run
			// of masks into the next.
			buf = laneInput(r, 2000+r.IntN(3000))
		case 2, 6:
			// Long quoted values, which Value jumps over (TestLaneJump).
			l, _ := tab.Lane()
			buf, step = longQuotedInput(r, l, 1+r.IntN(8)), 40
		}
		order := positions(r, len(buf), step, 30)
		limit := len(buf)
		if r.IntN(3) == 0 {
			limit = r.IntN(len(buf) + 1)
		}
		checkLaneValues(t, tab, buf, order, limit)
	}
}

func TestLaneDialects(t *testing.T) {
	// The lane is for plain CSV only.
	yes := []dialect.Dialect{dialect.RFC4180, {Delimiter: ";", Quote: dialect.Some('\''), Escape: dialect.Some('\'')}}
	no := []dialect.Dialect{
		{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')},
		{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')},
		{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')},
		{Delimiter: ","},
	}
	for _, d := range yes {
		tab, err := sm.Build(d)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tab.Lane(); !ok {
			t.Errorf("%v: no lane", d)
		}
	}
	for _, d := range no {
		tab, err := sm.Build(d)
		if err != nil {
			t.Fatal(err)
		}
		if l, ok := tab.Lane(); ok {
			t.Errorf("%v: a lane %+v", d, l)
		}
	}
}

func FuzzLaneValue(f *testing.F) {
	f.Add([]byte(`a,"b""c",'d'`+"\r\n\"x\ny\"z,1\n"), uint8(0), uint64(7))
	f.Add([]byte(fmt.Sprintf("%070d,\"%0100d\"\"\"\n", 1, 2)), uint8(3), uint64(1))
	tabs := laneTables(f)
	f.Fuzz(func(t *testing.T, buf []byte, which uint8, seed uint64) {
		tab := tabs[int(which)%len(tabs)]
		r := rand.New(rand.NewPCG(seed, 1))
		checkLaneValues(t, tab, buf, positions(r, len(buf), 9, 20), len(buf)-r.IntN(len(buf)/4+1))
	})
}

// TestLaneNextPastKept reuses one Lane over a long buffer of stop bytes,
// then a short one with none: Block, NextAfter and NextQuote look one
// block past the kept ones, which must read as empty, not as the masks an
// earlier buffer left there.
func TestLaneNextPastKept(t *testing.T) {
	l, _ := laneTables(t)[0].Lane()
	lane := NewLane(l)
	long := []byte(strings.Repeat(`a,"`, 1500))
	lane.Reset(long)
	lane.Value(0, len(long)) // keeps the masks of laneBlocks blocks of stops
	short := []byte(strings.Repeat("a", 150))
	lane.Reset(short)
	if _, _, ok := lane.Value(0, len(short)); ok {
		t.Fatalf("Value(0) on %q found an end", short)
	}
	for p := range short {
		checkNext(t, lane, l, short, p)
	}
}

// longQuotedInput returns rows of short values and quoted values of
// hundreds to thousands of bytes, whose insides hold the delimiter, LF,
// CR, and doubled quotes, sparse or in runs (Value searches such insides
// for the next quote, and masks them again after a run of doubled
// quotes); some quoted values are followed by text, a CR, or the end.
func longQuotedInput(r *rand.Rand, l sm.Lane, rows int) []byte {
	q := string(l.Quote)
	inside := []string{"words and more words ", string(l.Delimiter), "\n", "\r", "\r\n", q + q}
	var b []byte
	for range rows {
		b = append(b, "id"...)
		b = append(b, l.Delimiter)
		b = append(b, q...)
		n, dense := 64*(1+r.IntN(40)), r.IntN(4) == 0
		for k := 0; k < n; {
			p := inside[r.IntN(len(inside))]
			if dense && r.IntN(2) == 0 {
				p = q + q
			} else if r.IntN(4) != 0 {
				p = inside[0]
			}
			b = append(b, p...)
			k += len(p)
		}
		b = append(b, q...)
		switch r.IntN(12) {
		case 0:
			b = append(b, "text"...) // after the closing quote
		case 1:
			b = append(b, '\r')
		}
		b = append(b, '\n')
	}
	return b
}

// TestLaneJump reads a long quoted value, which Value searches for the
// next quote instead of masking what lies before it (TestLaneValue reads
// many against the table): after it the loads mask fewer blocks (run),
// the next value's masks are kept where it starts (ValueBlock), and the
// runs grow back over short values.
func TestLaneJump(t *testing.T) {
	l, _ := laneTables(t)[0].Lane()
	lane := NewLane(l)
	buf := []byte("1,\"" + strings.Repeat("x", 3000) + "\"\n" + strings.Repeat("a,b\n", 2000))
	lane.Reset(buf)
	if e, quotes, ok := lane.Value(2, len(buf)); !ok || e != 3004 || quotes != 2 {
		t.Fatalf("Value(2) = %d, %d, %v; want 3004, 2, true", e, quotes, ok)
	}
	if lane.run != jumpRun {
		t.Fatalf("after a value of 3,002 bytes the loads mask %d blocks, want %d", lane.run, jumpRun)
	}
	// The next value starts past the kept masks: ValueBlock keeps them.
	if m, base := lane.ValueBlock(3005); m == 0 || base+bits.TrailingZeros64(m) != 3006 {
		t.Fatalf("ValueBlock(3005) = %#x, %d; want the delimiter at 3006", m, base)
	}
	for p := 3005; p < len(buf)-256 && lane.run < laneBlocks; p += 2 {
		if _, _, ok := lane.Value(p, len(buf)); !ok {
			t.Fatalf("Value(%d) declined a short value", p)
		}
	}
	if lane.run != laneBlocks {
		t.Fatalf("over short values the loads mask %d blocks, want %d", lane.run, laneBlocks)
	}
	// After jumpDoubled doubled quotes the masks start inside the value,
	// at 2058: a value that starts there (a caller's claim the table is
	// held to) reads in their frame flipped.
	tab := laneTables(t)[0]
	buf = []byte(`"` + strings.Repeat("y", 2047) + strings.Repeat(`""`, 5) + `"",x"` + "\n" + strings.Repeat("z", 100))
	lane.Reset(buf)
	checkLaneValues(t, tab, buf, []int{0, 2058}, len(buf))
	if e, _, ok := lane.Value(0, len(buf)); !ok || e != 2063 || lane.blockStart != 2058 {
		t.Fatalf("Value(0) = %d, %v with masks from %d; want 2063, true, from 2058", e, ok, lane.blockStart)
	}
	if e, quotes, ok := lane.Value(2058, len(buf)); !ok || e != 2060 || quotes != 2 {
		t.Fatalf("Value(2058) = %d, %d, %v; want 2060, 2, true", e, quotes, ok)
	}
}
