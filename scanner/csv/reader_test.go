package csv_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/linecount"
	"github.com/csvscan/csvscan/scanner"
	dropin "github.com/csvscan/csvscan/scanner/csv"
	"github.com/google/go-cmp/cmp"
)

// readerConfig holds the settings Reader shares with encoding/csv.Reader.
type readerConfig struct {
	Comma, Comment   rune
	FieldsPerRecord  int
	LazyQuotes       bool
	TrimLeadingSpace bool
	ReuseRecord      bool
}

func (c readerConfig) String() string {
	return fmt.Sprintf("Comma=%q Comment=%q FieldsPerRecord=%d LazyQuotes=%t TrimLeadingSpace=%t ReuseRecord=%t",
		c.Comma, c.Comment, c.FieldsPerRecord, c.LazyQuotes, c.TrimLeadingSpace, c.ReuseRecord)
}

func stdlibReader(in io.Reader, c readerConfig) *csv.Reader {
	rd := csv.NewReader(in)
	rd.Comma, rd.Comment, rd.FieldsPerRecord = c.Comma, c.Comment, c.FieldsPerRecord
	rd.LazyQuotes, rd.TrimLeadingSpace, rd.ReuseRecord = c.LazyQuotes, c.TrimLeadingSpace, c.ReuseRecord
	return rd
}

func csvscanReader(in io.Reader, c readerConfig) *dropin.Reader {
	rd := dropin.NewReader(in)
	rd.Comma, rd.Comment, rd.FieldsPerRecord = c.Comma, c.Comment, c.FieldsPerRecord
	rd.LazyQuotes, rd.TrimLeadingSpace, rd.ReuseRecord = c.LazyQuotes, c.TrimLeadingSpace, c.ReuseRecord
	return rd
}

// readStep is what one call to Read gives, with the positions the reader
// reports after it.
type readStep struct {
	Record          []string
	Err             string   // the error's text, "" for none
	Pos             [][2]int // FieldPos of each field
	Offset          int64    // InputOffset
	FieldsPerRecord int      // the field after the call

	err error
}

// recordReader is what encoding/csv.Reader and Reader have in common.
type recordReader interface {
	Read() ([]string, error)
	FieldPos(field int) (line, column int)
	InputOffset() int64
}

// readSteps calls Read until io.EOF, or an error that is not a parse error
// (encoding/csv goes on after a parse error).
func readSteps(rd recordReader, fieldsPerRecord func() int) []readStep {
	var steps []readStep
	for len(steps) < 10000 {
		rec, err := rd.Read()
		st := readStep{Record: slices.Clone(rec), Offset: rd.InputOffset(), FieldsPerRecord: fieldsPerRecord(), err: err}
		var pe *csv.ParseError
		if err != nil {
			st.Err = err.Error()
		}
		if err == nil || errors.As(err, &pe) {
			for i := range rec {
				l, c := rd.FieldPos(i)
				st.Pos = append(st.Pos, [2]int{l, c})
			}
		}
		steps = append(steps, st)
		if err != nil && pe == nil {
			break
		}
	}
	return steps
}

var bom = []byte("\xEF\xBB\xBF")

// The intended differences, one predicate each.

// loneCR returns the offset of the first CR that is neither followed by LF
// nor the last byte (encoding/csv drops a CR at the end), or -1: from
// there on, encoding/csv reads the CR as text and csvscan as a line end.
func loneCR(input []byte) int64 {
	for i, c := range input {
		if c == '\r' && i+1 < len(input) && input[i+1] != '\n' {
			return int64(i)
		}
	}
	return -1
}

// stdlibView returns the input encoding/csv must read for Reader to give
// the same answer, and how many bytes Reader's positions are ahead on line
// 1: a byte order mark at the start is dropped by Reader.
func stdlibView(input []byte) ([]byte, int) {
	if bytes.HasPrefix(input, bom) {
		return input[len(bom):], len(bom)
	}
	return input, 0
}

// shiftStep moves encoding/csv's answer for the input without its byte order
// mark to the positions of the input with it.
func shiftStep(st readStep, shift int) readStep {
	var pe *csv.ParseError
	if shift == 0 || st.err != nil && st.err != io.EOF && !errors.As(st.err, &pe) {
		return st // nothing was read (an invalid Comma or Comment)
	}
	st.Offset += int64(shift)
	st.Pos = slices.Clone(st.Pos)
	for i := range st.Pos {
		if st.Pos[i][0] == 1 {
			st.Pos[i][1] += shift
		}
	}
	if pe != nil {
		moved := *pe
		if moved.Line == 1 && moved.Err != csv.ErrFieldCount {
			moved.Column += shift
		}
		st.err = &moved
		st.Err = moved.Error()
	}
	return st
}

// checkStdlib reads input with encoding/csv and with Reader and requires
// the same records, errors, positions and offsets, up to the point where a
// listed difference comes into play.
func checkStdlib(t testing.TB, input []byte, c readerConfig, wrap func(io.Reader) io.Reader) {
	t.Helper()
	std, shift := stdlibView(input)
	cut := loneCR(std)
	sr := stdlibReader(bytes.NewReader(std), c)
	want := readSteps(sr, func() int { return sr.FieldsPerRecord })
	var src io.Reader = bytes.NewReader(input)
	if wrap != nil {
		src = wrap(src)
	}
	rd := csvscanReader(src, c)
	got := readSteps(rd, func() int { return rd.FieldsPerRecord })
	// Beyond any difference: the offsets move forward within the input.
	prev := int64(0)
	for i, g := range got {
		if g.Offset < prev || g.Offset > int64(len(input)) {
			t.Fatalf("input %q, %v: read %d: InputOffset %d after %d (input of %d bytes)", input, c, i+1, g.Offset, prev, len(input))
		}
		prev = g.Offset
	}
	for i, w := range want {
		if cut >= 0 && w.Offset > cut {
			return // this record holds a lone CR
		}
		w = shiftStep(w, shift)
		if i >= len(got) {
			t.Fatalf("input %q, %v: Reader stopped after %d reads, encoding/csv goes on with %+v", input, c, len(got), w)
		}
		g := got[i]
		if sameStep(w, g) {
			checkErrorKinds(t, w.err, g.err, input)
			continue
		}
		if d := cmp.Diff(w, g, cmp.AllowUnexported(readStep{}), cmp.FilterPath(func(p cmp.Path) bool {
			return p.Last().String() == ".err"
		}, cmp.Ignore())); d != "" {
			t.Fatalf("input %q, %v: read %d differs (-encoding/csv +Reader):\n%s", input, c, i+1, d)
		}
		checkErrorKinds(t, w.err, g.err, input)
	}
	if len(got) > len(want) {
		t.Fatalf("input %q, %v: Reader has more reads than encoding/csv: %+v", input, c, got[len(want)])
	}
}

// sameStep reports whether two steps are equal as cmp.Diff compares them
// in checkStdlib (a nil slice differs from an empty one), quickly: cmp.Diff
// takes seconds on a record of many fields.
func sameStep(a, b readStep) bool {
	return (a.Record == nil) == (b.Record == nil) && slices.Equal(a.Record, b.Record) &&
		(a.Pos == nil) == (b.Pos == nil) && slices.Equal(a.Pos, b.Pos) &&
		a.Err == b.Err && a.Offset == b.Offset && a.FieldsPerRecord == b.FieldsPerRecord
}

// checkErrorKinds checks that Reader's error is a *csv.ParseError whenever
// encoding/csv's is, that errors.Is finds encoding/csv's kind in it, and
// that an ErrQuote also tells which of csvscan's kinds it is: the byte
// encoding/csv points at is the quote of ErrUnquotedValue, or lies past
// the end of the input's text for ErrUnterminatedQuote.
func checkErrorKinds(t testing.TB, want, got error, input []byte) {
	t.Helper()
	var wpe, gpe *csv.ParseError
	if !errors.As(want, &wpe) {
		return
	}
	if !errors.As(got, &gpe) {
		t.Fatalf("input %q: error %v (%T) is not a *csv.ParseError", input, got, got)
	}
	if !errors.Is(got, wpe.Err) {
		t.Fatalf("input %q: errors.Is(%v, %v) = false", input, got, wpe.Err)
	}
	if wpe.Err == csv.ErrQuote {
		u, v := errors.Is(got, scanner.ErrUnterminatedQuote), errors.Is(got, scanner.ErrUnquotedValue)
		if u == v {
			t.Fatalf("input %q: ErrQuote error %v: ErrUnterminatedQuote %t, ErrUnquotedValue %t", input, got, u, v)
		}
		o := 0 // the offset of the line encoding/csv names
		for l := 1; l < wpe.Line; l++ {
			o += bytes.IndexByte(input[o:], '\n') + 1
		}
		o += wpe.Column - 1
		if atQuote := o < len(input) && input[o] == '"'; atQuote != v {
			t.Fatalf("input %q: ErrQuote error %v at a quote %t, but ErrUnquotedValue %t", input, got, atQuote, v)
		}
	} else if gpe.Err != wpe.Err {
		t.Fatalf("input %q: Err = %v, want encoding/csv's %v itself", input, gpe.Err, wpe.Err)
	}
}

// readerInputs are the inputs of the differential test and the fuzz seeds.
var readerInputs = []string{
	"",
	"\n",
	"a,b,c\n",
	"a,b\nc,d",
	"a,b\r\nc,d\r\n",
	"a\n\nb\n\n",
	"\na\n\r\n\nb\n",
	"a,b\n\n\r\nc,d\n\n",
	"\"a,b\",c\n",
	"\"say \"\"hi\"\"\",x\n",
	"\"two\nlines\",x\n\"cr\r\nlf\",y\n",
	"\"cr\r\r\nlf\",\"\r\n\"\r\n",
	"\"\"\n",
	",\n,\n",
	"a,\nb,",
	"ab\"c,d\n",
	"a,\"b\"c,d\n",
	"a,\"b\" ,c\n",
	"a,\"b\"  \n",
	"a, \"b\",c\n",
	"a,  \"b\"\n",
	"a,\t\"b\"\n",
	"\"a\"\"\n",
	"x,y\n\"abc\n",
	"x,y\n\"abc\ndef\r\n",
	"x,y\n1,\"never closed\n2,3\n",
	"\"a\r",
	"a,b\r",
	"a, \r",
	"a,b\nc,d,e\nf,g\nh\n",
	"a\"b\nc,d\n\"e\"f\ng,h\n",
	"a,\"b\nc\"d,e\nf,g\n",
	"\"a\" \"b\",c\n",
	"\"x\" \"\n\"\n", // strict csvscan re-opens the quote: "x \n"
	"a,\"x\" \"\n\",b\n",
	"\"a\"b\"c\",d\n",
	"\"a\"\"\"b,c\n",
	"\"a\"x\"b\nc\n",
	"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\"\",x\n\"\",\"\"\n\"\"\"\",\"\"\"\"\n",
	"# comment\na,b\n#\"\nc,d\n",
	"#a,\"b\nc,d\n",
	"a,b#c\n  #x,y\n",
	"#c\r\na,b\r\n#x\rz\n",
	"#only\n#lines\n",
	"a,b\n#end",
	"\xEF\xBB\xBFa,b\n",
	"\xEF\xBB\xBF\"a\",b\n",
	"\xEF\xBB\xBF#c\na\n",
	"\xEF\xBBx,b\n",
	"a\n\xEF\xBB\xBFb\n",
	"a,b\rc,d\n",
	"\ra\n",
	"a\r\rb\n",
	"\xff,\xfe\n",
	"  a,  b , c\n",
	"a,   \n",
	"a,  ,b\n",
	"\t\ta\t\t,b\n",
	"a\t\tb\n\t\n",
	"a  b\n  c\n",
	"\u00a0a,\u00a0\"b\"\n",
	"a§b§\"c§\"\n",
	"a🦆b🦆\"c🦆d\"🦆\n",
	"\"a\"\xF0\x9F\xA6x,b\n",
	"\"a\"\xF0\x9F\xA6x🦆b\n",
	"a,b,c\n1,2\n3,4,5,6\n",
	"1\n2,3\n",
	"x\n\n\ny\n",
	"\"a\"\n\n\"\"\n",
	"a,\"\nb\n\",c\n\nd,e,f\n",
	strings.Repeat("x,\"y\"\"z\"\n", 50),
	// Rows next to the quick paths (plainRow, quotedRow): quotes that are
	// not the quotes of quoted fields in place, CRs in quoted fields,
	// empty and multi-byte-delimited quoted fields.
	"a\"b,\"c\"\n",
	"\"a\",b\"c\n",
	"\"a\",\"b\"\"c\",d\n",
	"\"a\r\nb\",c\r\n",
	"\"a\rb\",c\n",
	"\"\",\"\",\n",
	",\"\"\n\"\",\n",
	"\"a\n\",\"\nb\"\n",
	"1,\"a\" \n2,\"b\"\n",
	"\"a\"\"\n",
	"\"a§\"§b§\"§\"\n",
	"\"a\"§\"b\"\n",
	"a\xa7b\xc2\xa7c\n",
	"\"a🦆\"🦆\"\"🦆c\n",
	"long," + strings.Repeat("abcdefgh", 600) + "\nnext,\"" + strings.Repeat("q\"\"\n", 500) + "\"\n",
}

// readerConfigs are the settings every input of the table runs with.
var readerConfigs = []readerConfig{
	{Comma: ','},
	{Comma: ',', FieldsPerRecord: -1},
	{Comma: ',', FieldsPerRecord: 2},
	{Comma: ',', LazyQuotes: true, FieldsPerRecord: -1},
	{Comma: ',', TrimLeadingSpace: true, FieldsPerRecord: -1},
	{Comma: ',', Comment: '#', FieldsPerRecord: -1},
	{Comma: ',', Comment: '#', LazyQuotes: true, TrimLeadingSpace: true, ReuseRecord: true},
	{Comma: ',', ReuseRecord: true},
	{Comma: ',', Comment: '#', FieldsPerRecord: -1, ReuseRecord: true},
	{Comma: ';', Comment: ' ', FieldsPerRecord: -1},
	{Comma: '\t', TrimLeadingSpace: true, FieldsPerRecord: -1},
	{Comma: ' ', TrimLeadingSpace: true, LazyQuotes: true, FieldsPerRecord: -1},
	{Comma: '§', Comment: 'é', FieldsPerRecord: -1},
	{Comma: '🦆', LazyQuotes: true, FieldsPerRecord: -1},
	{Comma: ',', Comment: ','},
	{Comma: '"'},
	{Comma: 0},
	{Comma: ',', Comment: '\n'},
}

// TestReaderSplitSweep is the chunk-boundary sweep: every input of the
// table, cut at every byte into two reads (a read returns short there),
// must read as encoding/csv reads it whole, whatever the cut; the Scanner
// then sees a row end, a quote, a CRLF or a multi-byte delimiter split
// across two of the tap's reads.
func TestReaderSplitSweep(t *testing.T) {
	configs := []readerConfig{
		{Comma: ',', FieldsPerRecord: -1},
		{Comma: ',', Comment: '#', LazyQuotes: true, TrimLeadingSpace: true, ReuseRecord: true},
		{Comma: ',', ReuseRecord: true},
		{Comma: ',', Comment: '#', FieldsPerRecord: -1, ReuseRecord: true},
		{Comma: '§', Comment: 'é', FieldsPerRecord: -1},
		{Comma: '🦆', LazyQuotes: true, FieldsPerRecord: -1, ReuseRecord: true},
	}
	for _, c := range configs {
		for _, in := range readerInputs {
			if len(in) > 400 {
				continue
			}
			for k := 1; k < len(in); k++ {
				checkStdlib(t, []byte(in), c, func(r io.Reader) io.Reader {
					return io.MultiReader(io.LimitReader(r, int64(k)), r)
				})
			}
		}
	}
}

// TestReaderFieldPosLate asks FieldPos only after the last Read (io.EOF),
// so that the Reader works the last record's positions out when it passes
// over the lines after it (release) or when asked, not right after the
// Read: they must be encoding/csv's.
func TestReaderFieldPosLate(t *testing.T) {
	inputs := append([]string{
		"a,b\n#c\n",
		"a,\"b,c\"\n#x\n\n\n",
		"x\n\"a\",\"\",c\n" + strings.Repeat("\n", 70<<10) + "#end\n",
		"a,b\n" + strings.Repeat("#comment\n", 10<<10),
	}, readerInputs...)
	for _, in := range inputs {
		c := readerConfig{Comma: ',', Comment: '#', FieldsPerRecord: -1}
		std, shift := stdlibView([]byte(in))
		if loneCR(std) >= 0 {
			continue
		}
		sr := stdlibReader(bytes.NewReader(std), c)
		rd := csvscanReader(strings.NewReader(in), c)
		// The last record before io.EOF, when it was read without an
		// error (after a parse error the positions are the failed
		// record's, which the differential test checks).
		last := func(rd recordReader) []string {
			var rec []string
			for {
				r, err := rd.Read()
				if err == io.EOF {
					return rec
				}
				rec = nil
				if err == nil {
					rec = r
				}
			}
		}
		want, got := last(sr), last(rd)
		if !slices.Equal(want, got) {
			t.Fatalf("input %q: last record %q, encoding/csv's %q", in, got, want)
		}
		for i := range want {
			wl, wc := sr.FieldPos(i)
			if wl == 1 {
				wc += shift
			}
			if gl, gc := rd.FieldPos(i); gl != wl || gc != wc {
				t.Fatalf("input %q: after io.EOF, FieldPos(%d) = %d, %d; encoding/csv's %d, %d", in, i, gl, gc, wl, wc)
			}
		}
	}
}

// readerSources are the ways the input reaches Reader.
var readerSources = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", nil},
	{"onebyte", iotest.OneByteReader},
	{"half", iotest.HalfReader},
	{"dataerr", iotest.DataErrReader},
}

// TestReaderAgainstStdlib is the differential test: every input, with
// every configuration, through every source, must read as encoding/csv
// reads it, except where a listed difference applies.
func TestReaderAgainstStdlib(t *testing.T) {
	for _, c := range readerConfigs {
		for _, src := range readerSources {
			t.Run(fmt.Sprintf("%q,%q,%d,%t,%t/%s", c.Comma, c.Comment, c.FieldsPerRecord, c.LazyQuotes, c.TrimLeadingSpace, src.name), func(t *testing.T) {
				for _, in := range readerInputs {
					checkStdlib(t, []byte(in), c, src.wrap)
				}
			})
		}
	}
}

// TestReaderReadAll compares ReadAll with encoding/csv's, on the inputs
// without a listed difference.
func TestReaderReadAll(t *testing.T) {
	for _, c := range readerConfigs {
		for _, in := range readerInputs {
			if loneCR([]byte(in)) >= 0 || strings.HasPrefix(in, string(bom)) {
				continue
			}
			want, werr := stdlibReader(strings.NewReader(in), c).ReadAll()
			got, gerr := csvscanReader(strings.NewReader(in), c).ReadAll()
			if d := cmp.Diff(want, got); d != "" || fmt.Sprint(werr) != fmt.Sprint(gerr) {
				t.Fatalf("input %q, %v: ReadAll differs: errors %v and %v (-encoding/csv +Reader):\n%s", in, c, werr, gerr, d)
			}
		}
	}
}

// TestReaderLarge reads a generated file with errors spread in it through
// small reads, so that the Reader's window moves, grows and restarts the
// Scanner many times.
func TestReaderLarge(t *testing.T) {
	data := gen.Bytes(gen.Shape{NoteLen: 64, Quoted: true}, 2<<20, 7)
	var in bytes.Buffer
	for i, line := range bytes.SplitAfter(data, []byte("\n")) {
		in.Write(line)
		switch i % 997 {
		case 5:
			in.WriteString("1,bare\"quote,x\n")
		case 6:
			in.WriteString("2,\"text\"after,x\n")
		case 7:
			in.WriteString("# a comment \"with a quote\n")
		case 8:
			in.WriteString("3,x\n")
		}
	}
	c := readerConfig{Comma: ',', Comment: '#'}
	checkStdlib(t, in.Bytes(), c, nil)
	checkStdlib(t, in.Bytes(), c, func(r io.Reader) io.Reader { return &smallReads{r: r, n: 1000} })
	c.LazyQuotes = true
	checkStdlib(t, in.Bytes(), c, iotest.HalfReader)
}

// TestReaderQuickRows is the differential test of the quick paths over
// rows of the shapes they take and the ones next to them, repeated past
// many of the tap's arrays (128 KiB) with every record kept until the
// end, so that a string cut from an array written again, a quote or CR
// search that ran ahead wrongly (tap.index), or a value taken where
// encoding/csv reads another would show: values with doubled quotes in
// several fields (read from the row as encoding/csv reads them), `""`,
// empty fields, a bare quote after a quoted field (csv.ErrBareQuote), a
// CRLF and a lone CR inside quotes, a space after a closing quote or
// before an opening one, leading white space (ASCII and not) in unquoted
// and quoted values, rows without quotes after rows with them and the
// other way round, a multi-byte Comma, and TrimLeadingSpace, also with a
// Comma that is white space.
func TestReaderQuickRows(t *testing.T) {
	rows := []string{
		"1,plain,row\n",
		"2,\"quoted, note\",x\n",
		"3,\"a \"\"doubled\"\" one\",\"and \"\"two\"\"\"\n",
		"4,\"\",,\"\"\"\"\n",
		"5,\"q\",bare\"quote\n",
		"6,\"line\nfeed\",z\n",
		"7,\"cr\r\nlf\",z\n",
		"8,\"lone\rcr\",z\n", // only at the end: see below
		"9,\"after\" ,z\n",
		"10, \"before\",z\n",
		"11,no,quotes,at,all\n",
		"12,\"\"\"\"\"\",\"x\"\"\",\"\"\"y\"\n",
		// Leading white space, which TrimLeadingSpace removes from an
		// unquoted value and leaves inside a quoted one.
		"13, spaced,\tx,\u00a0nbsp,\u3000ideo,\u0085nel\n",
		"14,\" inside\",\"\tquoted\",\"\u00a0q\"\n",
		"15,  ,\u2003,\" \"\n",
		"16,\u00a0nbsp\n",
		"17,x,\u3000ideo,\"q\"\n",
		"18,\"unterminated\n",
	}
	var in bytes.Buffer
	for i := 0; in.Len() < 1200<<10; i++ {
		// Runs of each row, of lengths that move the rows across the
		// arrays' ends, after a first field of 0 to 255 bytes, so that
		// the 10,000 records readSteps compares span many arrays.
		row := rows[i%len(rows)]
		if k := i % len(rows); k == 7 || k == len(rows)-1 {
			// The lone CR and the unterminated quote only at the end:
			// checkStdlib compares the records up to the first lone CR
			// (loneCR does not tell one inside quotes).
			row = rows[i%3]
		}
		for k := 0; k <= i%7; k++ {
			in.WriteString(strings.Repeat("p", (i*37+k)%256) + ",")
			in.WriteString(row)
		}
	}
	in.WriteString(rows[7])
	in.WriteString(rows[len(rows)-1])
	input := in.Bytes()
	for _, c := range []readerConfig{
		{Comma: ',', FieldsPerRecord: -1},
		{Comma: ',', FieldsPerRecord: -1, ReuseRecord: true},
		{Comma: '§', FieldsPerRecord: -1},
		{Comma: ',', FieldsPerRecord: -1, TrimLeadingSpace: true},
		{Comma: '§', FieldsPerRecord: -1, TrimLeadingSpace: true, ReuseRecord: true},
		{Comma: '\t', FieldsPerRecord: -1, TrimLeadingSpace: true}, // trimming may cross a delimiter
	} {
		data := input
		if c.Comma != ',' {
			data = bytes.ReplaceAll(input, []byte(","), []byte(string(c.Comma)))
		}
		for _, src := range []func(io.Reader) io.Reader{nil, func(r io.Reader) io.Reader { return &smallReads{r: r, n: 1000} }} {
			checkStdlibQuiet(t, 0, data, c, src)
		}
	}
}

// smallReads returns at most n bytes per Read.
type smallReads struct {
	r io.Reader
	n int
}

func (s *smallReads) Read(p []byte) (int, error) {
	if len(p) > s.n {
		p = p[:s.n]
	}
	return s.r.Read(p)
}

// TestReaderDifferences pins the behaviour the differential test leaves
// out, one row per listed difference.
func TestReaderDifferences(t *testing.T) {
	type read struct {
		Record []string
		Line   int // FieldPos(0)
		Col    int
	}
	readAll := func(rd *dropin.Reader) ([]read, error) {
		var out []read
		for {
			rec, err := rd.Read()
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				return out, err
			}
			l, c := rd.FieldPos(0)
			out = append(out, read{rec, l, c})
		}
	}
	tests := []struct {
		name  string
		input string
		lazy  bool
		want  []read
	}{
		{"LoneCREndsRow", "a,b\rc,d\ne,f\n", false, []read{{[]string{"a", "b"}, 1, 1}, {[]string{"c", "d"}, 1, 5}, {[]string{"e", "f"}, 2, 1}}},
		{"LoneCRInQuotesIsText", "\"a\rb\",c\n", false, []read{{[]string{"a\rb", "c"}, 1, 1}}},
		// encoding/csv: csv.ErrQuote, and with LazyQuotes one field
		// `ab"\rc\n` up to the end.
		{"LoneCRAfterClosingQuote", "\"ab\"\rc\n", false, []read{{[]string{"ab"}, 1, 1}, {[]string{"c"}, 1, 6}}},
		{"LoneCRAfterClosingQuoteLazy", "\"ab\"\rc\n", true, []read{{[]string{"ab"}, 1, 1}, {[]string{"c"}, 1, 6}}},
		{"BOMDropped", "\xEF\xBB\xBFa,b\nc,d\n", false, []read{{[]string{"a", "b"}, 1, 4}, {[]string{"c", "d"}, 2, 1}}},
		{"BOMBeforeQuote", "\xEF\xBB\xBF\"a\",b\n", false, []read{{[]string{"a", "b"}, 1, 4}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := dropin.NewReader(strings.NewReader(tt.input))
			rd.LazyQuotes = tt.lazy
			got, err := readAll(rd)
			if d := cmp.Diff(tt.want, got); d != "" || err != nil {
				t.Fatalf("error %v (-want +got):\n%s", err, d)
			}
		})
	}

	t.Run("ReadError", func(t *testing.T) {
		boom := errors.New("boom")
		rd := dropin.NewReader(io.MultiReader(strings.NewReader("a,b\nc,d"), iotest.ErrReader(boom)))
		rec, err := rd.Read()
		if err != nil || !slices.Equal(rec, []string{"a", "b"}) {
			t.Fatalf("first Read: %q, %v", rec, err)
		}
		for i := 0; i < 2; i++ {
			if rec, err := rd.Read(); err != boom || rec != nil {
				t.Fatalf("Read %d after the error: %q, %v; want nil, boom", i+1, rec, err)
			}
		}
	})

	t.Run("SettingsReadAtFirstRead", func(t *testing.T) {
		rd := dropin.NewReader(strings.NewReader("a;b,c\nd;e,f\n"))
		rec, _ := rd.Read()
		rd.Comma = ';'
		rec2, _ := rd.Read()
		if len(rec) != 2 || len(rec2) != 2 {
			t.Fatalf("got %q then %q: Comma changed after the first Read must be ignored", rec, rec2)
		}
	})
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		c        readerConfig
		wantRec  []string
		want     *csv.ParseError
		wantKind error // the csvscan kind errors.Is finds, or nil
	}{
		{"Unterminated", "a,b\nc,\"d\n", readerConfig{Comma: ','}, []string{"c"},
			&csv.ParseError{StartLine: 2, Line: 2, Column: 6}, scanner.ErrUnterminatedQuote},
		{"TextAfterQuote", "a,b\n\"c\"d,e\n", readerConfig{Comma: ','}, nil,
			&csv.ParseError{StartLine: 2, Line: 2, Column: 3}, scanner.ErrUnquotedValue},
		{"SpaceAfterQuote", "\"a\" ,b\n", readerConfig{Comma: ','}, nil,
			&csv.ParseError{StartLine: 1, Line: 1, Column: 3}, scanner.ErrUnquotedValue},
		{"BareQuote", "a,b\"c\n", readerConfig{Comma: ','}, []string{"a"},
			&csv.ParseError{StartLine: 1, Line: 1, Column: 4, Err: csv.ErrBareQuote}, nil},
		{"FieldCount", "a,b\nc,d,e\n", readerConfig{Comma: ','}, []string{"c", "d", "e"},
			&csv.ParseError{StartLine: 2, Line: 2, Column: 1, Err: csv.ErrFieldCount}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rd := csvscanReader(strings.NewReader(tt.input), tt.c)
			var rec []string
			var err error
			for err == nil {
				rec, err = rd.Read()
			}
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *csv.ParseError", err, err)
			}
			if pe.StartLine != tt.want.StartLine || pe.Line != tt.want.Line || pe.Column != tt.want.Column {
				t.Fatalf("error at %d/%d:%d, want %d/%d:%d", pe.StartLine, pe.Line, pe.Column, tt.want.StartLine, tt.want.Line, tt.want.Column)
			}
			if d := cmp.Diff(tt.wantRec, rec); d != "" {
				t.Fatalf("record (-want +got):\n%s", d)
			}
			if tt.wantKind != nil {
				if !errors.Is(err, csv.ErrQuote) || !errors.Is(err, tt.wantKind) {
					t.Fatalf("errors.Is(%v): ErrQuote %t, %v %t", err, errors.Is(err, csv.ErrQuote), tt.wantKind, errors.Is(err, tt.wantKind))
				}
			} else if pe.Err != tt.want.Err {
				t.Fatalf("Err = %v, want %v itself", pe.Err, tt.want.Err)
			}
			// The text is encoding/csv's.
			_, stdErr := stdlibReader(strings.NewReader(tt.input), tt.c).ReadAll()
			if err.Error() != stdErr.Error() {
				t.Fatalf("message %q, encoding/csv says %q", err, stdErr)
			}
		})
	}
}

func TestReaderInvalidDelim(t *testing.T) {
	for _, c := range []readerConfig{
		{Comma: 0}, {Comma: '"'}, {Comma: '\r'}, {Comma: '\n'}, {Comma: 0xFFFD}, {Comma: 0xD800},
		{Comma: ',', Comment: ','}, {Comma: ',', Comment: '"'}, {Comma: ',', Comment: '\n'}, {Comma: ',', Comment: -1},
	} {
		_, want := stdlibReader(strings.NewReader("a\n"), c).Read()
		_, got := csvscanReader(strings.NewReader("a\n"), c).Read()
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Fatalf("%v: error %v, encoding/csv says %v", c, got, want)
		}
	}
}

func TestReaderReuseRecord(t *testing.T) {
	rd := dropin.NewReader(strings.NewReader("a,b\nc,d\n\"e\"f,g\n"))
	rd.ReuseRecord = true
	first, _ := rd.Read()
	second, _ := rd.Read()
	if &first[0] != &second[0] || !slices.Equal(second, []string{"c", "d"}) {
		t.Fatalf("records %q and %q do not share memory", first, second)
	}
	third, err := rd.Read() // read again by encoding/csv
	if err == nil || &third[:1][0] != &first[0] {
		t.Fatalf("third Read %q, %v: the record of an error must reuse the slice too", third, err)
	}
}

// repeatReader returns line n times.
type repeatReader struct {
	line string
	n    int
	rest string
}

func (rr *repeatReader) Read(p []byte) (int, error) {
	total := 0
	for len(p) > 0 {
		if rr.rest == "" {
			if rr.n == 0 {
				break
			}
			rr.n--
			rr.rest = rr.line
		}
		k := copy(p, rr.rest)
		rr.rest, p, total = rr.rest[k:], p[k:], total+k
	}
	if total == 0 {
		return 0, io.EOF
	}
	return total, nil
}

// TestReaderMemoryBounded reads past long runs of lines the Reader skips
// (comment lines, empty lines of a one-column file): it must not keep
// them, and the positions of the record before them must survive.
func TestReaderMemoryBounded(t *testing.T) {
	tests := []struct {
		name, line string
		n          int
		c          readerConfig
	}{
		{"Comments", "# a comment line\n", 1 << 20, readerConfig{Comma: ',', Comment: '#', FieldsPerRecord: -1}},
		{"EmptyLines", "\n", 4 << 20, readerConfig{Comma: ',', FieldsPerRecord: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := io.MultiReader(strings.NewReader("a\n"), &repeatReader{line: tt.line, n: tt.n}, strings.NewReader("b\n"))
			rd := csvscanReader(src, tt.c)
			if rec, err := rd.Read(); err != nil || rec[0] != "a" {
				t.Fatalf("first Read: %q, %v", rec, err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			rec, err := rd.Read()
			runtime.ReadMemStats(&after)
			if err != nil || rec[0] != "b" {
				t.Fatalf("second Read: %q, %v", rec, err)
			}
			skipped := len(tt.line) * tt.n
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(skipped/8) {
				t.Fatalf("reading past %d skipped bytes allocated %d bytes", skipped, alloc)
			}
			if line, col := rd.FieldPos(0); line != tt.n+2 || col != 1 {
				t.Fatalf("FieldPos(0) = %d:%d, want %d:1", line, col, tt.n+2)
			}
			if got, want := rd.InputOffset(), int64(2+skipped+2); got != want {
				t.Fatalf("InputOffset = %d, want %d", got, want)
			}
		})
	}
}

// FuzzReaderStdlib compares Reader with encoding/csv.Reader over random
// inputs, with the default settings and with settings chosen by sel, and
// through a source chosen by sel: records, errors (kind, line, column),
// FieldPos, InputOffset and FieldsPerRecord must match except where a
// listed difference applies (loneCR, stdlibView).
func FuzzReaderStdlib(f *testing.F) {
	for i, in := range readerInputs {
		f.Add([]byte(in), uint16(i*37))
	}
	commas := []rune{',', ',', ';', '\t', ' ', '|', '§', '🦆'}
	comments := []rune{0, '#', ' ', 'é'}
	fields := []int{0, -1, 1, 2}
	f.Fuzz(func(t *testing.T, input []byte, sel uint16) {
		checkStdlib(t, input, readerConfig{Comma: ','}, nil)
		c := readerConfig{
			Comma:            commas[sel&7],
			Comment:          comments[sel>>3&3],
			LazyQuotes:       sel>>5&1 == 1,
			TrimLeadingSpace: sel>>6&1 == 1,
			ReuseRecord:      sel>>7&1 == 1,
			FieldsPerRecord:  fields[sel>>8&3],
		}
		checkStdlib(t, input, c, readerSources[sel>>10&3].wrap)
	})
}

// BenchmarkReader's inputs: 16 MiB per shape, less for a run under
// valgrind (-readerbench.size 4194304), made by internal/gen or, with
// -readerbench.dir, read from that directory (and written there first if
// missing), so that a run under valgrind counts no generator.
var (
	readerBenchSize = flag.Int64("readerbench.size", 16<<20, "bytes of input per BenchmarkReader shape")
	readerBenchDir  = flag.String("readerbench.dir", "", "directory of BenchmarkReader's inputs")
)

// readerBenchData returns BenchmarkReader's input of shape sh.
func readerBenchData(b *testing.B, sh gen.Shape) []byte {
	if *readerBenchDir == "" {
		return gen.Bytes(sh, *readerBenchSize, 1)
	}
	name := filepath.Join(*readerBenchDir, fmt.Sprintf("%s-%d.csv", strings.ReplaceAll(sh.String(), "/", "-"), *readerBenchSize))
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		data = gen.Bytes(sh, *readerBenchSize, 1)
		err = os.WriteFile(name, data, 0o644)
	}
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkReader reads every record of the seed-004 shapes with Reader
// and with encoding/csv.Reader side by side, both with ReuseRecord (the
// record's one string is still made for every record). The others bound
// what the Reader can do: scanner is a scanner.Scanner over the same
// bytes.Reader (one copy of the input, into its reused buffer) that
// visits every value and makes no string, copy the reading of the input
// into new memory that strings of it need (readIntoArrays), bound the
// two interleaved as the Reader does them (benchBound), floor bound with
// the line count and the records (floorReader).
func BenchmarkReader(b *testing.B) {
	for _, sh := range gen.Shapes() {
		var data []byte // made when a reader of the shape runs
		for _, name := range []string{"csvscan", "encoding-csv", "scanner", "copy", "bound", "floor"} {
			b.Run(sh.String()+"/"+name, func(b *testing.B) {
				if data == nil {
					data = readerBenchData(b, sh)
				}
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					switch name {
					case "scanner":
						benchScanner(b, data)
						continue
					case "copy":
						readIntoArrays(b, data)
						continue
					case "bound":
						benchBound(b, data)
						continue
					}
					var rd interface{ Read() ([]string, error) }
					switch name {
					case "floor":
						rd = newFloorReader(b, data)
					case "csvscan":
						r := dropin.NewReader(bytes.NewReader(data))
						r.ReuseRecord = true
						rd = r
					default:
						r := csv.NewReader(bytes.NewReader(data))
						r.ReuseRecord = true
						rd = r
					}
					readRecords(b, rd)
				}
			})
		}
	}
}

// readRecords reads every record of rd, a benchmark's reader, failing b
// on an error or when the records hold no field.
func readRecords(b *testing.B, rd interface{ Read() ([]string, error) }) {
	n := 0
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n += len(rec)
	}
	if n == 0 {
		b.Fatal("no fields")
	}
}

// BenchmarkReaderTrimLeadingSpace is BenchmarkReader's drop-in and
// encoding/csv with TrimLeadingSpace set, as a program sets it to be safe,
// on shapes with no white space to trim: the drop-in's quick path takes
// such rows as it does without the option.
func BenchmarkReaderTrimLeadingSpace(b *testing.B) {
	for _, sh := range []gen.Shape{{NoteLen: 16, Quoted: true}, {NoteLen: 256, Quoted: true}} {
		var data []byte
		for _, name := range []string{"csvscan", "encoding-csv"} {
			b.Run(sh.String()+"/"+name, func(b *testing.B) {
				if data == nil {
					data = readerBenchData(b, sh)
				}
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					var rd interface{ Read() ([]string, error) }
					if name == "csvscan" {
						r := dropin.NewReader(bytes.NewReader(data))
						r.ReuseRecord, r.TrimLeadingSpace = true, true
						rd = r
					} else {
						r := csv.NewReader(bytes.NewReader(data))
						r.ReuseRecord, r.TrimLeadingSpace = true, true
						rd = r
					}
					readRecords(b, rd)
				}
			})
		}
	}
}

// benchBound is BenchmarkReader's bound for the drop-in's design: the
// input read as the Reader's tap reads it (arrayLender: 64 KiB at a time
// into new arrays of 128 KiB), each read scanned in place by a Scanner
// the arrays are lent to, every value of every row. The Reader does both
// and makes the records on top.
func benchBound(b *testing.B, data []byte) {
	s, err := scanner.NewLent(&arrayLender{src: bytes.NewReader(data)}, scanner.Options{FieldsPerRow: -1, BufferSize: dropin.ReadSize})
	visitAll(b, s, err)
}

// arrayLender is the input of the bound and the floor: it reads the input
// as the Reader's tap does, dropin.ReadSize bytes at a time into new
// arrays of dropin.TapBlock bytes that are not zeroed first, moving to a
// new one (with the bytes of the row the Scanner is in) when less than
// dropin.TapChunk bytes are left, and lends them to a Scanner
// (scanner.NewLent). With count it counts the LF bytes of every read, in
// one pass after it, as the Reader does for FieldPos and the lines of its
// errors.
type arrayLender struct {
	src   io.Reader
	buf   []byte
	base  int64 // the input offset of buf[0]
	count bool
	lines int
	err   error
}

// Lend implements scanner.Lender.
func (l *arrayLender) Lend(from, have int64) ([]byte, error) {
	if l.base+int64(len(l.buf)) <= have && l.err == nil {
		if cap(l.buf)-len(l.buf) < dropin.TapChunk {
			live := l.buf[from-l.base:]
			nb := dropin.NewArray(len(live), max(dropin.TapBlock, 2*len(live)+dropin.ReadSize))
			copy(nb, live)
			l.buf, l.base = nb, from
		}
		free := l.buf[len(l.buf):min(cap(l.buf), len(l.buf)+dropin.ReadSize)]
		n, err := l.src.Read(free)
		if l.count {
			k, _ := linecount.CountUntil(free[:n], '\n', '\r')
			l.lines += k
		}
		l.buf, l.err = l.buf[:len(l.buf)+n], err
	}
	return l.buf[from-l.base:], l.err
}

// floorReader is BenchmarkReader's floor for a drop-in over the Scanner:
// the bound's work (benchBound: the input read into new arrays, each read
// scanned in place), the count of every read's LF bytes, and for each row
// a record of strings over its values, returned by Read as every reader
// of the benchmark returns its records. It is the least such a drop-in
// does: none of the Reader's own work (the CR search for encoding/csv's
// CRLF rule, the checks against encoding/csv's grammar, the positions) is
// in it. It copies a value the Scanner unescaped (one that does not lie
// in the row's bytes) into the Reader's text blocks (Texts); the others
// are their bytes in place.
type floorReader struct {
	s    *scanner.Scanner
	rec  []string
	text dropin.Texts
}

// newFloorReader returns the floorReader of data.
func newFloorReader(b *testing.B, data []byte) *floorReader {
	s, err := scanner.NewLent(&arrayLender{src: bytes.NewReader(data), count: true}, scanner.Options{FieldsPerRow: -1, BufferSize: dropin.ReadSize})
	if err != nil {
		b.Fatal(err)
	}
	return &floorReader{s: s}
}

// readIntoArrays reads data from a bytes.Reader into new arrays of the
// tap's size that are not zeroed first, as the Reader's tap reads its
// input, with no scan: BenchmarkReader's copy.
func readIntoArrays(b *testing.B, data []byte) {
	src := bytes.NewReader(data)
	n := 0
	for {
		k, err := io.ReadFull(src, dropin.NewArray(dropin.TapBlock, dropin.TapBlock))
		n += k
		if err != nil {
			break
		}
	}
	if n != len(data) {
		b.Fatal(n)
	}
}

// Read returns the next row's record, reusing the last one's slice.
func (f *floorReader) Read() ([]string, error) {
	if !f.s.Scan() {
		if err := f.s.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	raw, rec := f.s.RowBytes(), f.rec[:0]
	p0 := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	for _, v := range f.s.Row() {
		if len(v) > 0 && uintptr(unsafe.Pointer(unsafe.SliceData(v)))-p0 >= uintptr(len(raw)) {
			rec = append(rec, f.text.Copy(v))
		} else {
			rec = append(rec, unsafe.String(unsafe.SliceData(v), len(v)))
		}
	}
	f.rec = rec
	return rec, nil
}

// benchScanner is BenchmarkReader's scanner reader: every value of every
// row, in the encoding/csv dialect, with no string made.
func benchScanner(b *testing.B, data []byte) {
	s, err := scanner.New(bytes.NewReader(data), scanner.Options{FieldsPerRow: -1})
	visitAll(b, s, err)
}

// visitAll reads every value of every row of s, which opening it returned
// with err, touching its length; it fails b on an error or when s holds
// no value.
func visitAll(b *testing.B, s *scanner.Scanner, err error) {
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for s.Scan() {
		for _, v := range s.Row() {
			n += len(v)
		}
	}
	if s.Err() != nil || n == 0 {
		b.Fatal(s.Err(), n)
	}
}

// longReaderInputs hold records longer than the Reader lets its Scanner
// read (64 KiB), which encoding/csv reads while the Reader drops what it
// has read: their records, errors (and which ErrQuote case), positions and
// offsets must still be encoding/csv's, and the rows after them the
// Scanner's again.
func longReaderInputs() []string {
	const n = 200 << 10
	words := strings.Repeat("some words, more\n", n/17)
	return []string{
		"a,b\n1,\"" + words + "\"\n2,3\n",
		"a,b\n1,\"" + words + "\"x,3\n2,3\n",
		"a,b\n1,\"" + words,
		"a,b\n1,\"" + words + "\r\n",
		"a,b\n1,\"" + words + "end\r",
		"1,\"abc\n" + strings.Repeat("x", n),
		"1,\"" + strings.Repeat("y", n) + "\"z\n2,3\n",
		"1,\"a\n" + strings.Repeat("y", n) + "\"z\n2,3\n",
		strings.Repeat("x", n) + "\na\n",
		strings.Repeat(",", 70<<10) + "\n1\n", // (fewer: cmp.Diff is slow on many fields)
		"#" + strings.Repeat("c", n) + "\na,b\n#\"" + words + "\nc,d\n",
		"a,b\n" + strings.Repeat("x\"y", n/3) + "\nc,d\n",
		"\"" + strings.Repeat("ab\r\n", n/4) + "\"\n1\n",
		"\"" + strings.Repeat("\"\"", n/2) + "\"\n1\n",
		strings.Repeat("\"", n),
		"a,b\n" + strings.Repeat("\n", n) + "c,d\n" + strings.Repeat("\r\n", n) + "e,f",
		" \"" + words + "\",x\n1,2\n",
		"1,\"" + words + "\"\n" + strings.Repeat("2,\"x\"\n", 20000),
		// Many rows ending in CRLF, some of them comments or read by
		// encoding/csv: InputOffset and the checks read past the row while
		// the Scanner reads in the tap's buffer.
		strings.Repeat("1,\"a\r\nb\",c\r\n#x\"\r\n2,\"d\"e,f\r\n\r\n", 1500),
	}
}

// TestReaderLongRecords is the differential test over longReaderInputs.
func TestReaderLongRecords(t *testing.T) {
	configs := []readerConfig{
		{Comma: ','},
		{Comma: ',', FieldsPerRecord: -1, ReuseRecord: true},
		{Comma: ',', LazyQuotes: true, FieldsPerRecord: -1},
		{Comma: ',', TrimLeadingSpace: true, FieldsPerRecord: -1},
		{Comma: ',', Comment: '#', FieldsPerRecord: -1},
	}
	for i, in := range longReaderInputs() {
		for _, c := range configs {
			for _, src := range []func(io.Reader) io.Reader{nil, func(r io.Reader) io.Reader { return &smallReads{r: r, n: 1000} }} {
				checkStdlibQuiet(t, i, []byte(in), c, src)
			}
		}
	}
}

// checkStdlibQuiet is checkStdlib with the input's number in the failure
// instead of the input itself, which is too long to print.
func checkStdlibQuiet(t *testing.T, i int, input []byte, c readerConfig, wrap func(io.Reader) io.Reader) {
	t.Helper()
	ok := t.Run(fmt.Sprintf("input%d", i), func(t *testing.T) {
		defer func() {
			if t.Failed() {
				t.Logf("input %d (%d bytes), %v", i, len(input), c)
			}
		}()
		checkStdlib(&quietT{T: t}, input, c, wrap)
	})
	if !ok {
		t.FailNow()
	}
}

// quietT cuts the messages of a failing check to their first 2000 bytes.
type quietT struct{ *testing.T }

func (q *quietT) Fatalf(format string, args ...any) {
	q.T.Helper()
	msg := fmt.Sprintf(format, args...)
	if len(msg) > 2000 {
		msg = msg[:1000] + " ... " + msg[len(msg)-1000:]
	}
	q.T.Fatal(msg)
}

// stallReader returns (0, nil) forever.
type stallReader struct{}

func (stallReader) Read([]byte) (int, error) { return 0, nil }

// TestReaderFailingSource cuts inputs at many points and makes the source
// fail there: with io.ErrUnexpectedEOF (what gzip and net/http return for
// a truncated body), with another error, or by returning (0, nil) forever,
// each also one byte at a time. The Reader must return the records
// encoding/csv returns before the failure, then the failure itself (for
// (0, nil): io.ErrNoProgress) from every later Read, never io.EOF: a
// failed read never looks like the end of the input. The inputs hold the
// Reader's paths: rows of the Scanner, a row read again by encoding/csv, a
// record longer than the Scanner takes, a run of empty lines, an
// unterminated quote.
func TestReaderFailingSource(t *testing.T) {
	long := strings.Repeat("some words\n", 8000) // 88,000 bytes
	inputs := []string{
		"a,b\n1,2\n3,4\n5,6\n",
		"a,\"quoted\nfield\",c\nd,\"e\"\"\",f\n",
		"a,b\n1,bare\"quote\n2,3\n",
		"a,b\nx,\"" + long + "\"\nc,d\n",
		"a,b\n" + strings.Repeat("\n", 100<<10) + "c,d\n",
		"a,b\n\"" + long,
	}
	boom := errors.New("boom")
	failures := []struct {
		name string
		rest io.Reader
		want error
	}{
		{"UnexpectedEOF", iotest.ErrReader(io.ErrUnexpectedEOF), io.ErrUnexpectedEOF},
		{"OtherError", iotest.ErrReader(boom), boom},
		{"NoProgress", stallReader{}, io.ErrNoProgress},
	}
	for i, in := range inputs {
		cuts := []int{0, 1, 3, 4, 5, 7, len(in) / 3, len(in) / 2, len(in) - 5, len(in) - 1, len(in)}
		for _, cut := range cuts {
			cut = min(max(cut, 0), len(in))
			for _, f := range failures {
				for _, oneByte := range []bool{false, true} {
					src := io.MultiReader(strings.NewReader(in[:cut]), f.rest)
					std := io.MultiReader(strings.NewReader(in[:cut]), f.rest)
					if oneByte {
						src = iotest.OneByteReader(src)
					}
					name := fmt.Sprintf("input %d cut at %d of %d, %s, one byte at a time %t", i, cut, len(in), f.name, oneByte)
					checkFailure(t, name, src, std, f.want)
				}
			}
		}
	}
}

// checkFailure reads src with Reader and std (the same bytes and failure)
// with encoding/csv: the Reader's steps before the failure must be
// encoding/csv's, and the failure must come and stay. Where encoding/csv
// returns the failure with the fields of the partial line before it, or
// first a parse error of that partial line, the Reader returns the
// failure alone (a listed difference).
func checkFailure(t *testing.T, name string, src, std io.Reader, want error) {
	t.Helper()
	type step struct {
		rec []string
		err string
	}
	var last []string // the record returned with the failure
	read := func(rd recordReader) (steps []step, final error) {
		for len(steps) < 100000 {
			rec, err := rd.Read()
			var pe *csv.ParseError
			if err != nil && !errors.As(err, &pe) {
				last = rec
				return steps, err
			}
			st := step{rec: slices.Clone(rec)}
			if err != nil {
				st.err = err.Error()
			}
			steps = append(steps, st)
		}
		t.Fatalf("%s: no end after %d reads", name, len(steps))
		return nil, nil
	}
	wantSteps, wantErr := read(csv.NewReader(std))
	rd := dropin.NewReader(src)
	gotSteps, gotErr := read(rd)
	if !errors.Is(wantErr, want) {
		t.Fatalf("%s: encoding/csv ends with %v, the test expects %v", name, wantErr, want)
	}
	if gotErr != want || last != nil {
		t.Fatalf("%s: Reader ends with %q, %v after %d reads, want nil, %v", name, last, gotErr, len(gotSteps), want)
	}
	if n := len(wantSteps); n == len(gotSteps)+1 && wantSteps[n-1].err != "" {
		wantSteps = wantSteps[:n-1] // a parse error of the partial line
	}
	if len(gotSteps) != len(wantSteps) {
		t.Fatalf("%s: Reader made %d reads before the failure, encoding/csv %d", name, len(gotSteps), len(wantSteps))
	}
	for i := range wantSteps {
		if !slices.Equal(gotSteps[i].rec, wantSteps[i].rec) || gotSteps[i].err != wantSteps[i].err {
			t.Fatalf("%s: read %d: Reader %q, %q; encoding/csv %q, %q", name, i+1, gotSteps[i].rec, gotSteps[i].err, wantSteps[i].rec, wantSteps[i].err)
		}
	}
	for k := 0; k < 2; k++ {
		if rec, err := rd.Read(); rec != nil || err != want {
			t.Fatalf("%s: Read after the failure: %q, %v; want nil, %v", name, rec, err, want)
		}
	}
}

// TestReaderAllocs checks that with ReuseRecord a record costs no
// allocation in the steady state: its strings are the input's bytes in
// the tap's arrays (encoding/csv allocates one string per record). What
// is left per file is the setup, the Scanner's restarts, one array per
// 128 KiB of input and one text block per 16 KiB of values with doubled
// quotes; the bound, one allocation per 16 KiB of input and 64, is under
// the number of records of every shape (1,000 to 32,000), so that one
// allocation per record fails it.
func TestReaderAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts: skipped in -short")
	}
	for _, sh := range gen.Shapes() {
		data := gen.Bytes(sh, 1<<20, 3)
		records := bytes.Count(data, []byte("\n")) // at least the records
		allocs := testing.AllocsPerRun(3, func() {
			rd := dropin.NewReader(bytes.NewReader(data))
			rd.ReuseRecord = true
			for {
				if _, err := rd.Read(); err != nil {
					if err != io.EOF {
						t.Fatal(err)
					}
					break
				}
			}
		})
		t.Logf("%v: %.0f allocations for %d lines", sh, allocs, records)
		if limit := float64(len(data)>>14 + 64); allocs > limit {
			t.Errorf("%v: %.0f allocations for %d lines of %d bytes, want at most %.0f (one per 16 KiB, and 64)", sh, allocs, records, len(data), limit)
		}
	}
}
