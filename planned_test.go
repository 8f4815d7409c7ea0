package csvscan

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// TestPlanWrongGuesses: the read by ranges checks every guessed start
// against where the range before stopped, so that a wrong guess (made
// wrong here: a line start too far or too early, another state, another
// width, no header read yet, no guess at all) costs a read again and no
// row: the rows, their numbers and the error are the sequential read's,
// on files that end in an error in their middle, files of CRLF line ends,
// quoted line breaks, a one-column file of empty lines, and rows shorter
// than the header.
func TestPlanWrongGuesses(t *testing.T) {
	schema := typed.Schema{{Name: "id", Type: typed.TypeBigInt}, {Name: "price", Type: typed.TypeDouble},
		{Name: "day", Type: typed.TypeDate}, {Name: "note", Type: typed.TypeVarchar}}
	good := workersCSV(t, "good.csv", 3000, func(int) string { return "" })
	lateCast := workersCSV(t, "late-cast.csv", 3000, func(i int) string {
		if i == 1900 {
			return "1900,12x,2024-01-01,bad price\n"
		}
		return ""
	})
	lateParse := workersCSV(t, "late-parse.csv", 3000, func(i int) string {
		if i == 2100 {
			return "2100,1.5,2024-01-01,\"open\"z\n"
		}
		return ""
	})
	crlf := writeFile(t, "crlf.csv", []byte(strings.ReplaceAll(readFile(t, good), "\n", "\r\n")))
	var oneCol strings.Builder
	oneCol.WriteString("v\n")
	for i := range 6000 {
		if i%5 == 2 {
			oneCol.WriteString("\n")
		} else {
			fmt.Fprintf(&oneCol, "%d\n", i)
		}
	}
	empties := writeFile(t, "one-column.csv", []byte(oneCol.String()))
	short := workersCSV(t, "short.csv", 3000, func(i int) string {
		if i%97 == 1 {
			return fmt.Sprintf("%d,2.5\n", i)
		}
		return ""
	})

	shortLate := workersCSV(t, "short-late.csv", 3000, func(i int) string {
		if i == 2500 {
			return fmt.Sprintf("%d,2.5\n", i)
		}
		return ""
	})

	// Data rows ending in a delimiter that is no column: the scan drops
	// the last value of a row one wider than the width it knows.
	var trailing strings.Builder
	trailing.WriteString("id,price,day,note\n")
	for i := range 3000 {
		fmt.Fprintf(&trailing, "%d,%d.5,2024-01-%02d,\"n,%d\",\n", i, i%100, 1+i%28, i)
	}
	trailingPath := writeFile(t, "trailing.csv", []byte(trailing.String()))

	wrong := []struct {
		name  string
		guess func(rng *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool)
	}{
		{"as guessed", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) { return at, ok }},
		{"none", func(*rand.Rand, scanner.Position, bool) (scanner.Position, bool) { return scanner.Position{}, false }},
		{"a byte on", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			at.Offset++
			return at, ok
		}},
		{"a byte back", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			at.Offset--
			return at, ok
		}},
		{"other state", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			at.State = map[sm.State]sm.State{sm.RecordSeparator: sm.CarriageReturn}[at.State]
			if at.State == 0 {
				at.State = sm.RecordSeparator
			}
			return at, ok
		}},
		{"wider", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			at.Width++
			return at, ok
		}},
		{"before the header", func(_ *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			at.Rows = 0
			return at, ok
		}},
		{"mixed", func(rng *rand.Rand, at scanner.Position, ok bool) (scanner.Position, bool) {
			switch rng.IntN(5) {
			case 0:
				at.Offset += int64(rng.IntN(60)) - 30
				at.Offset = max(at.Offset, 1)
			case 1:
				return at, false
			case 2:
				at.Width = rng.IntN(6)
			}
			return at, ok
		}},
	}
	for _, f := range []struct {
		name string
		path string
		o    Options
	}{
		{"good", good, Options{Columns: schema, Header: On}},
		{"late cast", lateCast, Options{Columns: schema, Header: On}},
		{"late parse", lateParse, Options{Columns: schema, Header: On}},
		{"crlf", crlf, Options{Columns: schema, Header: On, NewLine: "\r\n"}},
		{"one column", empties, Options{}},
		{"null padding", short, Options{Columns: schema, Header: On, NullPadding: true}},
		{"short row", shortLate, Options{Columns: schema, Header: On}},
		{"trailing delimiter", trailingPath, Options{Columns: schema, Header: On, TrailingDelimiter: true}},
	} {
		o := f.o
		if len(o.Columns) > 0 {
			o.AutoDetect = Off
		}
		o.Threads = 1
		want := readChunks(t, f.path, o)
		if len(want.Rows) < 1000 || f.name != "good" && f.name != "crlf" && f.name != "one column" && f.name != "null padding" && f.name != "trailing delimiter" && want.Err == "" {
			t.Fatalf("%s: %d rows, error %q", f.name, len(want.Rows), want.Err)
		}
		o.Threads, o.BufferSize = 2, 1000
		for _, w := range wrong {
			var mu sync.Mutex
			rng := rand.New(rand.NewPCG(uint64(len(f.name)), uint64(len(w.name))))
			planGuess = func(k int, at scanner.Position, ok bool) (scanner.Position, bool) {
				mu.Lock()
				defer mu.Unlock()
				return w.guess(rng, at, ok)
			}
			var got chunkRead
			withPlanRange(1500, func() { got = readChunks(t, f.path, o) })
			planGuess = nil
			if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Chunks" }, cmp.Ignore())); d != "" {
				t.Fatalf("%s, guesses %s (-sequential +by ranges):\n%s", f.name, w.name, d)
			}

		}
	}
}

// TestPlanGuess: on valid files every guess a range gets is where the
// range before stops (so that no range is read twice), and most ranges
// get one: rows of short values, quoted values with line breaks (where
// the states disagree, and the rows tell), CRLF and lone CR line ends, a
// comment line, long quoted values with no line break, long quoted values
// with a line break every few words.
func TestPlanGuess(t *testing.T) {
	var long strings.Builder
	long.WriteString("id,note\n")
	for i := range 60 {
		fmt.Fprintf(&long, "%d,\"%s\"\n", i, strings.Repeat("a, b ", 200+i))
	}
	var breaks strings.Builder
	breaks.WriteString("id,region,note\n")
	for i := range 200 {
		fmt.Fprintf(&breaks, "%d,apac,\"%s\"\n", i, strings.Repeat("ember arrow, ledger\nfern ", 5+i%20))
	}
	// Quoted values of 20 KB of lines that read as rows of the file's
	// width: the line starts inside them look right too, and the true
	// one's first row does not end in the first bytes a guess reads.
	var blobs strings.Builder
	blobs.WriteString("id,blob\n")
	for i := range 8 {
		fmt.Fprintf(&blobs, "%d,\"%s\"\n", i, strings.Repeat("word,word\n", 2048))
	}
	// Short rows with NullPadding.
	var padded strings.Builder
	padded.WriteString("id,region,note\n")
	for i := range 300 {
		if i%3 == 0 {
			fmt.Fprintf(&padded, "%d,apac\n", i)
		} else {
			fmt.Fprintf(&padded, "%d,apac,\"a\nb %d\"\n", i, i)
		}
	}
	good := readFile(t, workersCSV(t, "good.csv", 300, func(int) string { return "" }))
	for _, c := range []struct {
		name string
		data string
		so   scanner.Options
		min  float64 // the share of ranges that must get a guess
	}{
		{"short values", good, scanner.Options{Header: true}, 0.7},
		{"crlf", strings.ReplaceAll(good, "\n", "\r\n"), scanner.Options{Header: true}, 0.7},
		{"cr", strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(good, "\nnote", "\x01"), "\n", "\r"), "\x01", "\nnote"), scanner.Options{Header: true}, 0.7},
		{"comments", strings.ReplaceAll(good, "\n1", "\n# a \"comment\n1"), scanner.Options{Header: true, Dialect: dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}}, 0.6},
		{"long values", long.String(), scanner.Options{Header: true}, 0.99},
		{"line breaks in quotes", breaks.String(), scanner.Options{Header: true}, 0.9},
		{"rows in quotes", blobs.String(), scanner.Options{Header: true}, 0},
		{"null padding", padded.String(), scanner.Options{Header: true, NullPadding: true}, 0.6},
	} {
		r := strings.NewReader(c.data)
		size := int64(len(c.data))
		first, err := scanner.NewRange(r, scanner.Position{State: sm.NotSet}, 1, c.so)
		if err != nil {
			t.Fatal(err)
		}
		pr := &planRead{r: r, size: size, opts: c.so, tab: first.Table(), next: first.Table().Transitions()}
		pr.states = guessStates(pr.tab)
		walk := skipper.NewWalker(pr.tab)
		for _, rs := range []int64{97, 256, 1000, 4096, 20041} {
			pr.rangeSize = rs
			truth, guessed, ranges := scanner.Position{State: sm.NotSet}, 0, 0
			for k := 1; int64(k)*rs < size; k++ {
				// Where the range before stops.
				s, err := scanner.NewRange(io.NewSectionReader(r, truth.Offset, size-truth.Offset), truth, int64(k)*rs, c.so)
				if err != nil {
					t.Fatal(err)
				}
				for s.Scan() {
				}
				stop, ok := s.Stopped()
				if s.Err() != nil {
					t.Fatalf("%s: %v", c.name, s.Err())
				}
				if !ok {
					break
				}
				truth = pr.pastLF(stop)
				pr.width = truth.Width
				ranges++
				g, ok := pr.guess(k, walk)
				if !ok {
					continue
				}
				guessed++
				if g.Offset != truth.Offset || g.State != truth.State || g.Width != truth.Width {
					t.Fatalf("%s, ranges of %d, range %d: guessed %+v, the range before stops at %+v", c.name, rs, k, g, truth)
				}
			}
			if ranges >= 10 && float64(guessed) < c.min*float64(ranges) {
				t.Errorf("%s, ranges of %d: %d guesses for %d ranges", c.name, rs, guessed, ranges)
			}
		}
	}
}

// TestPlanStopsGuessing: a read whose guesses are all wrong stops making
// them after a few (guessFailures), and reads the sequential read's rows.
func TestPlanStopsGuessing(t *testing.T) {
	path := workersCSV(t, "wrong.csv", 3000, func(int) string { return "" })
	o := Options{Threads: 1}
	want := readChunks(t, path, o)
	var mu sync.Mutex
	guesses := 0
	planGuess = func(k int, at scanner.Position, ok bool) (scanner.Position, bool) {
		mu.Lock()
		defer mu.Unlock()
		guesses++
		at.Offset++ // a byte into the row
		return at, ok
	}
	defer func() { planGuess = nil }()
	o.Threads, o.BufferSize = 2, 1000
	var got chunkRead
	withPlanRange(300, func() { got = readChunks(t, path, o) })
	if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Chunks" }, cmp.Ignore())); d != "" {
		t.Fatalf("(-sequential +by ranges):\n%s", d)
	}
	// Besides guessFailures checked, each flush drops the guesses of the
	// ranges taken after the wrong one (a window of them) unchecked.
	if max := 4 * guessFailures * 3; guesses > max {
		t.Errorf("%d guesses made, every one wrong (%d ranges): at most %d", guesses, len(readFile(t, path))/300, max)
	}
}

// TestPlanLongRow: a row longer than the default maximum line size, with
// a larger one set, read by ranges: a guessed range's scan stops at the
// default size (a wrong guess does not read on through the file), and a
// right one whose row is longer is read again with the caller's size.
func TestPlanLongRow(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,note\n")
	for i := range 8000 { // 150 KB: the long row starts in a guessed range
		fmt.Fprintf(&b, "%d,\"short, %d\"\n", i, i)
	}
	fmt.Fprintf(&b, "8000,\"%s\"\n", strings.Repeat("a long, long value\n", 160000)) // 3 MB
	for i := 8001; i < 8400; i++ {
		fmt.Fprintf(&b, "%d,\"short, %d\"\n", i, i)
	}
	path := writeFile(t, "long-row.csv", []byte(b.String()))
	o := Options{Threads: 1, MaxLineSize: 8 << 20}
	want := readChunks(t, path, o)
	if len(want.Rows) != 8400 || want.Err != "" {
		t.Fatalf("%d rows, error %q", len(want.Rows), want.Err)
	}
	o.Threads = 2
	for _, n := range []int{64 << 10, 1 << 20} {
		var got chunkRead
		withPlanRange(n, func() { got = readChunks(t, path, o) })
		if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool { return p.String() == "Chunks" }, cmp.Ignore())); d != "" {
			t.Fatalf("ranges of %d (-sequential +by ranges):\n%s", n, d)
		}
	}
}
