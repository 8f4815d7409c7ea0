package scanner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/google/go-cmp/cmp"
)

// rowStrings copies a row out of the scanner's buffers.
func rowStrings(row [][]byte) []string {
	out := make([]string, len(row))
	for i, v := range row {
		out[i] = string(v)
	}
	return out
}

// collectAll reads a scan with a range loop over All.
func collectAll(all func(yield func([][]byte, error) bool)) result {
	var res result
	steps := 0
	for row, err := range all {
		steps++
		if err != nil {
			if row != nil {
				panic("a row with the error")
			}
			res.Err = err
			continue // the error must be the last step
		}
		if res.Err != nil {
			panic("a row after the error")
		}
		res.Rows = append(res.Rows, rowStrings(row))
	}
	return res
}

func TestScannerAll(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.Name, func(t *testing.T) {
			want := scanBytes(t, []byte(tt.Input), tt.Opts)
			s, err := NewBytes([]byte(tt.Input), tt.Opts)
			if err != nil {
				t.Fatal(err)
			}
			got := collectAll(s.All())
			got.Header = s.Header()
			if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
				t.Fatalf("(-Scan +All):\n%s", d)
			}
		})
	}
}

// TestScannerAllBreak checks that a break leaves the scanner at the next row.
func TestScannerAllBreak(t *testing.T) {
	s, _ := NewBytes([]byte("a\nb\nc\nd\n"), Options{})
	var got []string
	for row := range s.All() {
		got = append(got, string(row[0]))
		if len(got) == 2 {
			break
		}
	}
	for row, err := range s.All() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(row[0]))
	}
	if d := cmp.Diff([]string{"a", "b", "c", "d"}, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
}

// collectChunks reads a scan with a range loop over Chunks, checking the
// chunk sizes, and keeps the chunks to check after the loop that they were
// not overwritten.
func collectChunks(t *testing.T, n int, seq func(yield func([][][]byte, error) bool)) result {
	t.Helper()
	var res result
	var kept [][][][]byte
	for chunk, err := range seq {
		if err != nil {
			res.Err = err
			continue
		}
		if res.Err != nil || len(chunk) == 0 || len(chunk) > n {
			t.Fatalf("chunk of %d rows after error %v", len(chunk), res.Err)
		}
		if len(kept) > 0 && len(kept[len(kept)-1]) < n {
			t.Fatalf("a chunk of %d rows before the last", len(kept[len(kept)-1]))
		}
		kept = append(kept, chunk)
	}
	for _, chunk := range kept {
		for _, row := range chunk {
			res.Rows = append(res.Rows, rowStrings(row))
		}
	}
	return res
}

func TestScannerChunks(t *testing.T) {
	for _, n := range []int{1, 2, 3, 100} {
		for _, tt := range scanTests {
			t.Run(fmt.Sprintf("%d/%s", n, tt.Name), func(t *testing.T) {
				want := scanBytes(t, []byte(tt.Input), tt.Opts)
				want.Header = nil
				// Small reads, so that the scanner's buffer is reused and
				// chunk values that were not copied would change.
				s, err := New(&chunkReader{data: []byte(tt.Input), size: 3}, Options{Dialect: tt.Opts.Dialect,
					Header: tt.Opts.Header, FieldsPerRow: tt.Opts.FieldsPerRow, MaxLineSize: tt.Opts.MaxLineSize, BufferSize: 4})
				if err != nil {
					t.Fatal(err)
				}
				got := collectChunks(t, n, s.Chunks(n))
				if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
					t.Fatalf("(-Scan +Chunks):\n%s", d)
				}
			})
		}
	}
}

func TestChunksPanicsBelowOne(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Chunks(0) did not panic")
		}
	}()
	s, _ := NewBytes(nil, Options{})
	s.Chunks(0)
}

func parallelFixture(t *testing.T) []byte {
	t.Helper()
	return gen.Bytes(gen.Shape{NoteLen: 16, Quoted: true}, 1<<20, 3)
}

func TestParallelAll(t *testing.T) {
	data := parallelFixture(t)
	data = append(data, "x,\"broken\n"...)
	opts := Options{Header: true, Threads: 2, BufferSize: 64 << 10, MaxLineSize: 4096}
	want := scanBytes(t, data, opts)
	p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := collectAll(p.All())
	got.Header = p.Header()
	if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
		t.Fatalf("(-Scan +Parallel.All):\n%s", d)
	}
	if !errors.Is(got.Err, ErrUnterminatedQuote) {
		t.Fatalf("err = %v", got.Err)
	}
}

// TestParallelAllBreak breaks out of the loops early: the scan must be
// closed, with no goroutine left.
func TestParallelAllBreak(t *testing.T) {
	data := parallelFixture(t)
	before := runtime.NumGoroutine()
	for _, stop := range []int{1, 1000} {
		p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Threads: 4, BufferSize: 32 << 10})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, err := range p.All() {
			if err != nil {
				t.Fatal(err)
			}
			if n++; n == stop {
				break
			}
		}
		if p.Scan() {
			t.Fatal("Scan after a break out of All returned true: the scan was not closed")
		}
		waitGoroutines(t, before)

		p, err = ScanReader(context.Background(), &chunkReader{data: data, size: 4096}, Options{Threads: 4, BufferSize: 32 << 10})
		if err != nil {
			t.Fatal(err)
		}
		n = 0
		for chunk, err := range p.Chunks(7) {
			if err != nil {
				t.Fatal(err)
			}
			if n += len(chunk); n >= stop {
				break
			}
		}
		if p.Scan() {
			t.Fatal("Scan after a break out of Chunks returned true")
		}
		waitGoroutines(t, before)
	}
}

func TestParallelChunks(t *testing.T) {
	data := parallelFixture(t)
	opts := Options{Threads: 3, BufferSize: 16 << 10, FieldsPerRow: -1}
	want := scanBytes(t, data, opts)
	p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), opts)
	if err != nil {
		t.Fatal(err)
	}
	got := collectChunks(t, 100, p.Chunks(100))
	if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
		t.Fatalf("(-Scan +Parallel.Chunks):\n%s", d)
	}
}
