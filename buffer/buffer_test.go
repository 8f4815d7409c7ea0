package buffer

import (
	"bytes"
	"errors"
	"github.com/csvscan/csvscan/internal/faults"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"testing/iotest"
)

func input(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

// managers returns a known-ranges and a sequential Manager over data.
func managers(data []byte, size int) map[string]*Manager {
	return map[string]*Manager{
		"readerat":   FromReaderAt(bytes.NewReader(data), int64(len(data)), size),
		"sequential": FromReader(iotest.HalfReader(bytes.NewReader(data)), size),
	}
}

func TestPinLayout(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 11, 95} {
		data := input(n)
		for name, m := range managers(data, 10) {
			var got []byte
			for i := 0; ; i++ {
				b, err := m.Pin(i)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s, %d bytes: Pin(%d): %v", name, n, i, err)
				}
				if b.Index() != i || b.Offset() != int64(i*10) || len(b.Bytes()) > 10 {
					t.Fatalf("%s: buffer %d at %d with %d bytes", name, b.Index(), b.Offset(), len(b.Bytes()))
				}
				got = append(got, b.Bytes()...)
				m.Release(b)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("%s, %d bytes: buffers hold %q", name, n, got)
			}
		}
	}
}

func TestKnownRanges(t *testing.T) {
	m := FromReaderAt(bytes.NewReader(input(25)), 25, 10)
	if !m.KnownRanges() || m.KnownCount() != 3 || m.KnownLen(0) != 10 || m.KnownLen(2) != 5 {
		t.Fatalf("known ranges: %v %d %d %d", m.KnownRanges(), m.KnownCount(), m.KnownLen(0), m.KnownLen(2))
	}
	if s := m.Stats(); s.Loads != 0 {
		t.Fatalf("the layout needed %d loads", s.Loads)
	}
	if FromReader(bytes.NewReader(nil), 10).KnownRanges() {
		t.Fatal("a sequential source has no known ranges")
	}
}

func TestSequentialRetire(t *testing.T) {
	m := FromReader(bytes.NewReader(input(50)), 10)
	b, err := m.Pin(2) // reads buffers 0, 1 and 2, keeps them
	if err != nil {
		t.Fatal(err)
	}
	m.Release(b)
	if s := m.Stats(); s.Resident != 3 {
		t.Fatalf("resident %d, want 3 (a sequential source cannot read them again)", s.Resident)
	}
	b0, err := m.Pin(0)
	if err != nil {
		t.Fatalf("buffer 0 not kept: %v", err)
	}
	m.Retire(20)
	if s := m.Stats(); s.Resident != 2 {
		t.Fatalf("after Retire(20) with buffer 0 pinned: resident %d, want 2", s.Resident)
	}
	m.Release(b0)
	if s := m.Stats(); s.Resident != 1 {
		t.Fatalf("resident %d, want 1", s.Resident)
	}
	if _, err := m.Pin(1); !errors.Is(err, ErrRetired) {
		t.Fatalf("Pin of a retired buffer: %v", err)
	}
}

func TestReader(t *testing.T) {
	data := input(97)
	for name, m := range managers(data, 10) {
		for _, off := range []int64{0, 5, 10, 96, 97} {
			r := m.NewReader(off)
			got, err := io.ReadAll(iotest.OneByteReader(r))
			r.Close()
			if err != nil || !bytes.Equal(got, data[off:]) {
				t.Fatalf("%s from %d: %q, %v", name, off, got, err)
			}
		}
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	m := FromReader(iotest.TimeoutReader(bytes.NewReader(input(30))), 10)
	if _, err := m.Pin(0); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Pin(1); !errors.Is(err, iotest.ErrTimeout) {
		t.Fatalf("got %v", err)
	}
	ra := FromReaderAt(readerAtFunc(func(p []byte, off int64) (int, error) { return 0, boom }), 30, 10)
	if _, err := ra.Pin(1); !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
}

// statReaderAt reads all of data but says, when asked, that the file is
// as its info says: a read that raced a truncation and got its full count.
type statReaderAt struct {
	*bytes.Reader
	info os.FileInfo
}

func (s statReaderAt) Stat() (os.FileInfo, error) { return s.info, nil }

// TestShrunkWhileRead: a file that is shorter, once a buffer has been read
// from it, than the buffer's end makes the buffer's read fail with
// io.ErrUnexpectedEOF, even when ReadAt returned the full count (a read
// racing a truncation can: Linux zeroes the tail of a large folio before
// it drops it, and the zeros came back as rows of ","-less NUL bytes in
// TestParallelShrunkFile). The buffers that end within the new size read.
func TestShrunkWhileRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := os.WriteFile(path, input(15), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	m := FromReaderAt(statReaderAt{bytes.NewReader(input(30)), info}, 30, 10)
	b, err := m.Pin(0)
	if err != nil {
		t.Fatalf("buffer 0 ends at 10, within the 15 bytes: %v", err)
	}
	m.Release(b)
	if _, err := m.Pin(1); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("buffer 1 ends at 20, past the 15 bytes: got %v, want io.ErrUnexpectedEOF", err)
	}

	// A real file truncated after the Manager saw its size: the short read.
	if err := os.WriteFile(path, input(30), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err = FromFile(f, 10) // not a multiple of the page size: read, not mapped
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 15); err != nil {
		t.Fatal(err)
	}
	for i, want := range []error{nil, io.ErrUnexpectedEOF, io.ErrUnexpectedEOF} {
		b, err := m.Pin(i)
		if want == nil && err != nil || want != nil && !errors.Is(err, want) {
			t.Fatalf("buffer %d of the truncated file: got %v, want %v", i, err, want)
		}
		if err == nil {
			m.Release(b)
		}
	}
}

// TestConcurrentPins pins and releases from many goroutines with prefetching
// on, under the race detector in CI.
func TestConcurrentPins(t *testing.T) {
	data := input(1000)
	m := FromReaderAt(bytes.NewReader(data), int64(len(data)), 7)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < m.KnownCount(); i++ {
				b, err := m.Pin((i + g*13) % m.KnownCount())
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(b.Bytes(), data[b.Offset():b.Offset()+int64(len(b.Bytes()))]) {
					t.Error("wrong bytes")
				}
				m.Release(b)
			}
		}(g)
	}
	wg.Wait()
}

// TestPrefetchChain: a reader walking the buffers of known ranges in order
// finds each next one read ahead, whether the buffer it pins was read by
// its Pin or by the prefetch before it. (Before, the first pin of a
// prefetched buffer started no prefetch, so every other buffer was read
// by Pin while its reader waited.)
func TestPrefetchChain(t *testing.T) {
	data := input(95)
	var mu sync.Mutex
	read := map[int64]bool{}
	ra := readerAtFunc(func(p []byte, off int64) (int, error) {
		mu.Lock()
		read[off] = true
		mu.Unlock()
		return bytes.NewReader(data).ReadAt(p, off)
	})
	m := FromReaderAt(ra, int64(len(data)), 10)
	for i := 0; i < m.KnownCount(); i++ {
		b, err := m.Pin(i)
		if err != nil {
			t.Fatal(err)
		}
		m.Wait() // the prefetch started by this Pin, if any, is done
		mu.Lock()
		ahead := read[int64(i+1)*10]
		mu.Unlock()
		if i+1 < m.KnownCount() && !ahead {
			t.Errorf("buffer %d pinned: buffer %d was not read ahead", i, i+1)
		}
		m.Release(b)
		m.Retire(b.Offset() + int64(len(b.Bytes())))
	}
	if s := m.Stats(); s.Loads != m.KnownCount() {
		t.Errorf("%d loads for %d buffers", s.Loads, m.KnownCount())
	}
}

// TestMemoryBounded: a reader walking a large input with retiring behind it
// keeps only a few buffers in memory.
func TestMemoryBounded(t *testing.T) {
	data := input(10000)
	for name, m := range managers(data, 100) {
		r := m.NewReader(0)
		buf := make([]byte, 37)
		var off int64
		for {
			n, err := r.Read(buf)
			off += int64(n)
			m.Retire(off - 150)
			if err == io.EOF {
				break
			}
		}
		r.Close()
		if s := m.Stats(); s.PeakResident > 4 {
			t.Fatalf("%s: %d buffers in memory at once", name, s.PeakResident)
		}
	}
}

// readerAtFunc adapts a function to io.ReaderAt.
type readerAtFunc func(p []byte, off int64) (int, error)

func (f readerAtFunc) ReadAt(p []byte, off int64) (int, error) { return f(p, off) }

// TestSourceFailures: only io.EOF from a sequential source ends the
// input. A source's own io.ErrUnexpectedEOF (a truncated gzip stream) or
// any other error fails the read, a source that makes no progress fails
// with io.ErrNoProgress, and a source that gives one byte at a time reads
// like any other. Issue 16.
func TestSourceFailures(t *testing.T) {
	data := input(100)
	boom := errors.New("boom")
	for _, size := range []int{1, 7, 10, 64, 4096} {
		for _, tt := range []struct {
			name string
			src  func() io.Reader
			want error // nil: reads all of data
		}{
			{"unexpected EOF", func() io.Reader { return &faults.Reader{Data: data, N: 37, Err: io.ErrUnexpectedEOF, Together: true} }, io.ErrUnexpectedEOF},
			{"unexpected EOF at start", func() io.Reader { return &faults.Reader{Data: data, N: 0, Err: io.ErrUnexpectedEOF, Together: true} }, io.ErrUnexpectedEOF},
			{"other error", func() io.Reader { return &faults.Reader{Data: data, N: 50, Err: boom, Together: true} }, boom},
			{"no progress", func() io.Reader { return io.MultiReader(bytes.NewReader(data[:20]), &faults.Stall{}) }, io.ErrNoProgress},
			{"one byte at a time", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) }, nil},
			{"data with EOF", func() io.Reader { return iotest.DataErrReader(bytes.NewReader(data)) }, nil},
		} {
			m := FromReader(tt.src(), size)
			r := m.NewReader(0)
			got, err := io.ReadAll(r)
			r.Close()
			if tt.want == nil {
				if err != nil || !bytes.Equal(got, data) {
					t.Errorf("size %d, %s: %d bytes, %v; want all %d bytes", size, tt.name, len(got), err, len(data))
				}
				continue
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("size %d, %s: error %v, want %v", size, tt.name, err, tt.want)
			}
			if !bytes.HasPrefix(data, got) {
				t.Errorf("size %d, %s: read bytes that are not the input's", size, tt.name)
			}
			// Every byte the source gave before its error is read, then
			// the error (a buffer it failed in kept its bytes: FailedAt).
			if f, ok := tt.src().(*faults.Reader); ok && len(got) != int(f.N) {
				t.Errorf("size %d, %s: %d bytes before the error, want the %d the source gave", size, tt.name, len(got), f.N)
			}
			if at, err := m.FailedAt(); err != nil && (at != int64(len(got)) || !errors.Is(err, tt.want)) {
				t.Errorf("size %d, %s: FailedAt %d, %v; want %d, %v", size, tt.name, at, err, len(got), tt.want)
			}
			// The error is sticky: a later Pin says it again.
			if _, err := m.Pin(len(data)/size + 1); !errors.Is(err, tt.want) {
				t.Errorf("size %d, %s: Pin after the failure: %v", size, tt.name, err)
			}
		}
	}
}

// TestResize: the size of known ranges changes only while no buffer is
// pinned; the buffers in memory are dropped, and the next pins read the
// input in buffers of the new size. A sequential source keeps its size.
func TestResize(t *testing.T) {
	data := input(95)
	m := FromReaderAt(bytes.NewReader(data), int64(len(data)), 10)
	m.NoPrefetch()
	b, err := m.Pin(0)
	if err != nil {
		t.Fatal(err)
	}
	if m.Resize(30) {
		t.Fatal("Resize with buffer 0 pinned")
	}
	m.Release(b)
	if !m.Resize(30) || m.Size() != 30 || m.KnownCount() != 4 || m.Stats().Resident != 0 {
		t.Fatalf("after Resize(30): size %d, %d buffers, %d in memory", m.Size(), m.KnownCount(), m.Stats().Resident)
	}
	var got []byte
	for i := 0; i < m.KnownCount(); i++ {
		b, err := m.Pin(i)
		if err != nil {
			t.Fatal(err)
		}
		if b.Offset() != int64(30*i) {
			t.Fatalf("buffer %d at offset %d", i, b.Offset())
		}
		got = append(got, b.Bytes()...)
		m.Release(b)
	}
	if !bytes.Equal(got, data) {
		t.Fatalf("buffers hold %q", got)
	}
	if s := FromReader(bytes.NewReader(data), 10); s.Resize(30) || s.Size() != 10 {
		t.Fatal("Resize of a sequential source")
	}
}
