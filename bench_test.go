package csvscan

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// BenchmarkOpen reads a fixture file typed through the front door (sniff,
// parallel read, cast) and, beside it, with the packages below put
// together by hand (sniff.Sniff, scanner.ScanFile, typed.Reader): by-hand
// casts behind the file-order merge, by-hand-each on the workers, one
// typed.Reader per worker reset for each block of Parallel.Each, as the
// runner's "csvscan par" engines do. The front door must cost nothing
// over the faster hand-made pipeline. The shapes: 16-byte notes (the
// per-row cost), 256-byte quoted ones and 1024-byte unquoted ones (where
// the runner's "door t=2" trailed its "par t=2" most).
// CSVSCAN_BENCH_MB sets the size (default 32).
func BenchmarkOpen(b *testing.B) {
	mb := 32
	if v := os.Getenv("CSVSCAN_BENCH_MB"); v != "" {
		mb, _ = strconv.Atoi(v)
	}
	for _, shape := range []gen.Shape{{NoteLen: 16}, {NoteLen: 256, Quoted: true}, {NoteLen: 1024}} {
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
					topts := typed.Options{Dialect: res.Dialect}
					res.ApplyTyped(&topts) // the schema and formats, as the front door reads them
					t, err := typed.NewReader(rows, topts)
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
			b.Run(shape.String()+"/threads="+strconv.Itoa(threads)+"/by-hand-each", func(b *testing.B) {
				b.SetBytes(st.Size())
				b.ReportAllocs()
				for range b.N {
					if n := byHandEach(b, path, st.Size(), threads); n == 0 {
						b.Fatal("no rows")
					}
				}
			})
		}
	}
}

// byHandEach reads path typed with a parallel scan whose workers cast
// (Parallel.Each, a typed.Reader per worker reset for each block) and
// returns the number of rows: the order of the rows is lost, which the
// front door keeps.
func byHandEach(b *testing.B, path string, size int64, threads int) int64 {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	res, err := sniff.Sniff(f, size, sniff.Options{})
	if err != nil {
		b.Fatal(err)
	}
	opts := scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, FieldsPerRow: -1, Threads: threads}
	p, err := scanner.ScanFile(b.Context(), f, opts)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	topts := typed.Options{Dialect: res.Dialect}
	res.ApplyTyped(&topts) // the schema and formats, as the front door reads them
	var readers sync.Pool
	var n atomic.Int64
	err = p.Each(func(blk *scanner.Block) error {
		t, _ := readers.Get().(*typed.Reader)
		var err error
		if t == nil {
			t, err = typed.NewReader(blk, topts)
		} else {
			err = t.Reset(blk)
		}
		if err != nil {
			return err
		}
		defer readers.Put(t)
		k := 0
		for c, err := range t.Chunks() {
			if err != nil {
				return err
			}
			k += c.Len()
		}
		n.Add(int64(k))
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return n.Load()
}
