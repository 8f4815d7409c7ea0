package split

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
	"github.com/google/go-cmp/cmp"
)

// outcome is everything a read gives, for whole-value comparison.
type outcome struct {
	Header  []string
	Rows    [][]string
	Numbers []int                // RowNumber of each row
	Lines   []int                // LineNumber of each row
	Offsets []int64              // RowOffset of each row
	Bad     []scanner.ParseError // the rows skipped with IgnoreErrors
	Err     error
}

// read appends what s gives to o and returns s's error.
// rows is a Scanner or a *scanner.Scanner.
type rows interface {
	Scan() bool
	Row() [][]byte
	RowNumber() int
	LineNumber() int
	RowOffset() int64
	Header() []string
	Err() error
	TakeBadRows() []*scanner.ParseError
}

func (o *outcome) read(s rows) error {
	for s.Scan() {
		row := make([]string, len(s.Row()))
		for i, v := range s.Row() {
			row[i] = string(v)
		}
		o.Rows = append(o.Rows, row)
		o.Numbers = append(o.Numbers, s.RowNumber())
		o.Lines = append(o.Lines, s.LineNumber())
		o.Offsets = append(o.Offsets, s.RowOffset())
		o.takeBad(s)
	}
	o.takeBad(s)
	if h := s.Header(); h != nil {
		o.Header = h
	}
	return s.Err()
}

// takeBad appends the rows s skipped.
func (o *outcome) takeBad(s rows) {
	for _, pe := range s.TakeBadRows() {
		o.Bad = append(o.Bad, *pe)
	}
}

// sequential is the answer: one Scanner over the whole input.
func sequential(t testing.TB, input []byte, opts scanner.Options) outcome {
	t.Helper()
	s, err := scanner.NewBytes(input, opts)
	if err != nil {
		t.Fatal(err)
	}
	var o outcome
	o.Err = o.read(s)
	return o
}

// planned reads input through a plan of ranges of size bytes: every
// summary through its encoding, every Start too, the ranges in file order
// up to the first error. It returns the starts as well, nil when Compose
// asks for a sequential read (ErrSequential), which it then does.
func planned(t testing.TB, input []byte, size int64, opts scanner.Options) (outcome, []Start) {
	t.Helper()
	r := bytes.NewReader(input)
	p, err := New(r, int64(len(input)), size, opts)
	if err != nil {
		t.Fatal(err)
	}
	sums := make([]Summary, p.NumRanges())
	for i, g := range p.Ranges() {
		s, err := p.Summarize(r, g)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := sums[i].UnmarshalBinary(enc); err != nil {
			t.Fatalf("range %d: %v (encoding %x)", i, err, enc)
		}
	}
	starts, err := p.Compose(sums)
	var o outcome
	if errors.Is(err, ErrSequential) && opts.IgnoreErrors {
		s, err := p.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		o.Err = o.read(s)
		return o, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range starts {
		enc, _ := st.MarshalBinary()
		var back Start
		if err := back.UnmarshalBinary(enc); err != nil || back != st {
			t.Fatalf("start %d: %+v came back as %+v, %v", i, st, back, err)
		}
		s, err := p.Read(r, back)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.read(s); err != nil {
			o.Err = err
			break
		}
	}
	return o, starts
}

// sameError compares errors: parse errors field by field, others by text.
func sameError(a, b error) bool {
	var pa, pb *scanner.ParseError
	if errors.As(a, &pa) && errors.As(b, &pb) {
		return cmp.Equal(*pa, *pb, cmp.Comparer(func(x, y error) bool { return x == y }))
	}
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// truthStates is the state before every offset of input as the table
// reads it from the start (after a byte order mark), INVALID from the
// first INVALID on unless ignore (IgnoreErrors: a bad row is read on by
// the table).
func truthStates(t testing.TB, input []byte, d dialect.Dialect, ignore bool) []sm.State {
	tab, err := sm.For(d)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]sm.State, len(input)+1)
	bom := 0
	if bytes.HasPrefix(input, []byte{0xEF, 0xBB, 0xBF}) {
		bom = 3
	}
	s := sm.NotSet
	for i := 0; i <= len(input); i++ {
		if i > bom && (s != sm.Invalid || ignore) {
			s = tab.Next(s, input[i-1])
		}
		out[i] = s
	}
	return out
}

// checkPlan holds the plan of input in ranges of size bytes to the
// sequential scan: the states at every range start, the numbers of every
// range's first row, and all the rows and the error.
func checkPlan(t testing.TB, input []byte, size int64, opts scanner.Options) {
	t.Helper()
	want := sequential(t, input, opts)
	got, starts := planned(t, input, size, opts)
	if d := cmp.Diff(want, got, cmp.Comparer(sameError)); d != "" {
		t.Fatalf("ranges of %d bytes, input %q, %+v: the plan differs from the sequential scan (-sequential +plan):\n%s", size, input, opts, d)
	}
	if starts == nil {
		sequentialReads++
		return // Compose asked for a sequential read
	}
	composedReads++
	// The states, from the table alone.
	d := opts.Dialect
	if d.Delimiter == "" {
		d = dialect.Default()
	}
	states := truthStates(t, input, d, opts.IgnoreErrors)
	bom := int64(0)
	if bytes.HasPrefix(input, []byte{0xEF, 0xBB, 0xBF}) {
		bom = 3
	}
	for _, st := range starts {
		at := max(st.Range.Start, min(bom, st.Range.End))
		if st.State != states[at] {
			t.Fatalf("ranges of %d bytes, input %q, %v: range %d (at %d) starts in %v, the table reads %v there", size, input, d, st.Range.Index, at, st.State, states[at])
		}
	}
	// The first row of each range: its number and line. The header is a
	// row like another here.
	all := opts
	all.Header = false
	seq := sequential(t, input, all)
	// Bad rows start rows too, with their numbers.
	for _, pe := range seq.Bad {
		i, _ := slices.BinarySearch(seq.Offsets, pe.RowOffset)
		seq.Offsets = slices.Insert(seq.Offsets, i, pe.RowOffset)
		seq.Numbers = slices.Insert(seq.Numbers, i, pe.Row)
		seq.Lines = slices.Insert(seq.Lines, i, pe.Line)
	}
	k := 0
	for _, st := range starts {
		for k < len(seq.Offsets) && seq.Offsets[k] < st.Range.Start {
			k++
		}
		if k == len(seq.Offsets) || seq.Offsets[k] >= st.Range.End {
			continue // no row starts in the range
		}
		// The range's first line may be an empty or a comment line.
		if st.Row != seq.Numbers[k] || st.Line > seq.Lines[k] {
			t.Fatalf("ranges of %d bytes, input %q, %v: range %d's first row is row %d at line %d, composed row %d, first line %d",
				size, input, d, st.Range.Index, seq.Numbers[k], seq.Lines[k], st.Row, st.Line)
		}
	}
}

// How many checkPlan calls read with IgnoreErrors through composed ranges,
// and how many read sequentially because Compose said ErrSequential.
var composedReads, sequentialReads int

// sizes are the range sizes tried on small inputs.
var sizes = []int64{1, 2, 3, 7, 63, 64, 65, 200, 1 << 20}

// windows are head windows tried: every key alone over the whole range,
// and shared full-speed runs from the first bytes on.
var windows = []int{4 << 10, 1, 5}

func withWindow(w int, f func()) {
	old := headWindow
	headWindow = w
	defer func() { headWindow = old }()
	f()
}

var (
	pipe2  = dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	hash   = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}
	bslash = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')}
)

func lenient(d dialect.Dialect) dialect.Dialect { d.Lenient = true; return d }

// adversarial inputs, those of the parallel scan's tests and more: quoted
// fields holding line ends and text that looks like rows, "" runs, CRLF
// and multi-byte delimiters cut by range ends, a byte order mark, comment
// lines, one-column files with empty lines.
func adversarial() []struct {
	in   string
	opts scanner.Options
} {
	q := `"a,b` + "\n" + `c,d` + "\n" + `""e""",f` + "\n"
	return []struct {
		in   string
		opts scanner.Options
	}{
		{"\xEF\xBB\xBFid,text\n1," + q + "2,\"x\"\n", scanner.Options{FieldsPerRow: -1}},
		{"\xEF\xBB\xBF\n\na\n\nb\n", scanner.Options{}},
		{"\xEF\xBB", scanner.Options{}},
		{"h1,h2\r\n" + `"1,2` + "\r\n" + `3,4",5` + "\r\n6,7\r\n", scanner.Options{Header: true}},
		{`"""""""""""""""",x` + "\n" + `"",""` + "\n" + `"""",""""` + "\n", scanner.Options{}},
		{"a||b||c\n\"d||e\n||\"||f||g\n", scanner.Options{Dialect: pipe2}},
		{"1,\"" + strings.Repeat("x,\ny\"\"\n", 40) + "\"\n2,z\n", scanner.Options{}},
		{"# c \"\n1,2\n#\"\n3,4\n  # x\n5,6 # y\n #\n", scanner.Options{Dialect: hash}},
		{"a\\,b,\"c\\\"\n\"\r\nd,e\n", scanner.Options{Dialect: lenient(bslash)}},
		{"a\n\nb\n\n\nc\n", scanner.Options{}},
		{"\n\na\n\nb\r\n\r\nc", scanner.Options{}},
		{"\n\na\n\nb\n", scanner.Options{FieldsPerRow: 1}},
		{"\n\na,b\n\nc,d\n", scanner.Options{Header: true}},
		{"x,y\n1,\"never closed\n2,3\n", scanner.Options{}},
		{"x,y\n1,2,3\n4,5\n", scanner.Options{}},
		{"x,y\n1,\"a\"b\n4,5\n", scanner.Options{}},
		{"a,b\r\n\r\nc,d\r\ne,f", scanner.Options{}},
		{"a,b\rc,d\r\re,f\r", scanner.Options{}},
		{"one\n" + strings.Repeat("z", 30) + "\nthree\n", scanner.Options{MaxLineSize: 20}},
	}
}

func TestPlanAdversarial(t *testing.T) {
	for i, c := range adversarial() {
		for _, ignore := range []bool{false, true} {
			opts := c.opts
			opts.IgnoreErrors = ignore
			for _, w := range windows {
				for _, size := range sizes {
					withWindow(w, func() {
						t.Run(fmt.Sprintf("%d/ignore=%v/window=%d/size=%d", i, ignore, w, size), func(t *testing.T) {
							checkPlan(t, []byte(c.in), size, opts)
						})
					})
				}
			}
		}
	}
}

// fuzzDialect is gen.Dialect: the dialects the scanner's tests try.
func fuzzDialect(sel uint32, delim string) (dialect.Dialect, bool) { return gen.Dialect(sel, delim) }

// randomInput is gen.Noise, with a byte order mark one time in eight.
func randomInput(rng *rand.Rand, n int) []byte {
	b := gen.Noise(rng, n)
	if rng.IntN(8) == 0 {
		b = append([]byte{0xEF, 0xBB, 0xBF}, b...)
	}
	return b
}

// randomOptions draws the options of a random case.
func randomOptions(sel uint32, d dialect.Dialect) scanner.Options {
	opts := scanner.Options{Dialect: d, FieldsPerRow: int(sel>>8%4) - 1, Header: sel>>10%4 == 0}
	if sel>>12%4 == 0 {
		opts.MaxLineSize = 1 + int(sel>>14%40)
	}
	opts.IgnoreErrors = sel>>23%2 == 1
	return opts
}

func TestPlanRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	delims := []string{",", ";", "|", "||", "ab", "aab", "abab", "\t", " ", "|;"}
	n := 600
	if testing.Short() {
		n = 150
	}
	for i := 0; i < n; i++ {
		d, ok := fuzzDialect(rng.Uint32(), delims[rng.IntN(len(delims))])
		if !ok {
			continue
		}
		opts := randomOptions(rng.Uint32(), d)
		input := randomInput(rng, rng.IntN(200))
		w := windows[rng.IntN(len(windows))]
		withWindow(w, func() {
			for _, size := range sizes {
				checkPlan(t, input, size, opts)
			}
		})
	}
	// Most files read with IgnoreErrors are read through their ranges.
	t.Logf("IgnoreErrors: %d reads through composed ranges, %d sequential (ErrSequential)", composedReads, sequentialReads)
	if composedReads < 2*sequentialReads {
		t.Errorf("IgnoreErrors: %d reads through composed ranges, %d sequential: expected most composed", composedReads, sequentialReads)
	}
}

// TestPlanFixtures reads the fixture shapes in ranges: the full-speed runs
// after the head window are what reads most of their bytes.
func TestPlanFixtures(t *testing.T) {
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, 300<<10, 5)
		for _, size := range []int64{1000, 4 << 10, 64 << 10, 1 << 20} {
			checkPlan(t, data, size, scanner.Options{Header: true, MaxLineSize: 2048})
		}
	}
}

// TestSummarySize: on the fixture shapes the start keys collapse to a few
// trajectories and a summary encodes to a few dozen bytes: at most 64,
// and 96 with IgnoreErrors (three line lengths per trajectory more; 75 at
// most when written).
func TestSummarySize(t *testing.T) {
	for _, ignore := range []bool{false, true} {
		limit := 64
		if ignore {
			limit = 96
		}
		for _, sh := range gen.Shapes() {
			data := gen.Bytes(sh, 1<<20, 7)
			r := bytes.NewReader(data)
			p, err := New(r, int64(len(data)), 64<<10, scanner.Options{Header: true, IgnoreErrors: ignore})
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range p.Ranges() {
				s, err := p.Summarize(r, g)
				if err != nil {
					t.Fatal(err)
				}
				enc, _ := s.MarshalBinary()
				if s.Trajectories() > 3 || len(enc) > limit {
					t.Fatalf("%v, IgnoreErrors %v, range %d: %d trajectories, %d bytes encoded (expected at most 3 and %d)", sh, ignore, g.Index, s.Trajectories(), len(enc), limit)
				}
			}
		}
	}
}

// TestComposeChecks: summaries missing, out of order or of another plan
// are errors, and so are bad encodings.
func TestComposeChecks(t *testing.T) {
	data := []byte("a,b\n1,2\n3,4\n")
	r := bytes.NewReader(data)
	p, err := New(r, int64(len(data)), 4, scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sums []Summary
	for _, g := range p.Ranges() {
		s, err := p.Summarize(r, g)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, s)
	}
	if _, err := p.Compose(sums[:2]); err == nil {
		t.Error("Compose of 2 summaries of 3 ranges: no error")
	}
	if _, err := p.Compose([]Summary{sums[1], sums[0], sums[2]}); err == nil {
		t.Error("Compose of summaries out of order: no error")
	}
	if _, err := p.Summarize(r, Range{Index: 1, Start: 3, End: 9}); err == nil {
		t.Error("Summarize of a range of no plan: no error")
	}
	// A Composer gives Compose's Starts one at a time, and checks alike.
	want, err := p.Compose(sums)
	if err != nil {
		t.Fatal(err)
	}
	c := p.Composer()
	for i, s := range sums {
		if err := c.Done(); err == nil {
			t.Errorf("Composer.Done after %d of %d summaries: no error", i, len(sums))
		}
		st, err := c.Next(s)
		if err != nil || st != want[i] {
			t.Errorf("Composer.Next(summary %d) = %+v, %v; Compose gives %+v", i, st, err, want[i])
		}
	}
	if err := c.Done(); err != nil {
		t.Errorf("Composer.Done after every summary: %v", err)
	}
	if _, err := c.Next(sums[0]); err == nil {
		t.Error("Composer.Next past the last range: no error")
	}
	if _, err := p.Composer().Next(sums[1]); err == nil {
		t.Error("Composer.Next of the second range first: no error")
	}
	enc, _ := sums[1].MarshalBinary()
	for n := 0; n < len(enc); n++ {
		var s Summary
		if err := s.UnmarshalBinary(enc[:n]); err == nil {
			t.Errorf("UnmarshalBinary of %d of %d bytes: no error", n, len(enc))
		}
	}
	var s Summary
	if err := s.UnmarshalBinary(append(enc, 0)); err == nil {
		t.Error("UnmarshalBinary with a byte after the end: no error")
	}
}

// TestPlanRefuses: SkipRows, TrailingDelimiter and EmptyLineRows are
// refused with their errors.
func TestPlanRefuses(t *testing.T) {
	r := bytes.NewReader([]byte("a\n"))
	if _, err := New(r, 2, 0, scanner.Options{SkipRows: 1}); !errors.Is(err, ErrSkipRows) {
		t.Errorf("SkipRows: %v, expected ErrSkipRows", err)
	}
	if _, err := New(r, 2, 0, scanner.Options{TrailingDelimiter: true}); !errors.Is(err, ErrRowRules) {
		t.Errorf("TrailingDelimiter: %v, expected ErrRowRules", err)
	}
	if _, err := New(r, 2, 0, scanner.Options{EmptyLineRows: true}); !errors.Is(err, ErrRowRules) {
		t.Errorf("EmptyLineRows: %v, expected ErrRowRules", err)
	}
}

// TestPlanSequential: with IgnoreErrors, Compose asks for a sequential
// read (ErrSequential) for a file with a line that comes near the maximum
// line size (the bad row's end is then found by a rule outside the table)
// or whose first row is bad, and composes the others; ReadAll then gives
// the sequential scan, bad rows included.
func TestPlanSequential(t *testing.T) {
	long := "a,b\n1,\"x\n2,y\n3,z\n"                        // row 2 reaches 8 bytes: the stray-quote rule
	near := "a,b\n" + strings.Repeat("x", 17) + ",1\n2,3\n" // a line of 20 bytes, within lineSlack of 22
	for _, c := range []struct {
		in         string
		max        int
		sequential bool
	}{
		{long, 8, true},
		{near, 22, true},
		{near, 40, false},
		{"\"a\"b,c\n1,2\n3,4\n", 0, true}, // the first row is bad
		{"a,b\n\"1\"x,2\n3,4\n5,\"6\n7\",8\n", 0, false}, // a bad row after the first, quoted line ends after it
	} {
		opts := scanner.Options{IgnoreErrors: true, MaxLineSize: c.max}
		data := []byte(c.in)
		r := bytes.NewReader(data)
		p, err := New(r, int64(len(data)), 3, opts)
		if err != nil {
			t.Fatal(err)
		}
		var sums []Summary
		for _, g := range p.Ranges() {
			s, err := p.Summarize(r, g)
			if err != nil {
				t.Fatal(err)
			}
			sums = append(sums, s)
		}
		_, err = p.Compose(sums)
		if got := errors.Is(err, ErrSequential); got != c.sequential || err != nil && !got {
			t.Errorf("%q, MaxLineSize %d: Compose: %v, expected ErrSequential: %v", c.in, c.max, err, c.sequential)
		}
		for _, size := range sizes {
			checkPlan(t, data, size, opts)
		}
	}
}

// FuzzPlan holds the plan to the sequential scan over the fuzzer's inputs,
// dialects and range sizes, each input read with and without
// IgnoreErrors.
func FuzzPlan(f *testing.F) {
	for i, c := range adversarial() {
		f.Add([]byte(c.in), uint32(i), ",", uint8(i))
	}
	f.Add([]byte("a||b\n\"c\"||d"), uint32(9), "||", uint8(1))
	f.Add([]byte("a\\,b,'c\\'d'\r\n"), uint32(76), ",", uint8(2))
	f.Fuzz(func(t *testing.T, input []byte, sel uint32, delim string, size uint8) {
		// The decoders take any bytes without panicking.
		var sum Summary
		var st Start
		_, _ = sum.UnmarshalBinary(input), st.UnmarshalBinary(input)
		if len(input) > 4096 {
			return
		}
		d, ok := fuzzDialect(sel, delim)
		if !ok {
			return
		}
		opts := randomOptions(sel, d)
		for _, ignore := range []bool{false, true} {
			opts.IgnoreErrors = ignore
			withWindow(1+int(sel>>20%8), func() {
				checkPlan(t, input, 1+int64(size%70), opts)
			})
		}
	})
}

// overAt is an io.ReaderAt over data that, for a read reaching the end of
// data, reports extra bytes more than it was given room for, with no
// error: the bytes past the slice are not the input's.
type overAt struct {
	data  []byte
	extra int
}

func (o overAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := bytes.NewReader(o.data).ReadAt(p, off)
	if off+int64(len(p)) >= int64(len(o.data)) && n == len(p) {
		return n + o.extra, nil
	}
	return n, err
}

// TestReadOversizedCount: a ReadAt that overstates its count at the end
// of a range's section (where io.SectionReader cut the slice short, so
// the Scanner's own check of the count, against its buffer, passed it)
// fails the range's scan and the sequential one; it used to read bytes
// that were never the input's as rows.
func TestReadOversizedCount(t *testing.T) {
	data := []byte("a,b\n1,2\n3,4\n5,6\n")
	r := overAt{data: data, extra: 6}
	p, err := New(r, int64(len(data)), 8, scanner.Options{Header: true})
	if err != nil {
		t.Fatal(err)
	}
	sums := make([]Summary, p.NumRanges())
	for i, g := range p.Ranges() {
		if sums[i], err = p.Summarize(bytes.NewReader(data), g); err != nil {
			t.Fatal(err)
		}
	}
	starts, err := p.Compose(sums)
	if err != nil {
		t.Fatal(err)
	}
	failed := false
	for _, st := range starts {
		s, err := p.Read(r, st)
		if err != nil {
			failed = true
			continue
		}
		for s.Scan() {
			if len(s.Row()) != 2 || len(s.Row()[0]) != 1 {
				t.Fatalf("range %d: row %q is not the input's", st.Range.Index, s.Row())
			}
		}
		if s.Err() != nil {
			failed = failed || strings.Contains(s.Err().Error(), "the reader returned")
		}
	}
	if !failed {
		t.Error("no range's read failed on the overstated count")
	}
	s, err := p.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	for s.Scan() {
	}
	if s.Err() == nil || !strings.Contains(s.Err().Error(), "the reader returned") {
		t.Errorf("ReadAll: error %v, want the count's", s.Err())
	}
}
