package linecount

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
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

// naiveMarks is CountMarks a byte at a time, a 64-byte block after
// another: a block whose marks do not fit in dst's spare capacity stops it.
func naiveMarks(b []byte, c, mark byte, dst []uint32) (n int, marks []uint32, at int) {
	for ; at < len(b); at += 64 {
		blk := b[at:min(at+64, len(b))]
		if bytes.Count(blk, []byte{mark}) > cap(dst)-len(dst) {
			return n, dst, at
		}
		for i, x := range blk {
			if x == mark {
				dst = append(dst, uint32(at+i))
			}
			if x == c {
				n++
			}
		}
	}
	return n, dst, len(b)
}

// checkMarks runs every CountMarks kernel on b with a dst of the given
// spare capacity (after two marks already in it) against naiveMarks.
func checkMarks(t *testing.T, b []byte, c, mark byte, room int) {
	t.Helper()
	dst := func() []uint32 { return append(make([]uint32, 0, 2+room), 7, 9) }
	wn, wm, wa := naiveMarks(b, c, mark, dst())
	for name, k := range markKernels() {
		gn, gm, ga := k(b, c, mark, dst())
		if gn != wn || ga != wa || !slices.Equal(gm, wm) {
			t.Fatalf("%s: CountMarks(%q, %q, %q, room %d) = %d, %v, %d; want %d, %v, %d", name, b, c, mark, room, gn, gm, ga, wn, wm, wa)
		}
	}
}

// TestCountMarks checks every kernel against the byte loop at every
// length to 300 and every start within a 64-byte block, with marks
// absent, rare and common, a dst with room for all of them, none, or a
// few (the kernels stop at the same block), the counted byte zero (which
// the masked load reads past the end), and the two bytes equal.
func TestCountMarks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabets := [][]byte{
		[]byte("ab\n"),
		[]byte("abcdefghijklmnopq\n\n\r"),
		[]byte("\n\r"),
		{0, 'a', '\r'},
	}
	cs := []byte{'\n', '\n', '\n', 0}
	for ai, alpha := range alphabets {
		for start := range 64 {
			for n := 0; n <= 300; n++ {
				buf := randomBytes(r, start+n+64, alpha)
				b := buf[start : start+n]
				for _, mark := range []byte{'\r', cs[ai]} {
					for _, room := range []int{0, 1, 3, 40, n + 1} {
						checkMarks(t, b, cs[ai], mark, room)
					}
				}
			}
		}
	}
	if n, m, at := CountMarks(nil, '\n', '\r', nil); n != 0 || m != nil || at != 0 {
		t.Fatalf("CountMarks(nil) = %d, %v, %d", n, m, at)
	}
	// A 64 KiB read of CRLF lines: every CR, at its offset.
	b := bytes.Repeat([]byte("abc,\"d\ne\"\r\n"), 5000)
	n, m, at := CountMarks(b, '\n', '\r', make([]uint32, 0, len(b)/8))
	if n != 10000 || len(m) != 5000 || at != len(b) || m[4999] != uint32(len(b)-2) {
		t.Fatalf("CRLF lines: %d LFs, %d CRs (last at %d), read to %d", n, len(m), m[len(m)-1], at)
	}
}

func FuzzCountMarks(f *testing.F) {
	f.Add([]byte("a\nb\r\nc"), byte('\n'), byte('\r'), uint8(0), uint8(4))
	f.Add(bytes.Repeat([]byte("xy\r\n"), 50), byte('\n'), byte('\r'), uint8(3), uint8(20))
	f.Fuzz(func(t *testing.T, b []byte, c, mark byte, start, room uint8) {
		checkMarks(t, b[min(int(start), len(b)):], c, mark, int(room))
	})
}

func ExampleCountMarks() {
	b := []byte("id,note\r\n1,\"two\nlines\"\r\n")
	n, crs, at := CountMarks(b, '\n', '\r', make([]uint32, 0, 8))
	fmt.Println(n, crs, at == len(b))
	// Output: 3 [7 22] true
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

// BenchmarkCountMarks reads 64 KiB of CRLF lines of about 275 bytes (a
// read of a CRLF file of 256-byte notes), listing its CRs, each kernel
// beside CountUntil on the same bytes (which stops at the first CR).
func BenchmarkCountMarks(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := randomBytes(r, 64<<10, []byte("abcdefghijklmnopqrstuvwxyz ,\""))
	for i := 273; i+1 < len(buf); i += 275 {
		buf[i], buf[i+1] = '\r', '\n'
	}
	dst := make([]uint32, 0, len(buf)/16+64)
	for name, k := range markKernels() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(buf)))
			b.ReportAllocs()
			for b.Loop() {
				k(buf, '\n', '\r', dst[:0])
			}
		})
	}
	b.Run("countuntil", func(b *testing.B) {
		b.SetBytes(int64(len(buf)))
		b.ReportAllocs()
		for b.Loop() {
			CountUntil(buf, '\n', '\r')
		}
	})
}
