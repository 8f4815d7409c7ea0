// Package faults makes the failing sources of the fault-injection suite:
// readers that give part of their data and then fail, that give nothing
// forever, and readers-at that are shorter than their stated size. Every
// reading path's tests (buffer, scanner, the drop-in Reader, sniff, the
// front door) use these, so that "a source that fails" means one thing.
//
// Basic use:
//
//	src := &faults.Reader{Data: data, N: len(data) / 2, Err: io.ErrUnexpectedEOF, Together: true}
//	_, err := io.ReadAll(src) // the first half of data, then io.ErrUnexpectedEOF
package faults

import "io"

// Reader gives the first N bytes of Data (all of it if N is larger), then
// fails with Err on every call. With Together, the last bytes and the
// error come in the same call, as gzip returns the end of a truncated
// stream; otherwise the error comes with the next call.
type Reader struct {
	Data     []byte
	N        int
	Err      error
	Together bool
}

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	if r.N <= 0 || len(r.Data) == 0 {
		return 0, r.Err
	}
	k := copy(p[:min(len(p), r.N)], r.Data)
	r.Data, r.N = r.Data[k:], r.N-k
	if r.Together && (r.N <= 0 || len(r.Data) == 0) {
		return k, r.Err
	}
	return k, nil
}

// Stall returns no bytes and no error, forever: a source that makes no
// progress. Calls counts the reads.
type Stall struct{ Calls int }

// Read implements io.Reader.
func (s *Stall) Read([]byte) (int, error) { s.Calls++; return 0, nil }

// ReaderAt reads Data, but fails with Err for any read that reaches past
// offset N. With Short, such a read that starts before N first returns the
// bytes up to N together with Err: the short read of a source shorter than
// its stated size (Err io.EOF or io.ErrUnexpectedEOF), or of a file that
// shrank to N bytes.
type ReaderAt struct {
	Data  []byte
	N     int64
	Err   error
	Short bool
}

// ReadAt implements io.ReaderAt.
func (r *ReaderAt) ReadAt(p []byte, off int64) (int, error) {
	end := off + int64(len(p))
	if end <= r.N && end <= int64(len(r.Data)) {
		return copy(p, r.Data[off:end]), nil
	}
	if !r.Short || off >= r.N || off >= int64(len(r.Data)) {
		return 0, r.Err
	}
	return copy(p, r.Data[off:min(r.N, int64(len(r.Data)))]), r.Err
}

// Chunked gives Data at most Size bytes per call and then io.EOF: a source
// that works but returns short reads, so a reader's chunk boundaries fall
// where a test puts them.
type Chunked struct {
	Data []byte
	Size int
}

// Read implements io.Reader.
func (c *Chunked) Read(p []byte) (int, error) {
	if len(c.Data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), max(c.Size, 1))], c.Data)
	c.Data = c.Data[k:]
	return k, nil
}
