package iocheck_test

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/iocheck"
)

// liar returns extra more bytes than it was given room for on its second
// read (a negative extra: that count), and reads honestly otherwise.
type liar struct {
	r     io.Reader
	reads int
	extra int
}

func (l *liar) Read(p []byte) (int, error) {
	l.reads++
	n, err := l.r.Read(p)
	if l.reads == 2 {
		if l.extra < 0 {
			return l.extra, err
		}
		return len(p) + l.extra, err
	}
	return n, err
}

func (l *liar) ReadAt(p []byte, off int64) (int, error) {
	n, err := strings.NewReader("abcdefgh").ReadAt(p, off)
	if off > 0 {
		return len(p) + l.extra, nil
	}
	return n, err
}

// TestReader: a count past the buffer, or below 0, is an error, returned
// again by every later Read, where bufio would panic; honest reads are
// counted.
func TestReader(t *testing.T) {
	for _, extra := range []int{1, 1 << 20, -1} {
		c := &iocheck.Reader{R: &liar{r: strings.NewReader("abcdefgh"), extra: extra}}
		br := bufio.NewReaderSize(c, 16)
		p := make([]byte, 4)
		if n, err := c.Read(p); n != 4 || err != nil || c.N != 4 {
			t.Fatalf("first read: %d, %v, N %d", n, err, c.N)
		}
		_, err := io.ReadAll(br)
		if err == nil || !strings.Contains(err.Error(), "the reader returned") {
			t.Fatalf("extra %d: error %v, want a count error", extra, err)
		}
		if n, again := c.Read(p); n != 0 || again == nil || again.Error() != err.Error() {
			t.Fatalf("extra %d: the next Read gave %d, %v; want the same error", extra, n, again)
		}
		if c.N != 4 {
			t.Fatalf("extra %d: N = %d after the bad read, want 4", extra, c.N)
		}
	}
}

// TestReaderAt: a section reader over a ReaderAt that overstates its count
// at the section's end takes the count; through ReaderAt it is an error.
func TestReaderAt(t *testing.T) {
	l := &liar{extra: 3}
	p := make([]byte, 8)
	if n, _ := io.NewSectionReader(l, 2, 4).Read(p); n <= 4 {
		t.Fatalf("the section reader gave %d bytes: the test no longer shows the problem", n)
	}
	n, err := io.NewSectionReader(iocheck.ReaderAt{R: l}, 2, 4).Read(p)
	if n != 0 || err == nil || !strings.Contains(err.Error(), "at offset 2") {
		t.Fatalf("through ReaderAt: %d, %v; want 0 and a count error at offset 2", n, err)
	}
	if n, err := (iocheck.ReaderAt{R: l}).ReadAt(p[:4], 0); n != 4 || err != nil || string(p[:4]) != "abcd" {
		t.Fatalf("an honest ReadAt: %d, %v, %q", n, err, p[:4])
	}
}
