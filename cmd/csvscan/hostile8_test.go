package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fullWriter fails every write, as a full disk or a closed pipe does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteErrorsFail: every command whose output cannot be written exits
// with status 1 and says why. table and trace exited 0 with nothing
// written (csvscan table > /dev/full), their buffered output's Flush
// unchecked.
func TestWriteErrorsFail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"table"},
		{"trace", path},
		{"scan", path},
		{"scan", "--raw", path},
		{"count", path},
		{"sniff", path},
	} {
		var stderr bytes.Buffer
		code := run(args, strings.NewReader(""), fullWriter{}, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("%v to a full disk: exit %d, %q; want 1 and the write's error", args, code, stderr.String())
		}
	}
}
