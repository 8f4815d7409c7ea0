package sniff_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/csvscan/csvscan/dialect"

	"github.com/csvscan/csvscan/internal/faults"
	"github.com/csvscan/csvscan/internal/memtest"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// The sniffer's memory bound: its peak heap is at most heapPerByte times
// the bytes it samples, plus heapConst. The bytes sampled are the head
// (the sample size in lines, or MaxLineSize past the last line end, or
// 64 MiB, whichever comes first; 1 MiB for Sniff over 16 MiB) and, for
// Sniff, five windows of 64 KiB and the one of the first '"'.
// The worst case is a sample of empty values (one delimiter byte each):
// every value costs a slice header in the sample's table and a value in
// the scanner, every column its candidate types, a name and a Result
// column; the live heap is then about 65 bytes per sampled byte, and the
// peak, garbage not yet collected included, up to twice that.
const (
	heapPerByte = 192
	heapConst   = 16 << 20
	windowBytes = 4 * 256 << 10
)

// resultOpts compare Results (dialect.Char is comparable, with unexported
// fields).
var resultOpts = cmpopts.EquateComparable(dialect.Char{})

// patternAt is an io.ReaderAt over memtest.Pattern's bytes (head, unit
// repeated n bytes, tail), for inputs too large to hold.
type patternAt struct {
	head, unit string
	n          int64
	tail       string
}

func (p patternAt) size() int64 { return int64(len(p.head)) + p.n + int64(len(p.tail)) }

func (p patternAt) ReadAt(b []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("patternAt: negative offset")
	}
	n := 0
	for n < len(b) && off < p.size() {
		switch h := int64(len(p.head)); {
		case off < h:
			k := copy(b[n:], p.head[off:])
			n, off = n+k, off+int64(k)
		case off < h+p.n:
			u := (off - h) % int64(len(p.unit))
			chunk := p.unit[u:]
			if left := h + p.n - off; int64(len(chunk)) > left {
				chunk = chunk[:left]
			}
			k := copy(b[n:], chunk)
			n, off = n+k, off+int64(k)
		default:
			k := copy(b[n:], p.tail[off-h-p.n:])
			n, off = n+k, off+int64(k)
		}
	}
	if n < len(b) {
		return n, io.EOF
	}
	return n, nil
}

func TestPatternAt(t *testing.T) {
	p := patternAt{"h,", "abc", 10, "\n"}
	want := memtest.Bytes(p.head, p.unit, p.n, p.tail)
	for off := 0; off <= len(want); off++ {
		for l := 0; l <= len(want)-off+1; l++ {
			b := make([]byte, l)
			n, err := p.ReadAt(b, int64(off))
			if string(b[:n]) != string(want[off:off+n]) || (n < l) != (err == io.EOF) || n != min(l, len(want)-off) {
				t.Fatalf("ReadAt(%d bytes, %d) = %q, %v", l, off, b[:n], err)
			}
		}
	}
}

// TestMemory runs the hostile shapes of issue 16 through the three
// sniffers and checks the peak heap against heapPerByte × sampled bytes +
// heapConst. SniffBytes gets the small size only, as its input must be in
// memory. Each shape also bounds what is sampled: Result.Sampled is at
// most the sample the rules allow. Before the fix, 2 rows of 100,000
// empty columns took over 1 GB, and a 1,000,000-column row about 500 MB
// and 10 s.
func TestMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("memory suite: not in -short")
	}
	defer memtest.Limit(3 << 30)()
	maxLine := int64(scanner.DefaultMaxLineSize)
	lines := int64(sniff.DefaultSampleSize + 1)
	wide := memtest.Size(100_000, 1_000_000)
	for _, tt := range []struct {
		name             string
		head, unit, tail string
		small, full      int64 // bytes of repeated unit
		sample           int64 // the most the head may hold
		errOK            bool  // no dialect is a right answer
		padding          bool  // sniff with NullPadding
		perByte          int64 // the bound's bytes of heap per sampled byte, if not heapPerByte
	}{
		// Rows of 100,000 values: the first chunk keeps about a million
		// values, not 2,048 rows of them (typed.ChunkRows; 30 rows of a
		// million values took 900 MiB, 24 bytes a value).
		{name: "rows of 100,000 values", unit: strings.Repeat("1,", 99_999) + "1\n", small: 80 * 200_000, full: 320 * 200_000,
			sample: 320 * 200_000, perByte: 8},
		// The whole input is the sample.
		{name: "two rows of empty columns", unit: ",", small: wide, full: wide, tail: "\n" + strings.Repeat(",", int(wide)) + "\n",
			sample: 2*wide + 2},
		{name: "one row of columns", unit: "1,", small: 2 * (wide - 1), full: 2 * (wide - 1), tail: "1\n", sample: 2 * wide},
		// No line end: the head stops MaxLineSize past the last line end.
		{name: "line without line end", unit: "x", small: 4 << 20, full: 500 << 20, sample: maxLine + 1, errOK: true},
		{name: "delimiters", unit: ",", small: 4 << 20, full: 100 << 20, sample: maxLine + 1, errOK: true},
		{name: "quotes", unit: `"`, small: 4 << 20, full: 2 << 30, sample: maxLine + 1, errOK: true},
		// Short lines: the head stops after the sample size in lines.
		{name: "stray quote at the start", head: "\"id,name\n", unit: "1,Ann\n", small: 4 << 20, full: 1 << 30,
			sample: 9 + lines*6, errOK: true},
		{name: "ones", unit: "1\n", small: 4 << 20, full: 200 << 20, sample: 2 * lines},
		// Empty lines: the head passes over the first 1Mi of them
		// (emptyLines) without counting them, then counts them.
		{name: "line ends", unit: "\n", small: 4 << 20, full: 100 << 20, sample: 1<<20 + lines, errOK: true},
		// A header of many empty columns above short rows, padded: the
		// refinement's buffers hold the values a chunk has, never its
		// rows times the header's width.
		// (Typing costs width × rows: 2,000 columns and 8,192 rows keep
		// the test to a second; a buffer of chunk rows × width would be
		// 98 MB.)
		{name: "wide header over short rows", head: strings.Repeat(",", 2000) + "\n", unit: "1\n",
			small: 16 << 10, full: 64 << 10, sample: 2001 + 2*lines, errOK: true, padding: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := memtest.Size(tt.small, tt.full)
			src := patternAt{tt.head, tt.unit, n, tt.tail}
			opts := sniff.Options{NullPadding: tt.padding}
			sample := min(tt.sample, src.size())
			type path struct {
				name    string
				windows int64
				run     func() (*sniff.Result, error)
			}
			paths := []path{
				{"SniffReader", 0, func() (*sniff.Result, error) {
					res, _, err := sniff.SniffReader(memtest.Pattern(tt.head, tt.unit, n, tt.tail), opts)
					return res, err
				}},
				{"Sniff", windowBytes, func() (*sniff.Result, error) {
					return sniff.Sniff(src, src.size(), opts)
				}},
			}
			var data []byte
			if n == tt.small {
				data = memtest.Bytes(tt.head, tt.unit, n, tt.tail)
				paths = append(paths, path{"SniffBytes", 0, func() (*sniff.Result, error) {
					return sniff.SniffBytes(data, opts)
				}})
			}
			for _, p := range paths {
				perByte := int64(heapPerByte)
				if tt.perByte > 0 {
					perByte = tt.perByte
				}
				bound := uint64(perByte*(sample+p.windows) + heapConst)
				// A memory limit just over the bound makes the collector
				// work before the bound is passed, so the peak is what the
				// sniffer holds rather than garbage not yet collected.
				limit := int64(bound) + 64<<20
				if tt.perByte > 0 {
					limit = 24 << 20 // collect all the time: the figure is what is held
				}
				restore := memtest.Limit(limit)
				var res *sniff.Result
				start := time.Now()
				peak, err := memtest.Measure(func() error {
					var err error
					res, err = p.run()
					return err
				})
				took := time.Since(start)
				restore()
				if err != nil && !(tt.errOK && errors.Is(err, sniff.ErrNoDialect)) {
					t.Fatalf("%s: %v", p.name, err)
				}
				t.Logf("%s: %d bytes, peak heap %.1f MB (bound %.1f MB), %v", p.name, src.size(), float64(peak)/1e6, float64(bound)/1e6, took)
				if peak > bound {
					t.Errorf("%s: peak heap %d bytes over the bound %d (%d × %d sampled bytes + %d)",
						p.name, peak, bound, perByte, sample+p.windows, heapConst)
				}
				if res != nil && res.Sampled > sample+p.windows {
					t.Errorf("%s: sampled %d bytes, the rules allow %d", p.name, res.Sampled, sample+p.windows)
				}
			}
		})
	}
}

// chunkReader hands out r's bytes at most n at a time.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(b []byte) (int, error) { return c.r.Read(b[:min(len(b), c.n)]) }

// TestSniffReaderLinear: sniffing a stream costs time linear in its head,
// whatever the size of the reads. Before the fix the line ends of the
// whole buffer were counted again after every read: 8 MiB without a line
// end in 4 KiB reads took 8 times as long (2.35 s against 0.29 s) as the same bytes in one
// slice. The allowance here is 5 times, the best of three runs each.
func TestSniffReaderLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing: not in -short")
	}
	const size = 8 << 20
	unit := strings.Repeat("x", 4096)
	opts := sniff.Options{MaxLineSize: 64 << 20}
	data := memtest.Bytes("", unit, size, "")
	best := func(f func()) time.Duration {
		d := time.Duration(1 << 62)
		for range 3 {
			start := time.Now()
			f()
			d = min(d, time.Since(start))
		}
		return d
	}
	var whole, chunked *sniff.Result
	tw := best(func() { whole, _ = sniff.SniffBytes(data, opts) })
	tc := best(func() {
		var err error
		chunked, _, err = sniff.SniffReader(chunkReader{memtest.Pattern("", unit, size, ""), 4 << 10}, opts)
		if err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("SniffBytes %v, SniffReader in 4 KiB reads %v", tw, tc)
	if tc > 5*tw+50*time.Millisecond {
		t.Errorf("SniffReader in 4 KiB reads took %v, SniffBytes %v: more than 5 times", tc, tw)
	}
	if diff := cmp.Diff(whole, chunked, resultOpts); diff != "" {
		t.Errorf("SniffReader and SniffBytes differ (-bytes +reader):\n%s", diff)
	}
}

// TestLongLineStops: a stream with no line end is read only to
// MaxLineSize past the last line end, and the error says why no dialect
// reads it (it used to read 64 MiB and say only "no dialect").
func TestLongLineStops(t *testing.T) {
	for _, maxLine := range []int{0, 1000} {
		limit := maxLine
		if limit == 0 {
			limit = scanner.DefaultMaxLineSize
		}
		head := "a,b\n1,2\n"
		r := &memtest.Counter{R: memtest.Pattern(head, "x", 200<<20, "")}
		res, _, err := sniff.SniffReader(r, sniff.Options{MaxLineSize: maxLine})
		if !errors.Is(err, sniff.ErrNoDialect) || !strings.Contains(err.Error(), "MaxLineSize") ||
			!strings.Contains(err.Error(), fmt.Sprintf("byte %d", len(head))) {
			t.Fatalf("max line %d: %v, %v; want ErrNoDialect naming MaxLineSize and byte %d", maxLine, res, err, len(head))
		}
		// What was read: the line's bytes and at most one read more
		// (a read is at most twice the bytes read so far, or 64 KiB).
		if want := int64(len(head)+limit+1) * 3; r.N > max(want, 128<<10) {
			t.Errorf("max line %d: read %d bytes of a 200 MiB line", maxLine, r.N)
		}
		if _, err := sniff.SniffBytes(memtest.Bytes(head, "x", int64(limit)+10, ""), sniff.Options{MaxLineSize: maxLine}); !errors.Is(err, sniff.ErrNoDialect) {
			t.Errorf("SniffBytes, max line %d: %v", maxLine, err)
		}
		// Sniff of a large input (over 16 MiB: the candidates are compared
		// on its first 256 KiB) says the same: the rows they compare are
		// those that start there, the long one too.
		for _, h := range []string{head, "a,b\n"} {
			big := memtest.Bytes(h, "x", 17<<20, "")
			if _, err := sniff.Sniff(bytes.NewReader(big), int64(len(big)), sniff.Options{MaxLineSize: maxLine}); !errors.Is(err, sniff.ErrNoDialect) ||
				!strings.Contains(err.Error(), fmt.Sprintf("byte %d", len(h))) {
				t.Errorf("Sniff of 17 MiB, head %q, max line %d: %v; want ErrNoDialect naming byte %d", h, maxLine, err, len(h))
			}
		}
	}
	// A long line that starts past those 256 KiB, within the first chunk's
	// 2,048 rows and the 1 MiB head: the candidates still read the rest of
	// the first chunk and fail on it, as on a smaller input and a stream,
	// and the fallbacks (ragged rows) do not take it either.
	const maxLine = 4096
	for _, at := range []int{300 << 10, 700 << 10} {
		var b bytes.Buffer
		b.WriteString("a,b\n")
		row := strings.Repeat("x", 997) + ",1\n"
		long := -1
		for b.Len() < 17<<20 {
			if long < 0 && b.Len() >= at {
				long = b.Len()
				b.WriteString(strings.Repeat("y", 2*maxLine) + ",1\n")
				continue
			}
			b.WriteString(row)
		}
		big := b.Bytes()
		_, err := sniff.Sniff(bytes.NewReader(big), int64(len(big)), sniff.Options{MaxLineSize: maxLine})
		_, _, rerr := sniff.SniffReader(bytes.NewReader(big), sniff.Options{MaxLineSize: maxLine})
		for name, e := range map[string]error{"Sniff": err, "SniffReader": rerr} {
			if !errors.Is(e, sniff.ErrNoDialect) || !strings.Contains(e.Error(), fmt.Sprintf("byte %d", long)) {
				t.Errorf("%s of 17 MiB, a %d-byte line at byte %d: %v; want ErrNoDialect naming byte %d", name, 2*maxLine+2, long, e, long)
			}
		}
	}
}

// faultInputs are inputs for the fault-injection tests: small, one over
// the first read (64 KiB), one with more lines than the sample size, one
// over the window threshold, and CR line ends.
func faultInputs() map[string][]byte {
	var big bytes.Buffer
	big.WriteString("id;name;amount;day\n")
	for i := range 30000 {
		fmt.Fprintf(&big, "%d;name %d;%d.%02d;2024-01-%02d\n", i, i%97, i, i%100, i%28+1)
	}
	var wide bytes.Buffer
	wide.WriteString("k,v\n")
	for i := range 9000 {
		fmt.Fprintf(&wide, "%d,\"%s\"\n", i, strings.Repeat("v", i%20))
	}
	return map[string][]byte{
		"small":   []byte("a,b,c\n1,2,3\n4,5,6\n"),
		"64k":     wide.Bytes(),
		"lines":   big.Bytes(),
		"cr ends": []byte("x|y\r1|2\r3|4\r"),
	}
}

// TestOneByteAtATime: the sniffers give the same result whatever the size
// of the reads; SniffBytes and SniffReader sample the same bytes.
func TestOneByteAtATime(t *testing.T) {
	for name, in := range faultInputs() {
		want, err := sniff.SniffBytes(in, sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for rname, r := range map[string]io.Reader{
			"one byte": iotest.OneByteReader(bytes.NewReader(in)),
			"half":     iotest.HalfReader(bytes.NewReader(in)),
			"data+EOF": iotest.DataErrReader(bytes.NewReader(in)),
			"whole":    bytes.NewReader(in),
			"7 bytes":  chunkReader{bytes.NewReader(in), 7},
		} {
			got, replay, err := sniff.SniffReader(r, sniff.Options{})
			if err != nil {
				t.Fatalf("%s, %s: %v", name, rname, err)
			}
			if diff := cmp.Diff(want, got, resultOpts); diff != "" {
				t.Errorf("%s, %s: differs from SniffBytes (-bytes +reader):\n%s", name, rname, diff)
			}
			all, err := io.ReadAll(replay)
			if err != nil || !bytes.Equal(all, in) {
				t.Errorf("%s, %s: replay gives %d bytes, %v; want the %d bytes of the input", name, rname, len(all), err, len(in))
			}
		}
	}
}

// noProgress returns (0, nil) forever.
type noProgress struct{ calls int }

func (p *noProgress) Read([]byte) (int, error) { p.calls++; return 0, nil }

func (p *noProgress) ReadAt([]byte, int64) (int, error) { p.calls++; return 0, nil }

// within fails the test when f does not return in 10 s (a spinning
// sniffer).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: no answer in 10 s", what)
	}
}

// TestFaults: a source that fails mid-sample fails the sniff with its
// error, whatever the sniffer; never a result built from the bytes before
// the failure as if they were the whole input. The failure points cover
// the head and, for Sniff, the windows after it (which the sniffer used to
// drop silently) and a file that ends before its stated size (which it
// used to sniff as complete).
func TestFaults(t *testing.T) {
	other := errors.New("disk on fire")
	inputs := faultInputs()
	for name, in := range inputs {
		intact, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		intactR, _, err := sniff.SniffReader(bytes.NewReader(in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		head := intactR.Sampled // the bytes a reader's sniff needs
		for _, at := range []int{0, 1, len(in) / 3, len(in) - 1} {
			for _, cause := range []error{io.ErrUnexpectedEOF, other} {
				// Either the failure is the error, or the sniffer did not
				// need the bytes after it and the result is the intact
				// input's.
				res, replay, err := sniff.SniffReader(&faults.Reader{Data: in, N: at, Err: cause}, sniff.Options{})
				switch {
				case err != nil && !errors.Is(err, cause):
					t.Errorf("SniffReader, %s failing with %v at byte %d of %d: got %v", name, cause, at, len(in), err)
				case err == nil && int64(at) < head:
					t.Errorf("SniffReader, %s failing with %v at byte %d of %d: no error, but the sample is %d bytes", name, cause, at, len(in), head)
				case err == nil && !cmp.Equal(res, intactR, resultOpts):
					t.Errorf("SniffReader, %s failing with %v at byte %d: a result unlike the intact input's", name, cause, at)
				}
				if b, rerr := io.ReadAll(replay); !errors.Is(rerr, cause) || !bytes.Equal(b, in[:len(b)]) {
					t.Errorf("SniffReader, %s failing at byte %d: replay gives %d bytes, %v; want a prefix, then %v", name, at, len(b), rerr, cause)
				}
				for _, c := range []error{cause, io.EOF} {
					res, err := sniff.Sniff(&faults.ReaderAt{Data: in, N: int64(at), Err: c, Short: true}, int64(len(in)), sniff.Options{})
					want := c
					if c == io.EOF {
						want = io.ErrUnexpectedEOF // a file that shrank
					}
					switch {
					case err != nil && !errors.Is(err, want):
						t.Errorf("Sniff, %s failing with %v at byte %d of %d: got %v, want %v", name, c, at, len(in), err, want)
					case err == nil && int64(at) < head:
						t.Errorf("Sniff, %s failing with %v at byte %d of %d: no error, but the head is %d bytes", name, c, at, len(in), head)
					case err == nil && !cmp.Equal(res, intact, resultOpts):
						t.Errorf("Sniff, %s failing with %v at byte %d: a result unlike the intact input's", name, c, at)
					}
				}
			}
		}
	}
	// A failure after the head, where Sniff reads its windows (the
	// "lines" input is over the window threshold).
	in := inputs["lines"]
	res, _, err := sniff.SniffReader(bytes.NewReader(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := res.Sampled + 10
	if _, err := sniff.Sniff(&faults.ReaderAt{Data: in, N: at, Err: other, Short: true}, int64(len(in)), sniff.Options{}); !errors.Is(err, other) {
		t.Errorf("Sniff failing after the head, at byte %d of %d: got %v", at, len(in), err)
	}
	if _, err := sniff.Sniff(&faults.ReaderAt{Data: in, N: at, Err: io.EOF, Short: true}, int64(len(in)), sniff.Options{}); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("Sniff of a file of %d bytes that shrank to %d: got %v", len(in), at, err)
	}

	// (0, nil) forever: io.ErrNoProgress after about 100 calls.
	within(t, "SniffReader on (0, nil) forever", func() {
		p := &noProgress{}
		_, _, err := sniff.SniffReader(p, sniff.Options{})
		if !errors.Is(err, io.ErrNoProgress) || p.calls > 1000 {
			t.Errorf("SniffReader on (0, nil) forever: %v after %d calls", err, p.calls)
		}
	})
	within(t, "Sniff on (0, nil) forever", func() {
		p := &noProgress{}
		_, err := sniff.Sniff(p, 1000, sniff.Options{})
		if err == nil || p.calls > 1000 {
			t.Errorf("Sniff on (0, nil) forever: %v after %d calls", err, p.calls)
		}
	})
	// Some bytes, then (0, nil) forever.
	within(t, "SniffReader on data then (0, nil)", func() {
		r := io.MultiReader(bytes.NewReader([]byte("a,b\n1,2\n")), &noProgress{})
		if _, _, err := sniff.SniffReader(r, sniff.Options{}); !errors.Is(err, io.ErrNoProgress) {
			t.Errorf("SniffReader on data then (0, nil) forever: %v", err)
		}
	})
}

// TestTimestampTZColumn: a column of timestamps with UTC offsets is
// TIMESTAMP WITH TIME ZONE, as DuckDB 1.5.6 sniffs it (checked on the
// same inputs); one without stays TIMESTAMP.
func TestTimestampTZColumn(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"ts\n2024-01-02 03:04:05+02\n2024-01-03 03:04:05+02\n", "TIMESTAMP WITH TIME ZONE"},
		{"ts\n2024-01-02 03:04:05Z\n2024-01-03 03:04:05\n", "TIMESTAMP WITH TIME ZONE"},
		{"ts\n2024-01-02T03:04:05.5+05:30\n2024-01-02\n", "TIMESTAMP WITH TIME ZONE"},
		{"ts\n2024-01-02 03:04:05\n2024-01-03 03:04:05+01\n", "TIMESTAMP WITH TIME ZONE"},
		{"ts\n2024-01-02 03:04:05\n2024-01-03 03:04:05\n", "TIMESTAMP"},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Columns[0].Type.String(); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestFirstRowPastMaxHead sniffs a file whose first data row is longer
// than the most the head reads by default (64 MiB) with the maximum line
// size raised over it, through Sniff and SniffReader: the head reads on to
// the row's end, so that the header is found and the columns are typed by
// the row, as DuckDB 1.5.6 sniffs such a file. The head used to stop at 64
// MiB inside the row, so that the header was the only row: taken for
// data, columns named column0..., a column whose header is "1" typed
// BIGINT, and the read then failed on the row's text.
func TestFirstRowPastMaxHead(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 65 MiB")
	}
	in := patternAt{head: "name,1,when\n", unit: "x", n: 65 << 20, tail: ",2,2024-01-02\n3,4,2024-01-03\n"}
	opts := sniff.Options{MaxLineSize: 80 << 20}
	want := "name:VARCHAR,1:BIGINT,when:DATE"
	check := func(how string, res *sniff.Result, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", how, err)
		}
		if got := columnList(res); !res.HasHeader || got != want {
			t.Errorf("%s: header %v, columns %s; want a header and %s", how, res.HasHeader, got, want)
		}
	}
	res, err := sniff.Sniff(in, in.size(), opts)
	check("Sniff", res, err)
	res, _, err = sniff.SniffReader(memtest.Pattern(in.head, in.unit, in.n, in.tail), opts)
	check("SniffReader", res, err)
}
