package scanner

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"sync"
)

// File is the parallel scan of a file that Open opened: a Parallel that
// also closes the file, when Scan returns false, when a range loop over All
// or Chunks ends, or on Close.
//
// As a Parallel, a File is for one goroutine at a time, but Close may be
// called from any goroutine: it stops the scan (the reading goroutine's
// Scan returns false, and Err returns ErrClosed) and closes the file.
type File struct {
	p        *Parallel
	f        *os.File
	shutMu   sync.Mutex
	fileErr  error // the error of closing the file
	fileShut bool
}

// Open opens the file at path and reads it in parallel with opts: a regular
// file over its known ranges (see ScanFile: File reads with Scan, which
// reads the file's pages into buffers rather than mapping them), anything else (a named pipe, a device) as a
// sequential stream (see ScanReader). The defaults are those of Parallel:
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
	var p *Parallel
	if st.Mode().IsRegular() {
		p, err = ScanFile(context.Background(), f, opts)
	} else {
		p, err = ScanReader(context.Background(), f, opts)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &File{p: p, f: f}, nil
}

// Scan reads the next data row, like Parallel.Scan. When it returns false
// the scan is over and the file is closed; Err tells why it ended.
func (f *File) Scan() bool {
	if f.p.Scan() {
		return true
	}
	f.shut()
	return false
}

// Row returns the values of the row read by the last successful Scan,
// valid until the next call to Scan.
func (f *File) Row() [][]byte { return f.p.Row() }

// Header returns the header row when Options.Header is set.
func (f *File) Header() []string { return f.p.Header() }

// RowNumber returns the 1-based number of the row Row returns.
func (f *File) RowNumber() int { return f.p.RowNumber() }

// Err returns the error that stopped the scan, or nil at the end of input.
func (f *File) Err() error { return f.p.Err() }

// Close stops the scan (see Parallel.Close) and closes the file. It returns
// the error of closing the file, and is safe to call more than once.
func (f *File) Close() error {
	f.p.Close()
	return f.shut()
}

// shut closes the file once the scan is closed.
func (f *File) shut() error {
	f.shutMu.Lock()
	defer f.shutMu.Unlock()
	if !f.fileShut {
		f.fileShut = true
		f.p.Close()
		f.fileErr = f.f.Close()
	}
	return f.fileErr
}

// All returns an iterator over the data rows, like Parallel.All; the file
// is closed when the loop ends.
func (f *File) All() iter.Seq2[[][]byte, error] {
	seq := f.p.All()
	return func(yield func([][]byte, error) bool) {
		defer f.shut()
		seq(yield)
	}
}

// Chunks returns an iterator over the data rows in chunks of n rows owned
// by the caller, like Parallel.Chunks; the file is closed when the loop
// ends.
func (f *File) Chunks(n int) iter.Seq2[[][][]byte, error] {
	seq := f.p.Chunks(n)
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
	}
	return ""
}
