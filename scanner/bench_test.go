package scanner

import (
	"bytes"
	"encoding/csv"
	"io"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
)

// benchSize is the size of each generated fixture: large enough to leave
// the caches, small enough to generate in a moment.
const benchSize = 16 << 20

var (
	fixturesOnce sync.Once
	fixtures     map[gen.Shape][]byte
)

func fixture(s gen.Shape) []byte {
	fixturesOnce.Do(func() {
		fixtures = map[gen.Shape][]byte{}
		for _, sh := range gen.Shapes() {
			fixtures[sh] = gen.Bytes(sh, benchSize, 1)
		}
	})
	return fixtures[s]
}

// BenchmarkScan reads every field of every row of the benchmark shapes (gen.Shapes; docs/07-performance.md), with
// csvscan and with encoding/csv side by side, both from an io.Reader.
func BenchmarkScan(b *testing.B) {
	for _, sh := range gen.Shapes() {
		data := fixture(sh)
		b.Run(sh.String()+"/csvscan", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				n, err := scanAll(bytes.NewReader(data), true)
				if err != nil || n == 0 {
					b.Fatal(n, err)
				}
			}
		})
		// The same without the quote-aware lane: the table-driven loop
		// and the skipper alone, to show what the lane adds.
		b.Run(sh.String()+"/csvscan-nolane", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				n, err := scanAll(bytes.NewReader(data), false)
				if err != nil || n == 0 {
					b.Fatal(n, err)
				}
			}
		})
		b.Run(sh.String()+"/encoding-csv", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				n, err := stdlibAll(bytes.NewReader(data))
				if err != nil || n == 0 {
					b.Fatal(n, err)
				}
			}
		})
	}
}

// scanAll reads every field and returns the total field length; lane
// false turns the quote-aware lane off.
func scanAll(r io.Reader, lane bool) (int, error) {
	s, err := New(r, Options{Header: true})
	if err != nil {
		return 0, err
	}
	if !lane {
		setLane(s, false)
	}
	n := 0
	for s.Scan() {
		for _, v := range s.Row() {
			n += len(v)
		}
	}
	return n, s.Err()
}

func stdlibAll(r io.Reader) (int, error) {
	cr := csv.NewReader(r)
	cr.ReuseRecord = true
	if _, err := cr.Read(); err != nil { // the header
		return 0, err
	}
	n := 0
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		for _, v := range rec {
			n += len(v)
		}
	}
}

// TestBenchmarkReadersAgree keeps the benchmark honest: both readers see the
// same fields on every shape.
func TestBenchmarkReadersAgree(t *testing.T) {
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, 1<<20, 7)
		a, err := scanAll(bytes.NewReader(data), true)
		if err != nil {
			t.Fatalf("%v: csvscan: %v", sh, err)
		}
		bn, err := stdlibAll(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%v: encoding/csv: %v", sh, err)
		}
		if a != bn {
			t.Fatalf("%v: csvscan read %d field bytes, encoding/csv %d", sh, a, bn)
		}
	}
}
