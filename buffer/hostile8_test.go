package buffer

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// TestBrokenReaderAt: a ReaderAt that breaks its contract at one buffer,
// returning fewer bytes than asked with no error, more bytes than the
// slice holds, or a negative count, fails that buffer's read with an
// error. The Manager took such a read for the whole buffer: the bytes
// the source never wrote (zeros, or a reused buffer's old bytes) were
// handed out as the input's, and a scan of them ended without an error.
func TestBrokenReaderAt(t *testing.T) {
	data := input(100)
	for _, tt := range []struct {
		name string
		n    func(p []byte) int // what the broken read returns
		want error              // nil: any error
	}{
		{"short, no error", func(p []byte) int { return len(p) / 2 }, io.ErrUnexpectedEOF},
		{"nothing, no error", func(p []byte) int { return 0 }, io.ErrUnexpectedEOF},
		{"more than asked", func(p []byte) int { return len(p) + 5 }, nil},
		{"negative", func(p []byte) int { return -1 }, nil},
	} {
		ra := readerAtFunc(func(p []byte, off int64) (int, error) {
			if off == 30 {
				copy(p, data[off:off+5])
				return tt.n(p), nil
			}
			return bytes.NewReader(data).ReadAt(p, off)
		})
		m := FromReaderAt(ra, int64(len(data)), 10)
		r := m.NewReader(0)
		got, err := io.ReadAll(r)
		r.Close()
		if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: %d bytes, error %v; want an error (%v)", tt.name, len(got), err, tt.want)
		}
		if !bytes.Equal(got, data[:min(len(got), 30)]) || len(got) > 30 {
			t.Errorf("%s: read %q, want at most the 30 bytes before the broken buffer", tt.name, got)
		}
	}
}
