package cast

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"
)

// checkShort holds the short casts to the casts they stand in for, on b:
// wherever a short cast answers, the cast must give the same value
// (ShortFloat64 and ShortDate under both rule sets), and strconv and
// package time must agree with it. It also checks that each answers on
// the shapes it promises to read (checkShortReads), so that a short cast
// that declines everything fails too.
func checkShort(t *testing.T, b []byte) {
	t.Helper()
	if v, ok := ShortInt64(b); ok {
		want, wok := Scan.Int64(b)
		p, perr := strconv.ParseInt(string(b), 10, 64)
		if !wok || v != want || perr != nil || p != v {
			t.Fatalf("ShortInt64(%q) = %d; Int64 gives %d, %v; strconv %d, %v", b, v, want, wok, p, perr)
		}
	}
	for _, sep := range []byte{'.', ','} {
		v, ok := ShortFloat64(b, sep)
		if !ok {
			continue
		}
		for _, c := range []Caster{{DecimalComma: sep == ','}, {Strict: true, DecimalComma: sep == ','}} {
			want, wok := c.Float64(b)
			if !wok || !sameFloat(v, want) {
				t.Fatalf("%+v: ShortFloat64(%q) = %v; Float64 gives %v, %v", c, b, v, want, wok)
			}
		}
		s := string(bytes.ReplaceAll(b, []byte{sep}, []byte{'.'}))
		if p, err := strconv.ParseFloat(s, 64); err != nil || !sameFloat(p, v) {
			t.Fatalf("ShortFloat64(%q, %q) = %v; strconv gives %v, %v", b, sep, v, p, err)
		}
	}
	if d, ok := ShortDate(b); ok {
		for _, c := range []Caster{Scan, Sniff} {
			if want, wok := c.Date(b); !wok || want != d {
				t.Fatalf("%+v: ShortDate(%q) = %v; Date gives %v, %v", c, b, d, want, wok)
			}
		}
		tm, err := time.Parse(time.DateOnly, string(b))
		if err != nil || tm.Unix() != int64(d)*86400 {
			t.Fatalf("ShortDate(%q) = %v; time.Parse gives %v, %v", b, d, tm, err)
		}
	}
}

// shortReads are values each short cast must read itself.
var shortReads = []struct {
	in                 string
	isInt, isFloat, dt bool
}{
	{"0", true, true, false}, {"-0", true, true, false}, {"7", true, true, false},
	{"12345678", true, true, false}, {"-12345678", true, true, false}, {"00012", true, false, false},
	{"000065535", true, false, false}, {"-1234567890123456", true, false, false}, {"12345678901234567", false, false, false},
	{"9286.63", false, true, false}, {"-0.5", false, true, false}, {"1.2345", false, true, false},
	{"123456.7", false, true, false}, {"1234567.8", false, false, false}, {"2024-02-29", false, false, true}, {"0001-01-01", false, false, true},
}

// TestShortCasts checks the short casts on every string of up to four
// bytes from an alphabet of digits, signs, separators, letters and a
// non-ASCII byte, on random longer ones, and on the shapes they must
// read. Breaking one (a digit dropped, the separator taken anywhere, a
// leading zero let through, the wrong power of ten) fails it.
func TestShortCasts(t *testing.T) {
	for _, c := range shortReads {
		_, i := ShortInt64([]byte(c.in))
		f, fl := ShortFloat64([]byte(c.in), '.')
		_, d := ShortDate([]byte(c.in))
		if i != c.isInt || fl != c.isFloat || d != c.dt {
			t.Errorf("%q: ShortInt64, ShortFloat64, ShortDate answer %v, %v (%v), %v; want %v, %v, %v", c.in, i, fl, f, d, c.isInt, c.isFloat, c.dt)
		}
		checkShort(t, []byte(c.in))
	}
	alphabet := []byte("0123456789-.,+ e\xff")
	var rec func(b []byte)
	rec = func(b []byte) {
		checkShort(t, b)
		if len(b) == 4 {
			return
		}
		for _, c := range alphabet {
			rec(append(b, c))
		}
	}
	rec(nil)
	rng := rand.New(rand.NewPCG(15, 3))
	for range 200000 {
		b := make([]byte, 1+rng.IntN(19))
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
			if rng.IntN(6) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		checkShort(t, b)
	}
	for day := range 3652059 { // every date from 0001-01-01 to 9999-12-31
		if day%7 != 0 {
			continue
		}
		checkShort(t, time.Date(1, 1, 1+day, 0, 0, 0, 0, time.UTC).AppendFormat(nil, time.DateOnly))
	}
}

// FuzzShortCasts holds the short casts to the casts they stand in for on
// arbitrary input.
func FuzzShortCasts(f *testing.F) {
	for _, c := range shortReads {
		f.Add([]byte(c.in))
	}
	for _, s := range []string{"01.5", "5.", ".5", "1,5", "-", "1.2.3", "123456789", "2023-02-29", "2024-1-01"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkShort(t, b) })
}
