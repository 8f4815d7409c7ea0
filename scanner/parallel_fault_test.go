package scanner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/internal/faults"
)

// Fault injection for the parallel entry points (issue 16): sources that
// fail part way, a file that shrinks while it is read, and Close from
// another goroutine. Each must end with the right error, never with what
// looks like the end of input, and never take the process down.

// faultInput is a file of numbered rows, long enough for many buffers of
// 64 KiB.
func faultInput(rows int) []byte {
	var b bytes.Buffer
	b.WriteString("id,name,note\n")
	for i := 0; i < rows; i++ {
		fmt.Fprintf(&b, "%d,name %d,\"a note, quoted\"\n", i, i)
	}
	return b.Bytes()
}

// checkPrefix requires got's rows to be the first rows of want's, and its
// error to match target.
func checkPrefix(t *testing.T, what string, got, want result, target error) {
	t.Helper()
	if !errors.Is(got.Err, target) {
		t.Fatalf("%s: error %v, want %v (%d of %d rows read)", what, got.Err, target, len(got.Rows), len(want.Rows))
	}
	if len(got.Rows) > len(want.Rows) {
		t.Fatalf("%s: %d rows, more than the %d of the input", what, len(got.Rows), len(want.Rows))
	}
	for i, row := range got.Rows {
		if strings.Join(row, "|") != strings.Join(want.Rows[i], "|") {
			t.Fatalf("%s: row %d is %q, want %q", what, i+1, row, want.Rows[i])
		}
	}
}

// readEach reads p with Each and returns its rows in file order and Each's
// error.
func readEach(t *testing.T, p *Parallel) result {
	t.Helper()
	var mu sync.Mutex
	parts := map[int][][]string{}
	err := p.Each(func(b *Block) error {
		var rows [][]string
		for b.Scan() {
			row := make([]string, len(b.Row()))
			for i, v := range b.Row() {
				row[i] = string(v)
			}
			rows = append(rows, row)
		}
		mu.Lock()
		parts[b.Index()] = rows
		mu.Unlock()
		return nil
	})
	var res result
	// Blocks after an error may be missing: the rows are those up to the
	// first gap, which is what the prefix check needs.
	for i := 0; ; i++ {
		part, ok := parts[i]
		if !ok {
			break
		}
		res.Rows = append(res.Rows, part...)
	}
	res.Err = err
	return res
}

var errSource = errors.New("the source failed")

// TestParallelFailingSources: ScanReader and ScanReaderAt, read with Scan
// and with Each, over sources that fail part way with an error of their
// own, or (ScanReaderAt) that are shorter than their stated size and say so
// with io.EOF or io.ErrUnexpectedEOF: the scan ends with the source's error
// (io.ErrUnexpectedEOF for a short source), after a prefix of the rows, at
// every failing offset tried and every goroutine count. Never nil.
func TestParallelFailingSources(t *testing.T) {
	data := faultInput(6000) // about 200 KB
	want := scanBytes(t, data, Options{Header: true})
	if want.Err != nil {
		t.Fatal(want.Err)
	}
	const bufSize = 64 << 10
	offsets := []int{0, 1, 100, bufSize - 1, bufSize, bufSize + 1, 2*bufSize + 12345, len(data) - 1}
	for _, at := range offsets {
		for _, threads := range []int{1, 2, 4} {
			opts := Options{Header: true, Threads: threads, BufferSize: bufSize}
			type source struct {
				name   string
				open   func() (*Parallel, error)
				target error
			}
			sources := []source{
				{"ScanReader/error", func() (*Parallel, error) {
					return ScanReader(context.Background(), &faults.Reader{Data: data, N: at, Err: errSource}, opts)
				}, errSource},
				{"ScanReaderAt/error", func() (*Parallel, error) {
					return ScanReaderAt(context.Background(), &faults.ReaderAt{Data: data, N: int64(at), Err: errSource}, int64(len(data)), opts)
				}, errSource},
			}
			for _, short := range []error{io.EOF, io.ErrUnexpectedEOF} {
				sources = append(sources, source{"ScanReaderAt/short-" + short.Error(), func() (*Parallel, error) {
					return ScanReaderAt(context.Background(), &faults.ReaderAt{Data: data, N: int64(at), Err: short, Short: true}, int64(len(data)), opts)
				}, io.ErrUnexpectedEOF})
			}
			for _, src := range sources {
				for _, each := range []bool{false, true} {
					what := fmt.Sprintf("%s, failing at %d, %d goroutines, Each %v", src.name, at, threads, each)
					p, err := src.open()
					if err != nil {
						// The first bytes are read at once (the byte order
						// mark), and with them the first buffer: a source
						// failing there fails here.
						if at < bufSize && errors.Is(err, src.target) {
							continue
						}
						t.Fatalf("%s: %v", what, err)
					}
					var got result
					if each {
						got = readEach(t, p)
					} else {
						got = collect(p)
						p.Close()
						// A read error a worker met names the row
						// after the last one read (the header is row 1).
						var re *ReadError
						if errors.As(got.Err, &re) && re.Row != len(got.Rows)+2 {
							t.Errorf("%s: %v after %d rows; want it at row %d", what, got.Err, len(got.Rows), len(got.Rows)+2)
						}
					}
					if src.name == "ScanReader/error" {
						// As a sequential scan reads the same source: the
						// same rows, then the same error at the same row,
						// line, field and byte (the rows of the buffer the
						// source failed in were dropped).
						seq := scanReader(t, &faults.Reader{Data: data, N: at, Err: errSource}, Options{Header: true})
						var sre, pre *ReadError
						if len(got.Rows) != len(seq.Rows) || !errors.As(seq.Err, &sre) || !errors.As(got.Err, &pre) ||
							pre.Row != sre.Row || pre.Line != sre.Line || pre.Field != sre.Field || pre.Offset != sre.Offset {
							t.Errorf("%s: %d rows, then %v; a sequential scan gives %d rows, then %v", what, len(got.Rows), got.Err, len(seq.Rows), seq.Err)
						}
					}
					checkPrefix(t, what, got, want, src.target)
				}
			}
		}
	}
}

// shrinkChild names the environment variable that makes
// TestParallelShrunkFile the child process doing the reading.
const shrinkChild = "CSVSCAN_SHRINK_CHILD"

// TestParallelShrunkFile: a file that shrinks while it is read in parallel
// (ScanFile with Scan and with Each, Open) ends the scan with an error
// wrapping io.ErrUnexpectedEOF, where the mapped pages that went away used
// to kill the process (issue 16, defect 4: SIGBUS, "fatal error: fault",
// exit 2). Each reads mapped pages: its error is a *buffer.FaultError
// naming the offset. The reading runs in a child process (this test binary
// run again), so that a crash fails the test instead of ending the run.
func TestParallelShrunkFile(t *testing.T) {
	if mode := os.Getenv(shrinkChild); mode != "" {
		shrinkRead(t, mode)
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("a mapped file cannot be truncated on Windows")
	}
	for _, mode := range []string{"each", "scan", "open"} {
		t.Run(mode, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestParallelShrunkFile$", "-test.v", "-test.count=1")
			cmd.Env = append(os.Environ(), shrinkChild+"="+mode)
			out, err := cmd.CombinedOutput()
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

// shrinkRead is the child of TestParallelShrunkFile: it reads a file of
// 8 MiB in 1 MiB buffers (mapped, where the system maps) with 2
// goroutines, truncates it part way, and requires the error.
func shrinkRead(t *testing.T, mode string) {
	data := faultInput(230000) // about 8 MiB
	path := filepath.Join(t.TempDir(), "shrink.csv")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := Options{Header: true, Threads: 2, BufferSize: 1 << 20}
	var once sync.Once
	shrink := func(size int64) {
		once.Do(func() {
			if err := os.Truncate(path, size); err != nil {
				t.Error(err)
			}
		})
	}
	var err error
	rows := 0
	switch mode {
	case "each":
		f, ferr := os.Open(path)
		if ferr != nil {
			t.Fatal(ferr)
		}
		defer f.Close()
		p, perr := ScanFile(context.Background(), f, opts)
		if perr != nil {
			t.Fatal(perr)
		}
		var n atomic.Int64
		err = p.Each(func(b *Block) error {
			shrink(0) // every page is gone: reading this block's values faults
			for b.Scan() {
				for _, v := range b.Row() {
					n.Add(int64(len(v)))
					if len(v) > 0 && v[0] == 0 {
						n.Add(1)
					}
				}
			}
			return nil
		})
		rows = int(n.Load())
		var fe *buffer.FaultError
		if errors.As(err, &fe) && fe.Name != path {
			t.Errorf("fault error %v names %q, want %q", fe, fe.Name, path)
		}
	case "scan", "open":
		var s interface {
			Scan() bool
			Row() [][]byte
			Err() error
			Close() error
		}
		if mode == "open" {
			f, oerr := Open(path, opts)
			if oerr != nil {
				t.Fatal(oerr)
			}
			s = f
		} else {
			f, ferr := os.Open(path)
			if ferr != nil {
				t.Fatal(ferr)
			}
			defer f.Close()
			p, perr := ScanFile(context.Background(), f, opts)
			if perr != nil {
				t.Fatal(perr)
			}
			s = p
		}
		for s.Scan() {
			if rows++; rows == 1 {
				shrink(3 << 19) // 1.5 MiB: later buffers are gone
			}
			for _, v := range s.Row() {
				if len(v) > 0 && v[0] == 0 {
					t.Fatal("a zero byte")
				}
			}
		}
		err = s.Err()
		s.Close()
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("%s: error %v after %d, want one wrapping io.ErrUnexpectedEOF", mode, err, rows)
	}
	t.Logf("shrunk file: %s: %v", mode, err)
}

// TestParallelCloseFromAnotherGoroutine: Close called from another
// goroutine while Scan reads stops the scan with ErrClosed (issue 16,
// defect 10: Scan returned false with Err() == nil after 86,363 of
// 100,000 rows). Run with -race: nothing Close touches races with Scan.
func TestParallelCloseFromAnotherGoroutine(t *testing.T) {
	data := faultInput(100000)
	const total = 100000
	before := runtime.NumGoroutine()
	path := filepath.Join(t.TempDir(), "close.csv")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	type scan interface {
		Scan() bool
		Row() [][]byte
		Err() error
		Close() error
	}
	sources := []struct {
		name string
		open func(threads int) (scan, error)
	}{
		{"ScanReaderAt", func(threads int) (scan, error) {
			return ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Header: true, Threads: threads, BufferSize: 64 << 10})
		}},
		{"ScanReader", func(threads int) (scan, error) {
			return ScanReader(context.Background(), bytes.NewReader(data), Options{Header: true, Threads: threads, BufferSize: 64 << 10})
		}},
		{"Open", func(threads int) (scan, error) {
			return Open(path, Options{Header: true, Threads: threads, BufferSize: 64 << 10})
		}},
	}
	for _, src := range sources {
		for _, threads := range []int{1, 2, 4} {
			// Close returns before the reading goroutine goes on: its
			// next Scan must be false, with ErrClosed.
			s, err := src.open(threads)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for s.Scan() {
				if n++; n == 1000 {
					done := make(chan struct{})
					go func() {
						s.Close()
						close(done)
					}()
					<-done
				}
				for _, v := range s.Row() {
					_ = len(v)
				}
			}
			if !errors.Is(s.Err(), ErrClosed) || n != 1000 {
				t.Errorf("%s, %d goroutines: %d rows, error %v; want 1000 rows and ErrClosed", src.name, threads, n, s.Err())
			}
			// Close at any moment: all the rows and nil, or ErrClosed;
			// never fewer rows with nil.
			for _, at := range []int{1, 500, 20000, 99999} {
				s, err := src.open(threads)
				if err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				n := 0
				for s.Scan() {
					if n++; n == at {
						wg.Add(2)
						for range 2 { // two at once: Close is safe to race with itself
							go func() {
								defer wg.Done()
								s.Close()
							}()
						}
					}
					for _, v := range s.Row() {
						_ = len(v)
					}
				}
				wg.Wait()
				switch err := s.Err(); {
				case err == nil && n != total:
					t.Errorf("%s, %d goroutines, Close at row %d: Scan ended after %d of %d rows with no error", src.name, threads, at, n, total)
				case err != nil && !errors.Is(err, ErrClosed):
					t.Errorf("%s, %d goroutines, Close at row %d: error %v, want ErrClosed", src.name, threads, at, err)
				}
				if s.Scan() || !errors.Is(s.Err(), ErrClosed) && s.Err() != nil {
					t.Errorf("%s: Scan after Close: true or a new error %v", src.name, s.Err())
				}
				s.Close()
			}
		}
	}
	waitGoroutines(t, before)
}

// TestParallelScanAfterClose: Scan after Close returns false with
// ErrClosed, before the first Scan and in the middle; Each after Close
// returns ErrClosed; and a scan read to its end keeps its nil error after
// Close.
func TestParallelScanAfterClose(t *testing.T) {
	data := faultInput(20000)
	before := runtime.NumGoroutine()
	open := func() *Parallel {
		p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Header: true, Threads: 2, BufferSize: 64 << 10})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := open()
	p.Close()
	if p.Scan() || !errors.Is(p.Err(), ErrClosed) {
		t.Errorf("Scan after Close before any Scan: error %v, want ErrClosed", p.Err())
	}
	p = open()
	for i := 0; i < 10; i++ {
		p.Scan()
	}
	p.Close()
	if !errors.Is(p.Err(), ErrClosed) {
		t.Errorf("Err after Close in the middle: %v, want ErrClosed", p.Err())
	}
	if p.Scan() || !errors.Is(p.Err(), ErrClosed) {
		t.Errorf("Scan after Close in the middle: error %v, want ErrClosed", p.Err())
	}
	p = open()
	p.Close()
	if err := p.Each(func(*Block) error { return nil }); !errors.Is(err, ErrClosed) {
		t.Errorf("Each after Close: %v, want ErrClosed", err)
	}
	p = open()
	for p.Scan() {
	}
	p.Close()
	if p.Err() != nil || p.Scan() || p.Err() != nil {
		t.Errorf("a scan read to its end: error %v after Close, want nil", p.Err())
	}
	waitGoroutines(t, before)
}

// TestParallelEachClose: Close called from another goroutine while Each
// runs, or from Each's function, makes Each return ErrClosed once the
// running calls have returned, without deadlock and without a goroutine
// left. (On a loaded machine the other worker may run every block before
// the goroutine that closes gets to run: then no block is left unread,
// and Each returns nil with every row read, as its doc says.)
func TestParallelEachClose(t *testing.T) {
	data := faultInput(50000)
	all := 0
	if s, err := NewBytes(data, Options{Header: true}); err == nil {
		for s.Scan() {
			all++
		}
	}
	before := runtime.NumGoroutine()
	for _, threads := range []int{1, 2, 4} {
		for _, from := range []string{"another goroutine", "the function"} {
			p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Header: true, Threads: threads, BufferSize: 64 << 10})
			if err != nil {
				t.Fatal(err)
			}
			var calls, rows atomic.Int64
			closed := make(chan struct{})
			err = p.Each(func(b *Block) error {
				for b.Scan() {
					_ = b.Row()
					rows.Add(1)
				}
				if calls.Add(1) == 2 {
					if from == "the function" {
						p.Close()
					} else {
						go func() {
							p.Close()
							close(closed)
						}()
						<-closed
					}
				}
				return nil
			})
			if !errors.Is(err, ErrClosed) && !(err == nil && rows.Load() == int64(all)) {
				t.Errorf("%d goroutines, Close from %s: Each returned %v after %d calls and %d of %d rows, want ErrClosed (or nil with every row read)",
					threads, from, err, calls.Load(), rows.Load(), all)
			}
		}
	}
	waitGoroutines(t, before)
}
