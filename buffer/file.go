package buffer

// Files: a Manager over a regular file, which maps its pages where it can
// (FromFile) and checks that the file did not shrink under the bytes read
// (Shrunk, FaultError); and the same check for a file read as a stream
// (FileReader) or as a section (FileSection).

import (
	"fmt"
	"io"
	"os"
	"unsafe"
)

// FromFile returns a Manager over the regular file f. Where the system
// allows it and bufferSize is a multiple of the page size, buffers are the
// file's pages mapped into memory (no copy, no allocation: the page cache
// is read in place); otherwise it reads like FromReaderAt.
//
// A mapped page past the end of a file that shrinks while it is read is
// gone: touching it raises a memory fault (SIGBUS), which kills the process
// unless the goroutine touching it has set debug.SetPanicOnFault. A reader
// that sets it and recovers the panic turns it into an error with Fault.
// StopMapping makes the Manager read the file instead.
func FromFile(f *os.File, bufferSize int) (*Manager, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return FromFileSize(f, st.Size(), bufferSize)
}

// FromFileSize is FromFile over the first size bytes of f, the size it had
// when the caller looked (a reader that opened the file and decided how to
// read it from its size): bytes appended since are not read, and a file
// that is now shorter is an error wrapping io.ErrUnexpectedEOF, as one that
// shrinks while it is read (FromFile would take the new size for the
// file's).
func FromFileSize(f *os.File, size int64, bufferSize int) (*Manager, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Mode().IsRegular() && st.Size() < size {
		return nil, fmt.Errorf("csvscan: the file shrank from %d to %d bytes before it was read: %w", size, st.Size(), io.ErrUnexpectedEOF)
	}
	m := FromReaderAt(f, size, bufferSize)
	if canMap && st.Mode().IsRegular() && m.size%os.Getpagesize() == 0 {
		m.file = f
	}
	return m, nil
}

// Mapped reports whether buffers are mapped file pages.
func (m *Manager) Mapped() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.file != nil
}

// StopMapping makes the Manager read the buffers it loads from now on
// (with ReadAt, into memory of its own) instead of mapping them, and unmaps
// the mapped buffers it holds that are not pinned, so that a later Pin
// reads them. A pinned mapped buffer stays mapped until it is released. It
// waits for the prefetches in flight first, so no mapping is added after it
// returns.
func (m *Manager) StopMapping() {
	m.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.file = nil
	for i, b := range m.resident {
		if b.mapped && b.pins == 0 {
			delete(m.resident, i)
			unmap(b.data)
			b.data = nil
		}
	}
	m.stats.Resident = len(m.resident)
}

// Shrunk returns an error wrapping io.ErrUnexpectedEOF when the Manager
// maps a file that is now shorter than end; nil otherwise, and for every
// source that is not mapped (their reads are checked as they are made). A
// mapped page past the new end of a shrunk file faults (see Fault), but
// the part of the last page past the new end reads as zeros: a reader of
// mapped buffers calls Shrunk after reading bytes up to end, so that such
// zeros are an error instead of values.
func (m *Manager) Shrunk(end int64) error {
	m.mu.Lock()
	f := m.file
	m.mu.Unlock()
	if f == nil {
		return nil
	}
	return shrunk(f, end, f.Name)
}

// FaultError is the error Fault makes of a memory fault in a mapped
// buffer: the page at Offset of the file is gone, which happens when the
// file shrinks while it is mapped. It wraps io.ErrUnexpectedEOF, the error
// of a buffer read short from a file that shrank.
type FaultError struct {
	Name   string // the file's name, as given to os.Open
	Offset int64  // the file offset of the byte that faulted
}

// Error says which file and offset, and why.
func (e *FaultError) Error() string {
	return fmt.Sprintf("csvscan: %s: the mapped page at offset %d is gone (the file shrank while it was read): %v", e.Name, e.Offset, io.ErrUnexpectedEOF)
}

// Unwrap returns io.ErrUnexpectedEOF.
func (e *FaultError) Unwrap() error { return io.ErrUnexpectedEOF }

// Fault returns the error for r, a value recovered from a panic on a
// goroutine that set debug.SetPanicOnFault, when it is a memory fault at an
// address inside one of m's mapped buffers (a *FaultError naming the file
// offset); nil otherwise, for the caller to panic again with r.
func (m *Manager) Fault(r any) error {
	re, ok := r.(interface{ Addr() uintptr })
	if !ok {
		return nil
	}
	addr := re.Addr()
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, b := range m.resident {
		if !b.mapped || len(b.data) == 0 {
			continue
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(b.data)))
		if addr >= start && addr-start < uintptr(len(b.data)) {
			name := ""
			if b.file != nil {
				name = b.file.Name()
			}
			return &FaultError{Name: name, Offset: b.offset + int64(addr-start)}
		}
	}
	return nil
}

// shrunk returns an error wrapping io.ErrUnexpectedEOF when ra is a file
// (it has a Stat method) that is now shorter than end, the end of the bytes
// just read from it; nil otherwise. what(), called only then, says which
// bytes were read. A read that races a truncation can return the full
// count with bytes that were never the file's: Linux zeroes the part of a
// page (or of a large folio) past the new end before it drops it, and sets
// the new size first. Asking the size after the read catches such a read,
// so the zeros are not handed out as rows. It costs one fstat per buffer.
func shrunk(ra io.ReaderAt, end int64, what func() string) error {
	f, ok := ra.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("csvscan: %s: %w", what(), err)
	}
	if st.Mode().IsRegular() && st.Size() < end {
		return fmt.Errorf("csvscan: %s: the file shrank to %d bytes while it was read: %w", what(), st.Size(), io.ErrUnexpectedEOF)
	}
	return nil
}

// FileReader reads a regular file as a stream, from an offset up to the
// size the file had when it was opened. A file that is shorter than that
// when it is read (it shrank after it was opened) fails the read with an
// error wrapping io.ErrUnexpectedEOF, as a Manager's buffers do, instead
// of ending the input early, where a sequential scan would take the rows
// before the cut for the whole file and the cut row for a short one. A
// read that races a truncation can return the whole count with zeros that
// were never the file's (see Manager): the size is asked again after each
// read (one fstat), and such a read hands out no byte. It is a
// FileSection read in order: the section's reads make those checks.
type FileReader struct {
	s   *FileSection
	pos int64 // in the section
}

// NewFileReader returns a FileReader over bytes [off, end) of f.
func NewFileReader(f *os.File, off, end int64) *FileReader {
	return &FileReader{s: NewFileSection(f, off, end-off)}
}

// Read reads the file's next bytes.
func (r *FileReader) Read(p []byte) (int, error) {
	if r.pos >= r.s.Size() {
		return 0, io.EOF
	}
	n, err := r.s.ReadAt(p, r.pos)
	r.pos += int64(n)
	if err == io.EOF {
		err = nil // the section's end: the next Read says so
	}
	return n, err
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

// ReadAt reads bytes of the section at off, as io.SectionReader does, and
// fails with an error wrapping io.ErrUnexpectedEOF where the file no
// longer holds them: a read that ends short of the section's end because
// the file shrank, or one that raced a truncation (it may hold zeros that
// were never the file's: the size is asked again after each read, one
// fstat, as FileReader does). So a reader of ranges (the front door's
// typed read by ranges) never takes a cut file for a shorter one.
func (s *FileSection) ReadAt(p []byte, off int64) (int, error) {
	n, err := s.SectionReader.ReadAt(p, off)
	if err != nil && err != io.EOF {
		return n, err
	}
	end := off + int64(n) // in the section
	short := err == io.EOF && end < s.Size()
	if short {
		end = s.Size() // the file ended short of the section's size
	}
	what := func() string { return fmt.Sprintf("reading at byte %d", off) }
	if serr := shrunk(s.f, s.off+end, what); serr != nil {
		return 0, serr // the bytes just read may be zeros
	}
	if short { // and yet the file is not shorter: it failed the read
		return n, fmt.Errorf("csvscan: %s: %w", what(), io.ErrUnexpectedEOF)
	}
	return n, err
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
