package swar

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// naiveZeroFlags flags (high bit of the byte) every zero byte of w, one byte
// at a time.
func naiveZeroFlags(w uint64) uint64 {
	var f uint64
	for i := 0; i < 8; i++ {
		if byte(w>>(8*i)) == 0 {
			f |= 0x80 << (8 * i)
		}
	}
	return f
}

// naivePack is PackFlags one byte at a time.
func naivePack(flags uint64) uint64 {
	var m uint64
	for i := 0; i < 8; i++ {
		if flags>>(8*i+7)&1 != 0 {
			m |= 1 << i
		}
	}
	return m
}

// naiveMask is the exact block mask, one byte and one pattern at a time.
func naiveMask(p *Patterns, block []byte) uint64 {
	var m uint64
	for i, c := range block[:BlockSize] {
		if p.Matches(c) {
			m |= 1 << i
		}
	}
	return m
}

// naiveEitherMatches is the definition of Either: x agrees with a on every
// bit where a and b agree.
func naiveEitherMatches(a, b, x byte) bool {
	for bit := 0; bit < 8; bit++ {
		am, bm, xm := a>>bit&1, b>>bit&1, x>>bit&1
		if am == bm && xm != am {
			return false
		}
	}
	return true
}

// refMaybeAnyMask is MaybeAnyMask written the way DuckDB writes it: a loop
// over the words and the patterns, packed with PackFlags. The unrolled
// functions must return exactly this.
func refMaybeAnyMask(p *Patterns, block []byte) uint64 {
	var mask uint64
	for i := 0; i < BlockSize/8; i++ {
		w := binary.LittleEndian.Uint64(block[8*i:])
		var flags uint64
		for _, q := range p.ps[:p.n] {
			flags |= MaybeZeroBytes(w&q.Mask ^ q.Value)
		}
		mask |= PackFlags(flags) << (8 * i)
	}
	return mask
}

// checkMaybeFlags checks that maybe is a superset of exact and that every
// extra flag sits above an exact one in the same word, as MaybeZeroBytes and
// MaybeAnyMask promise. group is the number of bits that make up one 8-byte
// word: 64 for flag words (flags at bit 7 of each byte) and 8 for block masks
// (one bit per byte).
func checkMaybeFlags(maybe, exact uint64, group int) error {
	if maybe&exact != exact {
		return fmt.Errorf("missed flags %#x", exact&^maybe)
	}
	extra := maybe &^ exact
	for extra != 0 {
		i := bits.TrailingZeros64(extra)
		extra &= extra - 1
		start := i / group * group
		below := exact & (1<<i - 1) >> start << start
		if below == 0 {
			return fmt.Errorf("flag at bit %d matches nothing and has no true match below it in its word", i)
		}
	}
	return nil
}

func TestBroadcast(t *testing.T) {
	for b := 0; b < 256; b++ {
		w := Broadcast(byte(b))
		for i := 0; i < 8; i++ {
			if got := byte(w >> (8 * i)); got != byte(b) {
				t.Fatalf("Broadcast(%#x) byte %d = %#x", b, i, got)
			}
		}
	}
}

// adversarialWords returns words that stress borrow and carry propagation:
// every combination of the bytes 0x00, 0x01, 0x7f, 0x80 and 0xff (5^8 words).
func adversarialWords() []uint64 {
	vals := []byte{0x00, 0x01, 0x7f, 0x80, 0xff}
	var ws []uint64
	var rec func(w uint64, i int)
	rec = func(w uint64, i int) {
		if i == 8 {
			ws = append(ws, w)
			return
		}
		for _, v := range vals {
			rec(w|uint64(v)<<(8*i), i+1)
		}
	}
	rec(0, 0)
	return ws
}

func TestZeroBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	words := adversarialWords()
	for range 100000 {
		words = append(words, r.Uint64())
	}
	// Every byte value in every lane, beside every neighbour value in the
	// lane below and random bytes elsewhere.
	for lane := 0; lane < 8; lane++ {
		for v := 0; v < 256; v++ {
			for _, below := range []uint64{0x00, 0x01, 0xff, 0x80, 0x7f} {
				w := r.Uint64()&^(0xff<<(8*lane)) | uint64(v)<<(8*lane)
				if lane > 0 {
					w = w&^(0xff<<(8*(lane-1))) | below<<(8*(lane-1))
				}
				words = append(words, w)
			}
		}
	}
	for _, w := range words {
		want := naiveZeroFlags(w)
		if got := ZeroBytes(w); got != want {
			t.Fatalf("ZeroBytes(%#016x) = %#016x, want %#016x", w, got, want)
		}
		maybe := MaybeZeroBytes(w)
		if err := checkMaybeFlags(maybe, want, 64); err != nil {
			t.Fatalf("MaybeZeroBytes(%#016x) = %#016x: %v", w, maybe, err)
		}
		// The only bytes flagged by mistake are 0x01 bytes reached by a borrow.
		for extra := maybe &^ want; extra != 0; extra &= extra - 1 {
			i := bits.TrailingZeros64(extra) / 8
			if byte(w>>(8*i)) != 0x01 {
				t.Fatalf("MaybeZeroBytes(%#016x) flags byte %d = %#x", w, i, byte(w>>(8*i)))
			}
		}
		if want == 0 && maybe != 0 {
			t.Fatalf("MaybeZeroBytes(%#016x) = %#016x on a word without zero byte", w, maybe)
		}
	}
}

func TestPackFlags(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for m := 0; m < 256; m++ {
		var flags uint64
		for i := 0; i < 8; i++ {
			if m>>i&1 != 0 {
				flags |= 0x80 << (8 * i)
			}
		}
		for _, noise := range []uint64{0, low7, r.Uint64() & low7, r.Uint64() & low7} {
			w := flags | noise
			if got, want := PackFlags(w), naivePack(w); got != want || got != uint64(m) {
				t.Fatalf("PackFlags(%#016x) = %#x, want %#x", w, got, want)
			}
		}
	}
}

func TestTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	ws := []uint64{0, ^uint64(0), MSB, LSB}
	for i := 0; i < 64; i++ {
		ws = append(ws, 1<<i)
	}
	for range 10000 {
		ws = append(ws, r.Uint64())
	}
	for _, x := range ws {
		var want uint64
		for k := 0; k < 8; k++ {
			for i := 0; i < 8; i++ {
				want |= (x >> (8*k + i) & 1) << (8*i + k)
			}
		}
		if got := transpose(x); got != want {
			t.Fatalf("transpose(%#016x) = %#016x, want %#016x", x, got, want)
		}
	}
}

// TestDocWorkedExample checks the table in the package documentation.
func TestDocWorkedExample(t *testing.T) {
	w := binary.LittleEndian.Uint64([]byte("a,b\ncdef"))
	x := w ^ Broadcast(',')
	steps := []struct {
		name string
		got  uint64
		want uint64
	}{
		{"x", x, 0x4a49484f_264e004d},
		{"x - LSB", x - LSB, 0x4948474e_254cff4c},
		{"&^ x", (x - LSB) &^ x, 0x01000700_0100ff00},
		{"& MSB", MaybeZeroBytes(x), 0x00000000_00008000},
		{"PackFlags", PackFlags(MaybeZeroBytes(x)), 0b00000010},
	}
	for _, s := range steps {
		if s.got != s.want {
			t.Errorf("%s = %#016x, want %#016x", s.name, s.got, s.want)
		}
	}
}

// TestBytePatternLanes puts every byte value in every lane of a word, with the
// other lanes random or adversarial, and checks the word-level test of Byte
// and Either patterns against Matches and Matches against its definition.
func TestBytePatternLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	type pat struct {
		name string
		p    BytePattern
		want func(x byte) bool
	}
	var pats []pat
	for b := 0; b < 256; b++ {
		pats = append(pats, pat{fmt.Sprintf("Byte(%#x)", b), Byte(byte(b)), func(x byte) bool { return x == byte(b) }})
		others := []byte{byte(b), byte(b) ^ 1, byte(b) ^ 0x80, byte(b + 1), byte(b - 1), ^byte(b), '\r', '\n', byte(r.Uint32()), byte(r.Uint32())}
		for _, o := range others {
			a, o := byte(b), o
			pats = append(pats, pat{fmt.Sprintf("Either(%#x, %#x)", a, o), Either(a, o), func(x byte) bool { return naiveEitherMatches(a, o, x) }})
		}
	}
	for _, pt := range pats {
		v := byte(pt.p.Value)
		fillers := []func() byte{
			func() byte { return byte(r.Uint32()) },
			func() byte { return v },
			func() byte { return v + 1 },
			func() byte { return v - 1 },
			func() byte { return v ^ 1 },
			func() byte { return 0x00 },
			func() byte { return 0x80 },
			func() byte { return 0xff },
		}
		for x := 0; x < 256; x++ {
			if got, want := pt.p.Matches(byte(x)), pt.want(byte(x)); got != want {
				t.Fatalf("%s.Matches(%#x) = %v, want %v", pt.name, x, got, want)
			}
		}
		for lane := 0; lane < 8; lane++ {
			for _, fill := range fillers {
				for x := 0; x < 256; x++ {
					var buf [8]byte
					for i := range buf {
						buf[i] = fill()
					}
					buf[lane] = byte(x)
					w := binary.LittleEndian.Uint64(buf[:])
					var want uint64
					for i, c := range buf {
						if pt.p.Matches(c) {
							want |= 0x80 << (8 * i)
						}
					}
					z := pt.p.zeroWhereMatch(w)
					if got := ZeroBytes(z); got != want {
						t.Fatalf("%s on % x: exact flags %#016x, want %#016x", pt.name, buf, got, want)
					}
					if err := checkMaybeFlags(MaybeZeroBytes(z), want, 64); err != nil {
						t.Fatalf("%s on % x: %v", pt.name, buf, err)
					}
				}
			}
		}
	}
}

func TestEitherNewline(t *testing.T) {
	p := Either('\n', '\r')
	if p.Mask != Broadcast(0xf8) || p.Value != Broadcast(0x08) {
		t.Fatalf("Either('\\n', '\\r') = %v, want 0x08/0xf8", p)
	}
	for x := 0; x < 256; x++ {
		want := x >= 0x08 && x <= 0x0f
		if got := p.Matches(byte(x)); got != want {
			t.Errorf("Either('\\n', '\\r').Matches(%#x) = %v, want %v", x, got, want)
		}
	}
	// Both orders build the same pattern.
	if q := Either('\r', '\n'); q != p {
		t.Errorf("Either('\\r', '\\n') = %v, want %v", q, p)
	}
	if q := Either('x', 'x'); q != Byte('x') {
		t.Errorf("Either('x', 'x') = %v, want Byte('x') = %v", q, Byte('x'))
	}
}

func TestNewPatterns(t *testing.T) {
	b := Byte(',')
	tests := []struct {
		name     string
		ps       []BytePattern
		wantErr  error
		wantKind uint8
		wantOrd  []BytePattern
	}{
		{"none", nil, ErrPatternCount, 0, nil},
		{"one", []BytePattern{b}, ErrPatternCount, 0, nil},
		{"six", []BytePattern{b, b, b, b, b, b}, ErrPatternCount, 0, nil},
		{"lanes differ", []BytePattern{b, {Value: 1, Mask: Broadcast(0xff)}}, ErrPattern, 0, nil},
		{"value outside mask", []BytePattern{b, {Value: Broadcast(3), Mask: Broadcast(1)}}, ErrPattern, 0, nil},
		{"bytes 2", []BytePattern{b, Byte('"')}, nil, kindASCII2, []BytePattern{b, Byte('"')}},
		{"csv 3", []BytePattern{b, Byte('"'), Either('\n', '\r')}, nil, kindASCII3, []BytePattern{b, Byte('"'), Either('\n', '\r')}},
		{"either moved last", []BytePattern{Either('\n', '\r'), b, Byte('#'), Byte('\\')}, nil, kindASCII4, []BytePattern{b, Byte('#'), Byte('\\'), Either('\n', '\r')}},
		{"bytes 5", []BytePattern{b, b, b, b, b}, nil, kindASCII5, []BytePattern{b, b, b, b, b}},
		{"non-ASCII byte", []BytePattern{Byte(0xc3), Either('\n', '\r')}, nil, kindAny2, []BytePattern{Byte(0xc3), Either('\n', '\r')}},
		{"non-ASCII either", []BytePattern{b, Either(0x80, 0x81)}, nil, kindAny2, []BytePattern{b, Either(0x80, 0x81)}},
		{"either unmasking the high bit", []BytePattern{b, Either('a', 0xe1)}, nil, kindAny2, []BytePattern{b, Either('a', 0xe1)}},
		{"two eithers", []BytePattern{Either('a', 'b'), Either('\n', '\r')}, nil, kindAny2, []BytePattern{Either('a', 'b'), Either('\n', '\r')}},
		{"two eithers 5", []BytePattern{Either('a', 'b'), b, b, b, Either('\n', '\r')}, nil, kindAny5, []BytePattern{b, b, b, Either('a', 'b'), Either('\n', '\r')}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewPatterns(tt.ps...)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("NewPatterns error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if p.Len() != len(tt.ps) {
				t.Errorf("Len() = %d, want %d", p.Len(), len(tt.ps))
			}
			for i, q := range tt.ps {
				if p.At(i) != q {
					t.Errorf("At(%d) = %v, want %v", i, p.At(i), q)
				}
			}
			if p.kind != tt.wantKind {
				t.Errorf("kind = %d, want %d", p.kind, tt.wantKind)
			}
			for i, q := range tt.wantOrd {
				if p.ord[i] != q {
					t.Errorf("ord[%d] = %v, want %v", i, p.ord[i], q)
				}
			}
		})
	}
}

func TestPatternsString(t *testing.T) {
	p, err := NewPatterns(Byte(','), Either('\n', '\r'))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.String(), "[0x2c/0xff 0x08/0xf8]"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestPanics(t *testing.T) {
	p, err := NewPatterns(Byte(','), Byte('\n'))
	if err != nil {
		t.Fatal(err)
	}
	var zero Patterns
	block := make([]byte, 64)
	tests := []struct {
		name string
		f    func()
	}{
		{"MaybeAnyMask short block", func() { p.MaybeAnyMask(make([]byte, 63, 64)) }},
		{"AnyMask short block", func() { p.AnyMask(make([]byte, 63, 64)) }},
		{"MaybeAnyMask zero Patterns", func() { zero.MaybeAnyMask(block) }},
		{"AnyMask zero Patterns", func() { zero.AnyMask(block) }},
		{"At out of range", func() { p.At(2) }},
		{"At negative", func() { p.At(-1) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("no panic")
				}
			}()
			tt.f()
		})
	}
}

// patternSets returns sets of 2 to 5 patterns: CSV dialects, random Byte and
// Either patterns, duplicates, and sets with several masked patterns.
func patternSets(r *rand.Rand) [][]BytePattern {
	nl := Either('\n', '\r')
	sets := [][]BytePattern{
		{Byte(','), nl},
		{Byte(','), Byte('"'), nl},
		{Byte('\t'), Byte('"'), nl, Byte('#')},
		{Byte(';'), Byte('"'), nl, Byte('#'), Byte('\\')},
		{nl, Byte(',')},
		{Byte(0x00), Byte(0x80)},
		{Byte(0xff), Byte(0x01), Byte(0x7f)},
		{Byte('a'), Byte('a')},
		{Either(0x00, 0xff), Byte('x')}, // matches everything
		{Either('a', 'b'), nl, Either(0x00, 0x01)},
		{Either(0x80, 0x81), Either(0x7f, 0xfe), Either(0x01, 0x02), nl, Byte(0)},
	}
	for k := range 400 {
		n := MinPatterns + r.IntN(MaxPatterns-MinPatterns+1)
		top := uint32(0x100)
		if k%2 == 0 {
			top = 0x80 // ASCII only: the fast path when at most one Either
		}
		var s []BytePattern
		for range n {
			switch r.IntN(4) {
			case 0, 1:
				s = append(s, Byte(byte(r.Uint32N(top))))
			case 2:
				a := byte(r.Uint32N(top))
				s = append(s, Either(a, a^byte(1<<r.IntN(8))&byte(top-1)))
			default:
				s = append(s, Either(byte(r.Uint32N(top)), byte(r.Uint32N(top))))
			}
		}
		sets = append(sets, s)
	}
	return sets
}

// blocksFor returns 64-byte blocks for the patterns ps: random, every byte a
// match, alternating match and non-match, runs of 0x00, 0x01, 0x80, 0xff, and
// pattern bytes beside their neighbours.
func blocksFor(r *rand.Rand, p *Patterns) [][]byte {
	var matching, nonMatching []byte
	for x := 0; x < 256; x++ {
		if p.Matches(byte(x)) {
			matching = append(matching, byte(x))
		} else {
			nonMatching = append(nonMatching, byte(x))
		}
	}
	pick := func(s []byte, fallback byte) byte {
		if len(s) == 0 {
			return fallback
		}
		return s[r.IntN(len(s))]
	}
	var blocks [][]byte
	gen := func(f func(i int) byte) {
		b := make([]byte, BlockSize)
		for i := range b {
			b[i] = f(i)
		}
		blocks = append(blocks, b)
	}
	for _, c := range []byte{0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff} {
		gen(func(int) byte { return c })
	}
	for range 20 {
		gen(func(int) byte { return byte(r.Uint32()) })
		gen(func(int) byte { return pick(matching, 0) })
		gen(func(i int) byte {
			if i%2 == 0 {
				return pick(matching, 0)
			}
			return pick(nonMatching, 0)
		})
		gen(func(i int) byte {
			if i%2 == 1 {
				return pick(matching, 0)
			}
			return 0x01
		})
		gen(func(int) byte { return []byte{0x00, 0x01, 0x80, 0xff}[r.IntN(4)] })
		gen(func(int) byte {
			v := byte(p.At(r.IntN(p.Len())).Value)
			return v + byte(r.IntN(3)) - 1
		})
		gen(func(int) byte {
			if r.IntN(8) == 0 {
				return pick(matching, 0)
			}
			return pick(nonMatching, 0)
		})
	}
	return blocks
}

// generalKind returns the kind of the unrolled function for any patterns, to
// run Byte-shaped sets through the general functions too.
func generalKind(n int) uint8 {
	return uint8(kindAny2 + n - MinPatterns)
}

func TestMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	kinds := make(map[uint8]int)
	defer func() {
		for k := uint8(kindASCII2); k <= kindAny5; k++ {
			if kinds[k] == 0 {
				t.Errorf("no pattern set of kind %d", k)
			}
		}
	}()
	for _, set := range patternSets(r) {
		p, err := NewPatterns(set...)
		if err != nil {
			t.Fatal(err)
		}
		kinds[p.kind]++
		general := p
		general.kind = generalKind(p.n)
		for _, block := range blocksFor(r, &p) {
			if err := checkMasks(&p, block); err != nil {
				t.Fatal(err)
			}
			if err := checkMasks(&general, block); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// checkMasks checks MaybeAnyMask and AnyMask of p on block against the naive
// mask and the reference MaybeAnyMask. It returns an error rather than taking
// a *testing.T, as t.Helper would dominate the fuzz target's time.
func checkMasks(p *Patterns, block []byte) error {
	want := naiveMask(p, block)
	if got := p.AnyMask(block); got != want {
		return fmt.Errorf("%v (kind %d) AnyMask(% x) = %#016x, want %#016x", p, p.kind, block, got, want)
	}
	maybe := p.MaybeAnyMask(block)
	if ref := refMaybeAnyMask(p, block); maybe != ref {
		return fmt.Errorf("%v (kind %d) MaybeAnyMask(% x) = %#016x, reference %#016x", p, p.kind, block, maybe, ref)
	}
	if err := checkMaybeFlags(maybe, want, 8); err != nil {
		return fmt.Errorf("%v (kind %d) MaybeAnyMask(% x) = %#016x, exact %#016x: %v", p, p.kind, block, maybe, want, err)
	}
	if maybe != 0 && bits.TrailingZeros64(maybe) != bits.TrailingZeros64(want) {
		return fmt.Errorf("%v MaybeAnyMask(% x): lowest bit %d is not a match", p, block, bits.TrailingZeros64(maybe))
	}
	return nil
}

// TestMaskReadsOnlyBlock checks that bytes after the first 64 do not change
// the masks.
func TestMaskReadsOnlyBlock(t *testing.T) {
	p, err := NewPatterns(Byte(','), Either('\n', '\r'))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 128)
	for i := range buf {
		buf[i] = 'x'
	}
	for i := 64; i < 128; i++ {
		buf[i] = ','
	}
	if m := p.MaybeAnyMask(buf); m != 0 {
		t.Errorf("MaybeAnyMask = %#x, want 0", m)
	}
	if m := p.AnyMask(buf); m != 0 {
		t.Errorf("AnyMask = %#x, want 0", m)
	}
}

func TestMaskAllocs(t *testing.T) {
	p, err := NewPatterns(Byte(','), Byte('"'), Either('\n', '\r'))
	if err != nil {
		t.Fatal(err)
	}
	block := make([]byte, 64)
	if n := testing.AllocsPerRun(100, func() { p.MaybeAnyMask(block) }); n != 0 {
		t.Errorf("MaybeAnyMask allocates %v times", n)
	}
}

func TestDeBruijnTable(t *testing.T) {
	var want [64]uint8
	seen := make(map[uint64]bool)
	for i := 0; i < 64; i++ {
		top := uint64(1) << i * deBruijn64 >> 58
		if seen[top] {
			t.Fatalf("window %d repeats: %#x is not a De Bruijn sequence", top, deBruijn64)
		}
		seen[top] = true
		want[top] = uint8(i)
	}
	if deBruijnIndex != want {
		t.Fatalf("deBruijnIndex = %v, want %v", deBruijnIndex, want)
	}
}

func TestTrailingZeros(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	ws := []uint64{0, ^uint64(0)}
	for i := 0; i < 64; i++ {
		ws = append(ws, 1<<i, ^uint64(0)<<i)
	}
	for range 100000 {
		w := r.Uint64()
		ws = append(ws, w, w<<r.IntN(64))
	}
	for _, w := range ws {
		want := bits.TrailingZeros64(w)
		if got := trailingZerosDeBruijn(w); got != want {
			t.Fatalf("trailingZerosDeBruijn(%#x) = %d, want %d", w, got, want)
		}
		if got := TrailingZeros(w); got != want {
			t.Fatalf("TrailingZeros(%#x) = %d, want %d", w, got, want)
		}
	}
}

// FuzzMaybeAnyMask checks MaybeAnyMask and AnyMask on every 64-byte block of
// the input (the last one padded with the input repeated, or zeros) for up to
// five patterns built from p1..p5. count selects the number of patterns (2 +
// count%4), and its bits 2 to 6 turn pattern i into Either(p_i, p_i+1).
func FuzzMaybeAnyMask(f *testing.F) {
	f.Add([]byte("a,b,c\n1,2,3\r\n\"x,y\",z\n"), byte(','), byte('\n'), byte('"'), byte('#'), byte('\\'), byte(0))
	f.Add([]byte("a,b,c\n1,2,3\r\n\"x,y\",z\n"), byte(','), byte('\n'), byte('\r'), byte('#'), byte('\\'), byte(1|1<<3))
	f.Add(make([]byte, 64), byte(0), byte(1), byte(0x80), byte(0xff), byte(0x7f), byte(3))
	f.Add([]byte{0, 1, 1, 1, 0, 1, 0x80, 0xff, 0, 1}, byte(0), byte(0x80), byte(1), byte(2), byte(3), byte(0xff))
	f.Fuzz(func(t *testing.T, data []byte, p1, p2, p3, p4, p5 byte, count byte) {
		bs := []byte{p1, p2, p3, p4, p5}
		n := MinPatterns + int(count%4)
		ps := make([]BytePattern, n)
		for i := range ps {
			if count>>(2+i)&1 != 0 {
				ps[i] = Either(bs[i], bs[(i+1)%len(bs)])
			} else {
				ps[i] = Byte(bs[i])
			}
		}
		p, err := NewPatterns(ps...)
		if err != nil {
			t.Fatal(err)
		}
		general := p
		general.kind = generalKind(n)
		block := make([]byte, BlockSize)
		for start := 0; start == 0 || start < len(data); start += BlockSize {
			k := copy(block, data[start:])
			for i := k; i < BlockSize; i++ {
				if len(data) > 0 {
					block[i] = data[i%len(data)]
				} else {
					block[i] = 0
				}
			}
			if err := checkMasks(&p, block); err != nil {
				t.Fatal(err)
			}
			if err := checkMasks(&general, block); err != nil {
				t.Fatal(err)
			}
		}
	})
}
