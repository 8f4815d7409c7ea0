package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// result is everything a scan produces, for whole-value comparison.
type result struct {
	Header []string
	Rows   [][]string
	Err    error
	Lines  []int    // each row's line
	Bad    []string // rows skipped with IgnoreErrors: "kind line row field offset"
}

// badString formats a skipped row for comparison.
func badString(pe *ParseError) string {
	return fmt.Sprintf("%v line %d row %d field %d byte %d (row at %d)", pe.Kind, pe.Line, pe.Row, pe.Field, pe.Offset, pe.RowOffset)
}

// chunkReader returns at most size bytes per Read.
type chunkReader struct {
	data []byte
	size int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), r.size, len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// splitReader returns the input in two reads, cut at one point.
type splitReader struct {
	parts [][]byte
}

func (r *splitReader) Read(p []byte) (int, error) {
	for len(r.parts) > 0 && len(r.parts[0]) == 0 {
		r.parts = r.parts[1:]
	}
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.parts[0])
	r.parts[0] = r.parts[0][n:]
	return n, nil
}

// rowSource is what collect reads: a Scanner, a Parallel or a Block.
type rowSource interface {
	Scan() bool
	Row() [][]byte
	LineNumber() int
	TakeBadRows() []*ParseError
	Header() []string
	Err() error
}

// collect reads s to the end: its rows (copied), lines, bad rows (taken
// after every row), header and error.
func collect(s rowSource) result { return collectTaking(s, true) }

// collectTaking is collect, taking the bad rows after every row when
// perRow is set, else once, at the end (the ones the blocks of Each hold
// together with Options.MaxBadRows).
func collectTaking(s rowSource, perRow bool) result {
	var res result
	for s.Scan() {
		if perRow {
			for _, pe := range s.TakeBadRows() {
				res.Bad = append(res.Bad, badString(pe))
			}
		}
		row := make([]string, len(s.Row()))
		for i, v := range s.Row() {
			row[i] = string(v)
		}
		res.Rows = append(res.Rows, row)
		res.Lines = append(res.Lines, s.LineNumber())
	}
	for _, pe := range s.TakeBadRows() {
		res.Bad = append(res.Bad, badString(pe))
	}
	res.Header = s.Header()
	res.Err = s.Err()
	return res
}

func scanBytes(t testing.TB, input []byte, opts Options) result {
	t.Helper()
	s, err := NewBytes(input, opts)
	if err != nil {
		t.Fatalf("NewBytes: %v", err)
	}
	return collect(s)
}

func scanReader(t testing.TB, r io.Reader, opts Options) result {
	t.Helper()
	s, err := New(r, opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return collect(s)
}

// readSizes are the read sizes every table case runs at: they put a read
// boundary inside every CRLF, doubled quote, UTF-8 sequence and SWAR block.
var readSizes = []int{1, 2, 7, 63, 64, 65, 1000}

// checkAllWays scans input as a byte slice, through readers of every read
// size, with small buffers, and (for inputs up to 200 bytes) split in two at
// every point, and requires the same result every time.
func checkAllWays(t *testing.T, input []byte, opts Options, want result) {
	t.Helper()
	diff := func(how string, got result) {
		t.Helper()
		got.Lines = nil // the hand-written cases do not state lines; TestLineNumbers does
		if d := cmp.Diff(want, got, cmp.Comparer(sameError)); d != "" {
			t.Fatalf("%s: result differs (-want +got):\n%s", how, d)
		}
	}
	diff("bytes", scanBytes(t, input, opts))
	for _, size := range readSizes {
		diff(fmt.Sprintf("read size %d", size), scanReader(t, &chunkReader{data: input, size: size}, opts))
		small := opts
		small.BufferSize = size
		diff(fmt.Sprintf("buffer size %d", size), scanReader(t, &chunkReader{data: input, size: size}, small))
	}
	if len(input) <= 200 {
		for cut := 0; cut <= len(input); cut++ {
			r := &splitReader{parts: [][]byte{bytes.Clone(input[:cut]), bytes.Clone(input[cut:])}}
			diff(fmt.Sprintf("split at %d", cut), scanReader(t, r, opts))
		}
	}
}

// sameError compares errors by value: parse errors field by field, others
// by identity.
func sameError(a, b error) bool {
	var pa, pb *ParseError
	if errors.As(a, &pa) && errors.As(b, &pb) {
		return pa.Kind == pb.Kind && pa.Row == pb.Row && pa.Field == pb.Field &&
			pa.Offset == pb.Offset && pa.RowOffset == pb.RowOffset &&
			(pa.Line == pb.Line || pa.Line == 0 || pb.Line == 0) // hand-written cases leave Line 0
	}
	return a == b
}

func perr(kind error, row, field int, offset, rowOffset int64) *ParseError {
	return &ParseError{Kind: kind, Row: row, Field: field, Offset: offset, RowOffset: rowOffset}
}

func rows(rs ...[]string) [][]string { return rs }
func r(vs ...string) []string        { return vs }

var (
	pipe2  = dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	aab    = dialect.Dialect{Delimiter: "aab", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	abab   = dialect.Dialect{Delimiter: "abab", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	duck   = dialect.Dialect{Delimiter: "🦆", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	bslash = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')}
	hash   = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}
)

func lenient(d dialect.Dialect) dialect.Dialect { d.Lenient = true; return d }
func newline(d dialect.Dialect, n dialect.Newline) dialect.Dialect {
	d.Newline = n
	return d
}

var scanTests = []struct {
	Name  string
	Input string
	Opts  Options
	Want  result
}{
	{Name: "Simple", Input: "a,b,c\n", Want: result{Rows: rows(r("a", "b", "c"))}},
	{Name: "NoFinalNewline", Input: "a,b\nc,d", Want: result{Rows: rows(r("a", "b"), r("c", "d"))}},
	{Name: "Empty", Input: "", Want: result{}},
	{Name: "OnlyNewlines", Input: "\n\r\n\r", Want: result{}},
	{Name: "QuotedDelimiter", Input: `"a,b",c` + "\n", Want: result{Rows: rows(r("a,b", "c"))}},
	{Name: "DoubledQuote", Input: `"say ""hi""",x` + "\n", Want: result{Rows: rows(r(`say "hi"`, "x"))}},
	{Name: "QuotedNewline", Input: "\"two\nlines\",x\n\"cr\r\nlf\",y\n", Want: result{Rows: rows(r("two\nlines", "x"), r("cr\r\nlf", "y"))}},
	{Name: "LineEnds", Input: "a,b\r\nc,d\ne,f\rg,h", Want: result{Rows: rows(r("a", "b"), r("c", "d"), r("e", "f"), r("g", "h"))}},
	{Name: "BlankLinesSkipped", Input: "a,b\n\n\r\nc,d\n\n", Want: result{Rows: rows(r("a", "b"), r("c", "d"))}},
	{Name: "BlankLineOneColumn", Input: "a\n\nb\n\n", Want: result{Rows: rows(r("a"), r(""), r("b"), r(""))}},
	{Name: "LeadingBlankLineOneColumn", Input: "\na\n", Want: result{Rows: rows(r("a"))}},
	// Issue 16: told the file has one column, DuckDB reads a leading empty
	// line as a row (NULL); the width is not known before the first row
	// otherwise.
	{Name: "LeadingBlankLinesOneColumnGiven", Input: "\n\nx\ny\n", Opts: Options{FieldsPerRow: 1}, Want: result{Rows: rows(r(""), r(""), r("x"), r("y"))}},
	{Name: "LeadingBlankLineHeaderOneColumn", Input: "h\n\nx\n", Opts: Options{FieldsPerRow: 1, Header: true}, Want: result{Header: []string{"h"}, Rows: rows(r(""), r("x"))}},
	{Name: "EmptyQuoted", Input: "\"\"\n", Want: result{Rows: rows(r(""))}},
	{Name: "EmptyValues", Input: ",\n,\n", Want: result{Rows: rows(r("", ""), r("", ""))}},
	{Name: "TrailingDelimiter", Input: "a,\nb,", Want: result{Rows: rows(r("a", ""), r("b", ""))}},
	{Name: "QuoteInsideValue", Input: `ab"c,d` + "\n", Want: result{Rows: rows(r(`ab"c`, "d"))}},
	{Name: "SpacesAroundQuotes", Input: `a,  "b"  ,c` + "\n", Want: result{Rows: rows(r("a", "b", "c"))}},
	{Name: "SpacesKeptUnquoted", Input: "a, b ,c\n", Want: result{Rows: rows(r("a", " b ", "c"))}},
	{Name: "UnterminatedQuote", Input: "a,b\nc,\"de\nf", Want: result{Rows: rows(r("a", "b")), Err: perr(ErrUnterminatedQuote, 2, 2, 6, 4)}},
	{Name: "TextAfterQuoteStrict", Input: "x,y\n\"a\"b,c\n", Want: result{Rows: rows(r("x", "y")), Err: perr(ErrUnquotedValue, 2, 1, 7, 4)}},
	{Name: "TextAfterQuoteLenient", Input: "\"a\"b,c\n", Opts: Options{Dialect: lenient(dialect.RFC4180)}, Want: result{Rows: rows(r("ab", "c"))}},
	{Name: "BOM", Input: "\xEF\xBB\xBFa,b\n", Want: result{Rows: rows(r("a", "b"))}},
	{Name: "BOMOnly", Input: "\xEF\xBB\xBF", Want: result{}},
	{Name: "NotBOM", Input: "\xEF\xBBx,b\n", Want: result{Rows: rows(r("\xEF\xBBx", "b"))}},
	{Name: "Header", Input: "h1,h2\n1,2\n", Opts: Options{Header: true}, Want: result{Header: []string{"h1", "h2"}, Rows: rows(r("1", "2"))}},
	{Name: "FieldCountTooMany", Input: "a,b\nc,d,e\n", Want: result{Rows: rows(r("a", "b")), Err: perr(ErrFieldCount, 2, 3, 9, 4)}},
	{Name: "FieldCountTooFew", Input: "a,b\nc", Want: result{Rows: rows(r("a", "b")), Err: perr(ErrFieldCount, 2, 2, 5, 4)}},
	{Name: "FieldCountAny", Input: "a,b\nc\nd,e,f\n", Opts: Options{FieldsPerRow: -1}, Want: result{Rows: rows(r("a", "b"), r("c"), r("d", "e", "f"))}},
	{Name: "FieldCountFixed", Input: "a,b\n", Opts: Options{FieldsPerRow: 3}, Want: result{Err: perr(ErrFieldCount, 1, 3, 3, 0)}},
	{Name: "LineTooLong", Input: "ab,c\nabcde,f\n", Opts: Options{MaxLineSize: 4}, Want: result{Rows: rows(r("ab", "c")), Err: perr(ErrLineTooLong, 2, 1, 9, 5)}},
	{Name: "LineAtMax", Input: "ab,c\r\nde,f", Opts: Options{MaxLineSize: 4}, Want: result{Rows: rows(r("ab", "c"), r("de", "f"))}},
	{Name: "LineTooLongAtEOF", Input: "ab,cd", Opts: Options{MaxLineSize: 4}, Want: result{Err: perr(ErrLineTooLong, 1, 2, 4, 0)}},
	{Name: "Comment", Input: "# note\na,b # tail\n  # indented\nc,#x\n", Opts: Options{Dialect: hash}, Want: result{Rows: rows(r("a", "b "), r("c", ""))}},
	{Name: "CommentAtEOF", Input: "a,b\n#end", Opts: Options{Dialect: hash}, Want: result{Rows: rows(r("a", "b"))}},
	{Name: "HashIsTextWithoutComment", Input: "#a,b\n", Want: result{Rows: rows(r("#a", "b"))}},
	{Name: "MultiBytePipe", Input: "a||b||c\nd|||e||\n", Opts: Options{Dialect: pipe2}, Want: result{Rows: rows(r("a", "b", "c"), r("d", "|e", ""))}},
	{Name: "MultiByteAab", Input: "xaaby\naaaby\n", Opts: Options{Dialect: aab}, Want: result{Rows: rows(r("x", "y"), r("a", "y"))}},
	{Name: "MultiByteAbab", Input: "1ababab2\n1abaabab2\n", Opts: Options{Dialect: abab}, Want: result{Rows: rows(r("1", "ab2"), r("1aba", "2"))}},
	{Name: "Duck", Input: "a🦆b\n\"🦆\"🦆c\n", Opts: Options{Dialect: duck}, Want: result{Rows: rows(r("a", "b"), r("🦆", "c"))}},
	{Name: "BackslashEscape", Input: `"a\"b","c\\d"` + "\n", Opts: Options{Dialect: bslash}, Want: result{Rows: rows(r(`a"b`, `c\d`))}},
	{Name: "BackslashDoubledQuoteStrict", Input: `"a""b"` + "\n", Opts: Options{Dialect: bslash}, Want: result{Err: perr(ErrUnquotedValue, 1, 1, 3, 0)}},
	{Name: "UnquotedEscapeLenient", Input: `a\,b,c` + "\n", Opts: Options{Dialect: lenient(bslash)}, Want: result{Rows: rows(r("a,b", "c"))}},
	{Name: "UnquotedEscapeStrict", Input: `a\,b` + "\n", Opts: Options{Dialect: bslash, FieldsPerRow: -1}, Want: result{Rows: rows(r(`a\`, "b"))}},
	{Name: "StrictCRLFLoneLF", Input: "a,b\r\nc\nd\r\n", Opts: Options{Dialect: newline(dialect.RFC4180, dialect.NewlineCRLF)}, Want: result{Rows: rows(r("a", "b")), Err: perr(ErrInvalidState, 2, 1, 6, 5)}},
	{Name: "LenientCRLFLoneLF", Input: "a,b\r\nc,d\n", Opts: Options{Dialect: lenient(newline(dialect.RFC4180, dialect.NewlineCRLF))}, Want: result{Rows: rows(r("a", "b"), r("c", "d"))}},
	{Name: "NewlineLFReadsCRLF", Input: "a\r\nb\r\n", Opts: Options{Dialect: lenient(newline(dialect.RFC4180, dialect.NewlineLF))}, Want: result{Rows: rows(r("a"), r(""), r("b"), r(""))}},
	{Name: "StrictLFRejectsCR", Input: "a\nb\r\n", Opts: Options{Dialect: newline(dialect.RFC4180, dialect.NewlineLF)}, Want: result{Rows: rows(r("a")), Err: perr(ErrInvalidState, 2, 1, 3, 2)}},
	{Name: "StrictCRRejectsLF", Input: "a\r\"b\nc\"\rd\n", Opts: Options{Dialect: newline(dialect.RFC4180, dialect.NewlineCR)}, Want: result{Rows: rows(r("a"), r("b\nc")), Err: perr(ErrInvalidState, 3, 1, 9, 8)}},
	{Name: "TSV", Input: "a\t\"b\tc\n", Opts: Options{Dialect: dialect.TSV}, Want: result{Rows: rows(r("a", `"b`, "c"))}},
	{Name: "InvalidUTF8Kept", Input: "\xff,\xfe\n", Want: result{Rows: rows(r("\xff", "\xfe"))}},
	{Name: "LongValue", Input: "x," + strings.Repeat("abcdefgh", 40) + "\n", Want: result{Rows: rows(r("x", strings.Repeat("abcdefgh", 40)))}},
	{Name: "LongQuoted", Input: "\"" + strings.Repeat("ab,\n\"\"", 30) + "\",y\n", Want: result{Rows: rows(r(strings.Repeat("ab,\n\"", 30), "y"))}},
}

func TestScan(t *testing.T) {
	for _, tt := range scanTests {
		t.Run(tt.Name, func(t *testing.T) {
			checkAllWays(t, []byte(tt.Input), tt.Opts, tt.Want)
		})
	}
}

func TestErrorsIs(t *testing.T) {
	s, err := NewBytes([]byte(`"abc`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for s.Scan() {
	}
	err = s.Err()
	if !errors.Is(err, ErrUnterminatedQuote) {
		t.Fatalf("errors.Is(%v, ErrUnterminatedQuote) = false", err)
	}
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Row != 1 || pe.Field != 1 || pe.Offset != 0 {
		t.Fatalf("errors.As gave %+v", pe)
	}
	const want = `csvscan: row 1, field 1, byte 0: unterminated quote: expected a closing quote before the end of input (the input may be cut short; if quotes are not special in it, set Dialect.Quote to dialect.None; IgnoreErrors skips the row)`
	if err.Error() != want {
		t.Fatalf("message\n got %s\nwant %s", err, want)
	}
}

// TestErrorMessages: every kind of parse error names where it is (the
// line too when empty or comment lines make it differ from the row), says
// what was expected in words that read, and what to do about it. Issue 16.
func TestErrorMessages(t *testing.T) {
	crlf := dialect.Default()
	crlf.Newline = dialect.NewlineCRLF
	comment := dialect.Default()
	comment.Comment = dialect.Some('#')
	for _, tt := range []struct {
		name, input string
		opts        Options
		want        string
	}{
		{"line differs from row", "a,b\n\n\n# c\n1,\"x\"y\n", Options{Dialect: comment},
			`csvscan: row 2 (line 5), field 2, byte 15: unquoted value: expected a delimiter or a line end after the closing quote, found 'y' (set Dialect.Lenient to keep the text after the quote, or IgnoreErrors to skip the row)`},
		{"invalid state", "a,b\r\n1,2\n", Options{Dialect: crlf},
			`csvscan: row 2, field 2, byte 8: invalid state: expected a byte the dialect allows outside quotes, found '\n' (delim=',', quote='"', escape='"', new_line='\r\n', comment='', strict_mode=true) (set Dialect.Newline to the input's line ends, or Dialect.Lenient; IgnoreErrors skips the row)`},
		{"field count", "a,b\n1,2,3\n", Options{},
			`csvscan: row 2, field 3, byte 9: wrong number of fields: expected 2 fields, found 3 (set FieldsPerRow to -1 to accept rows of any width, or IgnoreErrors to skip the row)`},
	} {
		s, err := NewBytes([]byte(tt.input), tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		for s.Scan() {
		}
		if got := fmt.Sprint(s.Err()); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

func TestInvalidDialect(t *testing.T) {
	_, err := NewBytes(nil, Options{Dialect: dialect.Dialect{Delimiter: `"`, Quote: dialect.Some('"')}})
	if !errors.Is(err, dialect.ErrInvalid) {
		t.Fatalf("got %v, want dialect.ErrInvalid", err)
	}
}

type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	n := copy(p, r.data)
	r.data = r.data[n:]
	if len(r.data) == 0 {
		return n, r.err
	}
	return n, nil
}

// TestReadError checks that a read error comes after the rows read before
// it, as a *ReadError that names the row it broke, its line, field and
// the bytes read, and unwraps to the reader's error.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		in   string
		rows [][]string
		want ReadError
	}{
		{"a,b\nc,d\n", rows(r("a", "b"), r("c", "d")), ReadError{Row: 3, Line: 3, Field: 1, Offset: 8}},
		{"a,b\n\nc,d\ne,", rows(r("a", "b"), r("c", "d")), ReadError{Row: 3, Line: 4, Field: 2, Offset: 11}},
		// (A line end inside quotes starts no line: DuckDB's lines.)
		{"a,b\n\"c\nd\",e\nf", rows(r("a", "b"), r("c\nd", "e")), ReadError{Row: 3, Line: 3, Field: 1, Offset: 13}},
		{"", nil, ReadError{Row: 1, Line: 1, Field: 1, Offset: 0}},
	} {
		got := scanReader(t, &errReader{data: []byte(tc.in), err: boom}, Options{})
		if d := cmp.Diff(tc.rows, got.Rows); d != "" {
			t.Errorf("%q: rows (-want +got):\n%s", tc.in, d)
		}
		var re *ReadError
		if !errors.As(got.Err, &re) || !errors.Is(got.Err, boom) {
			t.Errorf("%q: error %v, want a *ReadError of boom", tc.in, got.Err)
			continue
		}
		tc.want.Err = boom
		if *re != tc.want {
			t.Errorf("%q: got %+v, want %+v", tc.in, *re, tc.want)
		}
	}
	e := &ReadError{Row: 3, Line: 5, Field: 2, Offset: 22, Err: errors.New("csvscan: cut short")}
	if got, want := e.Error(), "csvscan: row 3 (line 5), field 2, byte 22: reading the input: cut short"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

// TestZeroCopy checks that values needing no unescaping point into the input.
func TestZeroCopy(t *testing.T) {
	in := []byte("abc,\"de\"\n")
	s, _ := NewBytes(in, Options{})
	if !s.Scan() {
		t.Fatal(s.Err())
	}
	row := s.Row()
	if &row[0][0] != &in[0] || &row[1][0] != &in[5] {
		t.Fatal("values were copied")
	}
}

func TestMemoryBounded(t *testing.T) {
	// A 1 MB row with a 1 KB maximum must fail without buffering the row.
	big := bytes.Repeat([]byte("x"), 1<<20)
	s, _ := New(bytes.NewReader(big), Options{MaxLineSize: 1024, BufferSize: 512})
	for s.Scan() {
	}
	if !errors.Is(s.Err(), ErrLineTooLong) {
		t.Fatalf("got %v", s.Err())
	}
	if len(s.buf) > 4096 {
		t.Fatalf("buffer grew to %d bytes for a 1 KB maximum line", len(s.buf))
	}
}

func TestFieldOffsets(t *testing.T) {
	in := "a,\"b\"\"c\",  d\n\xEF,ee\r\nf,g"
	s, err := New(&chunkReader{data: []byte(in), size: 3}, Options{BufferSize: 4, FieldsPerRow: -1})
	if err != nil {
		t.Fatal(err)
	}
	s.TrackFieldOffsets()
	var got [][]int64
	var rowAt []int64
	for s.Scan() {
		got = append(got, append([]int64(nil), s.FieldOffsets()...))
		rowAt = append(rowAt, s.RowOffset())
	}
	want := [][]int64{{0, 2, 9}, {13, 15}, {19, 21}}
	if d := cmp.Diff(want, got); d != "" || s.Err() != nil {
		t.Fatalf("%v (-want +got):\n%s", s.Err(), d)
	}
	if d := cmp.Diff([]int64{0, 13, 19}, rowAt); d != "" {
		t.Fatalf("row offsets (-want +got):\n%s", d)
	}
}

func TestLineNumbers(t *testing.T) {
	in := "h1,h2\r\n\r\n# note\na,\"x\ny\"\nb,c\n\"\nz\",d"
	opts := Options{Header: true, Dialect: hash}
	// Lines count line ends outside quotes: the quoted one in row 4 does not
	// start a line.
	want := []int{4, 5, 6}
	for _, size := range readSizes {
		got := scanReader(t, &chunkReader{data: []byte(in), size: size}, Options{Header: true, Dialect: hash, BufferSize: size})
		if d := cmp.Diff(want, got.Lines); d != "" || got.Err != nil {
			t.Fatalf("read size %d: %v (-want +got):\n%s", size, got.Err, d)
		}
	}
	res := scanBytes(t, []byte(in+"\n\"open"), opts)
	var pe *ParseError
	if !errors.As(res.Err, &pe) || pe.Line != 7 {
		t.Fatalf("error %v at line %d: want line 7", res.Err, pe.Line)
	}
}

func TestIgnoreErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		rows [][]string
		bad  []string
	}{
		{"TextAfterQuote", "a,b\n\"x\"y,z\nc,d\n", Options{},
			rows(r("a", "b"), r("c", "d")),
			[]string{"unquoted value line 2 row 2 field 1 byte 7 (row at 4)"}},
		{"FieldCount", "a,b\nc\nd,e,f\ng,h", Options{},
			rows(r("a", "b"), r("g", "h")),
			[]string{"wrong number of fields line 2 row 2 field 2 byte 5 (row at 4)", "wrong number of fields line 3 row 3 field 3 byte 11 (row at 6)"}},
		{"LineTooLong", "ab\nabcdefgh,x\r\ncd\n", Options{MaxLineSize: 4},
			rows(r("ab"), r("cd")),
			[]string{"line size over maximum line 2 row 2 field 1 byte 7 (row at 3)"}},
		{"UnterminatedAtEnd", "a\nb\n\"c\nd", Options{},
			rows(r("a"), r("b")),
			[]string{"unterminated quote line 3 row 3 field 1 byte 4 (row at 4)"}},
		{"StrictCRLF", "a,b\r\nc\nd,e\r\nf,g\r\n", Options{Dialect: newline(dialect.RFC4180, dialect.NewlineCRLF)},
			rows(r("a", "b"), r("f", "g")),
			[]string{"invalid state line 2 row 2 field 1 byte 6 (row at 5)"}},
		// Too long and still inside quotes at the end of input: one bad
		// row, not a second one for the same bytes (FuzzLane found the
		// byte-slice path reporting it twice).
		{"LineTooLongInQuotesAtEnd", "a\n\"bcd", Options{MaxLineSize: 3},
			rows(r("a")),
			[]string{"line size over maximum line 2 row 2 field 1 byte 5 (row at 2)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.IgnoreErrors = true
			got := scanBytes(t, []byte(tt.in), opts)
			if d := cmp.Diff(tt.rows, got.Rows); got.Err != nil || d != "" {
				t.Fatalf("bytes: %v, rows (-want +got):\n%s", got.Err, d)
			}
			if d := cmp.Diff(tt.bad, got.Bad); d != "" {
				t.Fatalf("bytes: skipped rows (-want +got):\n%s", d)
			}
			for _, size := range readSizes {
				small := opts
				small.BufferSize = size
				got := scanReader(t, &chunkReader{data: []byte(tt.in), size: size}, small)
				if got.Err != nil {
					t.Fatalf("read size %d: %v", size, got.Err)
				}
				if d := cmp.Diff(tt.rows, got.Rows); d != "" {
					t.Fatalf("read size %d: rows (-want +got):\n%s", size, d)
				}
				if d := cmp.Diff(tt.bad, got.Bad); d != "" {
					t.Fatalf("read size %d: skipped rows (-want +got):\n%s", size, d)
				}
			}
		})
	}
}

// ignoreLines leaves line numbers out of a comparison of results for
// collectors that do not record them.
var ignoreLines = cmpopts.IgnoreFields(result{}, "Lines")
