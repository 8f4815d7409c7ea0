package scanner

import (
	"bytes"
	"context"
	"testing"
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
