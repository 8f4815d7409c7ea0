package scanner

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/google/go-cmp/cmp"
)

// rowText returns about n bytes of rows of width values, mostly regular
// (what Scanner.laneRow reads) with the rows and values it must leave to
// the loop: another width, an empty line, a quoted value with doubled
// quotes or text after its closing quote, blank and empty values, values
// long enough to cross 64-byte blocks. Rows end in eol, now and then in
// the other line ends (LF, CRLF, a lone CR, an empty line after).
func rowText(r *rand.Rand, n, width int, eol string) []byte {
	values := []string{"a", "bc", "", " ", "  x", `"q"`, `"p""q"`, `""`, `"a,b"`, `"l` + "\n" + `f"`, `"t"x`, `x"y`,
		"a value of seventy bytes that holds nothing the lane has to stop at",
		`"a quoted value of seventy bytes, with a delimiter, across a block end"`, ` "q"`, `x"`}
	var b []byte
	for len(b) < n {
		w := width
		switch r.IntN(12) {
		case 0:
			w += 1
		case 1:
			w = max(1, w-1)
		}
		for i := range w {
			if i > 0 {
				b = append(b, ',')
			}
			if r.IntN(3) == 0 {
				b = append(b, values[r.IntN(len(values))]...)
			} else {
				b = append(b, values[r.IntN(2)]...)
			}
		}
		switch r.IntN(20) {
		case 0:
			b = append(b, "\r\n"...)
		case 1:
			b = append(b, eol+eol...)
		case 2:
			b = append(b, '\n')
		case 3:
			b = append(b, '\r')
		default:
			b = append(b, eol...)
		}
	}
	return b
}

// rowDetail is what a scan says of each row beyond its values: its
// offset, bytes and line, each value's offset in the row and whether it
// was quoted, and whether it is an empty line; then the error and the bad
// rows.
func rowDetail(t testing.TB, s *Scanner) []string {
	t.Helper()
	var out []string
	for s.Scan() {
		var b strings.Builder
		fmt.Fprintf(&b, "row %d line %d at %d %q empty=%v:", s.RowNumber(), s.LineNumber(), s.RowOffset(), s.RowBytes(), s.EmptyLine())
		// Quoted first, then ValueOffset: each must answer on its own
		// (the spans of a lane row are made when one of them asks).
		quoted := make([]bool, len(s.Row()))
		for i := range quoted {
			quoted[i] = s.Quoted(i)
		}
		for i, v := range s.Row() {
			fmt.Fprintf(&b, " %q@%d/%v", v, s.ValueOffset(i), quoted[i])
		}
		out = append(out, b.String())
	}
	out = append(out, fmt.Sprintf("err %v", s.Err()))
	for _, pe := range s.TakeBadRows() {
		out = append(out, badString(pe))
	}
	return out
}

// TestLaneRowMatchesTable requires the rows laneRow reads (and those it
// leaves to the loop) to be what the loop alone reads, with every offset,
// line number, quoted flag and bad row, from a byte slice and through
// reads of 1, 2, 7, 63, 64 and 65 bytes with the default buffer and
// buffers of that size.
func TestLaneRowMatchesTable(t *testing.T) {
	ds := laneDialects(t)
	r := rand.New(rand.NewPCG(31, 32))
	n := 200
	if testing.Short() {
		n = 40
	}
	for i := range n {
		d, eol := commaDialect(t, ds, r)
		opts := Options{Dialect: d, FieldsPerRow: -1 + r.IntN(3), Header: r.IntN(2) == 0, IgnoreErrors: r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			opts.MaxLineSize = 20 + r.IntN(100)
		}
		input := rowText(r, r.IntN(1500), 1+r.IntN(5), eol)
		scan := func(r io.Reader, o Options, on bool) []string {
			return rowDetail(t, laneScanner(t, input, r, o, on))
		}
		want := scan(nil, opts, false)
		check := func(how string, got []string) {
			t.Helper()
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("%q, %+v, %s: the lane differs from the table (-table +lane):\n%s", input, opts, how, d)
			}
		}
		check("bytes", scan(nil, opts, true))
		for _, size := range []int{1, 2, 7, 63, 64, 65} {
			check(fmt.Sprintf("read size %d", size), scan(&chunkReader{data: input, size: size}, opts, true))
			small := opts
			small.BufferSize = size
			check(fmt.Sprintf("buffer size %d", size), scan(&chunkReader{data: input, size: size}, small, true))
		}
		if i%10 == 0 {
			check("lender", scan(bytes.NewReader(input), opts, true))
		}
	}
}

// TestLaneRowParallel requires a parallel scan, whose workers read rows
// with the lane (Scanner.laneRow) up to their boundary's end, to give
// what the sequential scan gives, on the rows of rowText: boundaries of
// 7 to 256 bytes put a boundary's end, and the offset whose state a
// worker records, inside rows the lane would read whole.
func TestLaneRowParallel(t *testing.T) {
	ds := laneDialects(t)
	r := rand.New(rand.NewPCG(33, 34))
	n := 60
	if testing.Short() {
		n = 15
	}
	for range n {
		d, eol := commaDialect(t, ds, r)
		opts := Options{Dialect: d, FieldsPerRow: -1 + r.IntN(3), Header: r.IntN(2) == 0, IgnoreErrors: r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			opts.MaxLineSize = 20 + r.IntN(100)
		}
		input := rowText(r, r.IntN(3000), 1+r.IntN(5), eol)
		for _, size := range []int{7, 63, 64, 65, 256} {
			checkParallel(t, input, opts, 1+r.IntN(3), size)
		}
	}
}

// commaDialect picks one of the lane dialects with ',' and '"' (the
// values of rowText are written for them), any newline setting and
// strictness, and the line end its rows mostly have: CRLF for the CRLF
// setting, LF or CRLF for auto, LF for LF.
func commaDialect(t testing.TB, ds []dialect.Dialect, r *rand.Rand) (dialect.Dialect, string) {
	t.Helper()
	var comma []dialect.Dialect
	for _, d := range ds {
		if d.Delimiter == "," && d.Quote == dialect.Some('"') {
			comma = append(comma, d)
		}
	}
	if len(comma) < 5 {
		t.Fatalf("%d lane dialects with ',' and '\"', want auto, LF and CRLF newlines", len(comma))
	}
	d := comma[r.IntN(len(comma))]
	switch d.Newline {
	case dialect.NewlineCRLF:
		return d, "\r\n"
	case dialect.NewlineLF:
		return d, "\n"
	}
	return d, []string{"\n", "\r\n"}[r.IntN(2)]
}

// TestLaneRowCRLF requires laneRow to read the rows of a CRLF file (a CR
// ends each, and the next takes its LF: Scanner.takeLF), under every
// newline setting that ends rows at CR, strict or lenient, from a byte
// slice and through a reader: WellQuoted (a row laneRow read) holds for
// every row but those the loop reads (the first, and those at a buffer's
// end). Under the LF setting a CR is not a line end, and the lane leaves
// it to the table, which reports it.
func TestLaneRowCRLF(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,name,note\r\n")
	for i := range 400 {
		fmt.Fprintf(&b, "%d,\"n%d\",\"a note, %d\"\r\n", i, i, i)
	}
	input := []byte(b.String())
	for _, nl := range []dialect.Newline{dialect.NewlineAuto, dialect.NewlineCRLF} {
		for _, lenient := range []bool{false, true} {
			d := dialect.Default()
			d.Newline, d.Lenient = nl, lenient
			opts := Options{Dialect: d, Header: true}
			want := rowDetail(t, laneScanner(t, input, nil, opts, false))
			for _, size := range []int{0, 4096} {
				reader := func() io.Reader {
					if size == 0 {
						return nil
					}
					return &chunkReader{data: input, size: size}
				}
				s := laneScanner(t, input, reader(), opts, true)
				rows, lane := 0, 0
				for s.Scan() {
					rows++
					if s.WellQuoted() {
						lane++
					}
				}
				if s.Err() != nil {
					t.Fatalf("%v: %v", d, s.Err())
				}
				if rows != 400 || lane < rows-8 {
					t.Errorf("%v, reads of %d: %d rows, %d read by laneRow; want 400, all but those the loop must read", d, size, rows, lane)
				}
				again := rowDetail(t, laneScanner(t, input, reader(), opts, true))
				if d2 := cmp.Diff(want, again); d2 != "" {
					t.Fatalf("%v: the lane differs from the table (-table +lane):\n%s", d, d2)
				}
			}
		}
	}
	d := dialect.Default()
	d.Newline = dialect.NewlineLF
	s := laneScanner(t, input, nil, Options{Dialect: d, Header: true}, true)
	for s.Scan() {
	}
	if !errors.Is(s.Err(), ErrInvalidState) {
		t.Fatalf("CRLF rows under the LF setting: err %v, want the table's invalid state", s.Err())
	}
}
