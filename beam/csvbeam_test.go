package csvbeam

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
	"github.com/google/go-cmp/cmp"
)

// What the pipelines of a test emit, collected in the test's process (the
// direct runner runs in it).
var (
	mu      sync.Mutex
	gotRows []Row
	gotRejs []Reject
	gotErrs []Error
)

func collectRow(r Row) {
	mu.Lock()
	defer mu.Unlock()
	gotRows = append(gotRows, r)
}

func collectRej(r Reject) {
	mu.Lock()
	defer mu.Unlock()
	gotRejs = append(gotRejs, r)
}

func collectErr(e Error) {
	mu.Lock()
	defer mu.Unlock()
	gotErrs = append(gotErrs, e)
}

func init() {
	register.Function1x0[Row](collectRow)
	register.Function1x0[Error](collectErr)
	register.Function1x0[Reject](collectRej)
}

// aCase is one file read with one set of options and range size.
type aCase struct {
	in        string
	opts      scanner.Options
	rangeSize int64
}

// expected is a sequential scan of the case's file: rows, rows skipped
// with IgnoreErrors, error.
func expected(t *testing.T, file string, c aCase) ([]Row, []Reject, []Error) {
	t.Helper()
	s, err := scanner.NewBytes([]byte(c.in), c.opts)
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	var rejs []Reject
	take := func() {
		for _, pe := range s.TakeBadRows() {
			rejs = append(rejs, Reject{File: file, Row: pe.Row, Line: pe.Line, RowOffset: pe.RowOffset, Offset: pe.Offset,
				Column: pe.Field, Kind: pe.Kind.Error(), CSVLine: string(pe.Text), Message: pe.Error()})
		}
	}
	for s.Scan() {
		take()
		r := Row{File: file, Row: s.RowNumber(), Line: s.LineNumber(), Offset: s.RowOffset()}
		for _, v := range s.Row() {
			r.Values = append(r.Values, string(v))
		}
		rows = append(rows, r)
	}
	take()
	var errs []Error
	var pe *scanner.ParseError
	if errors.As(s.Err(), &pe) {
		errs = append(errs, errorOf(file, pe))
	} else if s.Err() != nil {
		t.Fatal(s.Err())
	}
	return rows, rejs, errs
}

// runCases reads every case's file in one pipeline on the direct runner,
// each with its own Read, and holds the rows and errors to a sequential
// scan's, sorted by file and row number.
func runCases(t *testing.T, cases []aCase) {
	t.Helper()
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	var wantRows []Row
	var wantRejs []Reject
	var wantErrs []Error
	for i, c := range cases {
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(sub, "f.csv")
		if err := os.WriteFile(file, []byte(c.in), 0o644); err != nil {
			t.Fatal(err)
		}
		rows, rejs, errs := expected(t, file, c)
		wantRows, wantRejs, wantErrs = append(wantRows, rows...), append(wantRejs, rejs...), append(wantErrs, errs...)
		rs, js, es := Read(s.Scope(fmt.Sprint(i)), filepath.Join(sub, "*.csv"), Options{Scanner: c.opts, RangeSize: c.rangeSize})
		beam.ParDo0(s, collectRow, rs)
		beam.ParDo0(s, collectRej, js)
		beam.ParDo0(s, collectErr, es)
	}
	mu.Lock()
	gotRows, gotRejs, gotErrs = nil, nil, nil
	mu.Unlock()
	if _, err := direct.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	byRow := func(a, b Row) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Row - b.Row
	}
	slices.SortFunc(gotRows, byRow)
	slices.SortFunc(wantRows, byRow)
	byRej := func(a, b Reject) int { return byRow(Row{File: a.File, Row: a.Row}, Row{File: b.File, Row: b.Row}) }
	slices.SortFunc(gotRejs, byRej)
	slices.SortFunc(wantRejs, byRej)
	slices.SortFunc(gotErrs, func(a, b Error) int { return strings.Compare(a.File, b.File) })
	slices.SortFunc(wantErrs, func(a, b Error) int { return strings.Compare(a.File, b.File) })
	if d := cmp.Diff(wantRows, gotRows); d != "" {
		t.Errorf("rows (-sequential +pipeline):\n%s", d)
	}
	if d := cmp.Diff(wantErrs, gotErrs); d != "" {
		t.Errorf("errors (-sequential +pipeline):\n%s", d)
	}
	if d := cmp.Diff(wantRejs, gotRejs); d != "" {
		t.Errorf("rejects (-sequential +pipeline):\n%s", d)
	}
	if t.Failed() {
		for i, c := range cases {
			t.Logf("case %d: %q, %+v, ranges of %d", i, c.in, c.opts, c.rangeSize)
		}
	}
}

var (
	pipe2 = dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	hash  = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}
)

// TestReadAdversarial: the parallel scan's adversarial inputs, cut in
// ranges of a few bytes to the whole file.
func TestReadAdversarial(t *testing.T) {
	q := `"a,b` + "\n" + `c,d` + "\n" + `""e""",f` + "\n"
	inputs := []struct {
		in   string
		opts scanner.Options
	}{
		{"\xEF\xBB\xBFid,text\n1," + q + "2,\"x\"\n", scanner.Options{FieldsPerRow: -1}},
		{"h1,h2\r\n" + `"1,2` + "\r\n" + `3,4",5` + "\r\n6,7\r\n", scanner.Options{Header: true}},
		{`"""""""""""""""",x` + "\n" + `"",""` + "\n" + `"""",""""` + "\n", scanner.Options{}},
		{"a||b||c\n\"d||e\n||\"||f||g\n", scanner.Options{Dialect: pipe2}},
		{"# c \"\n1,2\n#\"\n3,4\n  # x\n5,6 # y\n", scanner.Options{Dialect: hash}},
		{"a\n\nb\n\n\nc\n", scanner.Options{}},
		{"x,y\n1,\"never closed\n2,3\n", scanner.Options{}},
		{"x,y\n1,2\n3,4,5\n6,7\n", scanner.Options{}},
		{"x,y\n\"1\"z,2\n3,\"4\n5\",6\n7,8\n", scanner.Options{}},
		{"a,b\n1,\"x\n2,y\n3,z\n", scanner.Options{MaxLineSize: 8}}, // with IgnoreErrors, read whole
		{"", scanner.Options{}},
	}
	var cases []aCase
	for _, in := range inputs {
		for _, ignore := range []bool{false, true} {
			opts := in.opts
			opts.IgnoreErrors = ignore
			for _, size := range []int64{1, 2, 7, 64, 1 << 20} {
				cases = append(cases, aCase{in.in, opts, size})
			}
		}
	}
	runCases(t, cases)
}

// TestReadRandom: random inputs of the bytes that mean something to some
// dialect, random dialects, ranges of 1 to 70 bytes.
func TestReadRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte("ab ,;|\"'\\#\n\r\t")
	delims := []string{",", ";", "||", "aab", "\t"}
	var cases []aCase
	for len(cases) < 60 {
		d := dialect.Dialect{Delimiter: delims[rng.IntN(len(delims))], Quote: dialect.Some('"'), Escape: dialect.Some('"')}
		if rng.IntN(2) == 0 {
			d.Escape = dialect.Some('\\')
		}
		if rng.IntN(2) == 0 {
			d.Comment = dialect.Some('#')
		}
		d.Newline = dialect.Newline(rng.IntN(4))
		d.Lenient = rng.IntN(2) == 0
		if d.Validate() != nil {
			continue
		}
		in := make([]byte, rng.IntN(150))
		for i := range in {
			in[i] = alphabet[rng.IntN(len(alphabet))]
		}
		opts := scanner.Options{Dialect: d, FieldsPerRow: rng.IntN(3) - 1, Header: rng.IntN(3) == 0, IgnoreErrors: rng.IntN(2) == 0}
		cases = append(cases, aCase{string(in), opts, 1 + rng.Int64N(70)})
	}
	runCases(t, cases)
}

// TestReadFixtures: the six fixture shapes, 200 kB each, in 16 kB ranges.
func TestReadFixtures(t *testing.T) {
	var cases []aCase
	for _, sh := range gen.Shapes() {
		cases = append(cases, aCase{string(gen.Bytes(sh, 200<<10, 3)), scanner.Options{Header: true}, 16 << 10})
	}
	runCases(t, cases)
}

// TestReadUnfiltered: with Unfiltered, the ranges after a file's first
// error keep their rows, numbered above the error's row; dropping those
// gives the sequential scan.
func TestReadUnfiltered(t *testing.T) {
	dir := t.TempDir()
	in := "x,y\n1,2\n3,4,5\n6,7\n"
	file := filepath.Join(dir, "f.csv")
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	rows, _, errs := Read(s, file, Options{RangeSize: 7, Unfiltered: true})
	beam.ParDo0(s, collectRow, rows)
	beam.ParDo0(s, collectErr, errs)
	mu.Lock()
	gotRows, gotErrs = nil, nil
	mu.Unlock()
	if _, err := direct.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	wantRows, _, wantErrs := expected(t, file, aCase{in: in})
	if d := cmp.Diff(wantErrs, gotErrs); d != "" {
		t.Fatalf("errors (-sequential +pipeline):\n%s", d)
	}
	var before []Row
	after := 0
	for _, r := range gotRows {
		if r.Row < gotErrs[0].Row {
			before = append(before, r)
		} else {
			after++
		}
	}
	slices.SortFunc(before, func(a, b Row) int { return a.Row - b.Row })
	if d := cmp.Diff(wantRows, before); d != "" || after != 1 {
		t.Fatalf("%d rows after the error, expected 1; rows before it (-sequential +pipeline):\n%s", after, d)
	}
}

// TestReadSniffed: with Sniff, each file's dialect and header come from
// its head, and every stage reads it with them: the rows are those of a
// sequential scan with the sniffed options, in ranges of a few bytes.
func TestReadSniffed(t *testing.T) {
	var b strings.Builder
	b.WriteString("id;name;note\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "%d;n%d;\"a;b\nc %d\"\n", i, i, i*7)
	}
	in := b.String()
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != ";" || !res.HasHeader {
		t.Fatalf("sniffed %v, header %v: expected ';' and a header", res.Dialect, res.HasHeader)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f.csv")
	if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	rows, _, errs := Read(s, file, Options{RangeSize: 13, Sniff: true})
	beam.ParDo0(s, collectRow, rows)
	beam.ParDo0(s, collectErr, errs)
	mu.Lock()
	gotRows, gotErrs = nil, nil
	mu.Unlock()
	if _, err := direct.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	wantRows, _, wantErrs := expected(t, file, aCase{in: in, opts: scanner.Options{Dialect: res.Dialect, Header: res.HasHeader}})
	slices.SortFunc(gotRows, func(a, b Row) int { return a.Row - b.Row })
	if d := cmp.Diff(wantRows, gotRows); d != "" || len(gotErrs) != len(wantErrs) {
		t.Fatalf("rows (-sequential +pipeline):\n%s\nerrors %v", d, gotErrs)
	}
}
