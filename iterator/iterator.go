package iterator

import (
	"io"
	"sync"

	"github.com/csvscan/csvscan/buffer"
)

// RowsPerBuffer and RowsPerThread are DuckDB's constants behind
// BytesPerThread (CSVBuffer::ROWS_PER_BUFFER, CSVIterator::ROWS_PER_THREAD).
const (
	RowsPerBuffer = 16
	RowsPerThread = 4
)

// BytesPerThread is the length of a boundary: bufferSize / 16 × 4, but never
// less than the maximum line size (so one boundary can hold a whole row)
// and never zero.
func BytesPerThread(bufferSize, maxLineSize int) int {
	n := bufferSize / RowsPerBuffer * RowsPerThread
	if n < maxLineSize {
		n = maxLineSize
	}
	if n <= 0 {
		n = 1
	}
	return n
}

// Boundary is one range of one buffer, handed to one worker.
type Boundary struct {
	BufferIndex int   // the buffer holding the range
	Start, End  int   // the range within the buffer: [Start, End)
	Index       int   // the boundary's number in file order, from 0
	BufferStart int64 // the input offset of the buffer's first byte
}

// Offset returns the input offset of the boundary's first byte.
func (b Boundary) Offset() int64 { return b.BufferStart + int64(b.Start) }

// EndOffset returns the input offset just past the boundary.
func (b Boundary) EndOffset() int64 { return b.BufferStart + int64(b.End) }

// Iterator walks the boundaries of a Manager's input in order. It is not
// safe for concurrent use; Global is.
type Iterator struct {
	m       *buffer.Manager
	per     int
	next    Boundary
	started bool
	done    bool
	bufLen  int // length of the current buffer, once known
	haveLen bool
}

// New returns an Iterator over m with boundaries of bytesPerThread bytes.
func New(m *buffer.Manager, bytesPerThread int) *Iterator {
	if bytesPerThread <= 0 {
		bytesPerThread = 1
	}
	return &Iterator{m: m, per: bytesPerThread}
}

// bufferLen returns the length of buffer i, or false past the end. With
// known ranges it does no I/O; otherwise it pins the buffer (reading it).
func (it *Iterator) bufferLen(i int) (int, bool, error) {
	if it.m.KnownRanges() {
		if i >= it.m.KnownCount() {
			return 0, false, nil
		}
		return it.m.KnownLen(i), true, nil
	}
	b, err := it.m.Pin(i)
	if err == io.EOF {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	n := len(b.Bytes())
	it.m.Release(b)
	return n, n > 0, nil
}

// Next returns the next boundary, or false after the last.
func (it *Iterator) Next() (Boundary, bool, error) {
	if it.done {
		return Boundary{}, false, nil
	}
	b := it.next
	if !it.started {
		it.started = true
		b = Boundary{}
	}
	if !it.haveLen {
		n, ok, err := it.bufferLen(b.BufferIndex)
		if err != nil {
			return Boundary{}, false, err
		}
		if !ok {
			it.done = true
			return Boundary{}, false, nil
		}
		it.bufLen, it.haveLen = n, true
	}
	b.BufferStart = int64(b.BufferIndex) * int64(it.m.Size())
	b.End = min(b.Start+it.per, it.bufLen)
	// Where the following boundary starts: further in this buffer, or at
	// the start of the next one.
	if b.End >= it.bufLen {
		it.next = Boundary{BufferIndex: b.BufferIndex + 1, Index: b.Index + 1}
		it.haveLen = false
	} else {
		it.next = Boundary{BufferIndex: b.BufferIndex, Start: b.End, Index: b.Index + 1}
	}
	return b, true, nil
}

// Global hands the boundaries of one input to many workers, one at a time,
// in file order. It is safe for concurrent use.
type Global struct {
	mu sync.Mutex
	it *Iterator
}

// NewGlobal returns a Global over m with boundaries of bytesPerThread bytes.
func NewGlobal(m *buffer.Manager, bytesPerThread int) *Global {
	return &Global{it: New(m, bytesPerThread)}
}

// Next returns the next boundary, or false when there are no more.
func (g *Global) Next() (Boundary, bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.it.Next()
}
