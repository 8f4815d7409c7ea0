package reference

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/corpus"
)

// Dialects of the table below.
var (
	rfc       = dialect.RFC4180
	lenient   = with(rfc, func(d *dialect.Dialect) { d.Lenient = true })
	noEscape  = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"')}
	bsStrict  = dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')}
	bsLenient = with(bsStrict, func(d *dialect.Dialect) { d.Lenient = true })
	hash      = with(rfc, func(d *dialect.Dialect) { d.Comment = dialect.Some('#') })
	pipes     = with(rfc, func(d *dialect.Dialect) { d.Delimiter = "||" })
	pipesCom  = with(pipes, func(d *dialect.Dialect) { d.Comment = dialect.Some('#') })
	aab       = with(rfc, func(d *dialect.Dialect) { d.Delimiter = "aab" })
	abab      = with(rfc, func(d *dialect.Dialect) { d.Delimiter = "abab" })
	duck      = with(rfc, func(d *dialect.Dialect) { d.Delimiter = "🦆" })
	crlf      = with(rfc, func(d *dialect.Dialect) { d.Newline = dialect.NewlineCRLF })
	crlfLen   = with(crlf, func(d *dialect.Dialect) { d.Lenient = true })
	lfOnly    = with(rfc, func(d *dialect.Dialect) { d.Newline = dialect.NewlineLF })
	crOnly    = with(rfc, func(d *dialect.Dialect) { d.Newline = dialect.NewlineCR })
)

func with(d dialect.Dialect, f func(*dialect.Dialect)) dialect.Dialect {
	f(&d)
	return d
}

type row = []string

// The expected values were worked out by hand from docs/reading-rules.md;
// offsets are counted in the comments where they are not obvious.
var readTests = []struct {
	name       string
	input      string
	opts       Options
	wantHeader []string
	wantRows   [][]string
	wantErr    *Error
}{
	// Quoting.
	{name: "QuotedDelimiter", input: "a,\"b,c\",d\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b,c", "d"}}},
	{name: "DoubledQuote", input: "\"a\"\"b\",c\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{`a"b`, "c"}}},
	{name: "OnlyADoubledQuote", input: `""""`, opts: Options{Dialect: rfc},
		wantRows: [][]string{{`"`}}},
	{name: "QuotedLFKept", input: "\"a\nb\",c\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a\nb", "c"}}},
	{name: "QuotedCRLFKept", input: "\"a\r\nb\",c\r\n\"\r\",d\r\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a\r\nb", "c"}, {"\r", "d"}}},
	{name: "EmptyQuotedIsOneEmptyField", input: "\"\"\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{""}}},
	{name: "EmptyQuotedIsARowEmptyLineIsNot", input: "a,b\n\"\"\n\n", opts: Options{Dialect: rfc, FieldsPerRow: -1},
		wantRows: [][]string{{"a", "b"}, {""}}},
	{name: "TrailingSpacesAfterClosingQuote", input: "\"a\"  ,\"b\" \n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b"}}},
	{name: "SpacesBeforeOpeningQuote", input: "  \"a,b\",  \"c\"\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a,b", "c"}}},
	{name: "SpacesAroundUnquotedKept", input: " a , b \n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{" a ", " b "}}},
	// a(0) ,(1) "(2) b(3) "(4) c(5)
	{name: "TextAfterClosingQuoteStrict", input: "a,\"b\"c,d\n", opts: Options{Dialect: rfc},
		wantErr: &Error{Kind: UnquotedValue, Row: 1, Field: 2, Offset: 5}},
	{name: "TextAfterClosingQuoteLenient", input: `"a"b`, opts: Options{Dialect: lenient},
		wantRows: [][]string{{"ab"}}},
	{name: "LenientTailLosesTrailingSpacesOnly", input: "\"a\" b \n", opts: Options{Dialect: lenient},
		wantRows: [][]string{{"a b"}}},
	{name: "QuoteAfterClosingQuoteWithoutEscapeStrict", input: `"a""b"`, opts: Options{Dialect: noEscape},
		wantErr: &Error{Kind: UnquotedValue, Row: 1, Field: 1, Offset: 3}},
	{name: "QuoteAfterClosingQuoteWithoutEscapeLenient", input: `"a""b"`, opts: Options{Dialect: with(noEscape, func(d *dialect.Dialect) { d.Lenient = true })},
		wantRows: [][]string{{`a""b`}}},

	// Unterminated quotes: x(0) ,(1) y(2) LF(3) 1(4) ,(5) "(6)
	{name: "UnterminatedQuote", input: "x,y\n1,\"ab\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"x", "y"}},
		wantErr:  &Error{Kind: UnterminatedQuote, Row: 2, Field: 2, Offset: 6}},
	{name: "UnterminatedAfterEscape", input: "a,\"b\\", opts: Options{Dialect: bsStrict},
		wantErr: &Error{Kind: UnterminatedQuote, Row: 1, Field: 2, Offset: 2}},

	// Line ends.
	{name: "LFCRLFAndCRRowEnds", input: "a,b\nc,d\r\ne,f\rg,h", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b"}, {"c", "d"}, {"e", "f"}, {"g", "h"}}},
	{name: "CRThenCRLFIsAnEmptyLine", input: "a\r\r\nb", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a"}, {""}, {"b"}}},
	{name: "BlankLinesSkippedIn3Columns", input: "\n\r\na,b,c\n\n1,2,3\r\n\r\n\r4,5,6\n\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b", "c"}, {"1", "2", "3"}, {"4", "5", "6"}}},
	{name: "BlankLineIsARowIn1Column", input: "a\n\nb\n\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a"}, {""}, {"b"}, {""}}},
	{name: "BlankLinesBeforeFirstRowAreNeverRows", input: "\n\na\n\nb", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a"}, {""}, {"b"}}},
	// Issue 16: with the width given as 1, a leading empty line is a row,
	// as DuckDB reads a file it is told has one column.
	{name: "BlankLinesBeforeFirstRowWithFieldsPerRow1", input: "\r\na\n\n", opts: Options{Dialect: rfc, FieldsPerRow: 1},
		wantRows: [][]string{{""}, {"a"}, {""}}},
	// a(0) ,(1) b(2) CR(3) LF(4) c(5) ,(6) d(7) LF(8)
	{name: "CRLFStrictLoneLF", input: "a,b\r\nc,d\ne,f\r\n", opts: Options{Dialect: crlf},
		wantRows: [][]string{{"a", "b"}},
		wantErr:  &Error{Kind: InvalidState, Row: 2, Field: 2, Offset: 8}},
	{name: "CRLFLenientLoneLF", input: "a,b\r\nc,d\ne,f\r\n", opts: Options{Dialect: crlfLen},
		wantRows: [][]string{{"a", "b"}, {"c", "d"}, {"e", "f"}}},
	// The table only rejects an LF that follows unquoted text.
	{name: "CRLFStrictLFAfterClosingQuote", input: "\"a\"\nb\r\n", opts: Options{Dialect: crlf},
		wantRows: [][]string{{"a"}, {"b"}}},
	// Lenient: DuckDB's '\n' table ends rows at CR too.
	{name: "NewlineLFReadsCRLFAsRowThenEmptyLine", input: "a\r\nb\r\n", opts: Options{Dialect: lenientOf(lfOnly)},
		wantRows: [][]string{{"a"}, {""}, {"b"}, {""}}},
	{name: "NewlineLFReadsCRLFIn2Columns", input: "a,b\r\nc,d\r\n", opts: Options{Dialect: lenientOf(lfOnly)},
		wantRows: [][]string{{"a", "b"}, {"c", "d"}}},
	{name: "NewlineLFLoneCR", input: "a\rb", opts: Options{Dialect: lenientOf(lfOnly)},
		wantRows: [][]string{{"a"}, {"b"}}},
	// Strict: a CR where the newline is LF is invalid outside quotes, but
	// content inside them. a(0) ,(1) b(2) \r(3)
	{name: "StrictLFRejectsCR", input: "a,b\r\n", opts: Options{Dialect: lfOnly},
		wantErr: &Error{Kind: InvalidState, Row: 1, Field: 2, Offset: 3}},
	{name: "StrictLFQuotedCR", input: "\"a\r\",b\n", opts: Options{Dialect: lfOnly},
		wantRows: [][]string{{"a\r", "b"}}},
	{name: "StrictCRRejectsLF", input: "a\rb\n", opts: Options{Dialect: crOnly},
		wantRows: [][]string{{"a"}}, wantErr: &Error{Kind: InvalidState, Row: 2, Field: 1, Offset: 3}},

	// Byte order mark.
	{name: "BOMDropped", input: "\xEF\xBB\xBFa,b\n1,2\n", opts: Options{Dialect: rfc, Header: true},
		wantHeader: []string{"a", "b"}, wantRows: [][]string{{"1", "2"}}},
	// BOM(0-2) a(3) ,(4) "(5)
	{name: "BOMCountsInOffsets", input: "\xEF\xBB\xBFa,\"b", opts: Options{Dialect: rfc},
		wantErr: &Error{Kind: UnterminatedQuote, Row: 1, Field: 2, Offset: 5}},
	{name: "BOMOnlyAtStart", input: "a\n\xEF\xBB\xBFb\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a"}, {"\xEF\xBB\xBFb"}}},

	// Comments.
	{name: "Comments", input: "#c1\na,b # tail\n  # indented\n1,2#x\n#end", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a", "b "}, {"1", "2"}}},
	{name: "CommentAfterDelimiter", input: "a,#c\n", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a", ""}}},
	{name: "CommentAfterClosingQuote", input: "\"a\" #c\n", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a"}}},
	{name: "CommentByteInsideQuotes", input: "\"a#b\"\n", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a#b"}}},
	{name: "CommentLineWithCRLF", input: "#c\r\na\r\n", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a"}}},
	// #(0) c(1) LF(2) a(3) ,(4) b(5) LF(6) #(7) d(8) LF(9) 1(10) ,(11) 2(12) ,(13) 3(14) LF(15)
	{name: "CommentLinesAreNotRows", input: "#c\na,b\n#d\n1,2,3\n", opts: Options{Dialect: hash},
		wantRows: [][]string{{"a", "b"}},
		wantErr:  &Error{Kind: FieldCount, Row: 2, Field: 3, Offset: 15}},

	// Multi-byte delimiters.
	{name: "PipesThreeInARow", input: "a|||b\nc||d", opts: Options{Dialect: pipes},
		wantRows: [][]string{{"a", "|b"}, {"c", "d"}}},
	{name: "PipesInsideQuotes", input: "\"x||y\"||z\n", opts: Options{Dialect: pipes},
		wantRows: [][]string{{"x||y", "z"}}},
	{name: "PipesPartialThenComment", input: "a|#c\nb", opts: Options{Dialect: pipesCom},
		wantRows: [][]string{{"a|"}, {"b"}}},
	// In strict mode a partial delimiter after the closing quote is not an
	// error: the table reads it as unquoted text, and the tail keeps it.
	{name: "PipesPartialAfterClosingQuoteStrict", input: "\"a\"|b||c\n", opts: Options{Dialect: pipes},
		wantRows: [][]string{{"a|b", "c"}}},
	{name: "AAB", input: "aaabx\naax\n", opts: Options{Dialect: aab, FieldsPerRow: -1},
		wantRows: [][]string{{"a", "x"}, {"aax"}}},
	{name: "ABAB", input: "ababab\nxabaabab\n", opts: Options{Dialect: abab},
		wantRows: [][]string{{"", "ab"}, {"xaba", ""}}},
	{name: "Duck", input: "a🦆b🦆\nx\xF0\x9Fy🦆z🦆\n", opts: Options{Dialect: duck},
		wantRows: [][]string{{"a", "b", ""}, {"x\xF0\x9Fy", "z", ""}}},

	// An escape other than the quote.
	{name: "BackslashInsideQuotes", input: "\"a\\\"b\",c\n\"d\\\\e\",f\n", opts: Options{Dialect: bsStrict},
		wantRows: [][]string{{`a"b`, "c"}, {`d\e`, "f"}}},
	{name: "BackslashOutsideQuotesStrict", input: `a\,b`, opts: Options{Dialect: bsStrict},
		wantRows: [][]string{{`a\`, "b"}}},
	{name: "BackslashOutsideQuotesLenient", input: "a\\,b\nc\\\\d\n", opts: Options{Dialect: bsLenient},
		wantRows: [][]string{{"a,b"}, {`c\d`}}},
	{name: "BackslashDoubledQuoteStrict", input: `"a""b"`, opts: Options{Dialect: bsStrict},
		wantErr: &Error{Kind: UnquotedValue, Row: 1, Field: 1, Offset: 3}},
	{name: "BackslashDoubledQuoteLenient", input: `"a""b"`, opts: Options{Dialect: bsLenient},
		wantRows: [][]string{{`a""b`}}},
	{name: "BackslashEscapedCRLFLenient", input: "a\\\r\nb\n", opts: Options{Dialect: bsLenient},
		wantRows: [][]string{{"a\r\nb"}}},

	// TSV: no quote, so a quote is text.
	{name: "TSV", input: "a\t\"b\t\"c\n\"x\"\ty\t \n", opts: Options{Dialect: dialect.TSV, FieldsPerRow: -1},
		wantRows: [][]string{{"a", `"b`, `"c`}, {`"x"`, "y", " "}}},

	// Line too long: a(5) b c d e(9)
	{name: "LineTooLong", input: "abcd\nabcde\n", opts: Options{Dialect: rfc, MaxLineSize: 4},
		wantRows: [][]string{{"abcd"}},
		wantErr:  &Error{Kind: LineTooLong, Row: 2, Field: 1, Offset: 9}},
	{name: "LineTooLongOnADelimiter", input: "ab,c\n", opts: Options{Dialect: rfc, MaxLineSize: 2},
		wantErr: &Error{Kind: LineTooLong, Row: 1, Field: 2, Offset: 2}},
	{name: "LineTooLongInvalidByteWins", input: `"a"b`, opts: Options{Dialect: rfc, MaxLineSize: 3},
		wantErr: &Error{Kind: UnquotedValue, Row: 1, Field: 1, Offset: 3}},
	{name: "LineTooLongAcrossQuotedNewline", input: "\"a\nb\"\n", opts: Options{Dialect: rfc, MaxLineSize: 3},
		wantErr: &Error{Kind: LineTooLong, Row: 1, Field: 1, Offset: 3}},
	{name: "LineOfMaxSizeWithCRLF", input: "abc\r\nabc\r\n", opts: Options{Dialect: rfc, MaxLineSize: 3},
		wantRows: [][]string{{"abc"}, {"abc"}}},
	{name: "LineOfMaxSizeAfterBOM", input: "\xEF\xBB\xBFabc\n", opts: Options{Dialect: rfc, MaxLineSize: 3},
		wantRows: [][]string{{"abc"}}},

	// Field count: a,b LF(3) 1,2,3 LF(9)
	{name: "FieldCountTooMany", input: "a,b\n1,2,3\n4,5\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b"}},
		wantErr:  &Error{Kind: FieldCount, Row: 2, Field: 3, Offset: 9}},
	// a,b,c,d LF(7) 1,2 LF(11)
	{name: "FieldCountTooFew", input: "a,b,c,d\n1,2\n", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b", "c", "d"}},
		wantErr:  &Error{Kind: FieldCount, Row: 2, Field: 3, Offset: 11}},
	{name: "FieldCountTooFewAtEnd", input: "a,b,c\n1", opts: Options{Dialect: rfc},
		wantRows: [][]string{{"a", "b", "c"}},
		wantErr:  &Error{Kind: FieldCount, Row: 2, Field: 2, Offset: 7}},
	{name: "FieldCountFixedWidthFailsOnHeader", input: "a,b,c\n1,2\n", opts: Options{Dialect: rfc, Header: true, FieldsPerRow: 2},
		wantErr: &Error{Kind: FieldCount, Row: 1, Field: 3, Offset: 5}},
	{name: "AnyCountFirstRowOfOne", input: "a\nb,c\n\nd,e,f", opts: Options{Dialect: rfc, FieldsPerRow: -1},
		wantRows: [][]string{{"a"}, {"b", "c"}, {""}, {"d", "e", "f"}}},
	{name: "AnyCountFirstRowOfTwo", input: "a,b\nc\n\nd,e,f\n", opts: Options{Dialect: rfc, FieldsPerRow: -1},
		wantRows: [][]string{{"a", "b"}, {"c"}, {"d", "e", "f"}}},

	// Header.
	{name: "Header", input: "h1,h2\n1,2\n3,4\n", opts: Options{Dialect: rfc, Header: true},
		wantHeader: []string{"h1", "h2"}, wantRows: [][]string{{"1", "2"}, {"3", "4"}}},
	// h1,h2 LF(5) 1,2,3 LF(11)
	{name: "HeaderSetsTheWidth", input: "h1,h2\n1,2,3\n", opts: Options{Dialect: rfc, Header: true},
		wantHeader: []string{"h1", "h2"},
		wantErr:    &Error{Kind: FieldCount, Row: 2, Field: 3, Offset: 11}},
	{name: "HeaderOnly", input: "h", opts: Options{Dialect: rfc, Header: true},
		wantHeader: []string{"h"}},
	{name: "HeaderOfOneThenEmptyLines", input: "h\n\nx\n", opts: Options{Dialect: rfc, Header: true},
		wantHeader: []string{"h"}, wantRows: [][]string{{""}, {"x"}}},
	{name: "Empty", input: "", opts: Options{Dialect: rfc, Header: true}},
	{name: "OnlyEmptyLines", input: "\n\r\n\r", opts: Options{Dialect: rfc}},
}

func TestRead(t *testing.T) {
	for _, tt := range readTests {
		t.Run(tt.name, func(t *testing.T) {
			header, rows, err := Read([]byte(tt.input), tt.opts)
			if !reflect.DeepEqual(header, tt.wantHeader) {
				t.Errorf("header = %q, want %q", header, tt.wantHeader)
			}
			if !reflect.DeepEqual(rows, tt.wantRows) {
				t.Errorf("rows = %q, want %q", rows, tt.wantRows)
			}
			if tt.wantErr == nil {
				if err != nil {
					t.Errorf("err = %v, want nil", err)
				}
				return
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("err = %v (%T), want %v", err, err, tt.wantErr)
			}
			if *e != *tt.wantErr {
				t.Errorf("err = %+v, want %+v", *e, *tt.wantErr)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	e := &Error{Kind: UnquotedValue, Row: 2, Field: 3, Offset: 17}
	if got, want := e.Error(), "unquoted value at row 2, field 3, offset 17"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestDefaultMaxLineSize(t *testing.T) {
	long := make([]byte, DefaultMaxLineSize+1)
	for i := range long {
		long[i] = 'x'
	}
	_, _, err := Read(long[:DefaultMaxLineSize], Options{Dialect: rfc})
	if err != nil {
		t.Fatalf("a line of DefaultMaxLineSize bytes: %v", err)
	}
	_, _, err = Read(long, Options{Dialect: rfc})
	want := Error{Kind: LineTooLong, Row: 1, Field: 1, Offset: DefaultMaxLineSize}
	if e, ok := err.(*Error); !ok || *e != want {
		t.Fatalf("a line of DefaultMaxLineSize+1 bytes: err = %v, want %v", err, &want)
	}
}

// TestNoPanic reads every short input over a small alphabet under several
// dialects: the reader must never panic, and an error's offset must lie in
// the input.
func TestNoPanic(t *testing.T) {
	alphabet := []byte{'a', ',', '"', '\\', '#', '|', ' ', '\r', '\n'}
	dialects := []dialect.Dialect{rfc, lenient, noEscape, bsStrict, bsLenient, hash, pipesCom, crlf, crlfLen, lfOnly,
		with(bsLenient, func(d *dialect.Dialect) { d.Comment = dialect.Some('#') }),
		with(pipesCom, func(d *dialect.Dialect) { d.Escape = dialect.Some('\\'); d.Lenient = true })}
	const n = 5
	buf := make([]byte, n)
	var walk func(k int)
	walk = func(k int) {
		for _, d := range dialects {
			for _, fpr := range []int{-1, 0} {
				_, _, err := Read(buf[:k], Options{Dialect: d, FieldsPerRow: fpr, MaxLineSize: 3})
				if e, ok := err.(*Error); ok && (e.Offset < 0 || e.Offset > int64(k) || e.Row < 1 || e.Field < 1) {
					t.Fatalf("%q under %v: bad error %+v", buf[:k], d, e)
				}
			}
		}
		if k == n {
			return
		}
		for _, c := range alphabet {
			buf[k] = c
			walk(k + 1)
		}
	}
	walk(0)
}

// TestCorpusSuites reads the small public suites of the shared corpus. The
// files that must read cleanly must give the expected rows. Of the files
// the suites call bad, only an unescaped quote inside a quoted value is an
// error in DuckDB's dialect: a quote inside an unquoted value is text, and
// a wrong header is not a parse error, so those are logged, not failed.
func TestCorpusSuites(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	cases, err := corpus.Suites(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Path, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.Path)))
			if err != nil {
				t.Fatal(err)
			}
			header, rows, err := Read(data, Options{Dialect: dialect.RFC4180, Header: c.HasHeader})
			if c.ExpectError {
				if err == nil {
					t.Logf("read without error (%s); header %q, rows %q", c.ErrorSource, header, rows)
				}
				if strings.Contains(c.Path, "bad-quotes-with-unescaped-quote") && err == nil {
					t.Error("a quote inside a quoted value read without error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.HasHeader && !reflect.DeepEqual(header, c.Header) {
				t.Errorf("header = %q, want %q", header, c.Header)
			}
			if !reflect.DeepEqual(rows, c.Rows) {
				t.Errorf("rows = %q, want %q", rows, c.Rows)
			}
		})
	}
}

func lenientOf(d dialect.Dialect) dialect.Dialect {
	d.Lenient = true
	return d
}

// TestReadAllIgnoreErrors pins the bad-row rule of docs/reading-rules.md
// with answers worked out by hand.
func TestReadAllIgnoreErrors(t *testing.T) {
	bad := func(kind Kind, line, row, field int, offset, rowOffset int64) BadRow {
		return BadRow{Error: Error{Kind: kind, Row: row, Field: field, Offset: offset}, Line: line, RowOffset: rowOffset}
	}
	tests := []struct {
		name     string
		input    string
		opts     Options
		wantRows [][]string
		wantBad  []BadRow
	}{
		{"StrayQuote", "a,b\n1,\"x\n2,y\n3,z\n", Options{Dialect: rfc, MaxLineSize: 8},
			[][]string{{"a", "b"}, {"2", "y"}, {"3", "z"}},
			[]BadRow{bad(LineTooLong, 2, 2, 2, 12, 4)}},
		{"StrayQuoteCRLF", "1,\"x\r\n2,y\r\n", Options{Dialect: rfc, MaxLineSize: 6},
			[][]string{{"2", "y"}},
			[]BadRow{bad(LineTooLong, 1, 1, 2, 6, 0)}},
		// Strict CRLF: an LF after text is no line end, so the bad row
		// runs to the CR.
		{"StrictCRLF", "\"x\ny\r\nz\r\n", Options{Dialect: crlf, MaxLineSize: 3},
			[][]string{{"z"}},
			[]BadRow{bad(LineTooLong, 1, 1, 1, 3, 0)}},
		// Outside quotes at the limit: the quote after it does not count.
		{"LongLine", "abcdefg,\"h\ni\nj\n", Options{Dialect: rfc, MaxLineSize: 4, FieldsPerRow: -1},
			[][]string{{"i"}, {"j"}},
			[]BadRow{bad(LineTooLong, 1, 1, 1, 4, 0)}},
		// After an INVALID byte the table runs on; at the limit the quote
		// it entered is taken for a stray one.
		{"InvalidThenQuote", "\"a\"x,\"b\nc,d\n", Options{Dialect: rfc, MaxLineSize: 10},
			[][]string{{"c", "d"}},
			[]BadRow{bad(UnquotedValue, 1, 1, 1, 3, 0)}},
		{"InvalidToLineEnd", "a,b\n\"c\"d,\"e\nf\",g\nh,i\n", Options{Dialect: rfc},
			[][]string{{"a", "b"}, {"h", "i"}},
			[]BadRow{bad(UnquotedValue, 2, 2, 1, 7, 4)}},
		{"FieldCount", "a,b\nc\nd,e\n", Options{Dialect: rfc},
			[][]string{{"a", "b"}, {"d", "e"}},
			[]BadRow{bad(FieldCount, 2, 2, 2, 5, 4)}},
		{"UnterminatedAtEnd", "a\n\"b\nc\n", Options{Dialect: rfc},
			[][]string{{"a"}},
			[]BadRow{bad(UnterminatedQuote, 2, 2, 1, 2, 2)}},
		// A bad first row does not set the width; the empty line after a
		// row of width 1 is a row.
		{"BadFirstRow", "\"a\"b\nc\n\nd\n", Options{Dialect: rfc},
			[][]string{{"c"}, {""}, {"d"}},
			[]BadRow{bad(UnquotedValue, 1, 1, 1, 3, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.IgnoreErrors = true
			_, rows, badRows, err := ReadAll([]byte(tt.input), opts)
			if err != nil {
				t.Fatalf("err = %v, want nil", err)
			}
			if !reflect.DeepEqual(rows, tt.wantRows) {
				t.Errorf("rows = %q, want %q", rows, tt.wantRows)
			}
			if !reflect.DeepEqual(badRows, tt.wantBad) {
				t.Errorf("bad rows = %+v, want %+v", badRows, tt.wantBad)
			}
		})
	}
}
