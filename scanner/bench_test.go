package scanner

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/gen/wide"
)

// benchSize is the size of each generated fixture: large enough to leave
// the caches, small enough to generate in a moment.
const benchSize = 16 << 20

var (
	fixturesMu sync.Mutex
	fixtures   = map[gen.Shape][]byte{}
)

// fixture returns the fixture of shape s, generated on first use.
func fixture(s gen.Shape) []byte {
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if fixtures[s] == nil {
		fixtures[s] = gen.Bytes(s, benchSize, 1)
	}
	return fixtures[s]
}

// wideBytes returns about size bytes of the runner's 32-column fixture
// (internal/gen/wide): id, region and a note of 1 to 6 words, then
// integers, decimals, words and dates in turn, none quoted.
func wideBytes(size int, seed uint64) []byte {
	var b bytes.Buffer
	if err := wide.Write(&b, int64(size), seed); err != nil {
		panic(err) // a bytes.Buffer does not fail
	}
	return b.Bytes()
}

var (
	wideOnce  sync.Once
	wideInput []byte
)

// BenchmarkScan reads every field of every row of the benchmark shapes (gen.Shapes; docs/07-performance.md)
// and of the runner's 32-column shape, with csvscan and with encoding/csv
// side by side, both from an io.Reader. On the unquoted shapes it runs the
// floor of the scan too (bound_test.go): bound makes the same rows with no
// checks, bound-copy, bound-kernel and bound-bits only copy the input, then
// also mask it, then also walk the bits.
func BenchmarkScan(b *testing.B) {
	type named struct {
		name string
		data func() []byte
	}
	var shapes []named
	for _, sh := range gen.Shapes() {
		shapes = append(shapes, named{sh.String(), func() []byte { return fixture(sh) }})
	}
	shapes = append(shapes, named{"columns=32", func() []byte {
		wideOnce.Do(func() { wideInput = wideBytes(benchSize, 1) })
		return wideInput
	}})
	// Each reader returns the total length of the fields it read.
	readers := []struct {
		name         string
		read         func(io.Reader) (int, error)
		unquotedOnly bool
	}{
		{"csvscan", func(r io.Reader) (int, error) { return scanAll(r, true) }, false},
		// The same without the quote-aware lane: the table-driven loop
		// and the skipper alone, to show what the lane adds.
		{"csvscan-nolane", func(r io.Reader) (int, error) { return scanAll(r, false) }, false},
		// The floor of the scan and its stages (bound_test.go).
		{"bound", boundAll, true},
		{"bound-copy", func(r io.Reader) (int, error) { return boundStages(r, 1) }, true},
		{"bound-kernel", func(r io.Reader) (int, error) { return boundStages(r, 2) }, true},
		{"bound-bits", func(r io.Reader) (int, error) { return boundStages(r, 3) }, true},
		{"encoding-csv", stdlibAll, false},
	}
	for _, sh := range shapes {
		for _, rd := range readers {
			if rd.unquotedOnly && strings.Contains(sh.name, "/quoted") {
				continue
			}
			// Generated in the first sub-benchmark that runs: a filtered
			// run makes only the fixtures it reads.
			b.Run(sh.name+"/"+rd.name, func(b *testing.B) {
				data := sh.data()
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					n, err := rd.read(bytes.NewReader(data))
					if err != nil || n == 0 {
						b.Fatal(n, err)
					}
				}
			})
		}
	}
}

// BenchmarkScanCRLF reads the notes of 16 bytes and the quoted ones of
// 256 with CRLF line ends (gen.Shape.CRLF), as files written on Windows
// are, under the newline settings auto and CRLF (strict: what the
// sniffer says of such a file), with and without the quote-aware lane,
// and encoding/csv beside them.
func BenchmarkScanCRLF(b *testing.B) {
	for _, sh := range []gen.Shape{{NoteLen: 16, CRLF: true}, {NoteLen: 256, Quoted: true, CRLF: true}} {
		for _, nl := range []struct {
			name    string
			newline dialect.Newline
		}{{"auto", dialect.NewlineAuto}, {"crlf", dialect.NewlineCRLF}} {
			for _, lane := range []bool{true, false} {
				name := "csvscan"
				if !lane {
					name = "csvscan-nolane"
				}
				b.Run(fmt.Sprintf("%v/newline=%s/%s", sh, nl.name, name), func(b *testing.B) {
					data := fixture(sh)
					d := dialect.Default()
					d.Newline = nl.newline
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						s, err := New(bytes.NewReader(data), Options{Dialect: d, Header: true})
						if err != nil {
							b.Fatal(err)
						}
						setLane(s, lane)
						n := 0
						for s.Scan() {
							for _, v := range s.Row() {
								n += len(v)
							}
						}
						if s.Err() != nil || n == 0 {
							b.Fatal(n, s.Err())
						}
					}
				})
			}
		}
		b.Run(sh.String()+"/encoding-csv", func(b *testing.B) {
			data := fixture(sh)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if n, err := stdlibAll(bytes.NewReader(data)); err != nil || n == 0 {
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
	data := wideBytes(1<<20, 7)
	a, err := scanAll(bytes.NewReader(data), true)
	bn, err2 := stdlibAll(bytes.NewReader(data))
	if err != nil || err2 != nil || a != bn || a == 0 {
		t.Fatalf("32 columns: csvscan read %d field bytes (%v), encoding/csv %d (%v)", a, err, bn, err2)
	}
}

// BenchmarkFile reads generated files of 256- and 1024-byte notes from
// the page cache, in one run: read, the bare os.File.Read of the whole
// file into a reused buffer (1 MiB, and the scanner's 256 KiB), beside
// scan, every value of every row with a sequential Scanner over the
// *os.File (the default buffer, and 1 MiB). read is the bound a
// sequential file scan can reach on the machine. CSVSCAN_BENCH_MB sets
// the size of each file (default 64); the files go to a temporary
// directory, removed afterwards.
func BenchmarkFile(b *testing.B) {
	size := int64(64 << 20)
	if v := os.Getenv("CSVSCAN_BENCH_MB"); v != "" {
		if mb, err := strconv.Atoi(v); err == nil {
			size = int64(mb) << 20
		}
	}
	for _, sh := range []gen.Shape{{NoteLen: 256}, {NoteLen: 1024}} {
		path := filepath.Join(b.TempDir(), "fixture.csv")
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		if err := gen.Write(w, sh, size, 1); err != nil {
			b.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		f.Close()
		for _, bufSize := range []int{1 << 20, DefaultBufferSize} {
			b.Run(fmt.Sprintf("%s/read/buffer=%dKiB", sh, bufSize>>10), func(b *testing.B) {
				buf := make([]byte, bufSize)
				b.SetBytes(size)
				for b.Loop() {
					f, err := os.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					for {
						n, err := f.Read(buf)
						if n == 0 || err != nil {
							break
						}
					}
					f.Close()
				}
			})
		}
		for _, bufSize := range []int{DefaultBufferSize, 1 << 20} {
			b.Run(fmt.Sprintf("%s/scan/buffer=%dKiB", sh, bufSize>>10), func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				for b.Loop() {
					f, err := os.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					s, err := New(f, Options{Header: true, BufferSize: bufSize})
					if err != nil {
						b.Fatal(err)
					}
					n := 0
					for s.Scan() {
						for _, v := range s.Row() {
							n += len(v)
						}
					}
					if err := s.Err(); err != nil || n == 0 {
						b.Fatal(n, err)
					}
					f.Close()
				}
			})
		}
	}
}

// TestScanNoAllocsPerRow holds the scanner to no allocation per row in
// steady state on every benchmark shape and the 32-column one: after the
// first rows have grown Row, the spans and the scratch area, a run of
// rows, buffer refills included, allocates nothing.
func TestScanNoAllocsPerRow(t *testing.T) {
	inputs := map[string][]byte{"columns=32": wideBytes(2<<20, 3)}
	for _, sh := range gen.Shapes() {
		inputs[sh.String()] = gen.Bytes(sh, 2<<20, 3)
	}
	for name, data := range inputs {
		for _, lane := range []bool{true, false} {
			s, err := New(bytes.NewReader(data), Options{Header: true, BufferSize: 64 << 10})
			if err != nil {
				t.Fatal(err)
			}
			setLane(s, lane)
			rows := func(n int) {
				for range n {
					if !s.Scan() {
						t.Fatalf("%s: the input ended early: %v", name, s.Err())
					}
					for _, v := range s.Row() {
						_ = v
					}
				}
			}
			rows(300)
			if a := testing.AllocsPerRun(5, func() { rows(200) }); a != 0 {
				t.Errorf("%s, lane %v: %v allocations per 200 rows, want 0", name, lane, a)
			}
		}
	}
}
