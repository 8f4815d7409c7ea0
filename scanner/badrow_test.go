package scanner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	sm "github.com/csvscan/csvscan/statemachine"
	"github.com/google/go-cmp/cmp"
)

// badRowTests are rows over the maximum line size with IgnoreErrors: the
// bad row ends at the first line end after its last opening quote when the
// machine is inside quotes at the limit, else at the first line end after
// the limit, and reading resumes there (docs/reading-rules.md, "Bad rows").
// Issue 16, defect 8: one stray quote dropped the rest of the file.
var badRowTests = []struct {
	name string
	in   string
	opts Options
	rows [][]string
	bad  []string
}{
	{"StrayQuote", "a,b\n1,\"x\n2,y\n3,z\n", Options{MaxLineSize: 8},
		rows(r("a", "b"), r("2", "y"), r("3", "z")),
		[]string{"line size over maximum line 2 row 2 field 2 byte 12 (row at 4)"}},
	// The whole rest of the file after a stray quote is read as rows.
	{"StrayQuoteAtStart", "\"x,y\n" + strings.Repeat("1,2\n", 20), Options{MaxLineSize: 10},
		func() [][]string {
			var out [][]string
			for range 20 {
				out = append(out, r("1", "2"))
			}
			return out
		}(),
		[]string{"line size over maximum line 1 row 1 field 1 byte 10 (row at 0)"}},
	// CRLF: the bad row ends at the CR, the LF is part of its line end.
	{"StrayQuoteCRLF", "1,\"x\r\n2,y\r\n3,z\r\n", Options{MaxLineSize: 6},
		rows(r("2", "y"), r("3", "z")),
		[]string{"line size over maximum line 1 row 1 field 2 byte 6 (row at 0)"}},
	// A quoted value with line ends before the stray quote stays in the
	// bad row: the search starts at the last opening quote.
	{"QuotedLinesBeforeStray", "\"p\nq\",\"x\n2,y\n3,z\n", Options{MaxLineSize: 12},
		rows(r("2", "y"), r("3", "z")),
		[]string{"line size over maximum line 1 row 1 field 2 byte 12 (row at 0)"}},
	// Text after a closing quote (strict), then a quote the table runs
	// into while it looks for the bad row's end: past the limit, that
	// quote is taken for a stray one too; one bad row, not two.
	{"InvalidThenStray", "\"a\"x,\"b\nc,d\ne,f\n", Options{MaxLineSize: 10},
		rows(r("c", "d"), r("e", "f")),
		[]string{"unquoted value line 1 row 1 field 1 byte 3 (row at 0)"}},
	// Outside quotes at the limit: the first line end after it, quotes or
	// not.
	{"LongLineThenQuote", "abcdefgh\"ij\nk\nl\n", Options{MaxLineSize: 4, Dialect: lenient(dialect.RFC4180)},
		rows(r("k"), r("l")),
		[]string{"line size over maximum line 1 row 1 field 1 byte 4 (row at 0)"}},
	// Quotes to the end of input and no line end: one bad row to the end.
	{"OnlyQuotes", "a\n" + strings.Repeat("\"", 40), Options{MaxLineSize: 3},
		rows(r("a")),
		[]string{"line size over maximum line 2 row 2 field 1 byte 5 (row at 2)"}},
	// An unterminated quote within the limit at the end of input still
	// skips the last row to the end.
	{"UnterminatedShort", "a\n\"b\nc\n", Options{MaxLineSize: 100},
		rows(r("a")),
		[]string{"unterminated quote line 2 row 2 field 1 byte 2 (row at 2)"}},
	// A doubled quote is the last entry into quotes: the bad row ends at
	// the line end after it.
	{"DoubledQuote", "\"a\nb\"\"c\nd\ne\n", Options{MaxLineSize: 8},
		rows(r("d"), r("e")),
		[]string{"line size over maximum line 1 row 1 field 1 byte 8 (row at 0)"}},
}

// TestBadRowRecovery checks each case against its stated answer, the
// reference reader, every read and buffer size and every split point, and
// the parallel scan (ScanReader, ScanReaderAt, Each) at many buffer sizes
// and goroutine counts.
func TestBadRowRecovery(t *testing.T) {
	for _, tt := range badRowTests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.IgnoreErrors, opts.FieldsPerRow = true, -1
			in := []byte(tt.in)
			want := scanBytes(t, in, opts)
			if d := cmp.Diff(tt.rows, want.Rows); d != "" || want.Err != nil {
				t.Fatalf("%v, rows (-want +got):\n%s", want.Err, d)
			}
			if d := cmp.Diff(tt.bad, want.Bad); d != "" {
				t.Fatalf("bad rows (-want +got):\n%s", d)
			}
			checkAgainstReference(t, in, opts, []int{1, 2, 7, 63, 64, 65})
			for _, size := range []int{1, 2, 7, 63, 64, 65} {
				small := opts
				small.BufferSize = size
				got := scanReader(t, &chunkReader{data: in, size: size}, small)
				if d := cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine)); d != "" {
					t.Fatalf("buffer size %d (-bytes +reader):\n%s", size, d)
				}
			}
			for cut := 0; cut <= len(in); cut++ {
				rd := &splitReader{parts: [][]byte{bytes.Clone(in[:cut]), bytes.Clone(in[cut:])}}
				small := opts
				small.BufferSize = 4
				got := scanReader(t, rd, small)
				if d := cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine)); d != "" {
					t.Fatalf("split at %d (-bytes +split):\n%s", cut, d)
				}
			}
			for _, size := range []int{1, 2, 3, 5, 7, 16, 63, 64, 65, 1 << 20} {
				for _, threads := range []int{1, 2, 3} {
					checkParallel(t, in, opts, threads, size)
				}
			}
		})
	}
}

// TestBadRowEveryStart puts a stray quote at every offset of a small file
// and compares the scanner, sequential and parallel, with the reference.
func TestBadRowEveryStart(t *testing.T) {
	base := "id,v\n1,ab\n2,\"c\nd\"\n3,ef\n4,gh\r\n5,ij\n"
	for at := 0; at <= len(base); at++ {
		in := []byte(base[:at] + "\"" + base[at:])
		for _, maxLine := range []int{3, 6, 9, 40} {
			opts := Options{IgnoreErrors: true, MaxLineSize: maxLine, Header: true}
			checkAgainstReference(t, in, opts, []int{1, 2, 7})
			for _, size := range []int{1, 2, 7, 64} {
				checkParallel(t, in, opts, 2, size)
			}
		}
	}
}

// TestBadRowParallelBoundaries: rows after a bad row that covers several
// boundaries, and a bad row whose end a worker leaves to the merge, with
// tiny boundaries and the side-by-side window cut short.
func TestBadRowParallelBoundaries(t *testing.T) {
	defer func(w int) { meetWindow = w }(meetWindow)
	var in strings.Builder
	for i := range 60 {
		if i%17 == 5 {
			in.WriteString("\"")
		}
		fmt.Fprintf(&in, "%d,%s\n", i, strings.Repeat("x", i%7))
	}
	in.WriteString(strings.Repeat("y", 300) + "\n" + "last,row\n")
	windows, maxLines, sizes, threadCounts := []int{1, 3, 4 << 10}, []int{4, 12, 30, 200}, []int{1, 4, 13, 64, 256}, []int{1, 2, 4}
	if testing.Short() {
		// The race detector's run (CI runs it in -short): a corner of the
		// grid, which go test ./... covers whole.
		windows, maxLines, sizes, threadCounts = []int{1, 4 << 10}, []int{4, 30}, []int{1, 13, 256}, []int{2}
	}
	for _, w := range windows {
		meetWindow = w
		for _, maxLine := range maxLines {
			opts := Options{IgnoreErrors: true, MaxLineSize: maxLine}
			checkAgainstReference(t, []byte(in.String()), opts, []int{1, 7, 64})
			for _, size := range sizes {
				for _, threads := range threadCounts {
					checkParallel(t, []byte(in.String()), opts, threads, size)
				}
			}
		}
	}
}

// TestBadRowParallelScanFile: the same through ScanFile, whose buffers are
// the file's mapped pages.
func TestBadRowParallelScanFile(t *testing.T) {
	in := []byte("a,b\n\"" + strings.Repeat("1,2\n", 5000))
	opts := Options{IgnoreErrors: true, MaxLineSize: 64}
	want := scanBytes(t, in, opts)
	if len(want.Rows) != 5000 || len(want.Bad) != 1 { // [a b] and the 4999 lines after the stray quote's
		t.Fatalf("sequential: %d rows, %d bad rows: want 5000 and 1", len(want.Rows), len(want.Bad))
	}
	path := t.TempDir() + "/stray.csv"
	if err := os.WriteFile(path, in, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{256, 4096} {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		popts := opts
		popts.Threads, popts.BufferSize = 2, size
		p, err := ScanFile(context.Background(), f, popts)
		if err != nil {
			t.Fatal(err)
		}
		got := collect(p)
		f.Close()
		if d := cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine)); d != "" {
			t.Fatalf("buffer %d (-sequential +ScanFile):\n%s", size, d)
		}
	}
}

// TestQuotesEnteredByQuoted: the bad-row rule looks for the last quote that
// took the machine into quotes by watching for QUOTED after a state outside
// quotes (Scanner.qlast); that is every way in only if no byte leads from
// outside quotes straight to QUOTED_NEW_LINE or ESCAPE.
func TestQuotesEnteredByQuoted(t *testing.T) {
	for sel := uint32(0); sel < 144; sel++ {
		for _, delim := range []string{",", "||", " ", "ab"} {
			d, ok := fuzzDialect(sel, delim)
			if !ok {
				continue
			}
			tab, err := sm.For(d)
			if err != nil {
				t.Fatal(err)
			}
			next := tab.Transitions()
			for st := sm.State(0); st < sm.NumStates; st++ {
				if st.InQuotes() {
					continue
				}
				for c := 0; c < 256; c++ {
					if n := next[c][st]; n.InQuotes() && n != sm.Quoted {
						t.Fatalf("%v: %v on %q goes to %v", d, st, byte(c), n)
					}
				}
			}
		}
	}
}

// TestBadRowPastBulkStart: a bad row among a boundary's first rows (read
// from the boundary's start once its state is known) ends elsewhere than at
// the row start where the worker's full-speed scan began: with strict CRLF
// an LF ends a row after a delimiter but is no line-end byte for a bad row
// past its limit. The full-speed rows are dropped and the rows are read on
// from the bad row's end (finishBoundary), which lies past the boundary in
// the first case and inside it in the second. Both found by a random
// search; the side-by-side window is cut so that the first rows hold
// several.
func TestBadRowPastBulkStart(t *testing.T) {
	defer func(w int) { meetWindow = w }(meetWindow)
	cases := []struct {
		in            string
		d             dialect.Dialect
		maxLine, meet int
	}{
		{"\na\"\n\",\n,,\"\",\n,\"\"\"\"bb\"a,\"a\n\"bb\"a,\na\n,\"a,\nab\"\n\"\n\n,a\",,,bb\n\"a\n\"\"b\"ab\",ab,\n" +
			"\"\nbaa,,b\"\"ba,\n\n\"\"b\n\"\"a,\n\"\n\"\"\"abbbaa\"\n,\"a,b\"\"b\"a\"a\"\"ab\n\"",
			dialect.Dialect{Delimiter: ",", Quote: dialect.Some('\''), Escape: dialect.Some('\''), Newline: dialect.NewlineCRLF, Comment: dialect.Some('#')},
			5, 40},
		{"a\"\"\n\n\r,b\na\r'\ra,\n'a\",\r,\n\rb\r,\"\r\",a'b'\rb\rbb\na\"a\r\n'\rba,ab\n'\"\na\r,b'\ra',,\"ab'a\ra\r\n\"ab\rba\"a,\"\n''\r'\n\",a\"''',b\nbaa''b\"\"\r\n\",,\n'\ra\n\r\rba\n''\n\n\"\n\r,\r'a\r\",\rab'\"b\"\r\",\"ab\rb','\"\"\r\"'\"a,\n'\"\r\rb\"\"\"a\n'bb\",a\r",
			dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Newline: dialect.NewlineCRLF, Comment: dialect.Some('#')},
			4, 67},
	}
	for i, c := range cases {
		meetWindow = c.meet
		opts := Options{Dialect: c.d, FieldsPerRow: -1, MaxLineSize: c.maxLine, IgnoreErrors: true}
		checkAgainstReference(t, []byte(c.in), opts, []int{1, 7})
		for _, size := range []int{13, 29, 59, 64, 71} {
			for _, threads := range []int{1, 2, 3} {
				t.Run(fmt.Sprintf("%d/size=%d/threads=%d", i, size, threads), func(t *testing.T) {
					checkParallel(t, []byte(c.in), opts, threads, size)
				})
			}
		}
	}
}

// TestMaxBadRows: Options.MaxBadRows bounds the skipped rows a scan holds
// between two TakeBadRows: each take is the first MaxBadRows of those an
// unbounded scan gives (none when negative), and the good rows, their
// numbers and lines, are the same, sequential and parallel.
func TestMaxBadRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n")
	for g := range 60 {
		run, long := g%5, g%13 == 12
		if long {
			// A run of rows that a parallel scan's workers skip (a row
			// of another width is the merge's to find), across its
			// boundaries.
			run = 40
		}
		for k := range run {
			if k%2 == 0 || long {
				b.WriteString("1,\"x\"y\n")
			} else {
				b.WriteString("1,2,3\n")
			}
		}
		fmt.Fprintf(&b, "%d,%d\n", g, g)
	}
	in := []byte(b.String())
	path := t.TempDir() + "/runs.csv"
	if err := os.WriteFile(path, in, 0o600); err != nil {
		t.Fatal(err)
	}
	type takes struct {
		Rows    []string
		Lines   []int
		Numbers []int      // the rows' numbers, which count the bad rows before them
		Bad     [][]string // one list per take, the one after the last row too
	}
	read := func(t *testing.T, threads, max int) takes {
		t.Helper()
		opts := Options{Header: true, IgnoreErrors: true, FieldsPerRow: 2, MaxBadRows: max}
		var s rowSource
		if threads == 1 {
			sc, err := NewBytes(in, opts)
			if err != nil {
				t.Fatal(err)
			}
			s = sc
		} else {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			opts.Threads, opts.BufferSize = threads, 256
			p, err := ScanFile(context.Background(), f, opts)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			s = p
		}
		var res takes
		take := func() {
			var bad []string
			for _, pe := range s.TakeBadRows() {
				// The rows held are whole, message and text too (those
				// past the bound have neither: Scanner.failAt).
				bad = append(bad, fmt.Sprintf("%s: %s %q", badString(pe), pe.Msg, pe.Text))
			}
			res.Bad = append(res.Bad, bad)
		}
		for s.Scan() {
			take()
			res.Rows = append(res.Rows, string(bytes.Join(s.Row(), []byte(","))))
			res.Lines = append(res.Lines, s.LineNumber())
			res.Numbers = append(res.Numbers, s.(interface{ RowNumber() int }).RowNumber())
		}
		take()
		if s.Err() != nil {
			t.Fatal(s.Err())
		}
		return res
	}
	for _, threads := range []int{1, 2} {
		all := read(t, threads, 0)
		if len(all.Rows) != 60 {
			t.Fatalf("%d threads: %d rows, want 60", threads, len(all.Rows))
		}
		for _, max := range []int{-1, 1, 2, 3} {
			got := read(t, threads, max)
			want := all
			want.Bad = nil
			for _, bad := range all.Bad {
				n := min(len(bad), max)
				if max < 0 {
					n = 0
				}
				var w []string
				if n > 0 {
					w = bad[:n]
				}
				want.Bad = append(want.Bad, w)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("%d threads, MaxBadRows %d (-want +got):\n%s", threads, max, d)
			}
		}
	}
	// Each: the blocks hold the file's first MaxBadRows together, though
	// each takes its own after every row. (The rows Scan skips over the
	// same buffers: one that straddles two has no text in parallel.)
	for _, threads := range []int{2, 3} {
		var every []string
		for _, bad := range read(t, threads, 0).Bad {
			every = append(every, bad...)
		}
		for _, max := range []int{-1, 0, 1, 2, 3, 50} {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ScanFile(context.Background(), f, Options{Header: true, IgnoreErrors: true, FieldsPerRow: 2, MaxBadRows: max, Threads: threads, BufferSize: 256})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			blocks := map[int][]string{}
			err = p.Each(func(b *Block) error {
				var bad []string
				for more := true; more; {
					more = b.Scan()
					for _, pe := range b.TakeBadRows() {
						bad = append(bad, fmt.Sprintf("%s: %s %q", badString(pe), pe.Msg, pe.Text))
					}
				}
				mu.Lock()
				blocks[b.Index()] = bad
				mu.Unlock()
				return nil
			})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for i := range len(blocks) {
				got = append(got, blocks[i]...)
			}
			want := every
			switch {
			case max < 0:
				want = nil
			case max > 0:
				want = every[:min(max, len(every))]
			}
			if len(blocks) < 3 {
				t.Fatalf("%d threads: %d blocks, want several", threads, len(blocks))
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("Each, %d threads, MaxBadRows %d (-want +got):\n%s", threads, max, d)
			}
		}
	}
}

// TestEmptyLineAfterSkippedEmptyLine: with EmptyLineRows an empty line is
// a row of one empty value; in a wider file it is a bad row, which
// IgnoreErrors skips. The row after it is not an empty line: EmptyLine
// says so, with the lane on and off, from a byte slice and through a
// reader, as a range read says.
func TestEmptyLineAfterSkippedEmptyLine(t *testing.T) {
	for _, in := range []string{"a,b\n\nc,d\n", "a,b\r\n\r\nc,d\r\n", "a,b\n\n\nc,d\ne,f\n"} {
		opts := Options{IgnoreErrors: true, EmptyLineRows: true}
		for _, lane := range []bool{true, false} {
			for _, r := range []io.Reader{nil, &chunkReader{data: []byte(in), size: 1}} {
				s := laneScanner(t, []byte(in), r, opts, lane)
				rows := 0
				for s.Scan() {
					rows++
					if s.EmptyLine() {
						t.Errorf("%q, lane %v, reader %v: row %d %q reports an empty line", in, lane, r != nil, s.RowNumber(), s.Row())
					}
				}
				if s.Err() != nil || rows < 2 {
					t.Fatalf("%q: %d rows, err %v", in, rows, s.Err())
				}
				if bad := s.TakeBadRows(); len(bad) == 0 || bad[0].Kind != ErrFieldCount {
					t.Errorf("%q: bad rows %v, want the empty line's field count", in, bad)
				}
			}
		}
	}
}
