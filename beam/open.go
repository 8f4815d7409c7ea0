package csvbeam

import (
	"context"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// Opening a file by path on a worker: local files, or any of Beam's
// filesystems read as a stream with random access emulated.

// openAt opens file for random access: a local file directly, any other
// through Beam's filesystem (sequential reads, reopened to go back).
func openAt(ctx context.Context, file string, size int64) (interface {
	io.ReaderAt
	io.Closer
}, error) {
	if !strings.Contains(file, "://") {
		return os.Open(file)
	}
	fs, err := filesystem.New(ctx, file)
	if err != nil {
		return nil, err
	}
	return &streamAt{ctx: ctx, fs: fs, file: file, size: size}, nil
}

// streamAt reads a file of a Beam filesystem at offsets, through one
// stream that moves forward; going back reopens it. A range is read
// forward, so each worker opens a file about once per range.
type streamAt struct {
	ctx  context.Context
	fs   filesystem.Interface
	file string
	size int64
	rc   io.ReadCloser
	pos  int64
}

// ReadAt implements io.ReaderAt.
func (s *streamAt) ReadAt(p []byte, off int64) (int, error) {
	if off >= s.size {
		return 0, io.EOF
	}
	if s.rc == nil || off < s.pos {
		if s.rc != nil {
			s.rc.Close()
		}
		rc, err := s.fs.OpenRead(s.ctx, s.file)
		if err != nil {
			return 0, err
		}
		s.rc, s.pos = rc, 0
	}
	if off > s.pos {
		n, err := io.CopyN(io.Discard, s.rc, off-s.pos)
		s.pos += n
		if err != nil {
			return 0, err
		}
	}
	n, err := io.ReadFull(s.rc, p)
	s.pos += int64(n)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// Close closes the stream and the filesystem.
func (s *streamAt) Close() error {
	if s.rc != nil {
		s.rc.Close()
	}
	return s.fs.Close()
}
