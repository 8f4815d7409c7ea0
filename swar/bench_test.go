package swar

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// csvText returns n bytes of CSV-like text: an id, a name, a quoted field with
// a comma, a date and free text of 20 to 120 characters per row, '\n' or
// "\r\n" line ends.
func csvText(n int) []byte {
	r := rand.New(rand.NewPCG(7, 7))
	words := []string{"the", "order", "shipped", "late", "customer", "asked", "for", "a", "refund", "and", "received", "credit", "on", "next", "invoice", "item", "damaged", "box"}
	buf := make([]byte, 0, n+256)
	for len(buf) < n {
		buf = strconv.AppendInt(buf, int64(r.IntN(1000000)), 10)
		buf = append(buf, ",Jane Doe,\"Main St, Springfield\",2024-03-1"...)
		buf = append(buf, byte('0'+r.IntN(10)), ',')
		for k := 20 + r.IntN(100); k > 0; {
			w := words[r.IntN(len(words))]
			buf = append(buf, w...)
			buf = append(buf, ' ')
			k -= len(w) + 1
		}
		if r.IntN(2) == 0 {
			buf = append(buf, '\r')
		}
		buf = append(buf, '\n')
	}
	return buf[:n]
}

var (
	sinkMask uint64
	sinkInt  int
)

// benchPatterns returns the stop patterns of a CSV dialect with n patterns.
func benchPatterns(b *testing.B, n int) Patterns {
	all := []BytePattern{Byte(','), Either('\n', '\r'), Byte('"'), Byte('#'), Byte('\\')}
	p, err := NewPatterns(all[:n]...)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// benchMask masks every 64-byte block of buf once per op. The loops run over
// b.N, not b.Loop, so that the calls in them are direct and as inlined as in
// real use.
func benchMask(b *testing.B, p *Patterns, buf []byte, exact bool) {
	b.SetBytes(int64(len(buf) / BlockSize * BlockSize))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		var s uint64
		if exact {
			for i := 0; i+BlockSize <= len(buf); i += BlockSize {
				s += p.AnyMask(buf[i:])
			}
		} else {
			for i := 0; i+BlockSize <= len(buf); i += BlockSize {
				s += p.MaybeAnyMask(buf[i:])
			}
		}
		sinkMask = s
	}
}

func BenchmarkMaybeAnyMask(b *testing.B) {
	buf := csvText(1 << 20)
	for n := MinPatterns; n <= MaxPatterns; n++ {
		b.Run(fmt.Sprintf("patterns=%d", n), func(b *testing.B) {
			p := benchPatterns(b, n)
			benchMask(b, &p, buf, false)
		})
	}
	// The same patterns through the functions for any masks.
	for n := MinPatterns; n <= MaxPatterns; n++ {
		b.Run(fmt.Sprintf("patterns=%d/general", n), func(b *testing.B) {
			p := benchPatterns(b, n)
			p.kind = generalKind(n)
			benchMask(b, &p, buf, false)
		})
	}
}

func BenchmarkAnyMask(b *testing.B) {
	buf := csvText(1 << 20)
	p := benchPatterns(b, 3)
	benchMask(b, &p, buf, true)
}

// BenchmarkTrailingZeros counts the trailing zeros of 1024 random words (with
// random runs of low zero bits), one count per op. It loops over b.N rather
// than b.Loop, which keeps calls in its body from being inlined: here the
// calls are direct and inlined, as in the skipper.
func BenchmarkTrailingZeros(b *testing.B) {
	r := rand.New(rand.NewPCG(8, 8))
	var words [1024]uint64
	for i := range words {
		words[i] = r.Uint64() << r.IntN(64)
	}
	b.Run("debruijn", func(b *testing.B) {
		s := 0
		for i := 0; i < b.N; i++ {
			s += trailingZerosDeBruijn(words[i&1023])
		}
		sinkInt = s
	})
	b.Run("bits", func(b *testing.B) {
		s := 0
		for i := 0; i < b.N; i++ {
			s += TrailingZeros(words[i&1023])
		}
		sinkInt = s
	})
}
