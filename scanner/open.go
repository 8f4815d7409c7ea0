package scanner

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"sync"
	"sync/atomic"

	"github.com/csvscan/csvscan/buffer"
)

// File is the scan of a file that Open opened, in parallel (a Parallel)
// or, with fewer than MinScanThreads goroutines, sequentially (a Scanner),
// which also closes the file: when Scan returns false, when a range loop
// over All or Chunks ends, or on Close.
//
// As a Parallel, a File is for one goroutine at a time, but Close may be
// called from any goroutine: it stops the scan (the reading goroutine's
// Scan returns false, and Err returns ErrClosed) and closes the file.
type File struct {
	p        *Parallel // the parallel scan, or nil
	s        *Scanner  // the sequential scan, or nil
	f        *os.File
	closeReq atomic.Bool // Close was called
	ended    bool        // the sequential scan ended before Close
	shutMu   sync.Mutex
	fileErr  error // the error of closing the file
	fileShut bool
}

// MinScanThreads is the fewest goroutines with which a scan that hands
// every row to one goroutine in file order (Parallel's Scan, All and
// Chunks) reads a file in parallel where the choice is the library's:
// Open here, and the front door's Raw. With fewer, a sequential Scanner
// reads it faster: the parallel scan adds to the scan the workers'
// records of every row and value, their merge on the reading goroutine
// and the copy into read buffers, and with two goroutines on two cores it
// took 1.7 to 3.1 times the CPU time of a sequential scan and ran at 0.45
// to 0.95 of its speed on every shape of the benchmark (the runner's
// 200 MB files, docs/performance.md, 2026-12-05). Each, whose function
// runs on the workers, gains from two.
const MinScanThreads = 3

// Open opens the file at path and reads it with opts: a regular file in
// parallel over its known ranges (see ScanFile: File reads with Scan,
// which reads the file's pages into buffers rather than mapping them), or
// sequentially with fewer than MinScanThreads goroutines (a Scanner over
// buffer.FileReader: a file that shrinks while it is read is an error
// either way); anything else (a named pipe, a device, a regular file
// whose size says 0, as those of /proc do) as a sequential stream (see
// ScanReader). The defaults are those of Parallel:
// runtime.GOMAXPROCS(0) goroutines, and buffers of DefaultParallelBufferSize
// where pages are mapped, DefaultReadBufferSize where they are read.
//
// The dialect is opts.Dialect (zero: RFC 4180) and nothing is detected:
// set opts.Header when the first row names the columns, or let package
// sniff find the dialect, the lines to skip and the header first (as
// `csvscan scan` does).
//
// The file is closed when the scan ends: when Scan returns false, when a
// range loop over All or Chunks ends, or when Close is called; call Close
// when stopping early without such a loop.
func Open(path string, opts Options) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.Mode().IsRegular() {
		var magic [4]byte
		if n, _ := f.ReadAt(magic[:], 0); n >= 2 {
			if kind := compressed(magic[:n]); kind != "" {
				f.Close()
				return nil, fmt.Errorf("csvscan: %s is %s-compressed: Open reads the bytes as they are; csvscan.Open (the module's root package) decompresses: %w", path, kind, ErrCompressed)
			}
		}
	}
	threads := opts.Goroutines()
	// A regular file of size 0 may hold bytes all the same (/proc, /sys):
	// ScanFile reads it as a stream, as it reads a pipe or a device.
	if st.Mode().IsRegular() && st.Size() > 0 && threads < MinScanThreads && opts.SkipRows == 0 {
		s, err := New(buffer.NewFileReader(f, 0, st.Size()), opts)
		if err != nil {
			f.Close()
			return nil, err
		}
		return &File{s: s, f: f}, nil
	}
	p, err := ScanFile(context.Background(), f, opts)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{p: p, f: f}, nil
}

// Scan reads the next data row, like Parallel.Scan. When it returns false
// the scan is over and the file is closed; Err tells why it ended.
func (f *File) Scan() bool {
	if f.s == nil {
		if f.p.Scan() {
			return true
		}
		f.shut()
		return false
	}
	if !f.closeReq.Load() && !f.ended {
		if f.s.Scan() {
			return true
		}
		// A read that failed because Close closed the file is ErrClosed.
		f.ended = !f.closeReq.Load()
	}
	f.shut()
	return false
}

// Row returns the values of the row read by the last successful Scan,
// valid until the next call to Scan.
func (f *File) Row() [][]byte {
	if f.s != nil {
		return f.s.Row()
	}
	return f.p.Row()
}

// Header returns the header row when Options.Header is set.
func (f *File) Header() []string {
	if f.s != nil {
		return f.s.Header()
	}
	return f.p.Header()
}

// RowNumber returns the 1-based number of the row Row returns.
func (f *File) RowNumber() int {
	if f.s != nil {
		return f.s.RowNumber()
	}
	return f.p.RowNumber()
}

// Err returns the error that stopped the scan, or nil at the end of input;
// ErrClosed when Close stopped it.
func (f *File) Err() error {
	if f.s == nil {
		return f.p.Err()
	}
	if f.closeReq.Load() && !f.ended {
		return ErrClosed
	}
	return f.s.Err()
}

// Close stops the scan (see Parallel.Close) and closes the file. It returns
// the error of closing the file, and is safe to call more than once.
func (f *File) Close() error {
	f.closeReq.Store(true)
	if f.p != nil {
		f.p.Close()
	}
	return f.shut()
}

// shut closes the file once the scan is closed.
func (f *File) shut() error {
	f.shutMu.Lock()
	defer f.shutMu.Unlock()
	if !f.fileShut {
		f.fileShut = true
		if f.p != nil {
			f.p.Close()
		}
		f.fileErr = f.f.Close()
	}
	return f.fileErr
}

// All returns an iterator over the data rows, like Parallel.All; the file
// is closed when the loop ends.
func (f *File) All() iter.Seq2[[][]byte, error] {
	return func(yield func([][]byte, error) bool) {
		defer f.shut()
		if s := f.s; s != nil {
			// The sequential scan's loop, without File.Scan's call a row.
			for !f.closeReq.Load() && s.Scan() {
				if !yield(s.Row(), nil) {
					return
				}
			}
			f.ended = f.ended || !f.closeReq.Load()
		} else {
			for f.p.Scan() {
				if !yield(f.p.Row(), nil) {
					return
				}
			}
		}
		if err := f.Err(); err != nil {
			yield(nil, err)
		}
	}
}

// Chunks returns an iterator over the data rows in chunks of n rows owned
// by the caller, like Parallel.Chunks; the file is closed when the loop
// ends.
func (f *File) Chunks(n int) iter.Seq2[[][][]byte, error] {
	seq := chunks(n, f.Scan, f.Row, f.Err)
	return func(yield func([][][]byte, error) bool) {
		defer f.shut()
		seq(yield)
	}
}

// ErrCompressed is the cause Open reports for a file that starts with the
// magic bytes of gzip or zstd: its rows are not its bytes.
var ErrCompressed = errors.New("csvscan: compressed input")

// compressed names the compression whose magic bytes head starts with,
// or returns "".
func compressed(head []byte) string {
	switch {
	case len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		return "gzip"
	case len(head) >= 4 && head[0] == 0x28 && head[1] == 0xb5 && head[2] == 0x2f && head[3] == 0xfd:
		return "zstd"
	case len(head) >= 4 && head[0]&0xf0 == 0x50 && head[1] == 0x2a && head[2] == 0x4d && head[3] == 0x18:
		// A zstd skippable frame (magic 0x184D2A50 to 0x184D2A5F), which
		// pzstd and seekable zstd write first: the front door reads such
		// a stream as zstd.
		return "zstd"
	}
	return ""
}
