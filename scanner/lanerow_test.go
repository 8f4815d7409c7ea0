package scanner

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rowText returns about n bytes of rows of width values, mostly regular
// (what Scanner.laneRow reads) with the rows and values it must leave to
// the loop: another width, an empty line, a CR, a quoted value with
// doubled quotes or text after its closing quote, blank and empty values,
// values long enough to cross 64-byte blocks.
func rowText(r *rand.Rand, n, width int) []byte {
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
			b = append(b, "\n\n"...)
		default:
			b = append(b, '\n')
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
		d := ds[0] // RFC 4180 with LF or auto newlines: the rows above are written for ','
		opts := Options{Dialect: d, FieldsPerRow: -1 + r.IntN(3), Header: r.IntN(2) == 0, IgnoreErrors: r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			opts.MaxLineSize = 20 + r.IntN(100)
		}
		input := rowText(r, r.IntN(1500), 1+r.IntN(5))
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
		opts := Options{Dialect: ds[0], FieldsPerRow: -1 + r.IntN(3), Header: r.IntN(2) == 0, IgnoreErrors: r.IntN(2) == 0}
		if r.IntN(4) == 0 {
			opts.MaxLineSize = 20 + r.IntN(100)
		}
		input := rowText(r, r.IntN(3000), 1+r.IntN(5))
		for _, size := range []int{7, 63, 64, 65, 256} {
			checkParallel(t, input, opts, 1+r.IntN(3), size)
		}
	}
}
