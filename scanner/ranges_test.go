package scanner

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	sm "github.com/csvscan/csvscan/statemachine"
	"github.com/google/go-cmp/cmp"
)

// rangeRow is one row of a scan with its numbers and offset.
type rangeRow struct {
	Values       []string
	Row, Line    int
	Offset       int64
	Width, Lines int // what the scan knows after the row (width, line ends)
}

// rangeRows returns the rows of s, with the rows skipped with
// IgnoreErrors among them (Values nil, Row, Line and Offset of the bad
// row), in file order.
func rangeRows(s *Scanner) ([]rangeRow, error) {
	var out []rangeRow
	bad := func() {
		for _, pe := range s.TakeBadRows() {
			out = append(out, rangeRow{Row: pe.Row, Line: pe.Line, Offset: pe.RowOffset})
		}
	}
	for s.Scan() {
		bad()
		r := rangeRow{Row: s.RowNumber(), Line: s.LineNumber(), Offset: s.RowOffset(), Width: s.width, Lines: s.lines}
		for _, v := range s.Row() {
			r.Values = append(r.Values, string(v))
		}
		out = append(out, r)
	}
	bad()
	return out, s.Err()
}

// rangeInput is a CSV text and the options to scan it with.
type rangeInput struct {
	in   string
	opts Options
}

// rangeInputs returns the inputs TestNewRange and TestStopped share (a
// quoted line break, CRLF, comments with a two-byte delimiter, empty
// lines, a header, an unterminated quote), then extra.
func rangeInputs(extra ...rangeInput) []rangeInput {
	comments := hash
	comments.Delimiter = "||"
	return append([]rangeInput{
		{"a,b\n1,\"x\ny\"\n\n2,3\r\n4,5", Options{}},
		{"# c\na||b\n#\"\n\"q\"||r\n", Options{Dialect: comments}},
		{"x\n\ny\n\nz\n", Options{}},
		{"h1,h2\n1,2\n3\n", Options{Header: true}},
		{"a,b\n1,\"open\n", Options{}},
	}, extra...)
}

// TestNewRange resumes a scan at every row start of a sequential scan
// (the table's state there, the rows, line ends and width before) and
// stops it at every later offset: the rows and error are the sequential
// scan's rows that start in between, and its error if the failing row
// starts there.
func TestNewRange(t *testing.T) {
	inputs := rangeInputs(
		// Rows skipped for their width, one just before a range's end:
		// the row after it belongs to the next range.
		rangeInput{"a,b\n1\n2,3\n4\n5,6\n7,\"x\n", Options{IgnoreErrors: true}},
		rangeInput{"a,b\r\n1\r\n2,3\r\n4,5,6\r\n7,8", Options{IgnoreErrors: true, Header: true}},
		// Rows the lane reads (Scanner.laneRow): a range must stop at
		// its end there too.
		// (The lane reads no row it cannot see the end of, with a
		// 64-byte block ahead: the inputs are longer.)
		rangeInput{"h,i\n" + strings.Repeat("1,2\n3,4\n5,\"6\"\n78,9\n11,\"x,y\"\n", 5), Options{}},
		rangeInput{"h,i\n" + strings.Repeat("1,2\n3,4\n5\n7,8\n9,10\n", 5), Options{IgnoreErrors: true, Header: true}},
	)
	for _, c := range inputs {
		tab, err := sm.For(c.opts.withDefaults().Dialect)
		if err != nil {
			t.Fatal(err)
		}
		states := make([]sm.State, len(c.in)+1)
		states[0] = sm.NotSet
		for i := range c.in {
			states[i+1] = tab.Next(states[i], c.in[i])
		}
		all := c.opts
		all.Header = false // every row, the header too, to resume at
		seq, seqErr := rangeRows(bytesScanner(t, c.in, all))
		want, wantErr := rangeRows(bytesScanner(t, c.in, c.opts))
		for k, at := range seq {
			from := Position{Offset: at.Offset, State: states[at.Offset], Rows: at.Row - 1, Lines: at.Line - 1}
			if k > 0 {
				from.Width = seq[k-1].Width
			}
			for end := at.Offset; end <= int64(len(c.in))+1; end++ {
				name := fmt.Sprintf("%q from row %d to %d", c.in, at.Row, end)
				s, err := NewRange(bytes.NewReader([]byte(c.in[at.Offset:])), from, end, c.opts)
				if err != nil {
					t.Fatal(name, err)
				}
				got, gotErr := rangeRows(s)
				var exp []rangeRow
				for _, r := range want {
					if r.Offset >= at.Offset && r.Offset < end {
						exp = append(exp, r)
					}
				}
				var expErr error
				if pe, ok := seqErr.(*ParseError); ok && pe.RowOffset >= at.Offset && pe.RowOffset < end {
					expErr = wantErr
				}
				if d := cmp.Diff(exp, got, cmp.FilterPath(func(p cmp.Path) bool {
					return p.Last().String() == ".Lines" || p.Last().String() == ".Width"
				}, cmp.Ignore())); d != "" || !sameError(expErr, gotErr) {
					t.Fatalf("%s: (-sequential +resumed)\n%s\nerrors %v, %v", name, d, expErr, gotErr)
				}
			}
		}
	}
}

func bytesScanner(t *testing.T, in string, opts Options) *Scanner {
	t.Helper()
	s, err := NewBytes([]byte(in), opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestNewRangeRefuses: a position that is no row start is an error.
func TestNewRangeRefuses(t *testing.T) {
	for _, from := range []Position{
		{Offset: -1, State: sm.RecordSeparator},
		{Offset: 4, State: sm.Quoted},
		{Offset: 4, State: sm.RecordSeparator, Rows: -1},
		{Offset: 4, State: sm.RecordSeparator, Width: 3},
	} {
		if _, err := NewRange(bytes.NewReader(nil), from, -1, Options{FieldsPerRow: 2}); err == nil {
			t.Errorf("NewRange at %+v: no error", from)
		}
	}
}

// TestStopped reads inputs as chains of ranges, each from where the one
// before stopped (Stopped), cut at every offset and at every pair of
// offsets: the rows, their numbers and offsets and the error are the
// sequential scan's, and Stopped says false only at the end of the input
// (or at the error).
func TestStopped(t *testing.T) {
	inputs := rangeInputs(
		rangeInput{"a,b\r\n1,2\r\n\r\n3,4\r\n", Options{Header: true}},
		rangeInput{"a\r\n\r\nb\r\n\r\n", Options{}},
		rangeInput{"a,b\n1,\"q\"x\n2,3\n", Options{}},
		rangeInput{"h,i\n" + strings.Repeat("1,2\n3,4\n5,\"6\"\n78,9\n11,\"x,y\"\n", 5), Options{Header: true}},
	)
	for _, c := range inputs {
		want, wantErr := rangeRows(bytesScanner(t, c.in, c.opts))
		chain := func(cuts []int64) ([]rangeRow, error) {
			from := Position{State: sm.NotSet}
			var out []rangeRow
			for i := 0; ; i++ {
				end := int64(-1)
				if i < len(cuts) {
					end = cuts[i]
				}
				s, err := NewRange(bytes.NewReader([]byte(c.in[from.Offset:])), from, end, c.opts)
				if err != nil {
					return out, err
				}
				rows, err := rangeRows(s)
				out = append(out, rows...)
				next, ok := s.Stopped()
				if err != nil || !ok {
					if ok {
						return out, fmt.Errorf("Stopped at %+v after the error %v", next, err)
					}
					if end >= 0 && end <= int64(len(c.in)) && err == nil && len(c.in) > 0 {
						// The input ended before the cut: nothing starts
						// after it.
						for _, r := range want {
							if r.Offset >= end {
								return out, fmt.Errorf("not stopped at %d, and row %d starts at %d", end, r.Row, r.Offset)
							}
						}
					}
					return out, err
				}
				if next.Offset < end {
					return out, fmt.Errorf("stopped at %d, before the end %d", next.Offset, end)
				}
				from = next
			}
		}
		n := int64(len(c.in))
		for a := int64(1); a <= n; a++ {
			for b := a; b <= n+1; b += max(1, (n+1-a)/7) {
				cuts := []int64{a}
				if b > a {
					cuts = append(cuts, b)
				}
				got, err := chain(cuts)
				if d := cmp.Diff(want, got, cmp.FilterPath(func(p cmp.Path) bool {
					return p.Last().String() == ".Lines" || p.Last().String() == ".Width"
				}, cmp.Ignore())); d != "" || !sameError(wantErr, err) {
					t.Fatalf("%q cut at %v: (-sequential +chained)\n%s\nerrors %v, %v", c.in, cuts, d, wantErr, err)
				}
			}
		}
	}
}
