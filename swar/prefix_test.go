package swar

import (
	"math/rand/v2"
	"testing"
)

// prefixSlow is PrefixXOR bit by bit.
func prefixSlow(x uint64) uint64 {
	var p, acc uint64
	for i := range 64 {
		acc ^= x >> i & 1
		p |= acc << i
	}
	return p
}

func TestPrefixXOR(t *testing.T) {
	cases := []struct{ in, want uint64 }{
		{0, 0},
		{1, ^uint64(0)},           // one quote at byte 0: everything after is inside
		{1<<3 | 1<<7, 0b01111000}, // "..." from byte 3, closed at byte 7
		{1 << 63, 1 << 63},        // a quote in the last byte
		{^uint64(0), 0x5555555555555555},
	}
	for _, c := range cases {
		if got := PrefixXOR(c.in); got != c.want {
			t.Errorf("PrefixXOR(%#x) = %#x, want %#x", c.in, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 10000 {
		x := r.Uint64() & r.Uint64() // sparse, like quotes
		if got, want := PrefixXOR(x), prefixSlow(x); got != want {
			t.Fatalf("PrefixXOR(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

func FuzzPrefixXOR(f *testing.F) {
	f.Add(uint64(0x8000000000000001))
	f.Fuzz(func(t *testing.T, x uint64) {
		if got, want := PrefixXOR(x), prefixSlow(x); got != want {
			t.Fatalf("PrefixXOR(%#x) = %#x, want %#x", x, got, want)
		}
	})
}
