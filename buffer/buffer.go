package buffer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/csvscan/csvscan/internal/iocheck"
)

// DefaultSize is DuckDB's default buffer size: 32 MiB.
const DefaultSize = 32 << 20

// Buffer is one fixed-size piece of the input, pinned by whoever holds it.
type Buffer struct {
	index  int
	offset int64
	data   []byte
	last   bool
	pins   int
	pinned bool     // pinned once: the buffer after it was asked for (prefetch)
	mapped bool     // data is mapped file pages: unmap, do not reuse
	file   *os.File // the mapped file, when mapped
}

// Index returns the buffer's number, from 0.
func (b *Buffer) Index() int { return b.index }

// Offset returns the input offset of the buffer's first byte.
func (b *Buffer) Offset() int64 { return b.offset }

// Bytes returns the buffer's bytes: all of them but in the last buffer,
// which may be shorter. The slice is valid until the buffer is released.
func (b *Buffer) Bytes() []byte { return b.data }

// Last reports whether this is the last buffer of the input.
func (b *Buffer) Last() bool { return b.last }

// Stats counts what a Manager did, for tests and memory reports.
type Stats struct {
	Loads        int // buffers read from the source
	Resident     int // buffers in memory now
	PeakResident int // most buffers in memory at once
}

// Manager hands out the buffers of one input. It is safe for concurrent use.
type Manager struct {
	size int

	ra    io.ReaderAt // known ranges, or nil
	total int64       // input size, with ra
	file  *os.File    // buffers are mapped pages of this file, or nil
	r     io.Reader   // sequential source, or nil

	mu       sync.Mutex
	cond     *sync.Cond
	resident map[int]*Buffer
	free     [][]byte
	loading  map[int]bool
	next     int   // sequential: the next buffer to read
	count    int   // sequential: number of buffers, once the end was seen (-1 before)
	retired  int64 // buffers ending at or before this offset are no longer needed
	// failAt and failErr: a sequential source failed after failAt bytes,
	// where the last buffer ends (FailedAt); Pin past it returns failErr
	// (sticky).
	failAt  int64
	failErr error
	stats   Stats

	noPrefetch bool
	background sync.WaitGroup // prefetches in flight
}

// FromReaderAt returns a Manager over size bytes of r, in buffers of
// bufferSize bytes (DefaultSize when bufferSize <= 0).
func FromReaderAt(r io.ReaderAt, size int64, bufferSize int) *Manager {
	m := newManager(bufferSize)
	m.ra, m.total = r, size
	return m
}

// Resize makes the buffers of known ranges size bytes from now on. A
// buffer's index and offset follow from the size, so it changes only
// while no buffer is pinned or being read (before the first Pin, or
// between two reads; StopMapping waits for the reads in flight), and
// never while buffers are mapped: it reports whether it did. The buffers
// in memory, unpinned, are dropped (they are read again as needed). A
// parallel scan that reads a file instead of mapping it reads it in
// smaller buffers (scanner.Parallel).
func (m *Manager) Resize(size int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if size <= 0 || m.ra == nil || m.file != nil || len(m.loading) > 0 {
		return false
	}
	for _, b := range m.resident {
		if b.pins > 0 || b.mapped {
			return false
		}
	}
	clear(m.resident)
	m.stats.Resident = 0
	m.size, m.free = size, nil
	return true
}

// Close drops every buffer, pinned or not, unmapping the mapped ones. Call
// it when no goroutine reads the buffers any more: it is how a reader that
// stopped on an error, with pins it could not release, lets the mappings go.
func (m *Manager) Close() {
	m.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, b := range m.resident {
		delete(m.resident, i)
		if b.mapped {
			unmap(b.data)
			b.data = nil
		}
	}
	m.stats.Resident = 0
}

// FromReader returns a Manager that reads r once, in order, in buffers of
// bufferSize bytes (DefaultSize when bufferSize <= 0).
func FromReader(r io.Reader, bufferSize int) *Manager {
	m := newManager(bufferSize)
	m.r = r
	m.count = -1
	return m
}

func newManager(bufferSize int) *Manager {
	if bufferSize <= 0 {
		bufferSize = DefaultSize
	}
	m := &Manager{size: bufferSize, resident: map[int]*Buffer{}, loading: map[int]bool{}}
	m.cond = sync.NewCond(&m.mu)
	return m
}

// NoPrefetch turns off reading the next buffer in the background when a
// buffer of known ranges is first pinned (on by default).
func (m *Manager) NoPrefetch() { m.noPrefetch = true }

// Size returns the size of every buffer but the last.
func (m *Manager) Size() int { return m.size }

// KnownRanges reports whether the layout of all buffers is known without
// reading: true for an io.ReaderAt with a size.
func (m *Manager) KnownRanges() bool { return m.ra != nil }

// KnownCount returns the number of buffers when the ranges are known.
func (m *Manager) KnownCount() int {
	if m.total == 0 {
		return 0
	}
	return int((m.total + int64(m.size) - 1) / int64(m.size))
}

// KnownLen returns the length of buffer i when the ranges are known.
func (m *Manager) KnownLen(i int) int {
	start := int64(i) * int64(m.size)
	return int(min(int64(m.size), m.total-start))
}

// ErrRetired is returned by Pin for a buffer of a sequential source that
// was retired: it was dropped and the source cannot be read again.
var ErrRetired = errors.New("csvscan: the buffer was retired and a sequential source cannot be read again")

// Pin returns buffer i, reading it if it is not in memory, and keeps it in
// memory until Release. It returns io.EOF when i is past the last buffer.
func (m *Manager) Pin(i int) (*Buffer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for {
		if b, ok := m.resident[i]; ok {
			b.pins++
			if !b.pinned {
				// The first pin of a buffer a prefetch read: the next
				// one is read now, as after a buffer Pin read itself
				// (without this, every other buffer was read by Pin
				// while a worker waited).
				b.pinned = true
				if m.ra != nil && !m.noPrefetch {
					m.prefetch(i + 1)
				}
			}
			return b, nil
		}
		if m.ra != nil {
			if i < 0 || i >= m.KnownCount() {
				return nil, io.EOF
			}
			if m.loading[i] {
				m.cond.Wait()
				continue
			}
			m.loading[i] = true
			b, err := m.loadAt(i, 1)
			if err == nil && !m.noPrefetch {
				m.prefetch(i + 1)
			}
			return b, err
		}
		// Sequential: read buffers in order up to i.
		if m.count >= 0 && i >= m.count {
			if m.failErr != nil {
				return nil, m.failErr // past bytes the source failed after
			}
			return nil, io.EOF
		}
		if i < m.next {
			return nil, ErrRetired
		}
		if len(m.loading) > 0 {
			m.cond.Wait()
			continue
		}
		if err := m.loadNext(); err != nil {
			return nil, err
		}
	}
}

// prefetch starts reading buffer i in the background, so that it is in
// memory when a reader gets there: reading overlaps scanning. m.mu is held.
func (m *Manager) prefetch(i int) {
	if i >= m.KnownCount() || m.loading[i] || m.resident[i] != nil {
		return
	}
	if off := int64(i) * int64(m.size); off < m.retired {
		return
	}
	m.loading[i] = true
	m.background.Add(1)
	go func() {
		defer m.background.Done()
		m.mu.Lock()
		defer m.mu.Unlock()
		m.loadAt(i, 0) // an error is read again, and reported, by Pin
	}()
}

// Wait waits for the reads the Manager started in the background
// (prefetching) to finish. Call it before closing the source: a read
// still in flight uses it.
func (m *Manager) Wait() { m.background.Wait() }

// loadAt reads buffer i of a ReaderAt with m.loading[i] set; m.mu is held
// and released around the read. The buffer starts with pins pins.
func (m *Manager) loadAt(i, pins int) (*Buffer, error) {
	off := int64(i) * int64(m.size)
	if f := m.file; f != nil {
		m.mu.Unlock()
		data, err := mapRange(f, off, m.KnownLen(i))
		m.mu.Lock()
		delete(m.loading, i)
		m.cond.Broadcast()
		if err != nil {
			return nil, fmt.Errorf("csvscan: mapping buffer %d at offset %d: %w", i, off, err)
		}
		b := &Buffer{index: i, offset: off, data: data, last: i == m.KnownCount()-1, pins: pins, pinned: pins > 0, mapped: true, file: f}
		m.add(b)
		m.drop(b)
		return b, nil
	}
	data := m.take(m.KnownLen(i))
	m.mu.Unlock()
	n, err := m.ra.ReadAt(data, off)
	var short error
	switch {
	case n < 0 || n > len(data):
		err = fmt.Errorf("%w at offset %d", iocheck.CountError(n, len(data)), off)
	case n == len(data):
		err, short = nil, shrunk(m.ra, off+int64(n), func() string { return fmt.Sprintf("reading buffer %d at offset %d", i, off) })
	case err == nil:
		// io.ReaderAt says a short read has an error; the bytes past n
		// are not the input's.
		err = fmt.Errorf("csvscan: the source's ReadAt returned %d of %d bytes and no error: %w", n, len(data), io.ErrUnexpectedEOF)
	}
	m.mu.Lock()
	delete(m.loading, i)
	m.cond.Broadcast()
	if short != nil {
		m.free = append(m.free, data[:0])
		return nil, short
	}
	if err != nil {
		m.free = append(m.free, data[:0])
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("csvscan: reading buffer %d at offset %d: %w", i, off, err)
	}
	b := &Buffer{index: i, offset: off, data: data, last: i == m.KnownCount()-1, pins: pins, pinned: pins > 0}
	m.add(b)
	m.drop(b) // an unpinned prefetch behind the retired offset is not kept
	return b, nil
}

// loadNext reads the next buffer of a sequential source (m.mu held and
// released around the read). The buffer stays resident, unpinned, until it
// is retired.
func (m *Manager) loadNext() error {
	i := m.next
	m.loading[i] = true
	data := m.take(m.size)
	m.mu.Unlock()
	n, err := fill(m.r, data)
	m.mu.Lock()
	delete(m.loading, i)
	m.cond.Broadcast()
	switch err {
	case nil:
	case io.EOF:
		if n == 0 {
			m.count = i
			m.free = append(m.free, data[:0])
			return nil
		}
		m.count = i + 1
	default:
		err = fmt.Errorf("csvscan: reading buffer %d at offset %d: %w", i, int64(i)*int64(m.size)+int64(n), err)
		// The bytes read before the failure are kept, as the last buffer,
		// with the error after them (FailedAt): a reader of its end gets
		// the error, not io.EOF (Reader.Read), so the rows they hold are
		// read and the row they cut is the error's, as a sequential scan
		// has them. (They were dropped, and a parallel scan stopped up to a
		// buffer of rows earlier than a sequential one.) With no byte read,
		// the buffer before is the last, and Pin of this one the error.
		m.failAt, m.failErr = int64(i)*int64(m.size)+int64(n), err
		if n == 0 {
			m.count = i
			m.free = append(m.free, data[:0])
			return err
		}
		m.count = i + 1
	}
	m.add(&Buffer{index: i, offset: int64(i) * int64(m.size), data: data[:n], last: m.count == i+1})
	m.next = i + 1
	return nil
}

// maxEmptyReads is how many reads in a row may return no bytes and no
// error before fill gives up with io.ErrNoProgress, as bufio does.
const maxEmptyReads = 100

// fill reads from r until data is full. Unlike io.ReadFull it passes
// only io.EOF through as the end of input: a source's own
// io.ErrUnexpectedEOF (a truncated gzip stream, a cut HTTP body) is a
// failed read, not an end. A source that returns no bytes and no error
// maxEmptyReads times in a row fails with io.ErrNoProgress instead of
// being called forever.
func fill(r io.Reader, data []byte) (int, error) {
	n, empty := 0, 0
	for n < len(data) {
		k, err := r.Read(data[n:])
		if k < 0 || k > len(data)-n {
			return n, fmt.Errorf("csvscan: the source's Read returned %d bytes for a %d-byte slice", k, len(data)-n)
		}
		n += k
		if err != nil {
			return n, err // io.EOF ends the input; any other error fails it
		}
		if k == 0 {
			if empty++; empty >= maxEmptyReads {
				return n, io.ErrNoProgress
			}
			continue
		}
		empty = 0
	}
	return n, nil
}

// take returns a buffer of n bytes (at most the buffer size), reusing a
// free one when there is one.
func (m *Manager) take(n int) []byte {
	for len(m.free) > 0 {
		b := m.free[len(m.free)-1]
		m.free = m.free[:len(m.free)-1]
		if cap(b) >= n {
			return b[:n]
		}
	}
	return make([]byte, n)
}

func (m *Manager) add(b *Buffer) {
	m.resident[b.index] = b
	m.stats.Loads++
	m.stats.Resident = len(m.resident)
	m.stats.PeakResident = max(m.stats.PeakResident, m.stats.Resident)
}

// Release unpins b. The buffer leaves memory once it is unpinned and
// retired.
func (m *Manager) Release(b *Buffer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b.pins <= 0 {
		panic("buffer: Release of a buffer that is not pinned")
	}
	b.pins--
	m.drop(b)
}

// Retire says no reader will need bytes before offset again: the buffers
// that end at or before it leave memory once unpinned. A sequential source
// keeps every buffer it read until it is retired, since it cannot read it
// again.
func (m *Manager) Retire(offset int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if offset <= m.retired {
		return
	}
	m.retired = offset
	for _, b := range m.resident {
		m.drop(b)
	}
}

func (m *Manager) drop(b *Buffer) {
	if b.pins > 0 || b.offset+int64(len(b.data)) > m.retired {
		return
	}
	if m.resident[b.index] != b {
		return // dropped already (Close)
	}
	delete(m.resident, b.index)
	m.stats.Resident = len(m.resident)
	if b.mapped {
		unmap(b.data)
		b.data = nil
		return
	}
	if len(m.free) < 2 {
		m.free = append(m.free, b.data[:0]) // keep a couple for reuse
	}
}

// Stats returns the counts so far.
func (m *Manager) Stats() Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

// Reader reads the input from an offset to its end, across buffers, pinning
// one buffer at a time. It is not safe for concurrent use; Close releases
// its pin.
type Reader struct {
	m   *Manager
	b   *Buffer
	idx int
	pos int
}

// NewReader returns a Reader positioned at offset.
func (m *Manager) NewReader(offset int64) *Reader {
	return &Reader{m: m, idx: int(offset / int64(m.size)), pos: int(offset % int64(m.size))}
}

// Read copies the next bytes of the input into p.
func (r *Reader) Read(p []byte) (int, error) {
	for {
		if r.b == nil {
			b, err := r.m.Pin(r.idx)
			if err != nil {
				return 0, err
			}
			r.b = b
		}
		if r.pos < len(r.b.data) {
			n := copy(p, r.b.data[r.pos:])
			r.pos += n
			return n, nil
		}
		last := r.b.last || len(r.b.data) < r.m.size
		r.m.Release(r.b)
		r.b = nil
		if last {
			if at, err := r.m.FailedAt(); err != nil && at == int64(r.idx)*int64(r.m.size)+int64(r.pos) {
				return 0, err // the source failed here (FailedAt)
			}
			return 0, io.EOF
		}
		r.idx++
		r.pos = 0
	}
}

// FailedAt returns the input offset where a sequential source failed
// after the bytes before it were read, and its error: the last buffer
// ends there, and its end is that error, not the end of input. It
// returns -1 and nil for a source that did not fail so.
func (m *Manager) FailedAt() (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failErr == nil {
		return -1, nil
	}
	return m.failAt, m.failErr
}

// Close releases the buffer the Reader holds.
func (r *Reader) Close() error {
	if r.b != nil {
		r.m.Release(r.b)
		r.b = nil
	}
	return nil
}
