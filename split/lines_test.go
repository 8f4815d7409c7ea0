package split

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// csvish returns about n bytes of rows in dialect d: plain, quoted and
// empty values, quoted ones holding quotes, delimiters and line ends,
// rows ended by LF, CRLF or CR, empty lines, and, one value in
// defects, a value the fast lines must leave to the table (a quote inside
// an unquoted value, text after a closing quote, blanks before an opening
// quote, a quote never closed).
func csvish(rng *rand.Rand, d dialect.Dialect, n, defects int) []byte {
	q, ok := d.Quote.Byte()
	if !ok {
		q = '"'
	}
	var b bytes.Buffer
	ends := []string{"\n", "\n", "\n", "\r\n", "\r"}
	end := ends[rng.IntN(len(ends))]
	for b.Len() < n {
		if rng.IntN(20) == 0 {
			b.WriteString(end) // an empty line
			continue
		}
		cols := 1 + rng.IntN(5)
		for c := 0; c < cols; c++ {
			if c > 0 {
				b.WriteString(d.Delimiter)
			}
			if defects > 0 && rng.IntN(defects) == 0 {
				switch rng.IntN(4) {
				case 0:
					fmt.Fprintf(&b, "a%cb", q)
				case 1:
					fmt.Fprintf(&b, "%ca%cb", q, q)
				case 2:
					fmt.Fprintf(&b, "  %ca%c", q, q)
				default:
					fmt.Fprintf(&b, "%cno end", q)
				}
				continue
			}
			switch rng.IntN(4) {
			case 0: // empty
			case 1:
				for k := rng.IntN(20); k > 0; k-- {
					b.WriteByte(byte('a' + rng.IntN(26)))
				}
			default:
				b.WriteByte(q)
				for k := rng.IntN(30); k > 0; k-- {
					switch rng.IntN(12) {
					case 0:
						b.WriteByte(q)
						b.WriteByte(q)
					case 1:
						b.WriteString(d.Delimiter)
					case 2:
						b.WriteString(ends[rng.IntN(len(ends))])
					case 3:
						b.WriteByte(' ')
					default:
						b.WriteByte(byte('a' + rng.IntN(26)))
					}
				}
				b.WriteByte(q)
			}
		}
		if rng.IntN(30) == 0 {
			end = ends[rng.IntN(len(ends))] // files that mix line ends
		}
		b.WriteString(end)
	}
	return b.Bytes()
}

// sameSummaries checks that the trajectories of data from every reachable
// key are the same with the fast lines as without, for head windows that
// start the full-speed runs early and late.
func sameSummaries(t *testing.T, tab *sm.Table, data []byte) {
	t.Helper()
	reach := reachable(tab, false)
	for _, win := range []int{1, 64, 4 << 10} {
		withWindow(win, func() {
			fast, slow := newWalker(tab, false), newWalker(tab, false)
			slow.fast = nil
			got, want := fast.summarize(data, reach), slow.summarize(data, reach)
			for k := range got {
				if got[k] != want[k] {
					t.Fatalf("head window %d, key %d (%v): fast lines give\n%+v\nthe byte loop\n%+v\ninput %q", win, k, key(k).state(), got[k], want[k], data)
				}
			}
		})
	}
}

// TestFastLines holds the summaries the fast lines make to the byte loop's
// (the table's own answer) over random rows of random dialects, defects
// included, and checks that the fast lines read most of a clean file.
func TestFastLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	delims := []string{",", ";", "|", "\t", " ", "||"}
	n, fastOnes := 400, 0
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		d, ok := fuzzDialect(rng.Uint32(), delims[rng.IntN(len(delims))])
		if i%2 == 0 {
			// Half of the cases in dialects the fast lines may read:
			// the quote as its own escape, no comment.
			d.Escape, d.Comment = d.Quote, dialect.None
			if i%4 == 0 {
				d.Newline = dialect.NewlineAuto
			}
			ok = d.Validate() == nil
		}
		if !ok {
			continue
		}
		tab, err := sm.For(d)
		if err != nil {
			t.Fatal(err)
		}
		if newFastLines(tab) != nil {
			fastOnes++
		}
		defects := []int{0, 0, 5, 50, 500}[rng.IntN(5)]
		sameSummaries(t, tab, csvish(rng, d, rng.IntN(3000), defects))
	}
	if fastOnes < n/8 {
		t.Errorf("only %d of %d dialects have fast lines", fastOnes, n)
	}
	// A clean file in the default dialect is read by the fast lines from
	// its first line end nearly to its end.
	tab, err := sm.For(dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"')})
	if err != nil {
		t.Fatal(err)
	}
	f := fastLinesOf(tab)
	if f == nil {
		t.Fatal("the default dialect has no fast lines")
	}
	for _, c := range []struct {
		opts scanner.Options
		want bool
	}{
		{scanner.Options{}, true},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: ";", Quote: dialect.Some('\''), Escape: dialect.Some('\'')}}, true},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Newline: dialect.NewlineLF}}, true},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: "\t"}}, true}, // no quote
		{scanner.Options{IgnoreErrors: true}, false},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')}}, false},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}}, false},
		{scanner.Options{Dialect: dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')}}, false},
	} {
		p, err := New(bytes.NewReader([]byte("a\n")), 2, 0, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FastSummaries(); got != c.want {
			t.Errorf("FastSummaries with %+v = %v, want %v", c.opts, got, c.want)
		}
	}
	for range 50 {
		data := csvish(rng, dialect.Dialect{Delimiter: ","}, 20000, 0)
		first := firstLineEnd(tab, data)
		r := f.forward(data, first+1, data[first] == '\r')
		// A quoted value may hold line ends and run long: the fast lines
		// stop at the last line end outside quotes before the last full
		// block, which a clean file of short rows has near its end.
		if !r.ok || r.to < len(data)-8<<10 {
			t.Fatalf("the fast lines read a clean file of %d bytes to %d (ok %v)", len(data), r.to, r.ok)
		}
		sameSummaries(t, tab, data)
	}
}

// TestFastLinesAtBlockEdges puts quotes the fast lines must leave to the
// table at every offset from where they start, so that each lands on
// every bit of a block, the first and the last included, and at the end
// of a window of blocks (fastBlocks).
func TestFastLinesAtBlockEdges(t *testing.T) {
	for _, escape := range []dialect.Char{dialect.Some('"'), dialect.None} {
		tab, err := sm.For(dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: escape})
		if err != nil {
			t.Fatal(err)
		}
		if fastLinesOf(tab) == nil {
			t.Fatalf("escape %v: no fast lines", escape)
		}
		for _, defect := range []string{`"a"b`, `a"b`, ` "a"`, `"a`, `"a""`, `""`, `"a""b"`, `"a"` + "\r" + `x`} {
			for pad := 0; pad < fastBlocks*64+8; pad++ {
				if pad == 2*64+8 {
					pad = fastBlocks*64 - 72
				}
				// Delimiters as padding, so that the window is dense
				// enough for the fast lines (fastSparse).
				data := []byte("h\n" + strings.Repeat(",", pad) + "\n" + defect + ",c\n" + strings.Repeat("1,\"2\"\n", 60))
				sameSummaries(t, tab, data)
			}
		}
	}
}

// TestFastLinesCRAtTheEnd puts a CR at every offset near the end of the
// bytes the fast lines read (the last full block), in each newline
// setting they read, so that the run goes on right after a CR whose LF
// follows: as part of a CRLF (auto), or as a line end of its own.
func TestFastLinesCRAtTheEnd(t *testing.T) {
	for _, nl := range []dialect.Newline{dialect.NewlineAuto, dialect.NewlineLF, dialect.NewlineCR, dialect.NewlineCRLF} {
		for _, lenient := range []bool{false, true} {
			d := dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Newline: nl, Lenient: lenient}
			tab, err := sm.For(d)
			if err != nil {
				t.Fatal(err)
			}
			if fastLinesOf(tab) == nil {
				t.Errorf("newline %v, lenient %v: no fast lines", nl, lenient)
			}
			for pad := 0; pad < 3*64; pad++ {
				data := []byte("h\n" + strings.Repeat("1,2\n", 60) + strings.Repeat("a", pad) + "\r\n\"x\",y\r\n\n")
				sameSummaries(t, tab, data)
			}
		}
	}
}

// TestFastLinesLoneLF: where the newline setting makes a lone LF an
// error (strict CRLF, strict CR), the fast lines stop at it wherever it
// lies in a block, as the table does.
func TestFastLinesLoneLF(t *testing.T) {
	for _, nl := range []dialect.Newline{dialect.NewlineCRLF, dialect.NewlineCR} {
		tab, err := sm.For(dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Newline: nl})
		if err != nil {
			t.Fatal(err)
		}
		f := fastLinesOf(tab)
		if f == nil || !f.lfBad {
			t.Fatalf("newline %v, strict: fast lines %+v, want ones that stop at a lone LF", nl, f)
		}
		end := "\r\n"
		if nl == dialect.NewlineCR {
			end = "\r"
		}
		for pad := 0; pad < 3*64; pad++ {
			// A lone LF after an empty value (a line end to DuckDB's CRLF
			// table) and after text (an error).
			for _, lone := range []string{"\n", "x\n"} {
				data := []byte("h" + end + strings.Repeat("1,\"2\""+end, 40) + strings.Repeat(",", pad) + lone + strings.Repeat("3,4"+end, 40))
				sameSummaries(t, tab, data)
			}
		}
	}
}

// firstLineEnd returns where the first line end outside quotes of data
// lies, as the table reads it from the start of input.
func firstLineEnd(tab *sm.Table, data []byte) int {
	next, s := tab.Transitions(), sm.NotSet
	for i, b := range data {
		if s = next[b][s]; s == sm.RecordSeparator || s == sm.CarriageReturn {
			return i
		}
	}
	return -1
}

// FuzzFastLines: summaries with and without the fast lines agree on any
// input, in any dialect the fuzzer's selector gives.
func FuzzFastLines(f *testing.F) {
	f.Add([]byte("a,b\n\"x\"\"y\",\"1\n2\"\r\n\r\n,,\n\"a\"b,c\n"), uint32(0), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, sel uint32, di uint8) {
		delims := []string{",", ";", "|", "\t"}
		d, ok := fuzzDialect(sel, delims[int(di)%len(delims)])
		if !ok {
			return
		}
		tab, err := sm.For(d)
		if err != nil {
			return
		}
		// Repeat short inputs so that they span blocks.
		for len(data) > 0 && len(data) < 600 {
			data = append(data, data...)
		}
		sameSummaries(t, tab, data)
	})
}

// TestSummarizePieces: Summarize, which reads a range in pieces and
// composes their trajectories, gives the summary SummarizeBytes gives
// over the range's bytes whole, for random rows of random dialects,
// IgnoreErrors or not, pieces of 1 byte up, a byte order mark or not.
func TestSummarizePieces(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 9))
	delims := []string{",", ";", "|", "\t", "||"}
	old := summaryPiece
	defer func() { summaryPiece = old }()
	for i := 0; i < 300; i++ {
		d, ok := fuzzDialect(rng.Uint32(), delims[rng.IntN(len(delims))])
		if !ok {
			continue
		}
		data := csvish(rng, d, rng.IntN(6000), []int{0, 5, 50}[rng.IntN(3)])
		if rng.IntN(4) == 0 {
			data = append([]byte{0xEF, 0xBB, 0xBF}, data...)
		}
		opts := scanner.Options{Dialect: d, IgnoreErrors: rng.IntN(2) == 0}
		p, err := New(bytes.NewReader(data), int64(len(data)), int64(1+rng.IntN(3000)), opts)
		if err != nil {
			t.Fatal(err)
		}
		summaryPiece = []int{1, 7, 64, 100, 4096}[rng.IntN(5)]
		for _, g := range p.Ranges() {
			got, err := p.Summarize(bytes.NewReader(data), g)
			if err != nil {
				t.Fatal(err)
			}
			want := p.SummarizeBytes(g, data[p.begin(g):g.End])
			if !cmp.Equal(got, want, cmp.AllowUnexported(Summary{}, traj{})) {
				t.Fatalf("range %+v in pieces of %d bytes, %+v:\n%s", g, summaryPiece, d, cmp.Diff(want, got, cmp.AllowUnexported(Summary{}, traj{})))
			}
		}
	}
}
