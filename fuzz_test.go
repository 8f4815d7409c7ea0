package csvscan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzOpen reads any input through the front door as a file, sniffed, with
// rows skipped or padded or not: the read must not panic, and the parallel
// read, with buffers of a few bytes, must give what the sequential read
// gives (TestThreadsAgree over any input). The options Prompt returns must
// read the file to the same schema and rows without sniffing (TestPrompt).
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
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		path := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		base := Options{IgnoreErrors: mode&1 != 0, NullPadding: mode&2 != 0}
		seq := base
		seq.Threads = 1
		want := openAll(t, path, seq)
		par := base
		par.Threads, par.BufferSize = 2, 7+int(mode>>2)
		if got := openAll(t, path, par); !cmp.Equal(want, got) {
			t.Fatalf("%q, %+v (-sequential +parallel):\n%s", data, par, cmp.Diff(want, got))
		}
		r, err := Open(path, seq)
		if err != nil {
			return // an input the sniffer refuses has no prompt
		}
		prompt := r.Prompt()
		r.Close()
		if got := openAll(t, path, prompt); !cmp.Equal(want, got) {
			t.Fatalf("%q: with the prompt %v (-sniffed +prompt):\n%s", data, prompt.Flags(), cmp.Diff(want, got))
		}
	})
}
