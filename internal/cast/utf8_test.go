package cast

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 holds ValidUTF8 to utf8.Valid on ASCII of every length up
// to 100 with one byte replaced, at every position, by a byte of each
// class (a continuation byte, the lead of a 2-, 3- and 4-byte sequence, a
// byte never valid), then by a whole character, and on random bytes.
func TestValidUTF8(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		if got, want := ValidUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("ValidUTF8(%q) = %v, utf8.Valid says %v", b, got, want)
		}
	}
	for n := 0; n <= 100; n++ {
		ascii := make([]byte, n)
		for i := range ascii {
			ascii[i] = 'a' + byte(i%26)
		}
		check(ascii)
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff, 0x7f} {
				b := append([]byte(nil), ascii...)
				b[i] = c
				check(b)
			}
			for _, r := range []rune{'é', '€', '😀'} {
				b := append(append(append([]byte(nil), ascii[:i]...), string(r)...), ascii[i:]...)
				check(b)
				check(b[:len(b)-1]) // cut inside the character when it ends the input
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, rng.IntN(80))
		for i := range b {
			if rng.IntN(8) == 0 {
				b[i] = byte(rng.Uint32())
			} else {
				b[i] = byte(rng.IntN(128))
			}
		}
		check(b)
	}
}

// FuzzValidUTF8 compares ValidUTF8 with utf8.Valid.
func FuzzValidUTF8(f *testing.F) {
	f.Add([]byte("plain ascii, more than thirty-two bytes long"))
	f.Add([]byte("thirty-two bytes of ascii first, then é"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := ValidUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("ValidUTF8(%q) = %v, utf8.Valid says %v", b, got, want)
		}
	})
}

// BenchmarkValidUTF8 checks ASCII values of 20, 256 and 1024 bytes with
// utf8.Valid and with ValidUTF8.
func BenchmarkValidUTF8(b *testing.B) {
	for _, n := range []int{20, 256, 1024} {
		v := []byte(strings.Repeat("abcdefgh ", n/9+1)[:n])
		for _, f := range []struct {
			name  string
			valid func([]byte) bool
		}{{"utf8.Valid", utf8.Valid}, {"ValidUTF8", ValidUTF8}} {
			b.Run(fmt.Sprintf("%d/%s", n, f.name), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					if !f.valid(v) {
						b.Fatal("not valid")
					}
				}
			})
		}
	}
}
