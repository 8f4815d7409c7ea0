package scanner

import (
	"errors"
	"fmt"
	"io"
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

// TestOpen: a File gives the rows, header and error of a sequential scan
// of its bytes, read sequentially with fewer than MinScanThreads
// goroutines and in parallel from it on, and closes its file when the
// scan ends, a loop over All or Chunks ends or breaks, or on Close (after
// which Err is ErrClosed, also when Close comes from another goroutine).
func TestOpen(t *testing.T) {
	data := parallelFixture(t)
	path := writeTemp(t, data)
	for _, threads := range []int{1, 2, MinScanThreads} {
		t.Run(fmt.Sprintf("threads=%d", threads), func(t *testing.T) {
			testOpen(t, data, path, Options{Header: true, Threads: threads, BufferSize: 64 << 10})
		})
	}
}

func testOpen(t *testing.T, data []byte, path string, opts Options) {
	want := scanBytes(t, data, opts)
	f, err := Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if parallel := f.p != nil; parallel != (opts.Threads >= MinScanThreads) {
		t.Errorf("%d threads: parallel %v", opts.Threads, parallel)
	}
	f.Close()

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
		if err := f.Err(); !errors.Is(err, ErrClosed) {
			t.Fatalf("Err after Close: %v, want ErrClosed", err)
		}
		if err := f.Close(); err != nil {
			t.Fatalf("second Close: %v", err)
		}
		waitGoroutines(t, before)
	})

	t.Run("CloseFromAnotherGoroutine", func(t *testing.T) {
		f, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for f.Scan() {
			if rows++; rows == 10 {
				done := make(chan struct{})
				go func() {
					f.Close()
					close(done)
				}()
				<-done
			}
		}
		if err := f.Err(); rows >= len(want.Rows) || !errors.Is(err, ErrClosed) {
			t.Fatalf("closed at row 10 of %d: %d rows, Err %v; want fewer rows and ErrClosed", len(want.Rows), rows, err)
		}
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
// garbage header, no rows and no error); so is a zstd file that starts
// with a skippable frame (pzstd, seekable zstd), as the front door reads
// it.
func TestOpenCompressed(t *testing.T) {
	for _, c := range []struct {
		name string
		head []byte
	}{
		{"gzip", []byte{0x1f, 0x8b, 8, 0, 0, 0}},
		{"zstd", []byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0}},
		{"zstd", []byte{0x5e, 0x2a, 0x4d, 0x18, 2, 0, 0, 0, 1, 2, 0x28, 0xb5, 0x2f, 0xfd, 0, 0}},
	} {
		name, head := c.name, c.head
		path := writeTemp(t, append(head, "garbage"...))
		_, err := Open(path, Options{})
		if !errors.Is(err, ErrCompressed) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "csvscan.Open") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestOpenShrunk: a file that shrinks while Open's File reads it ends the
// scan with an error wrapping io.ErrUnexpectedEOF, sequentially and in
// parallel, never as the end of the input.
func TestOpenShrunk(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,c\n")
	for i := 0; b.Len() < 4<<20; i++ {
		fmt.Fprintf(&b, "%d,name%d,%d.5\n", i, i, i)
	}
	for _, threads := range []int{2, MinScanThreads} {
		path := writeTemp(t, []byte(b.String()))
		f, err := Open(path, Options{Header: true, Threads: threads, BufferSize: 64 << 10})
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for f.Scan() {
			if rows++; rows == 100 {
				if err := os.Truncate(path, 1<<20); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := f.Err(); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("%d threads: %d rows, then %v; want an error wrapping io.ErrUnexpectedEOF", threads, rows, err)
		}
	}
}

// TestGoroutines: a scan runs Threads goroutines, GOMAXPROCS for zero or
// less; Open and the front door decide on it whether to read in parallel.
func TestGoroutines(t *testing.T) {
	for _, c := range []struct{ threads, want int }{{3, 3}, {1, 1}, {0, runtime.GOMAXPROCS(0)}, {-2, runtime.GOMAXPROCS(0)}} {
		if got := (Options{Threads: c.threads}).Goroutines(); got != c.want {
			t.Errorf("Threads %d: %d goroutines, want %d", c.threads, got, c.want)
		}
	}
}
