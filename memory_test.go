package csvscan

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/memtest"
)

// TestMemoryFrontDoor reads the hostile inputs of the reliability issue,
// with and without IgnoreErrors, through OpenReader (sniffing, then a
// sequential read and the casts), generated on the fly, and from a file
// with Open and two goroutines (the parallel scan, its rows cast on its
// workers): the peak heap stays under 32 MiB + 4*MaxLineSize + 128 bytes
// per value of the widest row (the sniffer's sample, the scanner's buffer
// grown to a row, a chunk), and 16 MiB more from a file (the parallel
// scan's window of batches). The file's reads run with the collector held
// to 24 MiB, so that the figure is what they hold, not garbage a lazy
// collector left: without it, the file of empty lines (a NULL row per
// byte, 28 bytes of records each in the workers' batches) peaked at 68
// MiB for 16 MiB and at 97 MiB for 100 MiB; with it, at 38.5 and 39.8 MiB
// (2026-12-06), the window of batches and blocks, whatever the size.
// Rows of a million values each, under MaxLineSize, peak at 470 to 770
// bytes a value (2026-12-06; at 16 GB to 48 GB before chunks of wide
// schemas were cut to typed.ChunkRows rows, read sequentially, and the
// files' columns matched by a map). The
// small sizes run in go test ./...; CSVSCAN_MEMORY=full runs the issue's.
func TestMemoryFrontDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	const maxLine = 2_000_000
	for _, h := range []struct {
		name             string
		head, unit, tail string
		small, full      int64
		values           int
	}{
		{"stray quote", "a,b\n1,2\n\"", "x,y\n", "", 16 << 20, 1 << 30, 0},
		{"long line", "a\n", "abcdefgh", "", 16 << 20, 500 << 20, 0},
		{"1M columns", "", "a,", "\n", 2 << 20, 2_000_000, 1 << 20},
		{"delimiters", "", ",", "", 16 << 20, 100 << 20, maxLine + 1},
		{"quotes", "", "\"", "", 16 << 20, 2 << 30, 0},
		{"tiny rows", "", "1\n", "", 16 << 20, 200 << 20, 0},
		{"empty lines", "a\n1\n", "\n", "", 16 << 20, 100 << 20, 0},
		// Rows of a million columns, each just under MaxLineSize: the
		// read casts them, in chunks of one row (typed.ChunkRows),
		// sequentially (wideSchema).
		{"wide rows", "", wideRow, "", 4 * int64(len(wideRow)), 16 * int64(len(wideRow)), -wideValues},
	} {
		for k, ignore := range []bool{false, true, false, true} {
			file := k >= 2
			t.Run(fmt.Sprintf("%s/ignore=%v/file=%v", h.name, ignore, file), func(t *testing.T) {
				var rows int
				var readErr error
				path := ""
				if file {
					path = filepath.Join(t.TempDir(), "hostile.csv")
					f, err := os.Create(path)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := f.ReadFrom(memtest.Pattern(h.head, h.unit, memtest.Size(h.small, h.full), h.tail)); err != nil {
						t.Fatal(err)
					}
					f.Close()
				}
				if file || h.values < 0 {
					defer memtest.Limit(24 << 20)()
				}
				peak, err := memtest.Measure(func() error {
					var r *Reader
					var err error
					if file {
						r, err = Open(path, Options{IgnoreErrors: ignore, Threads: 2})
					} else {
						r, err = OpenReader(memtest.Pattern(h.head, h.unit, memtest.Size(h.small, h.full), h.tail), Options{IgnoreErrors: ignore})
					}
					if err != nil {
						return err
					}
					defer r.Close()
					for _, err := range r.Values() {
						if err != nil {
							readErr = err
							break
						}
						rows++
					}
					return nil
				})
				bound := uint64(32<<20 + 4*maxLine + 128*max(h.values, 0))
				if h.values < 0 {
					// Rows the read casts: a chunk costs a typed.Vector
					// (240 bytes) for each column however few rows it
					// holds, the schema 40 bytes a column in each of its
					// three copies (the sniffer's, the Reader's, the
					// typed.Reader's), the scanner's row 48 bytes a value,
					// and Values an any a value: about 460 bytes a value
					// held, and up to 770 at the peak with the sniffer's
					// garbage (its candidates' scanners each grow a row of
					// the width) not yet collected (2026-12-06).
					bound = uint64(32<<20 + 4*maxLine + 1024*(-h.values))
				}
				if file {
					// The parallel read's records: two batches of about
					// batchBudget (2 MiB) for each of the Threads+2
					// boundaries of its window.
					bound += 16 << 20
				}
				if peak > bound {
					t.Fatalf("peak heap %d over the bound %d (%d rows, open %v, read %v)", peak, bound, rows, err, readErr)
				}
				t.Logf("peak heap %.1f MiB, %d rows, open error %v, read error %v", float64(peak)/(1<<20), rows, err, readErr)
			})
		}
	}
}

// wideRow is a row of wideValues values of "1", its line just under the
// default MaxLineSize.
var (
	wideValues = 999_991
	wideRow    = strings.Repeat("1,", wideValues-1) + "1\n"
)

// TestMemoryBadRuns: a run of bad rows with no good row between them
// (here the whole file past its first row) is not held while it is
// skipped. A sequential read holds only the rejects it keeps (none
// without StoreRejects, RejectsLimit with it): under 32 MiB, typed and
// raw, and so does a parallel read; nor does its peak grow with the run
// (a file twice as long peaks alike).
func TestMemoryBadRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	size := memtest.Size(16<<20, 300<<20)
	fileOf := func(size int64, row string) string {
		path := filepath.Join(t.TempDir(), "bad.csv")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		size = 8 + 7*((size-8)/7) // whole rows: the head's 8 bytes, then rows of 7
		if _, err := f.ReadFrom(memtest.Pattern("a,b\n1,2\n", row, size, "")); err != nil {
			t.Fatal(err)
		}
		return path
	}
	file := func(size int64) string { return fileOf(size, "1,\"x\"y\n") }
	read := func(t *testing.T, path string, threads int, how string, store bool) uint64 {
		t.Helper()
		o := Options{AutoDetect: Off, Header: On, Delim: ",", Quote: `"`, IgnoreErrors: true, Threads: threads}
		if store {
			o.StoreRejects, o.RejectsLimit = true, 10
		}
		var rows int64
		var rejects int
		peak, err := memtest.Measure(func() error {
			r, err := Open(path, o)
			if err != nil {
				return err
			}
			defer r.Close()
			rows, err = drain(r, how)
			rejects = len(r.Rejects())
			return err
		})
		if want := map[bool]int{true: 10}[store]; err != nil || rows != 1 || rejects != want {
			t.Fatalf("%d rows, %d rejects, error %v; want the one good row and %d rejects", rows, rejects, err, want)
		}
		t.Logf("peak heap %.1f MiB", float64(peak)/(1<<20))
		return peak
	}
	path := file(size)
	for _, how := range []string{"values", "raw", "count"} {
		for _, store := range []bool{false, true} {
			t.Run(fmt.Sprintf("threads=1/%s/rejects=%v", how, store), func(t *testing.T) {
				if peak, bound := read(t, path, 1, how, store), uint64(32<<20); peak > bound {
					t.Fatalf("peak heap %d over the bound %d while skipping %d bytes of bad rows", peak, bound, size)
				}
			})
		}
	}
	// A parallel read holds its buffers and little more: its workers count
	// the rows past the bound of a run in one record (batch.addSkipped),
	// and make no error value for them (Scanner.failAt). Measured 0.6-16.4
	// MiB; before, they kept a record and made a ParseError each, 75-112
	// MiB. (Raw reads in parallel from 3 goroutines: scanner.MinScanThreads.)
	parallel := func(how string) int { return map[bool]int{true: 3, false: 2}[how == "raw"] }
	for _, how := range []string{"values", "raw", "count"} {
		for _, store := range []bool{false, true} {
			t.Run(fmt.Sprintf("threads=%d/%s/rejects=%v", parallel(how), how, store), func(t *testing.T) {
				if peak, bound := read(t, path, parallel(how), how, store), uint64(32<<20); peak > bound {
					t.Fatalf("peak heap %d over the bound %d while skipping %d bytes of bad rows", peak, bound, size)
				}
			})
		}
	}
	// Rows of another width, which the merge finds: it makes no error
	// value for those it does not hold either (cursor.nextRow), so
	// skipping them allocates little. Before, a ParseError with its text
	// each: 1.1 GB allocated for 36 MB (about 30 bytes a byte); after, 28
	// to 69 MB (under 2).
	wide := fileOf(size, "1,2,33\n")
	for _, how := range []string{"raw", "count"} {
		t.Run(fmt.Sprintf("threads=%d/width/%s", parallel(how), how), func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			read(t, wide, parallel(how), how, false)
			runtime.ReadMemStats(&after)
			if alloc, bound := after.TotalAlloc-before.TotalAlloc, uint64(4*size); alloc > bound {
				t.Fatalf("%d bytes allocated skipping %d bytes of rows of another width, over %d", alloc, size, bound)
			}
			t.Logf("allocated %.1f MiB", float64(after.TotalAlloc-before.TotalAlloc)/(1<<20))
		})
	}
	t.Run("threads=2/grows", func(t *testing.T) {
		one := read(t, path, 2, "count", true)
		two := read(t, file(2*size), 2, "count", true)
		if two > one*3/2+8<<20 {
			t.Fatalf("peak heap %d for %d bytes of bad rows, %d for twice as many: it grows with the run", one, size, two)
		}
	})
}

// TestMemoryWorkersWindow: the workers of a parallel typed read cast at
// most a window of Threads+1 blocks ahead of the caller (castWorkers), so
// a caller that stops at its first chunk does not make them cast the whole
// file. The caller here waits at its first chunk until the window is full,
// then reads on; the peak heap (the collector held to 24 MiB, so that
// garbage does not hide what is kept) stays under 40 MiB whatever the
// file's size: 48 MiB of 16-byte notes, 256 MiB under CSVSCAN_MEMORY=full,
// in blocks of 1 MiB buffers (the file's pages are mapped, not on the
// heap), or, since the read goes by ranges (planned.go), in ranges of
// 1 MiB. Measured through Each: 16-18 MiB (48 MiB file) and 19 MiB
// (256 MiB); by ranges: 15.8 and 15.9 MiB; without the window the workers
// cast the whole file ahead, about 2 bytes of chunks per byte of file
// (110 MiB for the 48 MiB file).
func TestMemoryWorkersWindow(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes; skipped in -short")
	}
	const buffer = 1 << 20
	path := filepath.Join(t.TempDir(), "notes.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Write(f, gen.Shape{NoteLen: 16}, memtest.Size(48<<20, 256<<20), 1); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	castPools.mu.Lock()
	castPools.pools = nil // no Reader or chunk of an earlier read, made before Measure starts
	castPools.mu.Unlock()
	runtime.GC()
	runtime.GC() // the pools' Readers are gone, not freed during the read
	defer memtest.Limit(24 << 20)()
	var rows, chunks, waiting, blocks int
	peak, err := memtest.Measure(func() error {
		r, err := Open(path, Options{Threads: 2, BufferSize: buffer})
		if err != nil {
			return err
		}
		defer r.Close()
		for c, err := range r.Chunks() {
			if err != nil {
				return err
			}
			if chunks == 0 {
				waiting = waitForWindow(r.typed.(*castWorkers))
			}
			chunks++
			rows += c.Len()
		}
		blocks = r.typed.(*castWorkers).next
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if bound := uint64(40 << 20); peak > bound {
		t.Fatalf("peak heap %d over the bound %d (40 MiB, whatever the file's size): %d rows, %d chunks, %d blocks, %d cast ahead", peak, bound, rows, chunks, blocks, waiting)
	}
	t.Logf("peak heap %.1f MiB, %d rows, %d chunks, %d blocks, %d cast ahead of the caller", float64(peak)/(1<<20), rows, chunks, blocks, waiting)
}

// waitForWindow waits, as a slow caller would, until the workers have
// cast what the window lets them (the blocks of the window; with a read
// by ranges, aheadRows rows of each range) and stopped, or the read has
// ended, and returns how many blocks are cast and wait for the caller,
// the one it reads included.
func waitForWindow(w *castWorkers) int {
	cast := func() (n, rows int) {
		for _, b := range w.done {
			if b.finished {
				n++
			}
			rows += b.untaken
		}
		return n, rows
	}
	// Until the workers stop casting: every block of the window finished,
	// or (a read by ranges) held at aheadRows of rows the caller has not
	// taken, for 100 ms.
	deadline := time.Now().Add(20 * time.Second)
	last, since := -1, time.Now()
	for time.Now().Before(deadline) {
		w.mu.Lock()
		_, rows := cast()
		returned := w.returned
		w.mu.Unlock()
		if returned {
			break
		}
		if rows != last {
			last, since = rows, time.Now()
		} else if time.Since(since) > 100*time.Millisecond {
			break
		}
		time.Sleep(time.Millisecond)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	n, _ := cast()
	return n
}

// TestOpenReadsOnlyTheHeader opens a stream and a file whose header is
// followed by an 8 MB row, without sniffing and with Header on: Open
// takes the columns from the header and reads no further than its first
// 64 KiB look at the input, where it had read (and, for a stream, kept)
// the whole first data row, three times its size in memory. The read then
// gives the row.
func TestOpenReadsOnlyTheHeader(t *testing.T) {
	const long = 8 << 20
	data := "a,b\n" + strings.Repeat("x", long) + ",1\n2,3\n"
	opts := Options{AutoDetect: Off, Header: On, MaxLineSize: 2 * long}
	path := filepath.Join(t.TempDir(), "long.csv")
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"stream", "file"} {
		var r *Reader
		var err error
		c := &memtest.Counter{R: strings.NewReader(data)}
		if how == "stream" {
			r, err = OpenReader(c, opts)
		} else {
			r, err = Open(path, opts)
		}
		if err != nil {
			t.Fatal(err)
		}
		if how == "stream" && c.N > 256<<10 {
			t.Errorf("stream: Open read %d bytes of a header above a row of %d", c.N, long)
		}
		if got := columnNames(r.Schema()); got != "a, b" {
			t.Errorf("%s: schema %s", how, got)
		}
		rows := 0
		for v, err := range r.Values() {
			if err != nil {
				t.Fatal(err)
			}
			if rows == 0 && len(v[0].(string)) != long {
				t.Errorf("%s: first value of %d bytes, want %d", how, len(v[0].(string)), long)
			}
			rows++
		}
		if rows != 2 {
			t.Errorf("%s: %d rows, want 2", how, rows)
		}
		r.Close()
	}
}
