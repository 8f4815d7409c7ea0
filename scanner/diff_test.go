package scanner

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/reference"
	"github.com/google/go-cmp/cmp"
)

// kindNames maps the scanner's error kinds to the reference reader's.
var kindNames = map[error]reference.Kind{
	ErrUnterminatedQuote: reference.UnterminatedQuote,
	ErrUnquotedValue:     reference.UnquotedValue,
	ErrInvalidState:      reference.InvalidState,
	ErrLineTooLong:       reference.LineTooLong,
	ErrFieldCount:        reference.FieldCount,
}

// outcome is a scan result in the reference reader's terms.
type outcome struct {
	Header []string
	Rows   [][]string
	Err    string   // "kind row field offset", or ""
	Bad    []string // rows skipped with IgnoreErrors, as badString writes them
}

// scannerKind maps the reference reader's error kinds to the scanner's.
var scannerKind = func() map[reference.Kind]error {
	m := map[reference.Kind]error{}
	for k, v := range kindNames {
		m[v] = k
	}
	return m
}()

func refOutcome(input []byte, opts Options) outcome {
	o := opts.withDefaults()
	h, rows, bad, err := reference.ReadAll(input, reference.Options{
		Dialect: o.Dialect, Header: o.Header, FieldsPerRow: o.FieldsPerRow, MaxLineSize: o.MaxLineSize,
		IgnoreErrors: o.IgnoreErrors,
	})
	out := outcome{Header: h, Rows: rows}
	for _, b := range bad {
		out.Bad = append(out.Bad, badString(&ParseError{Kind: scannerKind[b.Kind], Line: b.Line, Row: b.Row,
			Field: b.Field, Offset: b.Offset, RowOffset: b.RowOffset}))
	}
	if err != nil {
		var re *reference.Error
		if !errors.As(err, &re) {
			panic(err)
		}
		out.Err = fmt.Sprintf("%s row %d field %d offset %d", re.Kind, re.Row, re.Field, re.Offset)
		if opts.Header && len(out.Header) == 0 {
			out.Header = nil
		}
	}
	return out
}

func scanOutcome(t testing.TB, res result) outcome {
	out := outcome{Header: res.Header, Rows: res.Rows, Bad: res.Bad}
	if res.Err != nil {
		var pe *ParseError
		if !errors.As(res.Err, &pe) {
			t.Fatalf("unexpected error type %T: %v", res.Err, res.Err)
		}
		out.Err = fmt.Sprintf("%s row %d field %d offset %d", kindNames[pe.Kind], pe.Row, pe.Field, pe.Offset)
	}
	return out
}

// checkAgainstReference runs the scanner as bytes and through readers of
// several sizes, and compares each result with the reference reader.
func checkAgainstReference(t *testing.T, input []byte, opts Options, sizes []int) {
	t.Helper()
	want := refOutcome(input, opts)
	check := func(how string, res result) {
		t.Helper()
		if d := cmp.Diff(want, scanOutcome(t, res)); d != "" {
			t.Fatalf("%s: input %q, %v: scanner and reference differ (-reference +scanner):\n%s", how, input, opts.Dialect, d)
		}
	}
	check("bytes", scanBytes(t, input, opts))
	for _, size := range sizes {
		small := opts
		small.BufferSize = size
		check(fmt.Sprintf("read size %d", size), scanReader(t, &chunkReader{data: input, size: size}, small))
	}
}

// TestTableCasesAgreeWithReference holds the reference reader to the
// hand-written expectations of TestScan too, so the two readers and the
// table of cases check one another.
func TestTableCasesAgreeWithReference(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.Name, func(t *testing.T) {
			checkAgainstReference(t, []byte(tt.Input), tt.Opts, readSizes)
			opts := tt.Opts
			opts.IgnoreErrors = true
			checkAgainstReference(t, []byte(tt.Input), opts, readSizes)
		})
	}
}

// fuzzDialect is gen.Dialect, shared with the split plan's tests.
func fuzzDialect(sel uint32, delim string) (dialect.Dialect, bool) { return gen.Dialect(sel, delim) }

// randomInput is gen.Noise.
func randomInput(rng *rand.Rand, n int) []byte { return gen.Noise(rng, n) }

// TestRandomAgainstReference is the deterministic cousin of the fuzz target:
// thousands of random inputs over random dialects, each at several read
// sizes.
func TestRandomAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	delims := []string{",", ";", "|", "||", "ab", "aab", "abab", "\t", " ", "|;"}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		d, ok := fuzzDialect(rng.Uint32(), delims[rng.IntN(len(delims))])
		if !ok {
			continue
		}
		opts := Options{Dialect: d, FieldsPerRow: -1 + rng.IntN(3), Header: rng.IntN(4) == 0, IgnoreErrors: rng.IntN(2) == 0}
		if rng.IntN(5) == 0 || opts.IgnoreErrors && rng.IntN(2) == 0 {
			opts.MaxLineSize = 1 + rng.IntN(20)
		}
		checkAgainstReference(t, randomInput(rng, rng.IntN(120)), opts, []int{1, 3, 64})
	}
}

// TestEverySplitAgainstReference cuts small inputs at every point.
func TestEverySplitAgainstReference(t *testing.T) {
	inputs := []string{
		"a,\"b\"\"c\",d\r\ne,f,g\n",
		"\xEF\xBB\xBF\"x\ny\",z\r\r\n,\n",
		"# c\na||b|||c\n\"q\"||r\n",
		"a\\,b,\"c\\\"d\"\r\ne\\\r\nf,g\n",
	}
	ds := []dialect.Dialect{dialect.RFC4180, dialect.RFC4180, hash, lenient(bslash)}
	ds[2].Delimiter = "||"
	for i, in := range inputs {
		opts := Options{Dialect: ds[i], FieldsPerRow: -1}
		want := refOutcome([]byte(in), opts)
		for cut := 0; cut <= len(in); cut++ {
			r := &splitReader{parts: [][]byte{[]byte(in[:cut]), []byte(in[cut:])}}
			got := scanOutcome(t, scanReader(t, r, Options{Dialect: ds[i], FieldsPerRow: -1, BufferSize: 4}))
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("input %q cut at %d:\n%s", in, cut, d)
			}
		}
	}
}

// FuzzScan compares the scanner with the reference reader over random
// inputs and random dialects, as bytes and through small reads.
func FuzzScan(f *testing.F) {
	for _, tt := range scanTests {
		f.Add([]byte(tt.Input), uint32(0), ",", uint8(7))
	}
	f.Add([]byte("a||b\n\"c\"||d"), uint32(9), "||", uint8(1))
	f.Add([]byte("a\\,b,'c\\'d'\r\n"), uint32(76), ",", uint8(2))
	f.Fuzz(func(t *testing.T, input []byte, sel uint32, delim string, size uint8) {
		d, ok := fuzzDialect(sel, delim)
		if !ok {
			return
		}
		opts := Options{Dialect: d, FieldsPerRow: int(sel>>8%3) - 1, Header: sel>>10%2 == 1, IgnoreErrors: sel>>20%2 == 1}
		if sel>>11%4 == 0 || opts.IgnoreErrors && sel>>21%2 == 1 {
			opts.MaxLineSize = 1 + int(sel>>13%64)
		}
		checkAgainstReference(t, input, opts, []int{1 + int(size%70)})
	})
}

// stdlibComparable reports whether encoding/csv and csvscan define the same
// answer for input: csvscan keeps CR bytes and reads one-column empty lines
// as rows, and encoding/csv neither drops a byte order mark nor accepts
// what strict RFC 4180 forbids, so such inputs are left out.
func stdlibRows(input []byte) ([][]string, bool) {
	if bytes.IndexByte(input, '\r') >= 0 || bytes.HasPrefix(input, []byte("\xEF\xBB\xBF")) {
		return nil, false
	}
	cr := csv.NewReader(bytes.NewReader(input))
	cr.FieldsPerRecord = -1
	var rows [][]string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		if len(rec) < 2 {
			return nil, false
		}
		rows = append(rows, rec)
	}
	return rows, true
}

// FuzzStdlib compares the scanner with encoding/csv on RFC 4180 input where
// both define the answer: every input encoding/csv reads without error, has
// no CR and no one-value row, csvscan must read to the same rows.
func FuzzStdlib(f *testing.F) {
	f.Add([]byte("a,b\n\"c,d\",\"e\"\"f\"\n"))
	f.Add([]byte("\"x\ny\",z\n,\n"))
	f.Add([]byte("a,\"\"\n"))
	f.Fuzz(func(t *testing.T, input []byte) {
		want, ok := stdlibRows(input)
		if !ok {
			return
		}
		got := scanBytes(t, input, Options{FieldsPerRow: -1})
		if got.Err != nil {
			t.Fatalf("input %q: encoding/csv reads it, csvscan fails: %v", input, got.Err)
		}
		if d := cmp.Diff(want, got.Rows); d != "" {
			t.Fatalf("input %q: (-encoding/csv +csvscan)\n%s", input, d)
		}
	})
}
