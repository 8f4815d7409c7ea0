package scanner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/google/go-cmp/cmp"
)

// TestParallelReadBufferSize: a file read into memory by Scan, with no
// BufferSize given, is read in buffers of DefaultReadBufferSize, and one
// read by Each keeps DefaultParallelBufferSize where its pages are mapped;
// a maximum line size over half of DefaultReadBufferSize, or a BufferSize
// given, keeps the size. The rows are the sequential scan's every way: the
// boundaries are cut again over the smaller buffers, and a quoted line
// break, a row across two buffers and the last row are read as before.
func TestParallelReadBufferSize(t *testing.T) {
	in := gen.Bytes(gen.Shape{NoteLen: 256, Quoted: true}, 3*DefaultReadBufferSize+12345, 1)
	path := filepath.Join(t.TempDir(), "q256.csv")
	if err := os.WriteFile(path, in, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name         string
		opts         Options
		each         bool
		read, mapped int // the buffer size at the end, read into memory or mapped
	}{
		{"Scan", Options{}, false, DefaultReadBufferSize, DefaultReadBufferSize},
		{"Each", Options{}, true, DefaultReadBufferSize, DefaultParallelBufferSize},
		{"Scan, long lines", Options{MaxLineSize: DefaultReadBufferSize/2 + 1}, false, DefaultParallelBufferSize, DefaultParallelBufferSize},
		{"Scan, BufferSize", Options{BufferSize: 3 << 20}, false, 3 << 20, 3 << 20},
	} {
		opts := c.opts
		opts.Header, opts.Threads = true, 2
		want := scanBytes(t, in, opts)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ScanFile(context.Background(), f, opts)
		if err != nil {
			t.Fatal(err)
		}
		size := c.read
		if c.each && p.m.Mapped() {
			size = c.mapped
		}
		var got result
		if c.each {
			got = collectEach(t, p)
		} else {
			got = collect(p)
		}
		f.Close()
		if d := cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine)); d != "" {
			t.Fatalf("%s (-sequential +parallel):\n%s", c.name, d)
		}
		if p.m.Size() != size {
			t.Errorf("%s: buffers of %d bytes, want %d", c.name, p.m.Size(), size)
		}
	}
}

// TestEachShrunkAfterScan: a file that shrinks after its block was
// scanned, while the function reads the block (values read then may be
// zeros the system wrote past the new end), makes Each return an error
// wrapping io.ErrUnexpectedEOF, and Block.Shrunk says so to the function,
// where Each returned nil (a review helper saw the front door's typed
// read hand out rows of zero bytes this way).
func TestEachShrunkAfterScan(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n")
	for i := 0; b.Len() < 8000; i++ {
		fmt.Fprintf(&b, "%d,x\n", i)
	}
	path := filepath.Join(t.TempDir(), "shrink.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ScanFile(context.Background(), f, Options{Header: true, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !p.m.Mapped() {
		p.Close()
		t.Skip("the file is not mapped here: its bytes are read, and each read checks the size")
	}
	var inFn error
	err = p.Each(func(bl *Block) error {
		if err := bl.Shrunk(); err != nil {
			return fmt.Errorf("before the truncation: %w", err)
		}
		if err := os.Truncate(path, 100); err != nil {
			return err
		}
		inFn = bl.Shrunk()
		return nil
	})
	if !errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(inFn, io.ErrUnexpectedEOF) {
		t.Fatalf("Each: %v; Block.Shrunk after the truncation: %v; want both to wrap io.ErrUnexpectedEOF", err, inFn)
	}
}
