package csvscan

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzOpen reads any input through the front door as a file, sniffed, with
// rows skipped or padded or not, as it is or gzipped or as UTF-16 (each
// byte a code unit, after a byte order mark), with the default maximum
// line size or one of 64 bytes, as mode says. The read must not panic;
// the parallel read, with buffers of a few bytes, and the read by ranges
// of a few bytes, must give what the sequential read gives
// (TestThreadsAgree over any input); the options
// Prompt returns must read the file to the same schema and rows without
// sniffing (TestPrompt); and a stream of an input that lies whole in the
// sniffer's head must read as the file does.
func FuzzOpen(f *testing.F) {
	paths, err := filepath.Glob("testdata/*/*.csv")
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range append(paths, "testdata/sample.csv") {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= 4<<10 {
			f.Add(data, uint8(0))
		}
	}
	f.Add([]byte("id,name,comment\n1,\"q\"z,x\n2,b,\"two\nlines\"\n"), uint8(1))
	f.Add([]byte("a;b\n1;2\n3\n4;5;6\n"), uint8(2))
	f.Add([]byte("x,y\n1,2\n"), uint8(4))
	f.Add([]byte("x,y\n1,\xfc\n"), uint8(8))
	f.Add([]byte("a,b\n1,"+strings.Repeat("x", 100)+"\n2,y\n"), uint8(16+1))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		file := data
		switch {
		case mode&4 != 0:
			file = gzipBytes(data)
		case mode&8 != 0:
			file = []byte{0xff, 0xfe}
			for _, b := range data {
				file = append(file, b, 0)
			}
		}
		path := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(path, file, 0o600); err != nil {
			t.Fatal(err)
		}
		base := Options{IgnoreErrors: mode&1 != 0, NullPadding: mode&2 != 0}
		if mode&16 != 0 {
			base.MaxLineSize = 64 // lines over the maximum, in the sample and past it
		}
		seq := base
		seq.Threads = 1
		r, err := Open(path, seq)
		var prompt *Options // the sniffed read's, when the sniffer found a dialect
		if err == nil {
			p := r.Prompt()
			prompt = &p
		}
		want := tableOf(r, err)
		par := base
		par.Threads, par.BufferSize = 2, 7+int(mode>>5)
		if got := openAll(t, path, par); !cmp.Equal(want, got) {
			t.Fatalf("%q, mode %d, %+v (-sequential +parallel):\n%s", data, mode, par, cmp.Diff(want, got))
		}
		// By ranges of a few bytes (planned.go), where the options allow.
		var got table
		withPlanRange(8+int(mode>>5), func() { got = openAll(t, path, par) })
		if !cmp.Equal(want, got) {
			t.Fatalf("%q, mode %d, %+v, ranges of %d bytes (-sequential +by ranges):\n%s", data, mode, par, 8+int(mode>>5), cmp.Diff(want, got))
		}
		// As a stream, the same: the whole input lies in the sniffer's
		// head, so the windows a file adds show nothing new.
		if len(file) < 32<<10 {
			if got := tableOf(OpenReader(namedReader{bytes.NewReader(file), path}, seq)); !cmp.Equal(want, got) {
				t.Fatalf("%q, mode %d (-file +stream):\n%s", data, mode, cmp.Diff(want, got))
			}
		}
		if prompt == nil {
			return // an input the sniffer refuses has no prompt
		}
		// An error of the sniffed read may end with advice about the
		// sniffer's choice of no quote (Reader.quoteHint) or about the
		// line where it found the table to end (Reader.tableEndHint),
		// which a read that does not sniff does not give: that read
		// gives the advice of a row that does not fit (Reader.rowHint).
		hinted := false
		for _, h := range []string{" (the sniffer found no quoted value", " (the sniffer found the table to end"} {
			if i := strings.Index(want.Err, h); i >= 0 {
				want.Err, hinted = want.Err[:i], true
				break
			}
		}
		got = openAll(t, path, *prompt)
		if hinted && strings.HasPrefix(got.Err, want.Err+" (") {
			got.Err = want.Err
		}
		if !cmp.Equal(want, got) {
			t.Fatalf("%q, mode %d: with the prompt %v (-sniffed +prompt):\n%s", data, mode, prompt.Flags(), cmp.Diff(want, got))
		}
	})
}

// namedReader is a stream that names itself, as an *os.File does, so that
// its errors read as the file's.
type namedReader struct {
	*bytes.Reader
	name string
}

// Name returns the name the stream's errors give.
func (n namedReader) Name() string { return n.name }

// FuzzOpenFiles reads two inputs as one table (OpenFiles), their columns
// matched by position and name or united by name (UnionByName), with the
// file name as a column or not, as mode says: the read must not panic,
// and the parallel read, with buffers of a few bytes, must give what the
// sequential read gives.
func FuzzOpenFiles(f *testing.F) {
	f.Add([]byte("a,b\n1,x\n2,y\n"), []byte("b,a,c\nw,4,1.5\n"), uint8(0))
	f.Add([]byte("a,b\n1,x\n2,y\n"), []byte("b,a,c\nw,4,1.5\n"), uint8(1))
	f.Add([]byte("a;b\n1;2\n"), []byte("a\n6\n"), uint8(3))
	f.Add([]byte("id,note\n1,\"two\nlines\"\n"), []byte(""), uint8(5))
	f.Fuzz(func(t *testing.T, a, b []byte, mode uint8) {
		dir := t.TempDir()
		paths := []string{filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")}
		for i, data := range [][]byte{a, b} {
			if err := os.WriteFile(paths[i], data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		base := Options{UnionByName: mode&1 != 0, Filename: mode&2 != 0, IgnoreErrors: mode&4 != 0}
		seq := base
		seq.Threads = 1
		want := tableOf(OpenFiles(paths, seq))
		par := base
		par.Threads, par.BufferSize = 2, 7+int(mode>>3)
		if got := tableOf(OpenFiles(paths, par)); !cmp.Equal(want, got) {
			t.Fatalf("%q, %q, mode %d (-sequential +parallel):\n%s", a, b, mode, cmp.Diff(want, got))
		}
	})
}
