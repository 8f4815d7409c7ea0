package csvscan

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// BenchmarkOpen reads a fixture file typed through the front door (sniff,
// parallel read, cast) and, beside it, with the packages below put
// together by hand (sniff.Sniff, scanner.ScanFile, typed.Reader):
// the front door must cost nothing over the hand-made pipeline.
// CSVSCAN_BENCH_MB sets the size (default 32).
func BenchmarkOpen(b *testing.B) {
	mb := 32
	if v := os.Getenv("CSVSCAN_BENCH_MB"); v != "" {
		mb, _ = strconv.Atoi(v)
	}
	for _, shape := range []gen.Shape{{NoteLen: 16}, {NoteLen: 256, Quoted: true}} {
		path := filepath.Join(b.TempDir(), "f.csv")
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := gen.Write(f, shape, int64(mb)<<20, 1); err != nil {
			b.Fatal(err)
		}
		st, _ := f.Stat()
		f.Close()
		for _, threads := range []int{1, 2} {
			b.Run(shape.String()+"/threads="+strconv.Itoa(threads)+"/front-door", func(b *testing.B) {
				b.SetBytes(st.Size())
				b.ReportAllocs()
				for range b.N {
					r, err := Open(path, Options{Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					n := 0
					for c, err := range r.Chunks() {
						if err != nil {
							b.Fatal(err)
						}
						n += c.Len()
					}
					r.Close()
					if n == 0 {
						b.Fatal("no rows")
					}
				}
			})
			b.Run(shape.String()+"/threads="+strconv.Itoa(threads)+"/by-hand", func(b *testing.B) {
				b.SetBytes(st.Size())
				b.ReportAllocs()
				for range b.N {
					f, err := os.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					res, err := sniff.Sniff(f, st.Size(), sniff.Options{})
					if err != nil {
						b.Fatal(err)
					}
					opts := scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, FieldsPerRow: -1, Threads: threads}
					var rows typed.Rows
					if threads == 1 {
						s, err := scanner.New(f, opts)
						if err != nil {
							b.Fatal(err)
						}
						rows = s
					} else {
						p, err := scanner.ScanFile(b.Context(), f, opts)
						if err != nil {
							b.Fatal(err)
						}
						defer p.Close()
						rows = p
					}
					t, err := typed.NewReader(rows, typed.Options{Schema: res.Columns, Dialect: res.Dialect, DateFormat: res.DateFormat})
					if err != nil {
						b.Fatal(err)
					}
					n := 0
					for c, err := range t.Chunks() {
						if err != nil {
							b.Fatal(err)
						}
						n += c.Len()
					}
					f.Close()
					if n == 0 {
						b.Fatal("no rows")
					}
				}
			})
		}
	}
}
