package scanner

import (
	"context"
	"os"
	"path/filepath"
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
