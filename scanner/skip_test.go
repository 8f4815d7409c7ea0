package scanner

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSkipRows checks that SkipRows drops exactly the first lines, at every
// read size, with offsets and line numbers still those of the whole input.
func TestSkipRows(t *testing.T) {
	cases := []struct {
		in   string
		skip int
		rows [][]string
		line int // line of the first row
	}{
		{"title\nnotes, here\na,b\n1,2\n", 2, [][]string{{"a", "b"}, {"1", "2"}}, 3},
		{"t\r\nn\r\na,b\r\n", 2, [][]string{{"a", "b"}}, 3},
		{"t\rn\ra,b\r", 2, [][]string{{"a", "b"}}, 3},
		{"\"open quote\nx,y\n", 1, [][]string{{"x", "y"}}, 2}, // a preamble's quote is not CSV
		{"a\nb\n", 5, nil, 0},
		{"\xEF\xBB\xBFbanner\nq,r\n", 1, [][]string{{"q", "r"}}, 2},
		{"t\r", 1, nil, 0},
		{"x,y\n", 0, [][]string{{"x", "y"}}, 1},
	}
	for _, c := range cases {
		for _, size := range []int{1, 2, 3, 7, 64} {
			name := fmt.Sprintf("%q/skip=%d/buf=%d", c.in, c.skip, size)
			s, err := New(iotestOneByte(strings.NewReader(c.in), size), Options{SkipRows: c.skip, BufferSize: size})
			if err != nil {
				t.Fatal(err)
			}
			var got [][]string
			first := 0
			for s.Scan() {
				if first == 0 {
					first = s.LineNumber()
					// The row's offset points at its bytes in the whole input.
					off := s.RowOffset()
					if !strings.HasPrefix(c.in[off:], string(s.Row()[0])) {
						t.Errorf("%s: row offset %d does not point at %q", name, off, s.Row()[0])
					}
				}
				var r []string
				for _, v := range s.Row() {
					r = append(r, string(v))
				}
				got = append(got, r)
			}
			if err := s.Err(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if diff := cmp.Diff(c.rows, got); diff != "" {
				t.Errorf("%s: rows (-want +got):\n%s", name, diff)
			}
			if first != c.line {
				t.Errorf("%s: first row on line %d, want %d", name, first, c.line)
			}
		}
	}
}

// iotestOneByte returns a reader that returns at most n bytes per Read.
func iotestOneByte(r io.Reader, n int) io.Reader { return &shortReader{r: r, n: n} }

type shortReader struct {
	r io.Reader
	n int
}

func (s *shortReader) Read(p []byte) (int, error) {
	if len(p) > s.n {
		p = p[:s.n]
	}
	return s.r.Read(p)
}

func TestSkipRowsParallelRefused(t *testing.T) {
	_, err := ScanReader(context.Background(), bytes.NewReader([]byte("a\n")), Options{SkipRows: 1})
	if err == nil || !strings.Contains(err.Error(), "skip") {
		t.Fatalf("ScanReader with SkipRows: err = %v, want a refusal", err)
	}
}
