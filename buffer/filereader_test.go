package buffer

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestFileReader: a FileReader reads the file's bytes up to the size it
// was given, not what was appended after; a file truncated while it is
// read fails the read with an error wrapping io.ErrUnexpectedEOF, never an
// early io.EOF, and hands out no byte past the cut.
func TestFileReader(t *testing.T) {
	data := input(100000)
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
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
