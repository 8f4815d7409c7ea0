package skipper

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/swar"
)

// naiveSkipToStop is the byte loop SkipToStop must agree with.
func naiveSkipToStop(buf []byte, skip *[256]bool, pos, to int) int {
	for pos < to-1 && skip[buf[pos]] {
		pos++
	}
	return pos
}

// viaCandidate is SkipToStop written on skipToCandidate, as DuckDB writes it.
func viaCandidate(s *Skipper, skip *[256]bool, pos, to int) int {
	for pos < to-1 {
		p, why := s.skipToCandidate(pos, to-1)
		pos = p
		switch why {
		case tail:
			for pos < to-1 && skip[s.buf[pos]] {
				pos++
			}
			return pos
		case candidateNotFound:
			return pos
		}
		if !skip[s.buf[pos]] {
			return pos
		}
		pos++
	}
	return pos
}

// config is a set of stop patterns with a skip table whose non-skipped bytes
// all match a pattern.
type config struct {
	name     string
	patterns swar.Patterns
	skip     [256]bool
	alphabet []byte // bytes to build buffers from: pattern bytes, their neighbours, text
}

func (c *config) matches(b byte) bool { return c.patterns.Matches(b) }

// newConfig builds a config from ps; stopProb is the chance that a byte
// matching a pattern is a stop (not skipped).
func newConfig(t testing.TB, r *rand.Rand, name string, ps []swar.BytePattern, stopProb float64) *config {
	t.Helper()
	p, err := swar.NewPatterns(ps...)
	if err != nil {
		t.Fatal(err)
	}
	c := &config{name: name, patterns: p}
	for i := range c.skip {
		c.skip[i] = true
	}
	seen := make(map[byte]bool)
	add := func(b byte) {
		if !seen[b] {
			seen[b] = true
			c.alphabet = append(c.alphabet, b)
		}
	}
	for x := 0; x < 256; x++ {
		if p.Matches(byte(x)) {
			if r.Float64() < stopProb {
				c.skip[x] = false
			}
			add(byte(x))
			add(byte(x + 1))
			add(byte(x - 1))
			add(byte(x) ^ 1)
		}
	}
	for _, b := range []byte("abcxyz 019\x00\x01\x80\xff") {
		add(b)
	}
	return c
}

// configs returns CSV-like and random pattern sets and skip tables.
func configs(t testing.TB, r *rand.Rand) []*config {
	nl := swar.Either('\n', '\r')
	cs := []*config{
		newConfig(t, r, "csv standard", []swar.BytePattern{swar.Byte(','), swar.Byte('"'), nl}, 0),
		newConfig(t, r, "csv all stops", []swar.BytePattern{swar.Byte(','), swar.Byte('"'), nl}, 1),
		newConfig(t, r, "two", []swar.BytePattern{swar.Byte(';'), nl}, 0.5),
		newConfig(t, r, "five", []swar.BytePattern{swar.Byte('\t'), swar.Byte('\''), nl, swar.Byte('#'), swar.Byte('\\')}, 0.5),
		newConfig(t, r, "borrow bytes", []swar.BytePattern{swar.Byte(0x00), swar.Byte(0x01), swar.Byte(0x80), swar.Byte(0xff)}, 0.5),
		newConfig(t, r, "non-ASCII", []swar.BytePattern{swar.Byte(0xc3), nl, swar.Either(0x80, 0x81)}, 0.7),
	}
	// The standard state stops at ',', '\n' and '\r' but skips '"' and the
	// other bytes Either('\n', '\r') matches.
	cs[0].skip[','], cs[0].skip['\n'], cs[0].skip['\r'] = false, false, false
	for k := range 6 {
		n := swar.MinPatterns + r.IntN(swar.MaxPatterns-swar.MinPatterns+1)
		ps := []swar.BytePattern{nl}
		for len(ps) < n {
			a := byte(r.Uint32())
			if r.IntN(3) == 0 {
				ps = append(ps, swar.Either(a, a^byte(1<<r.IntN(8))))
			} else {
				ps = append(ps, swar.Byte(a))
			}
		}
		cs = append(cs, newConfig(t, r, fmt.Sprintf("random %d", k), ps, r.Float64()))
	}
	return cs
}

// randomBuf returns n bytes of c's alphabet; density is the share of bytes
// drawn from it rather than plain text.
func randomBuf(r *rand.Rand, c *config, n int, density float64) []byte {
	buf := make([]byte, n)
	for i := range buf {
		if r.Float64() < density {
			buf[i] = c.alphabet[r.IntN(len(c.alphabet))]
		} else {
			buf[i] = 'a' + byte(r.IntN(26))
		}
	}
	return buf
}

// nextMatches returns next with next[i] the index of the first byte at or
// after i that matches a pattern of c, len(buf) when there is none.
func nextMatches(c *config, buf []byte) []int {
	next := make([]int, len(buf)+1)
	next[len(buf)] = len(buf)
	for i := len(buf) - 1; i >= 0; i-- {
		next[i] = next[i+1]
		if c.matches(buf[i]) {
			next[i] = i
		}
	}
	return next
}

// checkCandidate checks one skipToCandidate result against the buffer, whose
// nextMatches are next.
func checkCandidate(t *testing.T, c *config, buf []byte, next []int, pos, limit, got int, why skippedTo) {
	// firstMatch returns the first match in [from, to), or -1.
	firstMatch := func(from, to int) int {
		if from >= len(buf) {
			return -1
		}
		if m := next[from]; m < to && m < len(buf) {
			return m
		}
		return -1
	}
	fail := func(msg string) {
		t.Helper()
		t.Fatalf("%s: len %d skipToCandidate(%d, %d) = (%d, %v): %s", c.name, len(buf), pos, limit, got, why, msg)
	}
	if pos >= limit {
		if got != pos || why != candidateNotFound {
			fail("want (pos, candidateNotFound)")
		}
		return
	}
	switch why {
	case candidateFound:
		if got < pos || got >= limit {
			fail("candidate outside [pos, limit)")
		}
		if m := firstMatch(pos, got); m >= 0 {
			fail(fmt.Sprintf("skipped the match at %d", m))
		}
		if !c.matches(buf[got]) {
			// A false candidate must follow a match within 7 bytes.
			if m := firstMatch(max(got-7, 0), got); m < 0 {
				fail("candidate matches no pattern and follows no match")
			}
		}
	case candidateNotFound:
		if got != limit {
			fail("want limit")
		}
		if m := firstMatch(pos, limit); m >= 0 {
			fail(fmt.Sprintf("missed the match at %d", m))
		}
	case tail:
		if got < pos || got >= limit || got+swar.BlockSize <= len(buf) {
			fail("bad tail position")
		}
		if m := firstMatch(pos, got); m >= 0 {
			fail(fmt.Sprintf("skipped the match at %d", m))
		}
	default:
		fail("bad skippedTo")
	}
}

// TestSkipToStop compares SkipToStop with the byte loop for every pos and to
// on buffers of every length up to 200 and one of 1000, calling one Skipper in
// sequence (so kept blocks are reused, forwards and backwards) and a fresh one.
func TestSkipToStop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	lengths := make([]int, 0, 202)
	for n := 0; n <= 200; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1000)
	for _, c := range configs(t, r) {
		t.Run(c.name, func(t *testing.T) {
			for _, n := range lengths {
				densities := []float64{0.02, 0.3, 1}
				if n == 1000 {
					densities = []float64{0.05, 1}
				}
				for _, d := range densities {
					buf := randomBuf(r, c, n, d)
					s := New(c.patterns)
					s.Reset(buf)
					for pos := 0; pos <= n; pos++ {
						for to := pos; to <= n; to++ {
							want := naiveSkipToStop(buf, &c.skip, pos, to)
							if got := s.SkipToStop(&c.skip, pos, to); got != want {
								t.Fatalf("len %d density %v: SkipToStop(%d, %d) = %d, want %d\nbuf %q", n, d, pos, to, got, want, buf)
							}
						}
					}
					// Backwards, and with a fresh Skipper per call for a sample.
					for pos := n; pos >= 0; pos-- {
						to := pos + r.IntN(n-pos+1)
						want := naiveSkipToStop(buf, &c.skip, pos, to)
						if got := s.SkipToStop(&c.skip, pos, to); got != want {
							t.Fatalf("len %d backwards: SkipToStop(%d, %d) = %d, want %d", n, pos, to, got, want)
						}
						f := New(c.patterns)
						f.Reset(buf)
						if got := f.SkipToStop(&c.skip, pos, to); got != want {
							t.Fatalf("len %d fresh: SkipToStop(%d, %d) = %d, want %d", n, pos, to, got, want)
						}
						if got := viaCandidate(f, &c.skip, pos, to); got != want {
							t.Fatalf("len %d: SkipToStop on skipToCandidate(%d, %d) = %d, want %d", n, pos, to, got, want)
						}
					}
				}
			}
		})
	}
}

// TestSkipToCandidate checks skipToCandidate results for every pos and every
// limit (up to len+70, past the buffer) on buffers of every length up to 200
// and one of 1000, calling one Skipper in sequence.
func TestSkipToCandidate(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	lengths := make([]int, 0, 202)
	for n := 0; n <= 200; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1000)
	for _, c := range configs(t, r) {
		t.Run(c.name, func(t *testing.T) {
			for _, n := range lengths {
				for _, d := range []float64{0.02, 0.5} {
					buf := randomBuf(r, c, n, d)
					next := nextMatches(c, buf)
					s := New(c.patterns)
					s.Reset(buf)
					for pos := 0; pos <= n; pos++ {
						for limit := pos; limit <= n+70; limit++ {
							got, why := s.skipToCandidate(pos, limit)
							checkCandidate(t, c, buf, next, pos, limit, got, why)
						}
					}
				}
			}
		})
	}
}

// TestSkipToCandidateKeptBlock checks that calls inside the kept block reuse
// its mask and that Reset forgets it.
func TestSkipToCandidateKeptBlock(t *testing.T) {
	p, err := swar.NewPatterns(swar.Byte(','), swar.Either('\n', '\r'))
	if err != nil {
		t.Fatal(err)
	}
	a := []byte("aaaa,bbbb,cccc\ndddd,eeee,ffff,gggg,hhhh,iiii,jjjj,kkkk,llll,mmmm,nnnn,oooo")
	b := []byte(strings.Repeat("z", 71) + ",zz")
	if len(a) != 74 || len(b) != 74 {
		t.Fatalf("test buffers have lengths %d and %d, want 74", len(a), len(b))
	}
	s := New(p)
	s.Reset(a)
	steps := []struct {
		name       string
		reset      []byte
		pos, limit int
		want       int
		why        skippedTo
		blockStart int
	}{
		{"first block", nil, 0, 70, 4, candidateFound, 0},
		{"same block", nil, 5, 70, 9, candidateFound, 0},
		{"newline", nil, 10, 70, 14, candidateFound, 0},
		{"limit before candidate", nil, 15, 19, 19, candidateNotFound, 0},
		{"backwards in block", nil, 1, 70, 4, candidateFound, 0},
		{"on a candidate", nil, 4, 70, 4, candidateFound, 0},
		{"past block, too close to end", nil, 64, 70, 64, tail, 0},
		{"new buffer, no candidate in block", b, 0, 74, 64, tail, 0},
		{"new buffer from 7, kept block", nil, 7, 74, 64, tail, 0},
		{"new buffer from 7", b, 7, 74, 71, tail, 7},
		{"inside kept block", nil, 8, 74, 71, tail, 7},
		{"candidate at 71", b, 10, 74, 71, candidateFound, 10},
		{"backwards", nil, 3, 74, 67, tail, 3},
		{"empty range", nil, 5, 5, 5, candidateNotFound, 3},
		{"pos past limit", nil, 9, 5, 9, candidateNotFound, 3},
	}
	for _, st := range steps {
		if st.reset != nil {
			s.Reset(st.reset)
		}
		got, why := s.skipToCandidate(st.pos, st.limit)
		if got != st.want || why != st.why {
			t.Fatalf("%s: skipToCandidate(%d, %d) = (%d, %v), want (%d, %v)", st.name, st.pos, st.limit, got, why, st.want, st.why)
		}
		if s.blockStart != st.blockStart {
			t.Fatalf("%s: kept block starts at %d, want %d", st.name, s.blockStart, st.blockStart)
		}
	}
}

func TestNewPanicsOnZeroPatterns(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New(swar.Patterns{}) did not panic")
		}
	}()
	New(swar.Patterns{})
}

func TestNoAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	c := configs(t, r)[0]
	buf := randomBuf(r, c, 4096, 0.1)
	s := New(c.patterns)
	s.Reset(buf)
	n := testing.AllocsPerRun(10, func() {
		for pos := 0; pos < len(buf)-1; pos++ {
			pos = s.SkipToStop(&c.skip, pos, len(buf))
		}
		for pos := 0; pos < len(buf); pos++ {
			pos, _ = s.skipToCandidate(pos, len(buf))
		}
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}

// FuzzSkipToStop compares SkipToStop with the byte loop on data for every pos
// up to to, in order and then from a fresh Skipper, with patterns built from
// p1..p3 (count adds p3, Either('\n', '\r'), and turns p1 into
// Either(p1, p3)) and a skip table that stops at the matching bytes whose
// bit in stops is set.
func FuzzSkipToStop(f *testing.F) {
	f.Add([]byte("a,b,\"c\"\nd,e,f\r\n"+string(make([]byte, 70))+"x,y\n"), uint16(0), uint16(100), byte(','), byte('"'), byte('\n'), byte(5), uint64(0xffff))
	f.Add([]byte("\x00\x01\x01\x01\x00\x80\xff\x01\x00"), uint16(0), uint16(9), byte(0), byte(1), byte(0x80), byte(0), uint64(0x5555))
	f.Fuzz(func(t *testing.T, data []byte, pos0, to0 uint16, p1, p2, p3, count byte, stops uint64) {
		if len(data) > 4096 {
			data = data[:4096] // the checks are quadratic
		}
		ps := []swar.BytePattern{swar.Byte(p1), swar.Byte(p2)}
		if count&1 != 0 {
			ps = append(ps, swar.Byte(p3))
		}
		if count&2 != 0 {
			ps = append(ps, swar.Either('\n', '\r'))
		}
		if count&4 != 0 {
			ps[0] = swar.Either(p1, p3)
		}
		p, err := swar.NewPatterns(ps...)
		if err != nil {
			t.Fatal(err)
		}
		var skip [256]bool
		k := 0
		for x := range skip {
			skip[x] = true
			if p.Matches(byte(x)) {
				skip[x] = stops>>(k%64)&1 == 0
				k++
			}
		}
		to := int(to0) % (len(data) + 1)
		s := New(p)
		s.Reset(data)
		for pos := int(pos0) % (to + 1); pos <= to; pos++ {
			if got, why := s.skipToCandidate(pos, to); why == candidateFound && !p.Matches(data[got]) {
				// A false candidate follows a match in the same word.
				m := false
				for i := max(got-7, 0); i < got; i++ {
					m = m || p.Matches(data[i])
				}
				if !m {
					t.Fatalf("skipToCandidate(%d, %d) = %d, a byte matching nothing after no match", pos, to, got)
				}
			}
			want := naiveSkipToStop(data, &skip, pos, to)
			if got := s.SkipToStop(&skip, pos, to); got != want {
				t.Fatalf("SkipToStop(%d, %d) = %d, want %d", pos, to, got, want)
			}
		}
		for pos := to; pos >= 0; pos-- {
			want := naiveSkipToStop(data, &skip, pos, to)
			if got := s.SkipToStop(&skip, pos, to); got != want {
				t.Fatalf("backwards SkipToStop(%d, %d) = %d, want %d", pos, to, got, want)
			}
		}
	})
}
