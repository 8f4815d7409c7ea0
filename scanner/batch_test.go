package scanner

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/google/go-cmp/cmp"
)

// TestNewBatchPrefersOwn: a worker's bulk gets back a batch it read last
// (recycleBy), whose memory its core's caches hold, before others, when
// one has room for it; else the one with the most room, its own or not
// (one too small would be made again, and the large one left unused).
func TestNewBatchPrefersOwn(t *testing.T) {
	data := []byte("a,b\n1,2\n")
	p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	mk := func(rows int) *batch {
		return &batch{rows: make([]rowMeta, 0, rows), fields: make([]fieldRef, 0, 4*rows)}
	}
	small0, big0, big1 := mk(20), mk(4000), mk(8000)
	p.recycleBy(small0, 0)
	p.recycleBy(big0, 0)
	p.recycleBy(big1, 1)
	if b := p.newBatch(0, 1, 100, 100, 0); b != big0 {
		t.Fatalf("worker 0's bulk got the batch of %d rows, owner %d; want its own of 4000", cap(b.rows), b.owner)
	}
	if b := p.newBatch(0, 1, 100, 100, 1); b != big1 {
		t.Fatalf("worker 1's bulk got the batch of %d rows, owner %d; want its own of 8000", cap(b.rows), b.owner)
	}
	// Worker 1 has none left: it takes worker 0's.
	if b := p.newBatch(0, 1, 100, 100, 1); b != small0 {
		t.Fatalf("worker 1 got %p, want worker 0's last spare", b)
	}
	if b := p.newBatch(0, 1, 100, 100, 1); b.owner != 1 || cap(b.rows) < 100 {
		t.Fatalf("a new batch: owner %d, room %d", b.owner, cap(b.rows))
	}
	// Worker 0's own spare is too small: it takes worker 1's large one.
	own, other := mk(20), mk(5000)
	p.recycleBy(own, 0)
	p.recycleBy(other, 1)
	if b := p.newBatch(0, 1, 1000, 1000, 0); b != other {
		t.Fatalf("worker 0 got a batch of %d rows; want the one of 5000, not its own of 20", cap(b.rows))
	}
}

// TestGiveBuffer gives a Scanner's buffer away (as batch.adopt does) after
// each row at every read size and buffer size, writes over the part of it
// past the Scanner's bytes (as a batch appends to its arena), and checks
// that the Scanner's rows are those of a plain scan and that the bytes
// given stay as they were: the Scanner reads on in memory of its own.
func TestGiveBuffer(t *testing.T) {
	input := []byte("id,note\n1,\"a \"\"b\"\"\"\n2,\"two\nlines\"\n3,plain\n4,\"" + strings.Repeat("long ", 40) + "\"\n5,end\n")
	opts := Options{Dialect: dialect.Default(), Header: true}
	want := scanBytes(t, input, opts)
	for _, bufSize := range []int{1, 2, 7, 16, 64, 65} {
		for _, read := range []int{1, 2, 7, 63, 64, 65} {
			o := opts
			o.BufferSize = bufSize
			s, err := New(&chunkReader{data: input, size: read}, o)
			if err != nil {
				t.Fatal(err)
			}
			var got result
			var given [][]byte
			var kept []string
			for s.Scan() {
				row := make([]string, len(s.Row()))
				for i, v := range s.Row() {
					row[i] = string(v)
				}
				got.Rows = append(got.Rows, row)
				got.Lines = append(got.Lines, s.LineNumber())
				g := s.giveBuffer()
				given, kept = append(given, g), append(kept, string(g))
				g = g[len(g):cap(g)]
				for i := range g {
					g[i] = '!'
				}
			}
			got.Header, got.Err = s.Header(), s.Err()
			if d := cmp.Diff(want, got, cmp.Comparer(sameError)); d != "" {
				t.Fatalf("buffer %d, reads of %d: rows differ from a plain scan (-plain +given away):\n%s", bufSize, read, d)
			}
			for i, g := range given {
				if string(g) != kept[i] {
					t.Fatalf("buffer %d, reads of %d: the bytes given after row %d changed from %q to %q", bufSize, read, i+1, kept[i], g)
				}
			}
		}
	}
}
