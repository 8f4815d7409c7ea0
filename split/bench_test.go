package split

import (
	"bytes"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
)

// benchSize is the size of each generated fixture, as in the scanner's
// benchmarks.
const benchSize = 16 << 20

// BenchmarkSummarize is the summary pass over the fixture shapes, in
// ranges of 4 MiB, beside a sequential scan of the same bytes (every row
// read, no value looked at): the summary pass reads every byte once, so
// it is the first stage's whole cost.
func BenchmarkSummarize(b *testing.B) {
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, benchSize, 1)
		r := bytes.NewReader(data)
		p, err := New(r, int64(len(data)), 4<<20, scanner.Options{Header: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(sh.String()+"/summarize", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				for _, g := range p.Ranges() {
					s := p.SummarizeBytes(g, data[g.Start:g.End])
					if s.Trajectories() == 0 {
						b.Fatal("no trajectory")
					}
				}
			}
		})
		b.Run(sh.String()+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				s, err := scanner.NewBytes(data, scanner.Options{Header: true})
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				for s.Scan() {
					n++
				}
				if s.Err() != nil || n == 0 {
					b.Fatal(n, s.Err())
				}
			}
		})
	}
}
