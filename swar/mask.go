package swar

import "encoding/binary"

// How the block masks are computed, and why this way.
//
// Each of the eight words of a block is tested against every pattern with
// MaybeZeroBytes(w&mask ^ value); the per-pattern results are ORed before the
// one AND with MSB they share. That gives one flag word per block word, the
// flags in the high bit of each byte.
//
// The eight flag words are then turned into the 64-bit mask. DuckDB packs each
// word with PackFlags and shifts it into place (five operations per word).
// Here the words are shifted and ORed into one word whose byte k holds, in bit
// i, the flag of byte k of word i (fourteen operations), and that 8x8 bit
// matrix is transposed with three delta swaps (eighteen operations), which
// puts the flag of byte 8i+k at bit 8i+k. The result is the same; the test
// checks it against the PackFlags form.
//
// CSV dialects give the patterns a shape that saves work, and
// maybeAnyMaskASCIIN use it when NewPatterns finds it (maybeAnyMaskN take any
// patterns):
//
//   - All patterns but at most one are Byte patterns, whose mask is all ones:
//     w&mask is w, one AND per pattern and word goes away, and so do the
//     registers holding the masks.
//   - Every pattern matches only ASCII bytes: its mask has the high bit and
//     its value does not. Then the high bit of each byte of a = w&mask ^ value
//     is the high bit of w, so MaybeZeroBytes(a) = (a-LSB) &^ a & MSB equals
//     (a-LSB) &^ w & MSB, and the OR over the patterns is
//     ((a0-LSB) | (a1-LSB) | ...) &^ w & MSB: one AND NOT per word instead of
//     one per pattern and word. The result is bit for bit the same.
//
// Measured on the development machine (Intel Xeon, 2 cores, GOAMD64=v1, Go
// 1.26), over 1 MiB of CSV-like text, in GB/s, with an exploratory benchmark
// that called each variant through a function value (BenchmarkMaybeAnyMask,
// without that call, gives about 0.1 GB/s more):
//
//	                                2 patterns  5 patterns
//	loop over 8 words, PackFlags         3.9        2.1
//	unrolled, PackFlags                  4.5        2.4
//	unrolled, transpose                  4.7        2.5
//	unrolled, transpose, Byte shape      4.9        2.9
//	unrolled, transpose, ASCII shape     5.2        3.3
//
// The loops keep a bounds check per word; the unrolled functions index a
// *[64]byte with constants and have none.

// Kinds select the unrolled function MaybeAnyMask calls; see Patterns.kind.
const (
	kindNone   = iota // the zero Patterns
	kindASCII2        // ASCII patterns, N-1 Byte patterns first, then one of any mask
	kindASCII3
	kindASCII4
	kindASCII5
	kindAny2 // any patterns
	kindAny3
	kindAny4
	kindAny5
)

// patternKind returns the kind for the hot-path order ord of n patterns.
func patternKind(ord *[MaxPatterns]BytePattern, n int) uint8 {
	for i, q := range ord[:n] {
		if i < n-1 && q.Mask != MSB|low7 || !q.ascii() {
			return uint8(kindAny2 + n - MinPatterns)
		}
	}
	return uint8(kindASCII2 + n - MinPatterns)
}

// MaybeAnyMask returns a mask of the first BlockSize bytes of block: bit i is
// set when byte i matches any of the patterns. It never misses a match, but it
// may also set the bit of a byte that matches none, when that byte sits above
// (at a higher index than) a matching byte in the same 8-byte word; see
// MaybeZeroBytes. Consequently the lowest set bit of each group of eight bits
// (one word of the block), and in particular the lowest set bit of the whole
// mask, is always a true match. Callers verify the bytes they act on, or use
// AnyMask.
//
// block must hold at least BlockSize bytes: MaybeAnyMask panics when
// len(block) < BlockSize, and reads only block[:BlockSize]. It also panics
// when p holds no pattern (the zero Patterns). It does not allocate.
func (p *Patterns) MaybeAnyMask(block []byte) uint64 {
	b := (*[BlockSize]byte)(block)
	switch p.kind {
	case kindASCII2:
		return maybeAnyMaskASCII2(b, p)
	case kindASCII3:
		return maybeAnyMaskASCII3(b, p)
	case kindASCII4:
		return maybeAnyMaskASCII4(b, p)
	case kindASCII5:
		return maybeAnyMaskASCII5(b, p)
	case kindAny2:
		return maybeAnyMask2(b, p)
	case kindAny3:
		return maybeAnyMask3(b, p)
	case kindAny4:
		return maybeAnyMask4(b, p)
	case kindAny5:
		return maybeAnyMask5(b, p)
	}
	panic("swar: MaybeAnyMask on a Patterns not built by NewPatterns")
}

// AnyMask returns the exact mask of the first BlockSize bytes of block: bit i
// is set exactly when byte i matches one of the patterns. It tests each
// pattern with ZeroBytes and is slower than MaybeAnyMask; tests use it, and so
// may callers that cannot verify. Its preconditions are those of
// MaybeAnyMask.
func (p *Patterns) AnyMask(block []byte) uint64 {
	b := (*[BlockSize]byte)(block)
	if p.n == 0 {
		panic("swar: AnyMask on a Patterns not built by NewPatterns")
	}
	var mask uint64
	for i := 0; i < BlockSize/wordSize; i++ {
		w := load(b, i*wordSize)
		var flags uint64
		for _, q := range p.ps[:p.n] {
			flags |= ZeroBytes(q.zeroWhereMatch(w))
		}
		mask |= PackFlags(flags) << (i * wordSize)
	}
	return mask
}

// load returns the little-endian word at b[i:i+8]; i is a constant at every
// hot call site, so there is no bounds check.
func load(b *[BlockSize]byte, i int) uint64 {
	return binary.LittleEndian.Uint64(b[i : i+wordSize])
}

// transpose transposes the 8x8 bit matrix x whose row k is byte k: bit 8k+i
// moves to bit 8i+k. Three delta swaps exchange the off-diagonal 4x4, 2x2 and
// 1x1 blocks.
func transpose(x uint64) uint64 {
	const (
		k4 = 0x0f0f0f0f00000000
		k2 = 0x3333000033330000
		k1 = 0x5500550055005500
	)
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	x ^= t ^ t>>7
	return x
}

// The flagsN and flagsASCIIN functions return the MaybeZeroBytes flags of one
// word w for N patterns, ORed. flagsASCIIN takes N-1 exact byte values (Byte
// patterns, no mask) and one masked pattern vm/mm, all matching only ASCII
// bytes, and share the AND NOT with w as the comment at the top explains.

func flags2(w, v0, m0, v1, m1 uint64) uint64 {
	a, b := w&m0^v0, w&m1^v1
	return ((a-LSB)&^a | (b-LSB)&^b) & MSB
}

func flags3(w, v0, m0, v1, m1, v2, m2 uint64) uint64 {
	a, b, c := w&m0^v0, w&m1^v1, w&m2^v2
	return ((a-LSB)&^a | (b-LSB)&^b | (c-LSB)&^c) & MSB
}

func flags4(w, v0, m0, v1, m1, v2, m2, v3, m3 uint64) uint64 {
	a, b, c, d := w&m0^v0, w&m1^v1, w&m2^v2, w&m3^v3
	return ((a-LSB)&^a | (b-LSB)&^b | (c-LSB)&^c | (d-LSB)&^d) & MSB
}

func flags5(w, v0, m0, v1, m1, v2, m2, v3, m3, v4, m4 uint64) uint64 {
	a, b, c, d, e := w&m0^v0, w&m1^v1, w&m2^v2, w&m3^v3, w&m4^v4
	return ((a-LSB)&^a | (b-LSB)&^b | (c-LSB)&^c | (d-LSB)&^d | (e-LSB)&^e) & MSB
}

func flagsASCII2(w, v0, vm, mm uint64) uint64 {
	a, z := w^v0, w&mm^vm
	return ((a - LSB) | (z - LSB)) &^ w & MSB
}

func flagsASCII3(w, v0, v1, vm, mm uint64) uint64 {
	a, b, z := w^v0, w^v1, w&mm^vm
	return ((a - LSB) | (b - LSB) | (z - LSB)) &^ w & MSB
}

func flagsASCII4(w, v0, v1, v2, vm, mm uint64) uint64 {
	a, b, c, z := w^v0, w^v1, w^v2, w&mm^vm
	return ((a - LSB) | (b - LSB) | (c - LSB) | (z - LSB)) &^ w & MSB
}

func flagsASCII5(w, v0, v1, v2, v3, vm, mm uint64) uint64 {
	a, b, c, d, z := w^v0, w^v1, w^v2, w^v3, w&mm^vm
	return ((a - LSB) | (b - LSB) | (c - LSB) | (d - LSB) | (z - LSB)) &^ w & MSB
}

// The maybeAnyMask functions are MaybeAnyMask unrolled for one kind: the
// patterns are loaded into locals once, the eight words are tested with
// straight-line code, and the flag words are gathered with one transpose.

func maybeAnyMask2(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, m0 := p.ord[0].Value, p.ord[0].Mask
	v1, m1 := p.ord[1].Value, p.ord[1].Mask
	return transpose(flags2(load(b, 0), v0, m0, v1, m1)>>7 |
		flags2(load(b, 8), v0, m0, v1, m1)>>6 |
		flags2(load(b, 16), v0, m0, v1, m1)>>5 |
		flags2(load(b, 24), v0, m0, v1, m1)>>4 |
		flags2(load(b, 32), v0, m0, v1, m1)>>3 |
		flags2(load(b, 40), v0, m0, v1, m1)>>2 |
		flags2(load(b, 48), v0, m0, v1, m1)>>1 |
		flags2(load(b, 56), v0, m0, v1, m1))
}

func maybeAnyMask3(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, m0 := p.ord[0].Value, p.ord[0].Mask
	v1, m1 := p.ord[1].Value, p.ord[1].Mask
	v2, m2 := p.ord[2].Value, p.ord[2].Mask
	return transpose(flags3(load(b, 0), v0, m0, v1, m1, v2, m2)>>7 |
		flags3(load(b, 8), v0, m0, v1, m1, v2, m2)>>6 |
		flags3(load(b, 16), v0, m0, v1, m1, v2, m2)>>5 |
		flags3(load(b, 24), v0, m0, v1, m1, v2, m2)>>4 |
		flags3(load(b, 32), v0, m0, v1, m1, v2, m2)>>3 |
		flags3(load(b, 40), v0, m0, v1, m1, v2, m2)>>2 |
		flags3(load(b, 48), v0, m0, v1, m1, v2, m2)>>1 |
		flags3(load(b, 56), v0, m0, v1, m1, v2, m2))
}

func maybeAnyMask4(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, m0 := p.ord[0].Value, p.ord[0].Mask
	v1, m1 := p.ord[1].Value, p.ord[1].Mask
	v2, m2 := p.ord[2].Value, p.ord[2].Mask
	v3, m3 := p.ord[3].Value, p.ord[3].Mask
	return transpose(flags4(load(b, 0), v0, m0, v1, m1, v2, m2, v3, m3)>>7 |
		flags4(load(b, 8), v0, m0, v1, m1, v2, m2, v3, m3)>>6 |
		flags4(load(b, 16), v0, m0, v1, m1, v2, m2, v3, m3)>>5 |
		flags4(load(b, 24), v0, m0, v1, m1, v2, m2, v3, m3)>>4 |
		flags4(load(b, 32), v0, m0, v1, m1, v2, m2, v3, m3)>>3 |
		flags4(load(b, 40), v0, m0, v1, m1, v2, m2, v3, m3)>>2 |
		flags4(load(b, 48), v0, m0, v1, m1, v2, m2, v3, m3)>>1 |
		flags4(load(b, 56), v0, m0, v1, m1, v2, m2, v3, m3))
}

func maybeAnyMask5(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, m0 := p.ord[0].Value, p.ord[0].Mask
	v1, m1 := p.ord[1].Value, p.ord[1].Mask
	v2, m2 := p.ord[2].Value, p.ord[2].Mask
	v3, m3 := p.ord[3].Value, p.ord[3].Mask
	v4, m4 := p.ord[4].Value, p.ord[4].Mask
	return transpose(flags5(load(b, 0), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>7 |
		flags5(load(b, 8), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>6 |
		flags5(load(b, 16), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>5 |
		flags5(load(b, 24), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>4 |
		flags5(load(b, 32), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>3 |
		flags5(load(b, 40), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>2 |
		flags5(load(b, 48), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4)>>1 |
		flags5(load(b, 56), v0, m0, v1, m1, v2, m2, v3, m3, v4, m4))
}

func maybeAnyMaskASCII2(b *[BlockSize]byte, p *Patterns) uint64 {
	v0 := p.ord[0].Value
	vm, mm := p.ord[1].Value, p.ord[1].Mask
	return transpose(flagsASCII2(load(b, 0), v0, vm, mm)>>7 |
		flagsASCII2(load(b, 8), v0, vm, mm)>>6 |
		flagsASCII2(load(b, 16), v0, vm, mm)>>5 |
		flagsASCII2(load(b, 24), v0, vm, mm)>>4 |
		flagsASCII2(load(b, 32), v0, vm, mm)>>3 |
		flagsASCII2(load(b, 40), v0, vm, mm)>>2 |
		flagsASCII2(load(b, 48), v0, vm, mm)>>1 |
		flagsASCII2(load(b, 56), v0, vm, mm))
}

func maybeAnyMaskASCII3(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, v1 := p.ord[0].Value, p.ord[1].Value
	vm, mm := p.ord[2].Value, p.ord[2].Mask
	return transpose(flagsASCII3(load(b, 0), v0, v1, vm, mm)>>7 |
		flagsASCII3(load(b, 8), v0, v1, vm, mm)>>6 |
		flagsASCII3(load(b, 16), v0, v1, vm, mm)>>5 |
		flagsASCII3(load(b, 24), v0, v1, vm, mm)>>4 |
		flagsASCII3(load(b, 32), v0, v1, vm, mm)>>3 |
		flagsASCII3(load(b, 40), v0, v1, vm, mm)>>2 |
		flagsASCII3(load(b, 48), v0, v1, vm, mm)>>1 |
		flagsASCII3(load(b, 56), v0, v1, vm, mm))
}

func maybeAnyMaskASCII4(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, v1, v2 := p.ord[0].Value, p.ord[1].Value, p.ord[2].Value
	vm, mm := p.ord[3].Value, p.ord[3].Mask
	return transpose(flagsASCII4(load(b, 0), v0, v1, v2, vm, mm)>>7 |
		flagsASCII4(load(b, 8), v0, v1, v2, vm, mm)>>6 |
		flagsASCII4(load(b, 16), v0, v1, v2, vm, mm)>>5 |
		flagsASCII4(load(b, 24), v0, v1, v2, vm, mm)>>4 |
		flagsASCII4(load(b, 32), v0, v1, v2, vm, mm)>>3 |
		flagsASCII4(load(b, 40), v0, v1, v2, vm, mm)>>2 |
		flagsASCII4(load(b, 48), v0, v1, v2, vm, mm)>>1 |
		flagsASCII4(load(b, 56), v0, v1, v2, vm, mm))
}

func maybeAnyMaskASCII5(b *[BlockSize]byte, p *Patterns) uint64 {
	v0, v1, v2, v3 := p.ord[0].Value, p.ord[1].Value, p.ord[2].Value, p.ord[3].Value
	vm, mm := p.ord[4].Value, p.ord[4].Mask
	return transpose(flagsASCII5(load(b, 0), v0, v1, v2, v3, vm, mm)>>7 |
		flagsASCII5(load(b, 8), v0, v1, v2, v3, vm, mm)>>6 |
		flagsASCII5(load(b, 16), v0, v1, v2, v3, vm, mm)>>5 |
		flagsASCII5(load(b, 24), v0, v1, v2, v3, vm, mm)>>4 |
		flagsASCII5(load(b, 32), v0, v1, v2, v3, vm, mm)>>3 |
		flagsASCII5(load(b, 40), v0, v1, v2, v3, vm, mm)>>2 |
		flagsASCII5(load(b, 48), v0, v1, v2, v3, vm, mm)>>1 |
		flagsASCII5(load(b, 56), v0, v1, v2, v3, vm, mm))
}
