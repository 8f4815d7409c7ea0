package linecount

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// naive is CountUntil a byte at a time.
func naive(b []byte, c, stop byte) (n, i int) {
	for i = 0; i < len(b); i++ {
		if b[i] == stop {
			return n, i
		}
		if b[i] == c {
			n++
		}
	}
	return n, len(b)
}

// randomBytes returns n bytes over alphabet, each from it at random.
func randomBytes(r *rand.Rand, n int, alphabet []byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return b
}

// TestCountUntil checks every kernel against the byte loop at every
// length to 300 and every start within a 64-byte block (the blocks and
// the masked last one), with the stop byte absent, rare and common, the
// counted byte zero (which the masked load reads past the end), and the
// two bytes equal.
func TestCountUntil(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabets := [][]byte{
		[]byte("ab\n"),                    // no stop byte
		[]byte("abcdefghijklmnopq\n\n\r"), // a stop now and then
		[]byte("\n\r"),                    // stops everywhere
		{0, 'a', '\r'},                    // c = 0: the masked tail's zeros must not count
	}
	cs := []byte{'\n', '\n', '\n', 0}
	for name, k := range kernels() {
		for ai, alpha := range alphabets {
			for start := range 64 {
				for n := 0; n <= 300; n++ {
					buf := randomBytes(r, start+n+64, alpha)
					b := buf[start : start+n]
					for _, stop := range []byte{'\r', cs[ai]} {
						wn, wi := naive(b, cs[ai], stop)
						if gn, gi := k(b, cs[ai], stop); gn != wn || gi != wi {
							t.Fatalf("%s: CountUntil(%q, %q, %q) = %d, %d; want %d, %d", name, b, cs[ai], stop, gn, gi, wn, wi)
						}
					}
				}
			}
		}
	}
	if n, i := CountUntil(nil, '\n', '\r'); n != 0 || i != 0 {
		t.Fatalf("CountUntil(nil) = %d, %d", n, i)
	}
}

func FuzzCountUntil(f *testing.F) {
	f.Add([]byte("a\nb\r\nc"), byte('\n'), byte('\r'), uint8(0))
	f.Add(bytes.Repeat([]byte("xy\n"), 50), byte('\n'), byte('\r'), uint8(3))
	f.Fuzz(func(t *testing.T, b []byte, c, stop byte, start uint8) {
		b = b[min(int(start), len(b)):]
		wn, wi := naive(b, c, stop)
		for name, k := range kernels() {
			if gn, gi := k(b, c, stop); gn != wn || gi != wi {
				t.Fatalf("%s: CountUntil(%q, %q, %q) = %d, %d; want %d, %d", name, b, c, stop, gn, gi, wn, wi)
			}
		}
	})
}

func ExampleCountUntil() {
	n, i := CountUntil([]byte("id,note\n1,\"two\nlines\"\r\n"), '\n', '\r')
	fmt.Println(n, i)
	// Output: 2 21
}

// BenchmarkCountUntil reads 64 KiB with no stop byte (a read of the
// drop-in's input), each kernel beside the two standard library passes it
// replaces.
func BenchmarkCountUntil(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := randomBytes(r, 64<<10, []byte("abcdefghijklmnopqrstuvwxyz ,\"\n"))
	for name, k := range kernels() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for b.Loop() {
				k(buf, '\n', '\r')
			}
		})
	}
}
