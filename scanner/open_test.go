package scanner

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeTemp writes data to a file in a test directory and returns its path.
func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// fileClosed reports whether Open's file was closed.
func fileClosed(f *File) bool {
	_, err := f.f.Stat()
	return errors.Is(err, os.ErrClosed)
}

func TestOpen(t *testing.T) {
	data := parallelFixture(t)
	path := writeTemp(t, data)
	opts := Options{Header: true, Threads: 2, BufferSize: 64 << 10}
	want := scanBytes(t, data, opts)

	t.Run("Scan", func(t *testing.T) {
		f, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got result
		for f.Scan() {
			if fileClosed(f) {
				t.Fatal("file closed during the scan")
			}
			got.Rows = append(got.Rows, rowStrings(f.Row()))
		}
		got.Header, got.Err = f.Header(), f.Err()
		if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
			t.Fatalf("(-Scan +Open):\n%s", d)
		}
		if !fileClosed(f) {
			t.Fatal("file still open after Scan returned false")
		}
		if err := f.Close(); err != nil {
			t.Fatalf("Close after the end: %v", err)
		}
	})

	t.Run("All", func(t *testing.T) {
		f, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		got := collectAll(f.All())
		got.Header = f.Header()
		if d := cmp.Diff(want, got, cmp.Comparer(sameError), ignoreLines); d != "" {
			t.Fatalf("(-Scan +Open.All):\n%s", d)
		}
		if !fileClosed(f) {
			t.Fatal("file still open after the loop")
		}
	})

	t.Run("Break", func(t *testing.T) {
		before := runtime.NumGoroutine()
		f, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		for range f.All() {
			break
		}
		if !fileClosed(f) {
			t.Fatal("file still open after a break")
		}
		waitGoroutines(t, before)

		f, err = Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		for range f.Chunks(10) {
			break
		}
		if !fileClosed(f) {
			t.Fatal("file still open after a break out of Chunks")
		}
		waitGoroutines(t, before)
	})

	t.Run("Close", func(t *testing.T) {
		before := runtime.NumGoroutine()
		f, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		f.Scan()
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		if !fileClosed(f) || f.Scan() {
			t.Fatal("Close left the file open or the scan running")
		}
		if err := f.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
		waitGoroutines(t, before)
	})
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "missing.csv"), Options{}); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	path := writeTemp(t, []byte("a,b\n"))
	bad := Options{}
	bad.Dialect.Delimiter = "\n"
	if _, err := Open(path, bad); err == nil {
		t.Fatal("an invalid dialect was accepted")
	}
}

// TestOpenNotRegular opens a device, which is read as a stream.
func TestOpenNotRegular(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil || runtime.GOOS == "windows" {
		t.Skip("no null device")
	}
	f, err := Open(os.DevNull, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Scan() || f.Err() != nil || !fileClosed(f) {
		t.Fatalf("reading %s: err %v", os.DevNull, f.Err())
	}
}

// TestOpenCompressed: a gzip or zstd file is refused with a pointer to the
// front door, not read as garbage rows (issue 12: a .gz file gave a
// garbage header, no rows and no error).
func TestOpenCompressed(t *testing.T) {
	for name, head := range map[string][]byte{"gzip": {0x1f, 0x8b, 8, 0, 0, 0}, "zstd": {0x28, 0xb5, 0x2f, 0xfd, 0, 0}} {
		path := writeTemp(t, append(head, "garbage"...))
		_, err := Open(path, Options{})
		if !errors.Is(err, ErrCompressed) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "csvscan.Open") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
