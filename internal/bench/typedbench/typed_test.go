package typedbench

import (
	"bytes"
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/gen/wide"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// size is the bytes of every fixture: large enough that a run reads
// thousands of chunks, small enough to keep seven of them in memory.
// CSVSCAN_BENCH_MB changes it (a small one for callgrind).
var size = func() int64 {
	if mb, err := strconv.Atoi(os.Getenv("CSVSCAN_BENCH_MB")); err == nil && mb > 0 {
		return int64(mb) << 20
	}
	return 16 << 20
}()

// fixture is one input of the benchmarks.
type fixture struct {
	name   string
	data   []byte
	schema typed.Schema
	rows   int
}

// fixtureNames are the fixtures, in the order of the benchmarks.
var fixtureNames = func() []string {
	var names []string
	for _, s := range gen.Shapes() {
		names = append(names, s.String())
	}
	return append(names, "32columns")
}()

var (
	fixturesMu sync.Mutex
	fixtures   = map[string]*fixture{}
)

// columnType is the runner's type of a column, by its name.
func columnType(name string) typed.Type {
	switch {
	case name == "id":
		return typed.TypeBigInt
	case name == "region" || name == "note":
		return typed.TypeVarchar
	case strings.HasPrefix(name, "i"):
		return typed.TypeBigInt
	case strings.HasPrefix(name, "f"):
		return typed.TypeDouble
	case strings.HasPrefix(name, "d"):
		return typed.TypeDate
	}
	return typed.TypeVarchar
}

func schemaOf(names []string) typed.Schema {
	s := make(typed.Schema, len(names))
	for i, n := range names {
		s[i] = typed.Column{Name: n, Type: columnType(n)}
	}
	return s
}

// loadFixture builds the fixture of the given name the first time it is
// asked for.
func loadFixture(name string) *fixture {
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if fx := fixtures[name]; fx != nil {
		return fx
	}
	fx := &fixture{name: name}
	if name == "32columns" {
		var buf bytes.Buffer
		if err := wide.Write(&buf, size, 1); err != nil {
			panic(err)
		}
		fx.data, fx.schema = buf.Bytes(), schemaOf(wide.Columns())
	} else {
		for _, s := range gen.Shapes() {
			if s.String() == name {
				fx.data = gen.Bytes(s, size, 1)
				fx.schema = schemaOf(strings.Split(strings.TrimSuffix(gen.Header, "\n"), ","))
			}
		}
	}
	s, err := scanner.NewBytes(fx.data, scanner.Options{Header: true})
	if err != nil {
		panic(err)
	}
	for s.Scan() {
		fx.rows++
	}
	if s.Err() != nil {
		panic(s.Err())
	}
	fixtures[name] = fx
	return fx
}

// checksum adds up the typed values of a chunk as the runner does.
func checksum(c *typed.Chunk) int64 {
	var n int64
	for k := range c.Columns {
		v := &c.Columns[k]
		switch v.Type {
		case typed.TypeBigInt:
			for _, x := range v.Ints[:c.Len()] {
				n += x
			}
		case typed.TypeDouble:
			for _, x := range v.Floats[:c.Len()] {
				n += int64(math.Round(x * 100))
			}
		case typed.TypeDate:
			for _, x := range v.Dates[:c.Len()] {
				n += int64(x)
			}
		default:
			n += int64(v.Offsets[c.Len()] - v.Offsets[0])
		}
	}
	return n
}

// tally reads every chunk of r and returns the checksum and the rows.
func tally(tb testing.TB, r *typed.Reader) (int64, int) {
	var n int64
	rows := 0
	for c, err := range r.Chunks() {
		if err != nil {
			tb.Fatal(err)
		}
		n += checksum(c)
		rows += c.Len()
	}
	return n, rows
}

// BenchmarkTyped reads each fixture typed: seq is a sequential Scanner
// under one typed.Reader, as the runner's "csvscan seq"; each/t=2 is a
// parallel scan of two goroutines over the fixture written to a file
// (ScanFile, mapped) with a typed.Reader per worker, Reset for each block
// (Parallel.Each), as the runner's "csvscan par t=2";
// scan-only is the sequential Scanner alone, touching every value, the
// floor the typed layer adds to.
func BenchmarkTyped(b *testing.B) {
	for _, name := range fixtureNames {
		b.Run(name+"/seq", func(b *testing.B) {
			fx := loadFixture(name)
			b.SetBytes(int64(len(fx.data)))
			b.ReportAllocs()
			m0 := mallocs()
			var sum int64
			// One Reader for the whole benchmark, Reset for each run, so
			// that the allocations counted are those of the steady state.
			var r *typed.Reader
			for b.Loop() {
				s, err := scanner.NewBytes(fx.data, scanner.Options{Header: true})
				if err != nil {
					b.Fatal(err)
				}
				if r == nil {
					r, err = typed.NewReader(s, typed.Options{Schema: fx.schema})
				} else {
					err = r.Reset(s)
				}
				if err != nil {
					b.Fatal(err)
				}
				n, rows := tally(b, r)
				if rows != fx.rows {
					b.Fatalf("%d rows, want %d", rows, fx.rows)
				}
				sum += n
			}
			report(b, fx, m0)
		})
		b.Run(name+"/each/t=2", func(b *testing.B) {
			fx := loadFixture(name)
			b.SetBytes(int64(len(fx.data)))
			b.ReportAllocs()
			m0 := mallocs()
			// From a file, mapped, as the runner reads it: over a
			// bytes.Reader each run would copy the input into new 32 MiB
			// buffers, which cost more than the cast on long notes.
			path := filepath.Join(b.TempDir(), "fixture.csv")
			if err := os.WriteFile(path, fx.data, 0o600); err != nil {
				b.Fatal(err)
			}
			var readers sync.Pool
			for b.Loop() {
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				p, err := scanner.ScanFile(context.Background(), f, scanner.Options{Header: true, Threads: 2})
				if err != nil {
					b.Fatal(err)
				}
				var mu sync.Mutex
				rows := 0
				err = p.Each(func(blk *scanner.Block) error {
					r, _ := readers.Get().(*typed.Reader)
					var err error
					if r == nil {
						r, err = typed.NewReader(blk, typed.Options{Schema: fx.schema})
					} else {
						err = r.Reset(blk)
					}
					if err != nil {
						return err
					}
					_, k := tally(b, r)
					readers.Put(r)
					mu.Lock()
					rows += k
					mu.Unlock()
					return nil
				})
				p.Close()
				f.Close()
				if err != nil {
					b.Fatal(err)
				}
				if rows != fx.rows {
					b.Fatalf("%d rows, want %d", rows, fx.rows)
				}
			}
			report(b, fx, m0)
		})
		b.Run(name+"/scan-only", func(b *testing.B) {
			fx := loadFixture(name)
			b.SetBytes(int64(len(fx.data)))
			b.ReportAllocs()
			m0 := mallocs()
			n := 0
			for b.Loop() {
				s, err := scanner.NewBytes(fx.data, scanner.Options{Header: true})
				if err != nil {
					b.Fatal(err)
				}
				for s.Scan() {
					for _, v := range s.Row() {
						n += len(v)
					}
				}
			}
			report(b, fx, m0)
		})
		b.Run(name+"/cast-floor", func(b *testing.B) {
			fx := loadFixture(name)
			b.SetBytes(int64(len(fx.data)))
			b.ReportAllocs()
			m0 := mallocs()
			var n int64
			for b.Loop() {
				s, err := scanner.NewBytes(fx.data, scanner.Options{Header: true})
				if err != nil {
					b.Fatal(err)
				}
				n += castFloor(b, s, fx.schema)
			}
			report(b, fx, m0)
		})
	}
}

// castFloor is BenchmarkTyped's floor of a typed read: scan-only's
// sequential scan with each value cast by its column's short cast
// (cast.ShortInt64, ShortFloat64, ShortDate; a VARCHAR value's bytes
// checked for ASCII eight at a time) and the results summed, in one loop
// over the row's values: no vectors, no null check, no reader. A value
// the short cast does not read fails b. The typed reader does this and
// stores the values: seq over cast-floor is the share of its time its
// vectors, null checks and dispatch take.
func castFloor(b *testing.B, s *scanner.Scanner, schema typed.Schema) int64 {
	kinds := make([]typed.Type, len(schema))
	for c, col := range schema {
		kinds[c] = col.Type
	}
	var sum int64
	for s.Scan() {
		row := s.Row()
		if len(row) != len(kinds) {
			b.Fatalf("row %d: %d values", s.RowNumber(), len(row))
		}
		for c, v := range row {
			ok := true
			switch kinds[c] {
			case typed.TypeBigInt:
				var x int64
				x, ok = cast.ShortInt64(v)
				sum += x
			case typed.TypeDouble:
				var x float64
				x, ok = cast.ShortFloat64(v, '.')
				sum += int64(x)
			case typed.TypeDate:
				var x cast.Date
				x, ok = cast.ShortDate(v)
				sum += int64(x)
			default:
				var w uint64
				for len(v) >= 8 {
					w |= binary.LittleEndian.Uint64(v)
					v = v[8:]
				}
				for _, c := range v {
					w |= uint64(c)
				}
				ok = w&0x8080808080808080 == 0
				sum += int64(len(v))
			}
			if !ok {
				b.Fatalf("row %d, value %d: %q is not read by the short cast", s.RowNumber(), c+1, v)
			}
		}
	}
	if s.Err() != nil {
		b.Fatal(s.Err())
	}
	return sum
}

// report adds the nanoseconds and the allocations per row; mallocs is
// runtime.MemStats.Mallocs before the benchmark's loop.
func report(b *testing.B, fx *fixture, mallocs uint64) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	rows := float64(fx.rows) * float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/rows, "ns/row")
	b.ReportMetric(float64(ms.Mallocs-mallocs)/rows, "allocs/row")
}

// mallocs returns runtime.MemStats.Mallocs, for report.
func mallocs() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.Mallocs
}
