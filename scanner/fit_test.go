package scanner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/google/go-cmp/cmp"
)

// TestFitRows checks Options.NullPadding and Options.TrailingDelimiter:
// rows fitted to the width before it is checked, the same in a sequential
// scan and in a parallel one at any buffer size.
func TestFitRows(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		opts    Options
		want    [][]string // nil values written as "<nil>"
		wantErr error
	}{
		{"padding", "a,b,c\n1,2,3\n4\n5,6\n", Options{Header: true, NullPadding: true},
			[][]string{{"1", "2", "3"}, {"4", "<nil>", "<nil>"}, {"5", "6", "<nil>"}}, nil},
		{"padding with a fixed width", "1\n2,3\n", Options{FieldsPerRow: 3, NullPadding: true},
			[][]string{{"1", "<nil>", "<nil>"}, {"2", "3", "<nil>"}}, nil},
		{"no padding", "a,b\n1\n", Options{Header: true}, nil, ErrFieldCount},
		{"trailing delimiter", "a|b\n1|2|\n3|4|\n", Options{Header: true, TrailingDelimiter: true, Dialect: pipe()},
			[][]string{{"1", "2"}, {"3", "4"}}, nil},
		{"a trailing value that is not empty", "a|b\n1|2|x\n", Options{Header: true, TrailingDelimiter: true, Dialect: pipe()}, nil, ErrFieldCount},
		{"no trailing rule", "a|b\n1|2|\n", Options{Header: true, Dialect: pipe()}, nil, ErrFieldCount},
		{"both", "a|b|c\n1|2|3|\n4|\n5\n", Options{Header: true, TrailingDelimiter: true, NullPadding: true, Dialect: pipe()},
			[][]string{{"1", "2", "3"}, {"4", "", "<nil>"}, {"5", "<nil>", "<nil>"}}, nil},
		{"any width: rows as they are", "1\n2,3,\n", Options{FieldsPerRow: -1, NullPadding: true, TrailingDelimiter: true},
			[][]string{{"1"}, {"2", "3", ""}}, nil},
		{"a short header padded too", "a,b\n1,2,3\n", Options{Header: true, FieldsPerRow: 3, NullPadding: true},
			[][]string{{"1", "2", "3"}}, nil},
		{"too many values stay an error", "a,b\n1,2,3\n", Options{Header: true, NullPadding: true}, nil, ErrFieldCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq, err := New(strings.NewReader(tt.in), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			check := func(mode string, got [][]string, err error) {
				t.Helper()
				if tt.wantErr != nil {
					if !errors.Is(err, tt.wantErr) {
						t.Fatalf("%s: err = %v, want %v", mode, err, tt.wantErr)
					}
					return
				}
				if err != nil {
					t.Fatalf("%s: %v", mode, err)
				}
				if d := cmp.Diff(tt.want, got); d != "" {
					t.Fatalf("%s: rows (-want +got):\n%s", mode, d)
				}
			}
			got, err := fitRows(seq)
			check("sequential", got, err)
			header := seq.Header()
			for _, size := range []int{4, 7, 16, 1 << 10} {
				o := tt.opts
				o.Threads, o.BufferSize = 3, size
				p, err := ScanReaderAt(context.Background(), bytes.NewReader([]byte(tt.in)), int64(len(tt.in)), o)
				if err != nil {
					t.Fatal(err)
				}
				got, err := fitRows(p)
				p.Close()
				check(fmt.Sprintf("parallel, %d-byte buffers", size), got, err)
				if tt.wantErr == nil && !cmp.Equal(header, p.Header()) {
					t.Fatalf("parallel, %d-byte buffers: header %q, sequential %q", size, p.Header(), header)
				}
			}
		})
	}
}

// TestFitRowsOffsets: a padded row's FieldOffsets has an entry per value,
// the padded ones at the row's end.
func TestFitRowsOffsets(t *testing.T) {
	s, err := New(strings.NewReader("a,b,c\n1\n"), Options{Header: true, NullPadding: true})
	if err != nil {
		t.Fatal(err)
	}
	s.TrackFieldOffsets()
	if !s.Scan() {
		t.Fatal(s.Err())
	}
	if got, want := s.FieldOffsets(), []int64{6, 7, 7}; !cmp.Equal(got, want) {
		t.Fatalf("FieldOffsets = %v, want %v", got, want)
	}
}

func pipe() dialect.Dialect {
	d := dialect.Default()
	d.Delimiter = "|"
	return d
}

type fitSource interface {
	Scan() bool
	Row() [][]byte
	Err() error
}

func fitRows(s fitSource) ([][]string, error) {
	var out [][]string
	for s.Scan() {
		var row []string
		for _, v := range s.Row() {
			if v == nil {
				row = append(row, "<nil>")
			} else {
				row = append(row, string(v))
			}
		}
		out = append(out, row)
	}
	return out, s.Err()
}
