package gen

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestWriteRows(t *testing.T) {
	n := 0
	next := func() []byte { n++; return []byte(strconv.Itoa(n) + "\n") }
	var b bytes.Buffer
	if err := WriteRows(&b, "h\n", 8, next); err != nil {
		t.Fatal(err)
	}
	// "h\n1\n2\n3\n" is 8 bytes: the row that reaches the size is the last.
	if got := b.String(); got != "h\n1\n2\n3\n" {
		t.Errorf("WriteRows(size 8) = %q", got)
	}
	b.Reset()
	if err := WriteRows(&b, "h\n", 2, next); err != nil || b.String() != "h\n" {
		t.Errorf("WriteRows(size 2) = %q, %v; want the header alone", b.String(), err)
	}
	err := WriteRows(&failingWriter{after: 100}, "h\n", 1<<20, next)
	if !errors.Is(err, errWrite) {
		t.Errorf("err = %v, want %v", err, errWrite)
	}
}

func TestRegionAndWord(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 100_000
	count := map[string]int{}
	for range n {
		count[Region(rng)]++
	}
	if len(count) != 3 || count["apac"] < n*49/100 || count["emea"] < n*48/100 || count["rare"] < n/200 {
		t.Errorf("regions over %d draws: %v", n, count)
	}
	seen := map[string]bool{}
	for range 10_000 {
		w := Word(rng)
		if len(w) < 2 || len(w) > 9 || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Fatalf("Word gave %q", w)
		}
		seen[w] = true
	}
	if len(seen) != len(words) {
		t.Errorf("10000 draws gave %d distinct words of %d", len(seen), len(words))
	}
}
