package skipper

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// prefixBits is vecPrefixXOR over m bit by bit: the parity of every set bit so
// far, starting from carry.
func prefixBits(m []uint64, carry uint64) ([]uint64, uint64) {
	out := make([]uint64, len(m))
	acc := carry & 1
	for j, w := range m {
		for i := range 64 {
			acc ^= w >> i & 1
			out[j] |= acc << i
		}
	}
	return out, acc
}

func checkPrefix(t testing.TB, m []uint64, carry uint64) {
	t.Helper()
	want, wantCarry := prefixBits(m, carry)
	for name, k := range prefixKernels() {
		if len(m) == 0 {
			continue // the kernels need a word; vecPrefixXOR checks
		}
		got := slices.Clone(m)
		c := k(got, carry&1)
		if !slices.Equal(got, want) || c != wantCarry {
			t.Fatalf("%s(%#x, %d) = %#x carry %d, want %#x carry %d", name, m, carry, got, c, want, wantCarry)
		}
	}
	got := slices.Clone(m)
	if c := vecPrefixXOR(got, carry); !slices.Equal(got, want) || c != wantCarry {
		t.Fatalf("vecPrefixXOR(%#x, %d) = %#x carry %d, want %#x carry %d", m, carry, got, c, want, wantCarry)
	}
}

func TestPrefixXOR(t *testing.T) {
	t.Logf("carry-less multiply: %v", vecPrefixCLMUL)
	checkPrefix(t, nil, 1)
	checkPrefix(t, []uint64{0}, 1)
	checkPrefix(t, []uint64{1 << 63, 0, 1, ^uint64(0)}, 0)
	r := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		m := make([]uint64, 1+r.IntN(20))
		for j := range m {
			m[j] = r.Uint64() & r.Uint64() & r.Uint64()
		}
		checkPrefix(t, m, r.Uint64N(2))
	}
}

func FuzzPrefixXOR(f *testing.F) {
	f.Add([]byte("\x01\x00\x00\x00\x00\x00\x00\x80\x00\x00\x00\x00\x00\x00\x00\x01"), true)
	f.Fuzz(func(t *testing.T, b []byte, carry bool) {
		m := make([]uint64, len(b)/8)
		for j := range m {
			m[j] = binary.LittleEndian.Uint64(b[8*j:])
		}
		c := uint64(0)
		if carry {
			c = 1
		}
		checkPrefix(t, m, c)
	})
}

func BenchmarkPrefixXOR(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	m := make([]uint64, 256)
	for j := range m {
		m[j] = r.Uint64() & r.Uint64() & r.Uint64()
	}
	for name, k := range prefixKernels() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(m)) * 64) // input bytes the masks describe
			w := slices.Clone(m)
			for b.Loop() {
				copy(w, m)
				k(w, 0)
			}
		})
	}
}
