package skipper

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/csvscan/csvscan/swar"
)

// fieldsText returns n bytes of lower-case words, with a field separator every
// `every` bytes: a comma, or a newline after every eighth field.
func fieldsText(n, every int) []byte {
	r := rand.New(rand.NewPCG(9, 9))
	buf := make([]byte, n)
	field := 0
	for i := range buf {
		switch {
		case i%every != every-1:
			if r.IntN(6) == 0 {
				buf[i] = ' '
			} else {
				buf[i] = 'a' + byte(r.IntN(26))
			}
		case field%8 == 7:
			buf[i] = '\n'
			field++
		default:
			buf[i] = ','
			field++
		}
	}
	return buf
}

// standardState returns the stop patterns of a comma-separated, double-quoted
// dialect and the skip table of its unquoted-field state.
func standardState(tb testing.TB) (swar.Patterns, *[256]bool) {
	ps, err := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
	if err != nil {
		tb.Fatal(err)
	}
	var skip [256]bool
	for i := range skip {
		skip[i] = true
	}
	skip[','], skip['\n'], skip['\r'] = false, false, false
	return ps, &skip
}

var sinkPos int

// BenchmarkSkipToStop walks 1 MiB from stop to stop, as a scanner does in
// unquoted fields, with SkipToStop ("swar") and with the byte loop over the
// skip table ("naive"). The loops run over b.N, not b.Loop, which would keep
// the calls in them from being inlined.
func BenchmarkSkipToStop(b *testing.B) {
	ps, skip := standardState(b)
	for _, every := range []int{16, 256} {
		buf := fieldsText(1<<20, every)
		b.Run(fmt.Sprintf("every=%d/swar", every), func(b *testing.B) {
			s := New(ps)
			s.Reset(buf)
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				stops := 0
				for pos := 0; pos < len(buf)-1; pos++ {
					pos = s.SkipToStop(skip, pos, len(buf))
					stops++
				}
				sinkPos = stops
			}
		})
		b.Run(fmt.Sprintf("every=%d/naive", every), func(b *testing.B) {
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				stops := 0
				to := len(buf)
				for pos := 0; pos < to-1; pos++ {
					for pos < to-1 && skip[buf[pos]] {
						pos++
					}
					stops++
				}
				sinkPos = stops
			}
		})
	}
}
