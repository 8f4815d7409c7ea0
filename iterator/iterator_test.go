package iterator

import (
	"bytes"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/buffer"
	"github.com/google/go-cmp/cmp"
)

func TestBytesPerThread(t *testing.T) {
	for _, tt := range []struct{ buffer, maxLine, want int }{
		{32 << 20, 2_000_000, 8 << 20}, // DuckDB's defaults: 32 MiB / 16 × 4
		{1 << 20, 2_000_000, 2_000_000},
		{64, 10, 16},
		{1, 0, 1},
		{0, 0, 1},
	} {
		if got := BytesPerThread(tt.buffer, tt.maxLine); got != tt.want {
			t.Errorf("BytesPerThread(%d, %d) = %d, want %d", tt.buffer, tt.maxLine, got, tt.want)
		}
	}
}

func all(t *testing.T, it *Iterator) []Boundary {
	t.Helper()
	var out []Boundary
	for {
		b, ok, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, b)
	}
}

// TestBoundariesCoverInput: the boundaries tile the input in order, never
// cross a buffer, and are the same whether the layout is known or read.
func TestBoundariesCoverInput(t *testing.T) {
	for _, n := range []int{0, 1, 15, 16, 17, 100, 1000} {
		for _, size := range []int{1, 3, 16, 64} {
			for _, per := range []int{1, 4, 5, 100} {
				data := bytes.Repeat([]byte("x"), n)
				known := all(t, New(buffer.FromReaderAt(bytes.NewReader(data), int64(n), size), per))
				seq := all(t, New(buffer.FromReader(bytes.NewReader(data), size), per))
				if d := cmp.Diff(known, seq); d != "" {
					t.Fatalf("n=%d size=%d per=%d: known and sequential layouts differ:\n%s", n, size, per, d)
				}
				var next int64
				for i, b := range known {
					if b.Index != i || b.Offset() != next || b.End > size || b.End-b.Start > per || b.End <= b.Start {
						t.Fatalf("n=%d size=%d per=%d: boundary %+v", n, size, per, b)
					}
					next = b.EndOffset()
				}
				if next != int64(n) {
					t.Fatalf("n=%d size=%d per=%d: boundaries end at %d", n, size, per, next)
				}
			}
		}
	}
}

func TestKnownRangesNeedNoIO(t *testing.T) {
	data := bytes.Repeat([]byte("x"), 1000)
	m := buffer.FromReaderAt(bytes.NewReader(data), 1000, 64)
	// 15 full buffers of 64 bytes cut in 4, and a last one of 40 bytes in 3.
	if got := len(all(t, New(m, 16))); got != 15*4+3 {
		t.Fatalf("%d boundaries, want 63", got)
	}
	if s := m.Stats(); s.Loads != 0 {
		t.Fatalf("cutting known ranges read %d buffers", s.Loads)
	}
}

func TestGlobalConcurrent(t *testing.T) {
	data := bytes.Repeat([]byte("x"), 10000)
	g := NewGlobal(buffer.FromReaderAt(bytes.NewReader(data), 10000, 100), 7)
	var mu sync.Mutex
	seen := map[int]Boundary{}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				b, ok, err := g.Next()
				if err != nil || !ok {
					return
				}
				mu.Lock()
				if _, dup := seen[b.Index]; dup {
					t.Errorf("boundary %d handed out twice", b.Index)
				}
				seen[b.Index] = b
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	var total int64
	for i := 0; i < len(seen); i++ {
		b, ok := seen[i]
		if !ok {
			t.Fatalf("boundary %d missing", i)
		}
		total += b.EndOffset() - b.Offset()
	}
	if total != 10000 {
		t.Fatalf("boundaries cover %d bytes", total)
	}
}
