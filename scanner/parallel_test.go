package scanner

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/google/go-cmp/cmp"
)

// collectEach reads p with Each, keeping each block's rows apart (blocks
// are read concurrently), and puts them together in the order of their
// indexes, which must run from 0 without gaps.
func collectEach(t *testing.T, p *Parallel) result {
	t.Helper()
	var mu sync.Mutex
	parts := map[int]result{}
	err := p.Each(func(b *Block) error {
		part := collect(b)
		mu.Lock()
		defer mu.Unlock()
		if _, dup := parts[b.Index()]; dup {
			t.Errorf("block %d handed out twice", b.Index())
		}
		parts[b.Index()] = part
		return nil
	})
	var res result
	for i := 0; i < len(parts); i++ {
		part, ok := parts[i]
		if !ok {
			t.Fatalf("blocks %v: %d is missing", slices.Sorted(maps.Keys(parts)), i)
		}
		res.Rows = append(res.Rows, part.Rows...)
		res.Lines = append(res.Lines, part.Lines...)
		res.Bad = append(res.Bad, part.Bad...)
		if len(part.Rows) > 0 && !slices.Equal(part.Header, p.Header()) {
			t.Errorf("block %d: header %q, Parallel's %q", i, part.Header, p.Header())
		}
	}
	res.Header = p.Header()
	res.Err = err
	return res
}

// checkParallel scans input in parallel over a ReaderAt and over a plain
// reader, with Scan and with Each, and compares each with the sequential
// scan.
func checkParallel(t *testing.T, input []byte, opts Options, threads, bufSize int) {
	t.Helper()
	want := scanBytes(t, input, opts)
	wantEach := want
	if opts.MaxBadRows > 0 {
		// Each's blocks hold the file's first MaxBadRows, whenever they
		// take them: the sequential scan's, taken once.
		s, err := NewBytes(input, opts)
		if err != nil {
			t.Fatal(err)
		}
		wantEach = collectTaking(s, false)
	}
	popts := opts
	popts.Threads = threads
	popts.BufferSize = bufSize
	for _, how := range []string{"readerat", "reader", "readerat/Each", "reader/Each"} {
		var p *Parallel
		var err error
		if strings.HasPrefix(how, "readerat") {
			p, err = ScanReaderAt(context.Background(), bytes.NewReader(input), int64(len(input)), popts)
		} else {
			p, err = ScanReader(context.Background(), &chunkReader{data: input, size: 5}, popts)
		}
		if err != nil {
			t.Fatal(err)
		}
		var got result
		want := want
		if strings.HasSuffix(how, "Each") {
			got, want = collectEach(t, p), wantEach
		} else {
			got = collect(p)
		}
		if d := cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine)); d != "" {
			t.Fatalf("%s, %d threads, buffer %d, input %q, %v: parallel differs from sequential (-sequential +parallel):\n%s",
				how, threads, bufSize, input, opts.Dialect, d)
		}
	}
}

// sameErrorAndLine is sameError that also requires equal lines.
func sameErrorAndLine(a, b error) bool {
	var pa, pb *ParseError
	if errors.As(a, &pa) && errors.As(b, &pb) && pa.Line != pb.Line {
		return false
	}
	return sameError(a, b)
}

func TestParallelTableCases(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.Name, func(t *testing.T) {
			for _, size := range []int{1, 2, 3, 7, 64, 1 << 20} {
				for _, threads := range []int{1, 2, 4} {
					opts := tt.Opts
					checkParallel(t, []byte(tt.Input), opts, threads, size)
					opts.IgnoreErrors = true
					checkParallel(t, []byte(tt.Input), opts, threads, size)
				}
			}
		})
	}
}

// adversarial inputs: quoted fields holding line ends, delimiters and text
// that looks like whole rows, runs of "" across boundaries, CRLF and
// multi-byte delimiters split by boundaries, a byte order mark.
func adversarial() []struct {
	in   string
	opts Options
} {
	q := `"a,b` + "\n" + `c,d` + "\n" + `""e""",f` + "\n"
	return []struct {
		in   string
		opts Options
	}{
		{"\xEF\xBB\xBFid,text\n1," + q + "2,\"x\"\n", Options{FieldsPerRow: -1}},
		{"h1,h2\r\n" + `"1,2` + "\r\n" + `3,4",5` + "\r\n6,7\r\n", Options{Header: true}},
		{`"""""""""""""""",x` + "\n" + `"",""` + "\n" + `"""",""""` + "\n", Options{}},
		{"a||b||c\n\"d||e\n||\"||f||g\n", Options{Dialect: pipe2}},
		{"1,\"" + string(bytes.Repeat([]byte("x,\ny\"\"\n"), 40)) + "\"\n2,z\n", Options{}},
		{"# c \"\n1,2\n#\"\n3,4\n", Options{Dialect: hash}},
		{"a\\,b,\"c\\\"\n\"\r\nd,e\n", Options{Dialect: lenient(bslash)}},
		{"a\n\nb\n\n\nc\n", Options{}},
		{"x,y\n1,\"never closed\n2,3\n", Options{}},
		{"x,y\n1,2,3\n", Options{}},
		// A stray quote, and a long line with a quote past its end: with
		// IgnoreErrors and a small maximum line size the bad row ends
		// where the table alone would not end it.
		{"h\n\"" + strings.Repeat("ab\ncd,e\r\n", 12) + "\"z\n", Options{FieldsPerRow: -1}},
		{strings.Repeat("q", 50) + "\"\n1\n2\n\"3\n4\n", Options{Dialect: lenient(dialect.RFC4180)}},
	}
}

func TestParallelAdversarial(t *testing.T) {
	sizes, threadCounts := []int{1, 2, 3, 4, 5, 7, 8, 13, 16, 64, 1 << 20}, []int{1, 2, 3, 8}
	if testing.Short() {
		// The race detector's run (CI runs it in -short): a corner of the
		// grid, which go test ./... covers whole.
		sizes, threadCounts = []int{1, 7, 64, 1 << 20}, []int{2, 8}
	}
	for i, c := range adversarial() {
		for _, size := range sizes {
			for _, threads := range threadCounts {
				for _, maxLine := range []int{0, 8, 40} {
					for _, ignore := range []bool{false, true} {
						opts := c.opts
						opts.MaxLineSize, opts.IgnoreErrors = maxLine, ignore
						t.Run(fmt.Sprintf("%d/size=%d/threads=%d/maxline=%d/ignore=%v", i, size, threads, maxLine, ignore), func(t *testing.T) {
							checkParallel(t, []byte(c.in), opts, threads, size)
						})
					}
				}
			}
		}
	}
}

func TestParallelRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	delims := []string{",", ";", "||", "aab", "\t"}
	n := 1500
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		d, ok := fuzzDialect(rng.Uint32(), delims[rng.IntN(len(delims))])
		if !ok {
			continue
		}
		opts := Options{Dialect: d, FieldsPerRow: -1 + rng.IntN(3), Header: rng.IntN(4) == 0, MaxLineSize: 4 + rng.IntN(60), IgnoreErrors: rng.IntN(2) == 0}
		input := randomInput(rng, rng.IntN(300))
		checkParallel(t, input, opts, 1+rng.IntN(4), 1+rng.IntN(70))
	}
}

func TestParallelFixtures(t *testing.T) {
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, 300<<10, 5)
		for _, size := range []int{4 << 10, 64 << 10, 1 << 20} {
			checkParallel(t, data, Options{Header: true, MaxLineSize: 2048}, 2, size)
		}
	}
}

// TestParallelErrorStopsWorkers: an unterminated quote in the middle ends
// the scan with the rows before it and the error, with Scan and with Each,
// and no goroutine is left.
func TestParallelErrorStopsWorkers(t *testing.T) {
	scanBytes(t, []byte("a\n"), Options{}) // the table cache's goroutines start at its first use
	before := runtime.NumGoroutine()
	var in bytes.Buffer
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&in, "%d,abc\n", i)
	}
	in.WriteString("\"broken\n")
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&in, "%d,def\n", i)
	}
	for _, each := range []bool{false, true} {
		p, err := ScanReaderAt(context.Background(), bytes.NewReader(in.Bytes()), int64(in.Len()), Options{Threads: 4, BufferSize: 4096, MaxLineSize: 1 << 20, FieldsPerRow: -1})
		if err != nil {
			t.Fatal(err)
		}
		var res result
		if each {
			res = collectEach(t, p)
		} else {
			res = collect(p)
		}
		var pe *ParseError
		if !errors.As(res.Err, &pe) || pe.Kind != ErrUnterminatedQuote || pe.Row != 20001 || len(res.Rows) != 20000 {
			t.Fatalf("Each %v: got %d rows, err %v", each, len(res.Rows), res.Err)
		}
		waitGoroutines(t, before)
	}
}

func TestParallelCancel(t *testing.T) {
	scanBytes(t, []byte("a\n"), Options{}) // the table cache's goroutines start at its first use
	before := runtime.NumGoroutine()
	data := gen.Bytes(gen.Shape{NoteLen: 16}, 4<<20, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, err := ScanReaderAt(ctx, bytes.NewReader(data), int64(len(data)), Options{Threads: 4, BufferSize: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p.Scan() {
		if n++; n == 1000 {
			cancel()
		}
	}
	if !errors.Is(p.Err(), context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", p.Err())
	}
	waitGoroutines(t, before)

	// Close without reading to the end.
	p, _ = ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Threads: 4, BufferSize: 64 << 10})
	p.Scan()
	p.Close()
	waitGoroutines(t, before)
}

func TestParallelEachErrors(t *testing.T) {
	data := gen.Bytes(gen.Shape{NoteLen: 16}, 4<<20, 1)
	scanBytes(t, data[:100], Options{}) // the table cache's goroutines start at its first use
	before := runtime.NumGoroutine()
	open := func(ctx context.Context, opts Options) *Parallel {
		opts.Threads, opts.BufferSize = 4, 64<<10
		p, err := ScanReaderAt(ctx, bytes.NewReader(data), int64(len(data)), opts)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// An error from the function stops the scan and is Each's error.
	stop := errors.New("enough")
	var calls atomic.Int64
	err := open(context.Background(), Options{}).Each(func(b *Block) error {
		if calls.Add(1) == 3 {
			return stop
		}
		for b.Scan() {
		}
		return nil
	})
	if err != stop {
		t.Fatalf("Each = %v, want the function's error", err)
	}
	if n := calls.Load(); n > 3+4+4 {
		t.Errorf("%d calls after the function failed at the third", n)
	}
	waitGoroutines(t, before)

	// Cancelling the context stops it.
	ctx, cancel := context.WithCancel(context.Background())
	err = open(ctx, Options{}).Each(func(b *Block) error {
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Each = %v, want context.Canceled", err)
	}
	waitGoroutines(t, before)

	// Each reads the whole input: not after Scan, nor twice.
	p := open(context.Background(), Options{})
	p.Scan()
	if err := p.Each(func(*Block) error { return nil }); err == nil {
		t.Error("Each after Scan: no error")
	}
	p.Close()
	p = open(context.Background(), Options{})
	if err := p.Each(func(*Block) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if err := p.Each(func(*Block) error { return nil }); err == nil {
		t.Error("Each twice: no error")
	}
	if p.Scan() || p.Err() == nil {
		t.Errorf("Scan after Each: a row, or no error (%v)", p.Err())
	}
	waitGoroutines(t, before)
}

// waitGoroutines fails when goroutines started by the test are still alive.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			n := runtime.Stack(buf, true)
			t.Fatalf("%d goroutines left (was %d):\n%s", runtime.NumGoroutine(), before, buf[:n])
		}
		runtime.Gosched()
	}
}

// FuzzParallel compares the parallel scan with the sequential one over random
// inputs, dialects, buffer sizes, goroutine counts and bounds on the bad
// rows held (MaxBadRows).
func FuzzParallel(f *testing.F) {
	for _, c := range adversarial() {
		f.Add([]byte(c.in), uint32(0), ",", uint8(3), uint8(2))
	}
	f.Add([]byte("a||b\n\"c||\nd\"||e\n"), uint32(9), "||", uint8(2), uint8(3))
	f.Fuzz(func(t *testing.T, input []byte, sel uint32, delim string, size, threads uint8) {
		d, ok := fuzzDialect(sel, delim)
		if !ok {
			return
		}
		opts := Options{Dialect: d, FieldsPerRow: int(sel>>8%3) - 1, Header: sel>>10%2 == 1, MaxLineSize: 1 + int(sel>>12%128), IgnoreErrors: sel>>25%2 == 1,
			MaxBadRows: []int{0, -1, 1, 2}[sel>>26%4]}
		defer func(w int) { meetWindow = w }(meetWindow)
		if sel>>19%2 == 1 {
			meetWindow = 1 + int(sel>>20%32) // take the paths where the runs have not met
		}
		checkParallel(t, input, opts, 1+int(threads%8), 1+int(size%80))
	})
}

// BenchmarkParallel reads every field of a 256-byte-note file with 1 and 2
// goroutines (and the sequential scanner beside them); CSVSCAN_BENCH_MB sets
// the size (default 64).
func BenchmarkParallel(b *testing.B) {
	size := int64(64 << 20)
	if v := os.Getenv("CSVSCAN_BENCH_MB"); v != "" {
		if mb, err := strconv.Atoi(v); err == nil {
			size = int64(mb) << 20
		}
	}
	for _, sh := range []gen.Shape{{NoteLen: 256}, {NoteLen: 256, Quoted: true}} {
		data := gen.Bytes(sh, size, 1)
		b.Run(sh.String()+"/sequential", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := scanAll(bytes.NewReader(data), true); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", sh, threads), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), Options{Header: true, Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					if n, err := sumFields(p); err != nil || n == 0 {
						b.Fatal(n, err)
					}
				}
			})
		}
	}
}

// TestParallelTinyWindow makes the side-by-side runs stop after a few bytes,
// so boundaries take the paths where the runs have not met: the full-speed
// scan from a guessed state, kept or thrown away once the true start state
// is known.
func TestParallelTinyWindow(t *testing.T) {
	defer func(w int) { meetWindow = w }(meetWindow)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{1, 3, 8} {
		meetWindow = w
		for _, c := range adversarial() {
			for _, size := range []int{2, 5, 16, 64} {
				opts := c.opts
				opts.MaxLineSize = 16
				checkParallel(t, []byte(c.in), opts, 2, size)
			}
		}
		for i := 0; i < 300; i++ {
			d, ok := fuzzDialect(rng.Uint32(), ",")
			if !ok {
				continue
			}
			opts := Options{Dialect: d, FieldsPerRow: -1, MaxLineSize: 4 + rng.IntN(40)}
			checkParallel(t, randomInput(rng, rng.IntN(300)), opts, 1+rng.IntN(3), 1+rng.IntN(64))
		}
	}
}

// BenchmarkParallelFile reads a generated file of 256-byte notes from disk
// (the page cache): sequentially, and in parallel with 1 and 2 goroutines.
// CSVSCAN_BENCH_MB sets the size (default 64); the file goes to a temporary
// directory and is removed afterwards.
func BenchmarkParallelFile(b *testing.B) {
	size := int64(64 << 20)
	if v := os.Getenv("CSVSCAN_BENCH_MB"); v != "" {
		if mb, err := strconv.Atoi(v); err == nil {
			size = int64(mb) << 20
		}
	}
	path := filepath.Join(b.TempDir(), "u256.csv")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := gen.Write(w, gen.Shape{NoteLen: 256}, size, 1); err != nil {
		b.Fatal(err)
	}
	w.Flush()
	f.Close()
	st, _ := os.Stat(path)
	b.Run("sequential", func(b *testing.B) {
		b.SetBytes(st.Size())
		b.ReportAllocs()
		for b.Loop() {
			f, _ := os.Open(path)
			if _, err := scanAll(f, true); err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	// Scan: the caller reads every value; Each: the workers do.
	for _, way := range []struct {
		name string
		sum  func(*Parallel) (int, error)
	}{{"", sumFields}, {"each/", sumFieldsEach}} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%sthreads=%d", way.name, threads), func(b *testing.B) {
				b.SetBytes(st.Size())
				b.ReportAllocs()
				for b.Loop() {
					f, _ := os.Open(path)
					p, err := ScanFile(context.Background(), f, Options{Header: true, Threads: threads})
					if err != nil {
						b.Fatal(err)
					}
					if n, err := way.sum(p); err != nil || n == 0 {
						b.Fatal(n, err)
					}
					f.Close()
				}
			})
		}
	}
}

// sumFieldsEach is sumFields with Each: every block sums its values' lengths.
func sumFieldsEach(p *Parallel) (int, error) {
	var total atomic.Int64
	err := p.Each(func(b *Block) error {
		n := 0
		for b.Scan() {
			for _, v := range b.Row() {
				n += len(v)
			}
		}
		total.Add(int64(n))
		return nil
	})
	return int(total.Load()), err
}

// TestParallelStats reports, for each fixture shape, how boundaries found
// their start states (go test -run ParallelStats -v), and checks that
// ordinary files never need a second read.
func TestParallelStats(t *testing.T) {
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, 4<<20, 2)
		p, err := ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)),
			Options{Header: true, Threads: 2, BufferSize: 1 << 20, MaxLineSize: 64 << 10})
		if err != nil {
			t.Fatal(err)
		}
		for p.Scan() {
		}
		if p.Err() != nil {
			t.Fatal(p.Err())
		}
		st := p.Stats()
		t.Logf("%-18s %+v (side-by-side %.3f%% of the bytes, read again %.3f%%)", sh, st,
			100*float64(st.SideBySide)/float64(len(data)), 100*float64(st.PrefixRescan)/float64(len(data)))
		if st.Rescanned != 0 {
			t.Errorf("%v: %d boundaries read twice", sh, st.Rescanned)
		}
	}
}

// sumFields reads every value of a parallel scan and returns their total
// length, so that benchmarks read what a caller would.
func sumFields(p *Parallel) (int, error) {
	n := 0
	for p.Scan() {
		for _, v := range p.Row() {
			n += len(v)
		}
	}
	return n, p.Err()
}

func TestParallelEachStopsAtWidthError(t *testing.T) {
	defer func(w int) { meetWindow = w }(meetWindow)
	meetWindow = 8
	d := dialect.Default()
	d.Newline = dialect.NewlineLF // a CR outside quotes is an error
	in := "a,b\n1,2,3\n" + strings.Repeat("p,q\n", 3) +
		"c,\"" + strings.Repeat("y", 17) + "\"\n" + // the boundary at 32 starts in the quotes
		"d," + strings.Repeat("e", 18) + "aaa\n" + // the one at 64 starts aaa\na"\r: every run dies
		"a\"\rz\n"
	opts := Options{Dialect: d, BufferSize: 128, MaxLineSize: 32, Threads: 8}
	want := scanBytes(t, []byte(in), opts)
	if want.Err == nil {
		t.Fatal("the input should fail")
	}
	for i := 0; i < 300; i++ {
		p, err := ScanReaderAt(context.Background(), strings.NewReader(in), int64(len(in)), opts)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- p.Each(func(*Block) error { return nil }) }()
		select {
		case err := <-done:
			if !sameError(err, want.Err) {
				t.Fatalf("run %d: Each = %v, want %v", i, err, want.Err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: Each has not returned after 10 s", i)
		}
	}
}

// failingReader returns its data, then, after a slow read, errPipe.
type failingReader struct{ data []byte }

var errPipe = errors.New("the pipe broke")

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		time.Sleep(2 * time.Millisecond)
		return 0, errPipe
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestParallelReadErrorKept: a sequential source that fails after a full
// buffer ends the scan with its error, with Scan and with Each.
func TestParallelReadErrorKept(t *testing.T) {
	data := "a,b\n1,2\n3,4\n5,6\n" // one 16-byte buffer, then the error
	for i := 0; i < 20; i++ {
		for _, each := range []bool{false, true} {
			p, err := ScanReader(context.Background(), &failingReader{data: []byte(data)}, Options{BufferSize: 16, MaxLineSize: 4, Threads: 1 + i%4})
			if err != nil {
				t.Fatal(err)
			}
			if each {
				err = p.Each(func(b *Block) error {
					for b.Scan() {
					}
					return nil
				})
			} else {
				for p.Scan() {
				}
				err = p.Err()
			}
			if !errors.Is(err, errPipe) {
				t.Fatalf("run %d, Each %v: error %v, want the reader's", i, each, err)
			}
		}
	}
}

// TestParallelFailedBoundaryCounted: when the iterator fails, take counts
// the failed boundary before it lets go of the lock. Counted later, the
// merge could see every boundary handed out delivered and end the scan as
// at the end of input, losing the error.
func TestParallelFailedBoundaryCounted(t *testing.T) {
	p, err := ScanReader(context.Background(), &failingReader{data: []byte("a,b\n1,2\n3,4\n5,6\n")}, Options{BufferSize: 16, MaxLineSize: 4, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for { // no worker runs: workers start at the first Scan or Each
		b, _, ok, err := p.take()
		if err != nil {
			p.mu.Lock()
			handed := p.handed
			p.mu.Unlock()
			if !errors.Is(err, errPipe) || b.Index != handed-1 {
				t.Fatalf("take: boundary %d, error %v; %d handed out", b.Index, err, handed)
			}
			return
		}
		if !ok {
			t.Fatal("take ended without the reader's error")
		}
		p.mu.Lock()
		p.released++ // as if its batch was read, so that the window does not fill
		p.mu.Unlock()
	}
}

// TestParallelNoStaleValues: once Each returns (or Scan reaches the end),
// no value slice kept for reuse points into a released buffer.
func TestParallelNoStaleValues(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 3000; i++ { // 6,000 values: windows of 4,096 and 1,904
		fmt.Fprintf(&in, "%d,x\n", i)
	}
	stale := func(vals [][]byte) int {
		n := 0
		for _, v := range vals[:cap(vals)] {
			if v != nil {
				n++
			}
		}
		return n
	}
	opts := Options{Threads: 1, BufferSize: 1 << 20, MaxLineSize: 1 << 20}
	p, err := ScanReaderAt(context.Background(), strings.NewReader(in.String()), int64(in.Len()), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Each(func(b *Block) error {
		for b.Scan() {
			b.Row()
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, v := range p.spareVals {
		if n := stale(v); n > 0 {
			t.Fatalf("Each: %d values still point into released buffers", n)
		}
	}
	p, _ = ScanReaderAt(context.Background(), strings.NewReader(in.String()), int64(in.Len()), opts)
	for p.Scan() {
		p.Row()
	}
	if n := stale(p.c.vals); n > 0 {
		t.Fatalf("Scan: %d values still point into released buffers", n)
	}
	if p.Err() != nil {
		t.Fatal(p.Err())
	}
}

// TestParallelLongRows reads inputs whose rows of over a mebibyte of
// values straddle buffers of 64 and 256 KiB, among short rows, in parallel
// and compares each way of reading with the sequential scan. Such a row is
// read into a worker's own memory, which its batch takes as its arena
// (batch.adopt); the rows read after it, in the same memory or in the
// Scanner's next buffer, and the unescaped values (quoted values with
// doubled quotes, which live apart from the buffer) must come out as the
// sequential scan gives them. Two long rows in a row make the second one
// copied into the adopted arena.
func TestParallelLongRows(t *testing.T) {
	if testing.Short() {
		t.Skip("reads several megabytes a case")
	}
	rng := rand.New(rand.NewPCG(7, 11))
	long := func(b *strings.Builder) {
		for v := range 3 {
			if v > 0 {
				b.WriteByte(',')
			}
			n := adoptBytes/2 + rng.IntN(adoptBytes/2)
			switch rng.IntN(3) {
			case 0:
				b.WriteString(strings.Repeat("x", n))
			case 1: // quoted, a line end inside
				b.WriteString(`"` + strings.Repeat("y", n/2) + "\n" + strings.Repeat("z", n/2) + `"`)
			default: // quoted with doubled quotes: unescaped apart
				b.WriteString(`"` + strings.Repeat(`ab""`, n/4) + `"`)
			}
		}
	}
	for i := range 6 {
		var b strings.Builder
		b.WriteString("a,b,c\n")
		nl := "\n"
		if i%2 == 1 {
			nl = "\r\n"
		}
		for r := range 8 {
			if r%3 == 1 || i >= 4 && r%3 == 2 {
				long(&b)
			} else {
				fmt.Fprintf(&b, "%d,\"q%d\",%s", r, r, strings.Repeat("s", rng.IntN(100)))
			}
			b.WriteString(nl)
		}
		input := []byte(b.String())
		opts := Options{Dialect: dialect.Default(), Header: true, MaxLineSize: 8 << 20}
		checkParallel(t, input, opts, 2+2*(i%2), []int{64 << 10, 256 << 10}[i/2%2])
	}
}
