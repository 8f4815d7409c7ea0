package skipper

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/csvscan/csvscan/swar"
)

// laneSlow is vecLaneMasks byte by byte.
func laneSlow(src []byte, quote, delim byte, carry uint64) (q, e, in []uint64, out uint64) {
	n := len(src) / swar.BlockSize
	q, e, in = make([]uint64, n), make([]uint64, n), make([]uint64, n)
	acc := carry & 1
	for i, c := range src[:n*swar.BlockSize] {
		j, bit := i/swar.BlockSize, uint(i%swar.BlockSize)
		if c == quote {
			q[j] |= 1 << bit
			acc ^= 1
		}
		if c == delim || c == '\n' || c == '\r' {
			e[j] |= 1 << bit
		}
		in[j] |= acc << bit
	}
	return q, e, in, acc
}

func checkLane(t testing.TB, src []byte, quote, delim byte, carry uint64) {
	t.Helper()
	wq, we, win, wc := laneSlow(src, quote, delim, carry)
	s := newVecLaneSet(quote, delim)
	n := len(wq)
	for name, k := range laneKernels() {
		if n == 0 {
			continue // the kernels need a block; vecLaneMasks checks
		}
		q, e, in := make([]uint64, n), make([]uint64, n), make([]uint64, n)
		c := k(q, e, in, src[:n*swar.BlockSize], &s, carry&1)
		if !slices.Equal(q, wq) || !slices.Equal(e, we) || !slices.Equal(in, win) || c != wc {
			t.Fatalf("%s(%q, quote %q, delimiter %q, carry %d):\nq  %#x\nwant %#x\ne  %#x\nwant %#x\nin %#x\nwant %#x\ncarry %d, want %d",
				name, src, quote, delim, carry, q, wq, e, we, in, win, c, wc)
		}
	}
	q, e, in := make([]uint64, n+1), make([]uint64, n+1), make([]uint64, n+1)
	if c := vecLaneMasks(q, e, in, src, &s, carry); !slices.Equal(q[:n], wq) || !slices.Equal(e[:n], we) ||
		!slices.Equal(in[:n], win) || c != wc || q[n]|e[n]|in[n] != 0 {
		t.Fatalf("vecLaneMasks(%q) differs from the byte loop", src)
	}
}

func TestLaneMasks(t *testing.T) {
	t.Logf("kernels: %v", slices.Sorted(func(yield func(string) bool) {
		for k := range laneKernels() {
			if !yield(k) {
				return
			}
		}
	}))
	checkLane(t, nil, '"', ',', 1)
	checkLane(t, []byte("short"), '"', ',', 0)
	r := rand.New(rand.NewPCG(11, 12))
	for range 500 {
		src := randomBytes(r, "ab\",\n\r;'\t\x00\xff", 40)
		quote, delim := byte('"'), byte(',')
		if r.IntN(3) == 0 {
			quote, delim = '\'', ';'
		}
		checkLane(t, src, quote, delim, r.Uint64N(2))
	}
}

// TestLaneMasksEveryDelimiter holds every kernel to the byte loop for
// every delimiter byte, among bytes that share its low four bits or LF's
// or CR's (where the kernels of a table must not take one for another, or
// must not be used) and bytes of 128 or more, and checks which sets the
// table serves.
func TestLaneMasksEveryDelimiter(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for d := range 256 {
		delim := byte(d)
		quote := byte('"')
		if delim == quote {
			quote = '\''
		}
		if delim == '\n' || delim == '\r' {
			continue
		}
		s := newVecLaneSet(quote, delim)
		want := delim < 0x80 && delim&15 != '\n'&15 && delim&15 != '\r'&15
		if s.nibble != want {
			t.Fatalf("delimiter %#x: nibble %v, want %v", delim, s.nibble, want)
		}
		alphabet := []byte{delim, quote, '\n', '\r', delim ^ 0x10, delim ^ 0x80, delim ^ 0xf0, 0x1a, 0x8a, 0x2d, 0xfd, 0, 'a'}
		for range 4 {
			src := make([]byte, r.IntN(20*swar.BlockSize))
			for i := range src {
				src[i] = alphabet[r.IntN(len(alphabet))]
			}
			checkLane(t, src, quote, delim, r.Uint64N(2))
		}
	}
}

func FuzzLaneMasks(f *testing.F) {
	f.Add([]byte(`a,"b,""c"""`+"\n1,\"2\r\n3\",4\n"), byte('"'), byte(','), false)
	f.Fuzz(func(t *testing.T, src []byte, quote, delim byte, carry bool) {
		if quote == delim || quote == '\n' || quote == '\r' {
			return // not a lane dialect
		}
		c := uint64(0)
		if carry {
			c = 1
		}
		checkLane(t, src, quote, delim, c)
	})
}

func BenchmarkLaneMasks(b *testing.B) {
	src := make([]byte, 16<<10)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range src {
		src[i] = byte('a' + r.IntN(26))
	}
	s := newVecLaneSet('"', ',')
	n := len(src) / swar.BlockSize
	q, e, in := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	for name, k := range laneKernels() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				k(q, e, in, src, &s, 0)
			}
		})
	}
}

// randomBytes returns up to blocks 64-byte blocks of bytes drawn from
// alphabet.
func randomBytes(r *rand.Rand, alphabet string, blocks int) []byte {
	src := make([]byte, r.IntN(blocks*swar.BlockSize))
	for i := range src {
		src[i] = alphabet[r.IntN(len(alphabet))]
	}
	return src
}

// TestLaneMasksEnders holds the exported LaneMasks, with enders other than
// the lane's own (any three bytes, repeated ones too), to the byte loop.
func TestLaneMasksEnders(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	alphabet := "ab\",\n\r;'\t |\x00\xff"
	for range 300 {
		src := randomBytes(r, alphabet, 20)
		quote := alphabet[r.IntN(3)+2]
		var enders [3]byte
		for i := range enders {
			enders[i] = alphabet[r.IntN(len(alphabet))]
		}
		carry := r.Uint64N(2)
		blocks := len(src) / swar.BlockSize
		q, e, in := make([]uint64, blocks+1), make([]uint64, blocks+1), make([]uint64, blocks+1)
		n, c := LaneMasks(q, e, in, src, quote, enders, carry)
		if n != blocks {
			t.Fatalf("LaneMasks computed %d blocks of %d bytes, want %d", n, len(src), blocks)
		}
		acc := carry
		for i, b := range src[:n*swar.BlockSize] {
			j, bit := i/swar.BlockSize, uint(i%swar.BlockSize)
			if b == quote {
				acc ^= 1
			}
			isEnder := b == enders[0] || b == enders[1] || b == enders[2]
			if q[j]>>bit&1 == 1 != (b == quote) || e[j]>>bit&1 == 1 != isEnder || in[j]>>bit&1 != acc {
				t.Fatalf("LaneMasks(quote %q, enders %q): byte %d (%q) differs from the byte loop", quote, enders, i, b)
			}
		}
		if c != acc {
			t.Fatalf("LaneMasks(quote %q, enders %q): parity %d, want %d", quote, enders, c, acc)
		}
	}
}
