package csvscan

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// chunkRead is everything a typed read through Chunks gave: each row with
// its number and values as text (rendered when its chunk came, the chunk's
// lifetime), the same rows from clones of the chunks read at the end, the
// rejects, the error and its positions.
type chunkRead struct {
	Rows, Cloned []string
	Chunks       int
	Rejects      []string
	Err          string
	RowErr       string // the *typed.RowError's fields
	ParseErr     string // the *scanner.ParseError's
}

func readChunks(t *testing.T, path string, o Options) chunkRead {
	t.Helper()
	var out chunkRead
	r, err := Open(path, o)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Close()
	var clones []*typed.Chunk
	render := func(c *typed.Chunk, dst []string) []string {
		var b []byte
		for i := 0; i < c.Len(); i++ {
			b = fmt.Appendf(b[:0], "%d:", c.RowNumbers[i])
			for j := range c.Columns {
				b = append(b, '|')
				b = c.Columns[j].AppendText(b, i)
			}
			dst = append(dst, string(b))
		}
		return dst
	}
	for c, err := range r.Chunks() {
		if err != nil {
			out.Err = err.Error()
			var re *typed.RowError
			var pe *scanner.ParseError
			if errors.As(err, &re) {
				out.RowErr = fmt.Sprintf("%+v", *re)
			}
			if errors.As(err, &pe) {
				out.ParseErr = fmt.Sprintf("%+v", *pe)
			}
			break
		}
		out.Chunks++
		out.Rows = render(c, out.Rows)
		clones = append(clones, c.Clone())
	}
	for _, c := range clones {
		out.Cloned = render(c, out.Cloned)
	}
	for _, rj := range r.Rejects() {
		out.Rejects = append(out.Rejects, fmt.Sprintf("%+v", rj))
	}
	return out
}

// workersCSV writes a file of n rows of four columns (BIGINT, DOUBLE, DATE,
// VARCHAR with quotes, delimiters and line ends in some values, NULLs) and
// lets bad(i) replace row i by a line of its own.
func workersCSV(t *testing.T, name string, n int, bad func(i int) string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("id,price,day,note\n")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < n; i++ {
		if line := bad(i); line != "" {
			b.WriteString(line)
			continue
		}
		note := fmt.Sprintf("note %d", rng.IntN(1000))
		switch i % 13 {
		case 3:
			note = fmt.Sprintf("\"a, \"\"quoted\"\"\nnote %d\"", i)
		case 7:
			note = ""
		}
		price := fmt.Sprintf("%d.%02d", rng.IntN(10000), rng.IntN(100))
		if i%17 == 5 {
			price = ""
		}
		fmt.Fprintf(&b, "%d,%s,2024-%02d-%02d,%s\n", i, price, 1+rng.IntN(12), 1+rng.IntN(28), note)
	}
	return writeFile(t, name, []byte(b.String()))
}

// TestWorkersAgree: a file read in parallel, its rows cast on the workers
// and handed out in file order (castWorkers), gives through Chunks what the
// sequential read gives: every value and row number, the rejects with
// their positions, the error with its positions; chunks valid during
// their step and clones after. Small buffers make many blocks; the
// sequential read has one chunk per ChunkSize rows, the parallel one more
// (a block's last chunk is short), which shows there were many blocks.
func TestWorkersAgree(t *testing.T) {
	const n = 12000
	schema := typed.Schema{{Name: "id", Type: typed.TypeBigInt}, {Name: "price", Type: typed.TypeDouble},
		{Name: "day", Type: typed.TypeDate}, {Name: "note", Type: typed.TypeVarchar}}
	good := workersCSV(t, "good.csv", n, func(int) string { return "" })
	// A bad value late, after many blocks.
	lateCast := workersCSV(t, "late-cast.csv", n, func(i int) string {
		if i == n-1234 {
			return fmt.Sprintf("%d,12x,2024-01-01,late\n", i)
		}
		return ""
	})
	// A row the raw scan cannot read, late: text after a closing quote.
	lateParse := workersCSV(t, "late-parse.csv", n, func(i int) string {
		if i == n-777 {
			return fmt.Sprintf("%d,1.5,2024-01-01,\"q\"z\n", i)
		}
		return ""
	})
	// A short row and a long one late, past the sniffer's sample.
	lateMissing := workersCSV(t, "late-missing.csv", n, func(i int) string {
		if i == n-500 {
			return fmt.Sprintf("%d,\"1.5\"\n", i)
		}
		return ""
	})
	lateTooMany := workersCSV(t, "late-too-many.csv", n, func(i int) string {
		if i == n-300 {
			return fmt.Sprintf("%d,1.5,2024-01-01,x,,extra\n", i)
		}
		return ""
	})
	// Bad rows of every kind all through the file.
	var kinds = []string{
		"%d,not a number,2024-01-01,cast\n",
		"%d,1.5\n",                           // missing columns
		"%d,1.5,2024-01-01,x,extra,more\n",   // too many columns
		"%d,1.5,2024-01-01,\xff\xfe bytes\n", // invalid UTF-8 in VARCHAR
		"%d,1.5,2024-13-45,bad date\n",
		"%d,\"1\"x,2024-01-01,parse\n", // text after a closing quote
	}
	manyBad := workersCSV(t, "many-bad.csv", n, func(i int) string {
		if i%211 == 17 {
			return fmt.Sprintf(kinds[(i/211)%len(kinds)], i)
		}
		return ""
	})
	short := workersCSV(t, "short.csv", n, func(i int) string {
		if i%97 == 1 {
			return fmt.Sprintf("%d,2.5\n", i)
		}
		return ""
	})
	data, err := os.ReadFile(manyBad)
	if err != nil {
		t.Fatal(err)
	}
	preamble := writeFile(t, "preamble.csv", append([]byte("Export\nsource: test\n\n"), data...))
	goodData, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	preambleGood := writeFile(t, "preamble-good.csv", append([]byte("Export\nsource: test\n\n"), goodData...))

	for _, c := range []struct {
		name string
		path string
		o    Options
	}{
		{"good", good, Options{Columns: schema, Header: On}},
		{"good sniffed", good, Options{}},
		{"late cast", lateCast, Options{Columns: schema, Header: On}},
		{"late cast ignored", lateCast, Options{Columns: schema, Header: On, IgnoreErrors: true, StoreRejects: true}},
		{"late parse", lateParse, Options{Columns: schema, Header: On}},
		{"late parse ignored", lateParse, Options{Columns: schema, Header: On, IgnoreErrors: true, StoreRejects: true}},
		{"late missing", lateMissing, Options{Columns: schema, Header: On}},
		{"late too many", lateTooMany, Options{Columns: schema, Header: On}},
		{"many bad ignored", manyBad, Options{Columns: schema, Header: On, IgnoreErrors: true}},
		{"many bad rejects", manyBad, Options{Columns: schema, Header: On, IgnoreErrors: true, StoreRejects: true}},
		{"many bad rejects limit", manyBad, Options{Columns: schema, Header: On, StoreRejects: true, RejectsLimit: 37}},
		{"null padding", short, Options{Columns: schema, Header: On, NullPadding: true}},
		{"short rows", short, Options{Columns: schema, Header: On}},
		{"preamble rejects", preamble, Options{Columns: schema, Header: On, Skip: 3, StoreRejects: true}},
		{"preamble", preambleGood, Options{Columns: schema, Header: On, Skip: 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			if len(o.Columns) > 0 {
				// The sniffer, told to ignore errors, reads a file of few
				// bad rows without a quote: read it without sniffing.
				o.AutoDetect = Off
			}
			o.Threads = 1
			want := readChunks(t, c.path, o)
			// The parallel scan (castWorkers over Each), and the read by
			// ranges (planned.go) where the options allow it, with ranges
			// of a few rows.
			for _, p := range []struct{ threads, buffer, ranges int }{{2, 4096, 0}, {3, 1000, 0}, {2, 4096, 4096}, {3, 1000, 1500}} {
				o.Threads, o.BufferSize = p.threads, p.buffer
				var got chunkRead
				withPlanRange(p.ranges, func() { got = readChunks(t, c.path, o) })
				if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Chunks" }, cmp.Ignore())); d != "" {
					t.Fatalf("threads %d, buffer %d, ranges %d (-sequential +parallel):\n%s", p.threads, p.buffer, p.ranges, d)
				}
				if got.Chunks <= want.Chunks && len(want.Rows) > 4*typed.ChunkSize {
					t.Errorf("threads %d, buffer %d, ranges %d: %d chunks, as many as the sequential read's %d: few blocks", p.threads, p.buffer, p.ranges, got.Chunks, want.Chunks)
				}
			}
			if len(want.Rows) == 0 {
				t.Fatalf("no rows: %s", want.Err)
			}
			if strings.Contains(c.name, "late") && !strings.Contains(c.name, "ignored") && want.Err == "" ||
				strings.Contains(c.name, "rejects") && len(want.Rejects) == 0 {
				t.Fatalf("the case should end in an error or have rejects: %q, %d rejects", want.Err, len(want.Rejects))
			}
			t.Logf("%d rows, %d chunks, %d rejects, error %q", len(want.Rows), want.Chunks, len(want.Rejects), want.Err)
		})
	}
}

// withPlanRange runs f with ranges of n bytes for the typed read by
// ranges; 0 turns the read by ranges off.
func withPlanRange(n int, f func()) {
	old := planRangeSize
	defer func() { planRangeSize = old }()
	planRangeSize = int64(n)
	f()
}

// TestWorkersByRanges: the typed read of a file of plain CSV and short
// values with two goroutines and no IgnoreErrors goes by ranges
// (planned.go) once the file holds two ranges, and not otherwise.
func TestWorkersByRanges(t *testing.T) {
	path := workersCSV(t, "ranges.csv", 12000, func(int) string { return "" })
	for _, c := range []struct {
		ranges int
		o      Options
		want   bool
	}{
		{4096, Options{Threads: 2}, true},
		{4096, Options{Threads: 2, IgnoreErrors: true}, false},
		{4096, Options{Threads: 2, StoreRejects: true}, false},
		{4096, Options{Threads: 2, Comment: "#"}, true},
		{1 << 20, Options{Threads: 2}, false},
	} {
		withPlanRange(c.ranges, func() {
			r, err := Open(path, c.o)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			for _, err := range r.Chunks() {
				if err != nil {
					t.Fatal(err)
				}
				break
			}
			w, ok := r.typed.(*castWorkers)
			if got := ok && w.byRanges; got != c.want {
				t.Errorf("ranges of %d bytes, %+v: by ranges %v, want %v", c.ranges, c.o, got, c.want)
			}
		})
	}
	// Long values too, quoted delimiters and line breaks or not, and
	// CRLF line ends.
	var long, quotedLong strings.Builder
	long.WriteString("id,note\n")
	quotedLong.WriteString("id,note\n")
	for i := 0; long.Len() < 200000; i++ {
		fmt.Fprintf(&long, "%d,%s\n", i, strings.Repeat("x", 100))
		fmt.Fprintf(&quotedLong, "%d,\"%s\"\n", i, strings.Repeat("a,\n", 30))
	}
	old := planRangeSize
	defer func() { planRangeSize = old }()
	planRangeSize = 4096
	for _, c := range []struct {
		path string
		want bool
	}{{path, true}, {writeFile(t, "long.csv", []byte(long.String())), true}, {writeFile(t, "quoted-long.csv", []byte(quotedLong.String())), true},
		{writeFile(t, "crlf.csv", []byte(strings.ReplaceAll(readFile(t, path), "\n", "\r\n"))), true}} { // sniffed newline CRLF, strict
		r, err := Open(c.path, Options{Threads: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range r.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
			break
		}
		if w, ok := r.typed.(*castWorkers); !ok || w.byRanges != c.want {
			t.Errorf("%s: by ranges %v, want %v", c.path, ok && w.byRanges, c.want)
		}
		r.Close()
	}
}

// TestWorkersClose: a parallel typed read stopped early, by Close after
// a break or by Close from another goroutine while the caller waits for a
// chunk, ends with ErrClosed (the second) and leaves no goroutine behind.
func TestWorkersClose(t *testing.T) {
	path := workersCSV(t, "close.csv", 20000, func(int) string { return "" })
	readChunks(t, path, Options{Threads: 2}) // the table cache starts its goroutines
	before := runtime.NumGoroutine()
	for i := range 4 {
		concurrent, ranges := i%2 == 1, []int{0, 4096}[i/2] // the parallel scan, and by ranges
		withPlanRange(ranges, func() {
			r, err := Open(path, Options{Threads: 2, BufferSize: 4096})
			if err != nil {
				t.Fatal(err)
			}
			var last error
			n := 0
			for _, err := range r.Chunks() {
				if err != nil {
					last = err
					break
				}
				if n == 0 {
					if w, ok := r.typed.(*castWorkers); !ok || w.byRanges != (ranges > 0) {
						t.Errorf("ranges %d: the read is not the one meant", ranges)
					}
				}
				if n++; n == 2 {
					if !concurrent {
						break
					}
					done := make(chan struct{})
					go func() { r.Close(); close(done) }()
					<-done
				}
			}
			r.Close()
			if concurrent && !errors.Is(last, scanner.ErrClosed) && !errors.Is(last, ErrClosed) {
				t.Errorf("ranges %d: the read closed from another goroutine ended with %v, not ErrClosed", ranges, last)
			}
		})
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines after the reads, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
	}
}

// TestPlanRangeSize: ranges of 4 MiB, smaller with a smaller
// Options.BufferSize (the caller's own, not the scanner's default read
// size), never under 64 KiB.
func TestPlanRangeSize(t *testing.T) {
	so := scanner.Options{Dialect: dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"')},
		BufferSize: scanner.DefaultBufferSize} // as the scanner fills it in
	for _, c := range []struct {
		buffer int
		want   int64
	}{{0, 4 << 20}, {1 << 20, 1 << 20}, {4096, 64 << 10}, {32 << 20, 4 << 20}} {
		if got := planFor(1<<30, so, typed.Options{}, c.buffer); got != c.want {
			t.Errorf("buffer %d: ranges of %d bytes, want %d", c.buffer, got, c.want)
		}
	}
}

// TestPlanCloseNotEOF: Close from another goroutine during a read by
// ranges ends it with ErrClosed, or lets it finish with every row; never
// io.EOF with rows missing (found by a review: once every range was
// taken, a worker stopped before it registered its range, and the read
// ended as if at the end of input). The second range starts inside a long
// quoted value, so that its start is slow to find.
func TestPlanCloseNotEOF(t *testing.T) {
	const R = 256 << 10
	var b strings.Builder
	b.WriteString("a,b\n")
	for b.Len() < 1000 {
		b.WriteString("1,x\n")
	}
	b.WriteString("2,\"")
	for b.Len() < 2*R-100 {
		b.WriteString("yyyyyyyyyyyyyyy ")
	}
	b.WriteString("\"\n")
	for b.Len() < 2*R+5000 {
		b.WriteString("3,z\n")
	}
	path := writeFile(t, "close-ranges.csv", []byte(b.String()))
	total := 0
	for _, row := range readChunks(t, path, Options{Threads: 1}).Rows {
		_ = row
		total++
	}
	withPlanRange(R, func() {
		for i := range 100 {
			r, err := Open(path, Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			c, err := r.Next()
			if err != nil {
				t.Fatal(err)
			}
			if w, ok := r.typed.(*castWorkers); !ok || !w.byRanges {
				t.Fatal("not read by ranges")
			}
			rows := c.Len()
			delay := time.Duration(i%20) * 50 * time.Microsecond
			go func() { time.Sleep(delay); r.Close() }()
			for {
				c, err := r.Next()
				if err != nil {
					if err == io.EOF && rows != total {
						t.Fatalf("io.EOF after %d of %d rows (Close from another goroutine after %v)", rows, total, delay)
					}
					if err != io.EOF && !errors.Is(err, ErrClosed) && !errors.Is(err, scanner.ErrClosed) {
						t.Fatalf("the read ended with %v", err)
					}
					break
				}
				rows += c.Len()
			}
			r.Close()
		}
	})
}

// TestPlanOneColumnEmptyLines: a one-column table that starts with empty
// lines (rows, as DuckDB reads them: Options.EmptyLineRows) is not read
// by ranges, whose summaries do not compose that rule (found by a review:
// the rows after the first range were numbered too low by the empty
// lines before the first row); and the parallel scan's error for a row
// too wide there names its byte offsets (the locator that finds them
// numbered the rows without the rule, and gave -1).
func TestPlanOneColumnEmptyLines(t *testing.T) {
	for _, tail := range []string{"", "a,b\n"} {
		data := "\n\n\n" + strings.Repeat("12345\n", 3000) + tail
		path := writeFile(t, "one-column.csv", []byte(data))
		o := Options{AutoDetect: Off, Columns: typed.Schema{{Name: "n", Type: typed.TypeBigInt}}}
		o.Threads = 1
		want := readChunks(t, path, o)
		o.Threads, o.BufferSize = 2, 4096
		var got chunkRead
		withPlanRange(64, func() { got = readChunks(t, path, o) })
		if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Chunks" }, cmp.Ignore())); d != "" {
			t.Fatalf("tail %q (-sequential +2 threads):\n%s", tail, d)
		}
		if tail != "" && !strings.Contains(want.RowErr, "Offset:") || strings.Contains(want.RowErr, "Offset:-1") {
			t.Fatalf("tail %q: the error %q should name its offset", tail, want.RowErr)
		}
	}
}

// readFile returns the file at path as a string.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBOMAfterPreamble: bytes of a byte order mark right after the lines
// skipped (Skip) are data, as a sequential read takes them (a mark is only
// the file's first bytes); a read with two goroutines, which would scan the
// section past the skipped lines and take them for its mark, reads
// sequentially instead and gives the same (found by a review).
func TestBOMAfterPreamble(t *testing.T) {
	path := writeFile(t, "bom-after.csv", []byte("title\nnotes\n\xEF\xBB\xBF896,a\n1,b\n2,c\n"))
	cols := typed.Schema{{Name: "id", Type: typed.TypeBigInt}, {Name: "name", Type: typed.TypeVarchar}}
	for _, o := range []Options{{Skip: 2}, {Skip: 2, AutoDetect: Off, Columns: cols, Delim: ","}, {Skip: 2, AutoDetect: Off, Delim: ","}} {
		o.Threads = 1
		want := openAll(t, path, o)
		o.Threads = 2
		if got := openAll(t, path, o); !cmp.Equal(want, got) {
			t.Errorf("Skip %d, columns %v (-1 thread +2):\n%s", o.Skip, o.Columns, cmp.Diff(want, got))
		}
	}
}
