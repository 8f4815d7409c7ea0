package skipper

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvscan/csvscan/swar"
)

// randomPatterns returns between 2 and 5 patterns, Byte or Either, from r.
func randomPatterns(r *rand.Rand) swar.Patterns {
	n := swar.MinPatterns + r.IntN(swar.MaxPatterns-swar.MinPatterns+1)
	ps := make([]swar.BytePattern, n)
	for i := range ps {
		a := byte(r.IntN(256))
		if r.IntN(3) == 0 {
			ps[i] = swar.Either(a, byte(r.IntN(256)))
		} else {
			ps[i] = swar.Byte(a)
		}
	}
	p, err := swar.NewPatterns(ps...)
	if err != nil {
		panic(err)
	}
	return p
}

// csvPatterns is the stop set of a comma, quote and newline dialect.
func csvPatterns() swar.Patterns {
	p, _ := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
	return p
}

// check runs every kernel on src and compares with swar's exact AnyMask.
func check(t testing.TB, src []byte, ps *swar.Patterns) {
	t.Helper()
	set := newVecSet(ps)
	n := len(src) / swar.BlockSize
	want := make([]uint64, n)
	for j := range want {
		want[j] = ps.AnyMask(src[j*swar.BlockSize:])
	}
	for name, k := range kernels() {
		if n == 0 {
			continue
		}
		got := make([]uint64, n)
		k(got, src, &set)
		if !slices.Equal(got, want) {
			for j := range got {
				if got[j] != want[j] {
					t.Fatalf("%s, patterns %v, block %d %q: mask %#x, want %#x", name, ps, j, src[j*64:j*64+64], got[j], want[j])
				}
			}
		}
	}
	// vecMasks itself, with a destination shorter than the input.
	if n > 1 {
		got := make([]uint64, n-1)
		vecMasks(got, src, &set)
		if !slices.Equal(got, want[:n-1]) {
			t.Fatalf("vecMasks (%s) differs from AnyMask", vecKernel)
		}
	}
}

func TestKernels(t *testing.T) {
	t.Logf("kernel in use: %s (available: %v)", vecKernel, vecAvailable)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		ps := randomPatterns(r)
		src := make([]byte, swar.BlockSize*(1+r.IntN(40)))
		for k := range src {
			if r.IntN(4) == 0 {
				src[k] = byte(ps.At(r.IntN(ps.Len())).Value) // a match, often
			} else {
				src[k] = byte(r.IntN(256))
			}
		}
		check(t, src, &ps)
	}
	ps := csvPatterns()
	check(t, []byte(fmt.Sprintf("%-640s", "a,b,\"c\"\n1,2,3\r\n\t\x08\x0f\x10")), &ps)
	// Nothing to do: no block.
	set := newVecSet(&ps)
	vecMasks(nil, []byte("short"), &set)
	vecMasks(make([]uint64, 4), []byte("short"), &set)
}

func FuzzMasks(f *testing.F) {
	f.Add([]byte("a,b,\"c\"\n1,2,3\r\n"), byte(','), byte('"'), byte('\n'), byte('\r'), uint8(3))
	f.Fuzz(func(t *testing.T, src []byte, a, b, c, d byte, n uint8) {
		ps := []swar.BytePattern{swar.Byte(a), swar.Byte(b), swar.Either(c, d), swar.Byte(c ^ d), swar.Byte(a + 1)}
		k := swar.MinPatterns + int(n)%(swar.MaxPatterns-swar.MinPatterns+1)
		p, err := swar.NewPatterns(ps[:k]...)
		if err != nil {
			t.Fatal(err)
		}
		check(t, src, &p)
	})
}

func BenchmarkMasks(b *testing.B) {
	src := make([]byte, 16<<10)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range src {
		src[i] = byte('a' + r.IntN(26))
	}
	ps := csvPatterns()
	set := newVecSet(&ps)
	dst := make([]uint64, len(src)/swar.BlockSize)
	for name, k := range kernels() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				k(dst, src, &set)
			}
		})
	}
	b.Run("swar-maybe", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			for j := range dst {
				dst[j] = ps.MaybeAnyMask(src[j*swar.BlockSize:])
			}
		}
	})
}
