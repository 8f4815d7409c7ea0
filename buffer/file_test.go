package buffer

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// openTemp writes data to a file of the test's and opens it; the file is
// closed when the test ends.
func openTemp(t *testing.T, data []byte) (*os.File, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, path
}

// TestFileReader: a FileReader reads the file's bytes up to the size it
// was given, not what was appended after; a file truncated while it is
// read fails the read with an error wrapping io.ErrUnexpectedEOF, never an
// early io.EOF, and hands out no byte past the cut.
func TestFileReader(t *testing.T) {
	data := input(100000)
	f, path := openTemp(t, data)
	got, err := io.ReadAll(NewFileReader(f, 10, int64(len(data))))
	if err != nil || !bytes.Equal(got, data[10:]) {
		t.Fatalf("whole file: %d bytes, %v", len(got), err)
	}
	// Appended to: still the first bytes only.
	a, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	a.Write([]byte("more"))
	a.Close()
	if got, err = io.ReadAll(NewFileReader(f, 0, int64(len(data)))); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("appended: %d bytes, %v", len(got), err)
	}
	// Truncated after the first read.
	r := NewFileReader(f, 0, int64(len(data)))
	buf := make([]byte, 4096)
	n, err := r.Read(buf)
	if n != len(buf) || err != nil {
		t.Fatalf("first read: %d, %v", n, err)
	}
	if err := os.Truncate(path, 30000); err != nil {
		t.Fatal(err)
	}
	total := n
	for {
		n, err = r.Read(buf)
		total += n
		if err != nil {
			break
		}
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) || total > 30000 {
		t.Fatalf("truncated to 30000: %d bytes, then %v; want an error wrapping io.ErrUnexpectedEOF", total, err)
	}
}

// TestFileSectionShrunk: a Manager over a FileSection checks each buffer
// it reads against a file that shrank, as over the file itself: a read
// that returns its whole count from a file now shorter than the bytes
// read (Linux's zeros past a truncation) fails with io.ErrUnexpectedEOF.
// The truncation is simulated after the section's bytes were read whole.
func TestFileSectionShrunk(t *testing.T) {
	data := input(10000)
	f, path := openTemp(t, data)
	sec := NewFileSection(f, 1000, 9000)
	if st, err := sec.Stat(); err != nil || st.Size() != 9000 {
		t.Fatalf("Stat: %v, %v; want 9000 bytes", st, err)
	}
	m := FromReaderAt(sec, 9000, 4096)
	m.NoPrefetch()
	b, err := m.Pin(0)
	if err != nil || !bytes.Equal(b.Bytes(), data[1000:1000+4096]) {
		t.Fatalf("buffer 0: %v", err)
	}
	m.Release(b)
	// A ReaderAt that returns the whole count, as a read racing a
	// truncation can, over a file truncated first.
	if err := os.Truncate(path, 3000); err != nil {
		t.Fatal(err)
	}
	racing := &racingSection{FileSection: sec}
	m = FromReaderAt(racing, 9000, 4096)
	m.NoPrefetch()
	if _, err := m.Pin(0); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("buffer 0 of a section whose file shrank to 2000 bytes past its start: %v, want io.ErrUnexpectedEOF", err)
	}
}

// racingSection reads a FileSection as a read racing a truncation can:
// the whole count, zeros past the file's end.
type racingSection struct{ *FileSection }

func (r *racingSection) ReadAt(p []byte, off int64) (int, error) {
	n, _ := r.FileSection.ReadAt(p, off)
	clear(p[n:])
	return len(p), nil
}

// TestFileSectionReadAt: a FileSection's own reads (a reader of ranges
// reads them directly) fail with an error wrapping io.ErrUnexpectedEOF
// where the file no longer holds the section's bytes, never a short read
// that looks like the end of the section; whole reads are io.SectionReader's.
func TestFileSectionReadAt(t *testing.T) {
	data := input(10000)
	f, path := openTemp(t, data)
	sec := NewFileSection(f, 1000, 9000)
	buf := make([]byte, 4096)
	if n, err := sec.ReadAt(buf, 0); n != len(buf) || err != nil || !bytes.Equal(buf, data[1000:1000+4096]) {
		t.Fatalf("ReadAt(0): %d, %v", n, err)
	}
	if n, err := sec.ReadAt(buf, 9000-100); n != 100 || err != io.EOF || !bytes.Equal(buf[:100], data[10000-100:]) {
		t.Fatalf("ReadAt across the section's end: %d, %v; want 100 bytes and io.EOF", n, err)
	}
	if got, err := io.ReadAll(io.NewSectionReader(sec, 0, 9000)); err != nil || !bytes.Equal(got, data[1000:]) {
		t.Fatalf("the whole section: %d bytes, %v", len(got), err)
	}
	if err := os.Truncate(path, 6000); err != nil {
		t.Fatal(err)
	}
	// The bytes still there read as before; a read that reaches past the
	// cut fails.
	if n, err := sec.ReadAt(buf[:100], 4900); n != 100 || err != nil {
		t.Errorf("ReadAt(4900) of 100 bytes below the cut: %d, %v", n, err)
	}
	for _, off := range []int64{4901, 4999, 5000, 8999} {
		if n, err := sec.ReadAt(buf[:100], off); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("ReadAt(%d) of a section whose file shrank to 5000 bytes past its start: %d, %v; want io.ErrUnexpectedEOF", off, n, err)
		}
	}
}
