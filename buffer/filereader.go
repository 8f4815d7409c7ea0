package buffer

import (
	"fmt"
	"io"
	"os"
)

// FileReader reads a regular file as a stream, from an offset up to the
// size the file had when it was opened. A file that is shorter than that
// when it is read (it shrank after it was opened) fails the read with an
// error wrapping io.ErrUnexpectedEOF, as a Manager's buffers do, instead
// of ending the input early, where a sequential scan would take the rows
// before the cut for the whole file and the cut row for a short one. A
// read that races a truncation can return the whole count with zeros that
// were never the file's (see Manager): the size is asked again after each
// read (one fstat), and such a read hands out no byte.
type FileReader struct {
	f        *os.File
	off, end int64
}

// NewFileReader returns a FileReader over bytes [off, end) of f.
func NewFileReader(f *os.File, off, end int64) *FileReader {
	return &FileReader{f: f, off: off, end: end}
}

// Read reads the file's next bytes.
func (r *FileReader) Read(p []byte) (int, error) {
	if r.off >= r.end {
		return 0, io.EOF
	}
	if int64(len(p)) > r.end-r.off {
		p = p[:r.end-r.off]
	}
	at := r.off
	n, err := r.f.ReadAt(p, at)
	if err != nil && err != io.EOF {
		return n, err
	}
	what := func() string { return fmt.Sprintf("reading at byte %d", at) }
	if serr := shrunk(r.f, at+int64(n), what); serr != nil {
		return 0, serr // the bytes just read may be zeros
	}
	r.off += int64(n)
	if err == io.EOF {
		// Short of end with a size that is not: a read error, not the
		// input's end (shrunk would have said if the file had shrunk).
		st, serr := r.f.Stat()
		size := r.off
		if serr == nil {
			size = st.Size()
		}
		return n, fmt.Errorf("csvscan: %s: the file shrank to %d bytes while it was read: %w", what(), size, io.ErrUnexpectedEOF)
	}
	return n, nil
}

// FileSection is bytes [off, off+n) of a regular file as an io.ReaderAt
// (an io.SectionReader) with a Stat that gives the size of the file past
// off: a Manager over it then checks, after each buffer it reads, that the
// file did not shrink below the bytes read, as it does over the file
// itself (see Manager), where a plain io.SectionReader, which has no Stat,
// escapes the check. Offsets and sizes in its errors are the section's.
type FileSection struct {
	*io.SectionReader
	f   *os.File
	off int64
}

// NewFileSection returns bytes [off, off+n) of f.
func NewFileSection(f *os.File, off, n int64) *FileSection {
	return &FileSection{SectionReader: io.NewSectionReader(f, off, n), f: f, off: off}
}

// Stat returns the file's information with the size of what lies past
// the section's start.
func (s *FileSection) Stat() (os.FileInfo, error) {
	st, err := s.f.Stat()
	if err != nil {
		return nil, err
	}
	return sectionInfo{FileInfo: st, size: max(st.Size()-s.off, 0)}, nil
}

// sectionInfo is a file's information with a section's size.
type sectionInfo struct {
	os.FileInfo
	size int64
}

// Size returns the size of the file past the section's start.
func (i sectionInfo) Size() int64 { return i.size }
