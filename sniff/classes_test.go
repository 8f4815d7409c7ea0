package sniff_test

// Tests of failure classes 3 (second case), 5, 6, 7 and 8 of issue 13 and
// of the bounded sample of a large input, with inputs of our own. Classes
// 1 to 4 are in beyond_test.go.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// Class 5: a preamble as wide as the table (a title and blank cells above
// the header, as a spreadsheet exports them) is skipped; DuckDB takes the
// title row for the header.
func TestWidePreamble(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		skip     int
		first    string // the first column's name
	}{
		{"title and a blank row", "PREAMBLE,,,,\n,,,,\nA,B,C,D,E\n1,2,3,4,5\n6,7,8,9,10\n11,12,13,14,15\n", 2, "A"},
		{"title alone, semicolons", "Report 2024;;;\nid;qty;price;when\n1;2;3.5;2024-01-02\n2;5;1.25;2024-01-03\n", 1, "id"},
		{"title in the middle cell", ",,Sales,,\n,,,,\nregion,q1,q2,q3,q4\nnorth,1,2,3,4\nsouth,5,6,7,8\n", 2, "region"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.SkipRows != tt.skip || !res.HasHeader || res.Columns[0].Name != tt.first {
				t.Fatalf("skip %d, header %v, first column %q; want skip %d, a header, %q",
					res.SkipRows, res.HasHeader, res.Columns[0].Name, tt.skip, tt.first)
			}
			if got := len(readWith(t, tt.in, res)); got < 2 {
				t.Fatalf("%d data rows read with the result", got)
			}
		})
	}
	// Not a preamble: a sparse first data row under a full header, and a
	// header with empty names over full rows (the rows after the sparse
	// one are not a header).
	for _, in := range []string{
		"a,b,c,d\n1,,,\n2,3,4,5\n6,7,8,9\n",
		"x,y,z\n,,\n1,2,3\n",
	} {
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.SkipRows != 0 {
			t.Errorf("%q: skip %d, want 0", in, res.SkipRows)
		}
	}
}

// Class 5: an all-text file whose first row has the shape of its data has
// no header; DuckDB assumes one whenever every column is text.
func TestAllTextNoHeader(t *testing.T) {
	for _, tt := range []struct {
		in     string
		header bool
	}{
		{"Pedro;~29\nJuan;~31\n", false},
		{"Ann,#12-A\nBob,#7-C\nCy,#30-B\n", false},
		{"code|label\nX-1|a\nY-2|b\n", true},         // the names have another shape
		{"Name;City\nPedro;Oslo\nJuan;Lima\n", true}, // words over words: DuckDB's header
		{"col1,col2\nab1,cd2\nef3,gh4\n", true},      // names start with a letter
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if res.HasHeader != tt.header {
			t.Errorf("%q: header %v, want %v", tt.in, res.HasHeader, tt.header)
		}
	}
}

// Class 5: a second table below the first is noticed: the first table is
// the result, its types its own rows', TableEnd names the line where the
// other shape starts, and the later rows read as short rows (null
// padding) where they fit those types and are rejects where they do not
// (the header "x,y" in a column of numbers). DuckDB reads such a file as
// one text column.
func TestSecondTable(t *testing.T) {
	in := "a,b,c\n1,2,3\n4,5,6\n\nx,y\n7,8\n9,10\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != "," || len(res.Columns) != 3 || res.TableEnd != 5 || !res.NullPadding || !res.IgnoreErrors {
		t.Fatalf("delimiter %q, %d columns, table end %d, null padding %v, ignore errors %v; want \",\", 3, 5, true, true",
			res.Dialect.Delimiter, len(res.Columns), res.TableEnd, res.NullPadding, res.IgnoreErrors)
	}
	rows, bad := readTyped(t, in, res)
	if len(rows) != 4 || bad != 1 {
		t.Fatalf("%d rows and %d bad rows read with the result, want 4 and 1", len(rows), bad)
	}
	// One table, ragged: no table end.
	res, err = sniff.SniffBytes([]byte("id,name,city,zip\n1,Ann,Oslo,0150\n2,Bob,Rome\n3,Cy,Lima,15001\n"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.TableEnd != 0 {
		t.Fatalf("a ragged table has a table end at line %d", res.TableEnd)
	}
}

// Class 3, second case: rows ending in CR with an LF inside an unquoted
// value. An LF outside quotes ends a row in every dialect (the reading
// rules, as DuckDB's), so the file cannot be read strictly: the error
// says why and what reads it.
func TestCRRowsWithLoneLF(t *testing.T) {
	in := "id,note\r1,line one\nstill\r2,two\r3,three\r"
	_, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if !errors.Is(err, sniff.ErrNoDialect) || !strings.Contains(err.Error(), "end in CR") ||
		!strings.Contains(err.Error(), "strict_mode=false") {
		t.Fatalf("error %v, want ErrNoDialect saying the rows end in CR, naming strict_mode=false", err)
	}
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{Dialect: dialect.Dialect{Lenient: true}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != "," || len(res.Columns) != 2 {
		t.Fatalf("lenient: %q, %d columns; want \",\" and 2", res.Dialect.Delimiter, len(res.Columns))
	}
	// A CRLF file is not this case: its LFs follow CRs.
	if _, err := sniff.SniffBytes([]byte("a,b\r\n1,2\r\n"), sniff.Options{}); err != nil {
		t.Fatal(err)
	}
}

// quoteLate is a file of n rows in which every tenth row from row at on
// holds a quoted value with the delimiter inside (none when at < 0).
func quoteLate(n, at int) []byte {
	var b bytes.Buffer
	b.WriteString("id,name,amount\n")
	for i := range n {
		if at >= 0 && i >= at && i%10 == 0 {
			fmt.Fprintf(&b, "%d,\"Smith, Ann\",%d\n", i, i%97)
			continue
		}
		fmt.Fprintf(&b, "%d,name%d,%d\n", i, i, i%97)
	}
	return b.Bytes()
}

// Class 6: the first quoted value comes after the head. With random
// access the windows see it, and the result has the quote (reading the
// head exactly as without); read from a stream, the head alone decides.
func TestQuoteAfterTheHead(t *testing.T) {
	in := quoteLate(60000, 30000)
	res, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Dialect.Quote.Is('"') || !res.Dialect.Escape.Is('"') || len(res.Columns) != 3 {
		t.Fatalf("quote %v escape %v, %d columns; want '\"', '\"', 3", res.Dialect.Quote, res.Dialect.Escape, len(res.Columns))
	}
	rows := readWith(t, string(in), res)
	if len(rows) != 60000 || rows[50000][1] != "Smith, Ann" {
		t.Fatalf("%d rows, row 50000 %q", len(rows), rows[50000])
	}
	// From a stream only the head is seen: no quote, as DuckDB sniffs it.
	res, _, err = sniff.SniffReader(bytes.NewReader(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Quote.IsSet() {
		t.Fatalf("a stream's head holds no quote, sniffed quote %v", res.Dialect.Quote)
	}
	// No quote anywhere: none is sniffed, as DuckDB does.
	plain := quoteLate(60000, -1)
	res, err = sniff.Sniff(bytes.NewReader(plain), int64(len(plain)), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Quote.IsSet() {
		t.Fatalf("quote %v for a file without quotes", res.Dialect.Quote)
	}
}

// A large input (over 16 MiB, whose head Sniff cuts at DefaultSampleBytes)
// whose only quoted values lie after the head, within the rows DuckDB
// samples, between the evenly spaced windows: the sniffer searches those
// rows for the first '"' and reads a window there, so the quote is found
// (the evenly spaced windows alone miss it, and the read then stops at the
// first quoted comma). Past DuckDB's 20,480 rows, a quote is not looked
// for, as DuckDB does not.
func TestQuoteAfterTheLargeHead(t *testing.T) {
	// Rows of about 100 bytes: the head holds about 10,000 of them, and
	// the windows of a 17 MiB input start past 4 MiB.
	input := func(quoted int) []byte {
		var b bytes.Buffer
		b.WriteString("id,name,amount\n")
		for i := 0; b.Len() < 17<<20; i++ {
			name := fmt.Sprintf("name %d %s", i, strings.Repeat("x", 80))
			if i == quoted || i == quoted+1 {
				name = `"Smith, Ann"`
			}
			fmt.Fprintf(&b, "%d,%s,%d\n", i, name, i%97)
		}
		return b.Bytes()
	}
	for _, tt := range []struct {
		quoted int
		want   bool
	}{{15000, true}, {19000, true}, {25000, false}} {
		in := input(tt.quoted)
		if i := bytes.IndexByte(in, '"'); i < sniff.DefaultSampleBytes+4<<10 || i > 4<<20 {
			t.Fatalf("the first quote at byte %d: not between the head and the windows", i)
		}
		res, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Dialect.Quote.Is('"'); got != tt.want || len(res.Columns) != 3 {
			t.Fatalf("quoted values at row %d: quote %v, %d columns; want the quote %v and 3 columns", tt.quoted, res.Dialect.Quote, len(res.Columns), tt.want)
		}
		if tt.want {
			if rows := readWith(t, string(in), res); rows[tt.quoted][1] != "Smith, Ann" {
				t.Fatalf("row %d read as %q", tt.quoted, rows[tt.quoted])
			}
		}
	}
}

// The same for a type: a column of integers whose first decimals come
// after the head (cut at DefaultSampleBytes), within DuckDB's rows and
// between the windows, is DOUBLE, as DuckDB, which samples those rows,
// types it; the head and the windows alone make it BIGINT, and a read
// then rounds the decimals. Past DuckDB's rows it stays BIGINT, as
// DuckDB has it.
func TestTypeAfterTheLargeHead(t *testing.T) {
	input := func(from int) []byte {
		var b bytes.Buffer
		b.WriteString("id,amount,note\n")
		for i := 0; b.Len() < 17<<20; i++ {
			amount := fmt.Sprint(i % 1000)
			if i >= from && i < from+3 {
				amount += ".25"
			}
			fmt.Fprintf(&b, "%d,%s,note %d %s\n", i, amount, i, strings.Repeat("y", 80))
		}
		return b.Bytes()
	}
	for _, tt := range []struct {
		from int
		want string
	}{{15000, "DOUBLE"}, {19000, "DOUBLE"}, {25000, "BIGINT"}} {
		in := input(tt.from)
		res, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Columns) != 3 || res.Columns[0].Type.String() != "BIGINT" || res.Columns[1].Type.String() != tt.want {
			t.Fatalf("decimals from row %d: columns %+v; want id BIGINT, amount %v", tt.from, res.Columns, tt.want)
		}
	}
}

// A value in the last rows of an input with random access refines the
// types however short the rest after the head: the rest is read whole when
// it is shorter than a window, and a window always ends at the input's
// end, its last row counted without a line end. A last row that does not
// fit the table leaves the types as they were.
func TestTypeInTheLastRows(t *testing.T) {
	input := func(rows int, last string) []byte {
		var b bytes.Buffer
		b.WriteString("id,code\n")
		for i := range rows {
			fmt.Fprintf(&b, "%d,%d\n", i, i%1000)
		}
		b.WriteString(last)
		return b.Bytes()
	}
	for _, tt := range []struct {
		name string
		in   []byte
		want string
	}{
		// 4,520 rows after the head's 20,480: about 45 KB, under a window.
		{"short rest", input(25000, "25000,N/A\n"), "VARCHAR"},
		{"short rest, no line end", input(25000, "25000,N/A"), "VARCHAR"},
		{"rest of one row", input(20480, "20480,N/A\n"), "VARCHAR"},
		// 180,000 rows: the evenly spaced windows end before the last one.
		{"long rest", input(180000, "180000,N/A\n"), "VARCHAR"},
		{"long rest, no line end", input(180000, "180000,N/A"), "VARCHAR"},
		{"last row of another width", input(25000, "25000,N/A,x\n"), "BIGINT"},
		{"numbers to the end", input(25000, "25000,7\n"), "BIGINT"},
	} {
		res, err := sniff.Sniff(bytes.NewReader(tt.in), int64(len(tt.in)), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(res.Columns) != 2 || res.Columns[0].Type.String() != "BIGINT" || res.Columns[1].Type.String() != tt.want {
			t.Errorf("%s: columns %+v; want id BIGINT, code %v", tt.name, res.Columns, tt.want)
		}
	}
}

// Refinement widens a settled column of ISO dates that meets timestamps
// after the first chunk to TIMESTAMP, and keeps a TIMESTAMP column that
// meets offsets, as DuckDB 1.5.6's refinement does (it casts with the
// reader's cast, which reads an offset and drops it): what the column held
// reads as a timestamp too. Anything else it meets makes it text, as
// before; within the first chunk a settled column still goes to text
// (DuckDB's detection does the same).
func TestRefineWidensTimes(t *testing.T) {
	rows := func(n int, v string, then ...string) string {
		var b strings.Builder
		b.WriteString("a\n")
		for range n {
			b.WriteString(v + "\n")
		}
		for _, x := range then {
			b.WriteString(x + "\n")
		}
		return b.String()
	}
	for _, tt := range []struct {
		name, in, want string
	}{
		{"dates, a timestamp after the first chunk", rows(2047, "2024-01-01", "2024-01-01 10:00:00"), "TIMESTAMP"},
		{"dates, timestamps and dates", rows(3000, "2024-01-01", "2024-01-01 10:00:00", "2024-01-02"), "TIMESTAMP"},
		{"timestamps, an offset after the first chunk", rows(3000, "2024-01-01 10:00:00", "2024-01-01 10:00:00+02"), "TIMESTAMP"},
		{"dates, an offset after the first chunk", rows(3000, "2024-01-01", "2024-01-01 10:00:00+02"), "TIMESTAMP"},
		{"dates, text after the first chunk", rows(3000, "2024-01-01", "soon"), "VARCHAR"},
		{"local dates, a timestamp after the first chunk", rows(3000, "28/01/2018", "2018-01-28 10:00:00"), "VARCHAR"},
		{"dates, a timestamp in the first chunk", rows(10, "2024-01-01", "2024-01-01 10:00:00"), "VARCHAR"},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(res.Columns) != 1 || res.Columns[0].Type.String() != tt.want {
			t.Errorf("%s: columns %+v; want %v", tt.name, res.Columns, tt.want)
		}
	}
}

// utf16Bytes encodes s as UTF-16 with a byte order mark.
func utf16Bytes(s string, big bool) []byte {
	var order binary.AppendByteOrder = binary.LittleEndian
	b := []byte{0xff, 0xfe}
	if big {
		order, b = binary.BigEndian, []byte{0xfe, 0xff}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b = order.AppendUint16(b, u)
	}
	return b
}

// Class 7: a UTF-16 file with a byte order mark is sniffed as the text it
// holds (DuckDB finds '|' among its NUL bytes); a sample that is not
// UTF-8 is sniffed and reported as latin-1 (DuckDB stops on it).
func TestEncodings(t *testing.T) {
	text := "name;city;age\nJosé;Málaga;31\nRené;Nîmes;42\n"
	for _, big := range []bool{false, true} {
		in := utf16Bytes(text, big)
		check := func(how string, res *sniff.Result, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s (big-endian %v): %v", how, big, err)
			}
			if res.Encoding != "utf-16" || res.Dialect.Delimiter != ";" || len(res.Columns) != 3 ||
				res.Columns[1].Name != "city" || res.Columns[2].Type.String() != "BIGINT" {
				t.Fatalf("%s (big-endian %v): encoding %q, delimiter %q, columns %v", how, big, res.Encoding,
					res.Dialect.Delimiter, res.Columns)
			}
		}
		res, err := sniff.SniffBytes(in, sniff.Options{})
		check("SniffBytes", res, err)
		res, err = sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
		check("Sniff", res, err)
		res, replay, err := sniff.SniffReader(bytes.NewReader(in), sniff.Options{})
		check("SniffReader", res, err)
		if back, err := io.ReadAll(replay); err != nil || !bytes.Equal(back, in) {
			t.Fatalf("SniffReader's replay: %d bytes (%v), want the %d raw bytes", len(back), err, len(in))
		}
	}
	latin := []byte("name;city\nJos\xe9;M\xe1laga\nRen\xe9;N\xeemes\n")
	res, err := sniff.SniffBytes(latin, sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Encoding != "latin-1" || res.Dialect.Delimiter != ";" || len(res.Columns) != 2 {
		t.Fatalf("latin-1 sample: encoding %q, delimiter %q, %d columns", res.Encoding, res.Dialect.Delimiter, len(res.Columns))
	}
	res, err = sniff.SniffBytes([]byte(text), sniff.Options{})
	if err != nil || res.Encoding != "utf-8" {
		t.Fatalf("UTF-8 sample: encoding %q, %v", res.Encoding, err)
	}
}

// Class 8: the confidence has a meaning: 1 for a table no other delimiter
// reads, 0 when another reads the same rows as well, low for a single
// text column over rows that another delimiter reads as a table; and the
// trace says why the winner beat the runner-up.
func TestConfidence(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		lo, hi   float64
	}{
		{"clean table", "id,name,qty\n1,Ann,3\n2,Bob,4\n3,Cy,5\n", 1, 1},
		{"two delimiters read it alike", "a;b,c\n1;2,3\n4;5,6\n", 0, 0},
		{"a list of words", "apple\npear\nplum\nfig\n", 1, 1},
		{"ragged table read with padding", "id,name,city,zip\n1,Ann,Oslo,0150\n2,Bob,Rome\n3,Cy,Lima,15001\n", 0.7, 0.8},
		// Too ragged to read as a table: one text column, as DuckDB
		// reads it, but not a sure one (Dialect says 1).
		{"one column over a ragged table", "a,b,c\n1,2,3\n4,5\n6\n", 0.5, 0.5},
	} {
		var trace strings.Builder
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{Trace: &trace})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if c := res.Scores.Confidence; c < tt.lo-1e-9 || c > tt.hi+1e-9 {
			t.Errorf("%s: confidence %.3f, want %.2f to %.2f", tt.name, c, tt.lo, tt.hi)
		}
		if !strings.Contains(trace.String(), "confidence") {
			t.Errorf("%s: the trace does not explain the confidence:\n%s", tt.name, trace.String())
		}
		if tt.hi == 0 && !strings.Contains(trace.String(), "runner-up") {
			t.Errorf("%s: the trace names no runner-up:\n%s", tt.name, trace.String())
		}
	}
}

// longRows is a file of about size bytes of rows of about 1 KB.
func longRows(size int) []byte {
	var b bytes.Buffer
	b.WriteString("id,kind,note\n")
	note := strings.Repeat("lorem ipsum ", 85)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "%d,k%d,%s\n", i, i%3, note)
	}
	return b.Bytes()
}

// The speed goal: the head of a large input with random access is cut at
// DefaultSampleBytes (DuckDB samples 20,480 rows however long), a smaller
// input or an explicit sample size is sampled by rows, and the answer is
// the same.
func TestLargeHeadBounded(t *testing.T) {
	in := longRows(24 << 20)
	res, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The head, one row past the bound, and five windows of 64 KiB (four
	// evenly spaced, one at the end).
	if limit := int64(sniff.DefaultSampleBytes + 2<<10 + 5*64<<10); res.Sampled > limit {
		t.Fatalf("sampled %d bytes of a %d-byte input, want at most %d", res.Sampled, len(in), limit)
	}
	full, err := sniff.Sniff(bytes.NewReader(in), int64(len(in)), sniff.Options{SampleSize: sniff.DefaultSampleSize})
	if err != nil {
		t.Fatal(err)
	}
	if full.Sampled < 20<<20 {
		t.Fatalf("an explicit sample size sampled %d bytes, want 20,480 rows (over 20 MB)", full.Sampled)
	}
	small := in[:8<<20]
	part, err := sniff.Sniff(bytes.NewReader(small), int64(len(small)), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if part.Sampled < int64(len(small))-(1<<20) {
		t.Fatalf("an 8 MiB input sampled %d bytes, want its head by rows", part.Sampled)
	}
	for _, r := range []*sniff.Result{full, part} {
		if r.Dialect != res.Dialect || r.HasHeader != res.HasHeader || fmt.Sprint(r.Columns) != fmt.Sprint(res.Columns) {
			t.Fatalf("bounded %v %v %v; by rows %v %v %v", res.Dialect, res.HasHeader, res.Columns, r.Dialect, r.HasHeader, r.Columns)
		}
	}
}

// Class 1, a row that does not parse: one row in which the quote cannot be
// read ("q"z: text after a closing quote) drops the quote candidate from
// DuckDB's method, whose tables all fail, and DuckDB 1.5.6 reads such a
// file as one text column (delimiter "|"), confidence 1. The ragged
// reading counts the row as a reject: the comma and the quote, three
// columns, and the result says IgnoreErrors with one long or bad row, so
// that reading with it gives every other row. Rows the table reads INVALID
// in are tolerated up to one in 50: a file in which such quotes are common
// keeps DuckDB's answer.
func TestBadQuoteRow(t *testing.T) {
	file := func(bad func(i int) bool) string {
		var b strings.Builder
		b.WriteString("id,name,note\n")
		for i := range 600 {
			switch {
			case bad(i):
				fmt.Fprintf(&b, "%d,\"q\"z,plain\n", i)
			case i%3 == 0:
				fmt.Fprintf(&b, "%d,name %d,\"line one\nline two, with a comma\"\n", i, i)
			default:
				fmt.Fprintf(&b, "%d,name %d,plain %d\n", i, i, i)
			}
		}
		return b.String()
	}
	for _, at := range []int{1, 250, 599} {
		in := file(func(i int) bool { return i == at })
		res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
		if err != nil {
			t.Fatalf("bad row %d: %v", at, err)
		}
		if res.Dialect.Delimiter != "," || res.Dialect.Quote != dialect.Some('"') || len(res.Columns) != 3 {
			t.Fatalf("bad row %d: delimiter %q quote %v, %d columns; want \",\", '\"', 3", at, res.Dialect.Delimiter, res.Dialect.Quote, len(res.Columns))
		}
		if !res.IgnoreErrors || res.LongRows != 1 {
			t.Errorf("bad row %d: IgnoreErrors %v, LongRows %d; want true, 1", at, res.IgnoreErrors, res.LongRows)
		}
		if res.Scores.Confidence >= 1 {
			t.Errorf("bad row %d: confidence %.3f for a table with a bad row", at, res.Scores.Confidence)
		}
		sc, err := scanner.NewBytes([]byte(in), scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, IgnoreErrors: res.IgnoreErrors})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for sc.Scan() {
			n++
		}
		if err := sc.Err(); err != nil || n != 599 || len(sc.TakeBadRows()) != 1 {
			t.Errorf("bad row %d: read with the result: %d rows, error %v; want 599 rows and one bad row", at, n, err)
		}
	}
	// Bad rows in more than one row in 50: no table with the quote.
	in := file(func(i int) bool { return i%20 == 1 })
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err == nil && res.Dialect.Quote == dialect.Some('"') && len(res.Columns) == 3 && res.LongRows < 20 {
		t.Errorf("one row in 20 bad: read as a table with the quote and %d bad rows", res.LongRows)
	}
}

// TestSpaceOnlyHeaderNames: header names of Unicode spaces alone (U+3000,
// U+00A0), which trimming empties, get generated names as empty ones do
// (FuzzSniff found a UTF-16 file whose one name was U+3000, named "").
func TestSpaceOnlyHeaderNames(t *testing.T) {
	in := "id,\u3000,\u00a0\u3000\n1,x,y\n2,z,w\n3,v,u\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name)
	}
	if want := []string{"id", "column1", "column2"}; !res.HasHeader || !slices.Equal(names, want) {
		t.Errorf("header %v, names %q; want a header named %q", res.HasHeader, names, want)
	}
}
