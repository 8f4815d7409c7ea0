package csvscan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// shrinkChild names the environment variable that makes TestShrunkFile
// the child process doing the reading.
const shrinkChild = "CSVSCAN_DOOR_SHRINK_CHILD"

// TestShrunkFile: a file truncated while the front door reads it in
// parallel ends the read with an error wrapping io.ErrUnexpectedEOF, by
// every way of reading it. A typed read (Values) hung instead: a block
// whose cast was stopped by the fault was never marked done, and the
// caller waited for it (found by a hostile-input review; castWorkers.Next).
// The reading runs in a child process with a deadline, so that a hang or
// a crash fails the test instead of the run.
func TestShrunkFile(t *testing.T) {
	if mode := os.Getenv(shrinkChild); mode != "" {
		shrinkRead(t, mode)
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("a mapped file cannot be truncated on Windows")
	}
	for _, mode := range []string{"values", "values-ignore", "raw", "raw-1", "raw-3", "count"} {
		t.Run(mode, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestShrunkFile$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), shrinkChild+"="+mode)
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("the child reading the shrinking file did not return in a minute:\n%s", out)
			}
			if err != nil || !bytes.Contains(out, []byte("shrunk file: ")) {
				t.Fatalf("the child reading the shrinking file failed (%v):\n%s", err, out)
			}
			for _, line := range strings.Split(string(out), "\n") {
				if strings.Contains(line, "shrunk file: ") {
					t.Log(strings.TrimSpace(line))
				}
			}
		})
	}
}

// shrinkRead is the child of TestShrunkFile: it reads a file of about
// 12 MiB in 1 MiB buffers with 2 goroutines through the front door (Raw
// reads it sequentially with 2, and in parallel with 3: raw-3; raw-1 with
// 1), truncates it to nothing at the 1,000th row, and requires the error.
// (A sequential read of a file ended at the truncation, and its cut row
// was a "wrong number of fields" error: buffer.FileReader.)
func shrinkRead(t *testing.T, mode string) {
	var b bytes.Buffer
	b.WriteString("a,b,c\n")
	for i := 0; b.Len() < 12<<20; i++ {
		fmt.Fprintf(&b, "%d,name%d,%d.5\n", i, i, i)
	}
	path := writeFile(t, "shrink.csv", b.Bytes())
	o := Options{Threads: 2, AutoDetect: Off, Header: On, BufferSize: 1 << 20, IgnoreErrors: mode == "values-ignore"}
	switch mode {
	case "raw-1":
		o.Threads = 1
	case "raw-3":
		o.Threads = 3
	}
	r, err := Open(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rows := 0
	shrink := func() {
		if rows++; rows == 1000 {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	switch mode {
	case "values", "values-ignore":
		for _, e := range r.Values() {
			if err = e; err != nil {
				break
			}
			shrink()
		}
	case "raw", "raw-1", "raw-3":
		for _, e := range r.Raw() {
			if err = e; err != nil {
				break
			}
			shrink()
		}
	case "count":
		// Count reads on the workers: truncate as soon as it starts.
		go func() {
			time.Sleep(time.Millisecond)
			os.Truncate(path, 0)
		}()
		_, err = r.Count()
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("%s: error %v after %d rows, want one wrapping io.ErrUnexpectedEOF", mode, err, rows)
	}
	if n := strings.Count(err.Error(), path); n != 1 {
		t.Fatalf("%s: error %q names the file %d times, want once", mode, err, n)
	}
	t.Logf("shrunk file: %s: %v", mode, err)
}

// TestChangedBeforeRead: a file that shrinks or grows between Open and
// the first read is read as Open saw it, by every way and thread count:
// shorter, the read fails with an error wrapping io.ErrUnexpectedEOF;
// longer, the rows appended are not read (a parallel read took the new
// size for the file's: a cut file read as a clean short one, appended
// rows and a half-written last row were read; found by a review helper).
func TestChangedBeforeRead(t *testing.T) {
	data := bigCSV(3000)
	for _, change := range []string{"shrink", "grow"} {
		for _, threads := range []int{1, 2, 3} {
			for _, how := range []string{"raw", "count", "values"} {
				path := writeFile(t, "changed.csv", data)
				r, err := Open(path, Options{Threads: threads, BufferSize: 4096})
				if err != nil {
					t.Fatal(err)
				}
				if change == "shrink" {
					err = os.Truncate(path, int64(len(data)/2))
				} else {
					var f *os.File
					if f, err = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0); err == nil {
						_, err = f.WriteString("9999,appended,1.5\n10000,half")
						f.Close()
					}
				}
				if err != nil {
					t.Fatal(err)
				}
				rows, err := drain(r, how)
				r.Close()
				switch {
				case change == "shrink" && !errors.Is(err, io.ErrUnexpectedEOF):
					t.Errorf("%s, %d threads, %s: %d rows, error %v; want one wrapping io.ErrUnexpectedEOF", change, threads, how, rows, err)
				case change == "shrink" && (strings.Count(err.Error(), path) != 1 || strings.Count(err.Error(), "csvscan: ") != 1):
					t.Errorf("%s, %d threads, %s: %q; want the file named once, after one \"csvscan: \"", change, threads, how, err)
				case change == "grow" && (err != nil || rows != 3000):
					t.Errorf("%s, %d threads, %s: %d rows, error %v; want the 3000 rows Open saw", change, threads, how, rows, err)
				}
			}
		}
	}
}
