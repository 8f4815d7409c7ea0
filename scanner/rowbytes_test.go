package scanner

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// sliceLender lends data a few bytes more at a time, as a Lender whose
// reads return short.
type sliceLender struct {
	data []byte
	held int // data[:held] has been "read"
	step int
	from int64 // the last from, which must not go back
	t    *testing.T
}

func (l *sliceLender) Lend(from, have int64) ([]byte, error) {
	if from < l.from {
		l.t.Fatalf("Lend(%d, %d) after Lend(%d, ...): the Scanner went back", from, have, l.from)
	}
	l.from = from
	if int64(l.held) <= have {
		l.held = min(len(l.data), l.held+l.step)
	}
	var err error
	if l.held == len(l.data) {
		err = io.EOF
	}
	return l.data[from:l.held:l.held], err
}

// TestRowBytes reads inputs with a lent Scanner, lent a few bytes at a
// time, and with NewBytes: the rows must be the same, RowBytes must be the
// row's bytes at RowOffset up to its line end, ValueOffset must place
// every value that is a run of the row there (and -1 only for a value
// that is not), and EmptyLine must be set for the empty lines of a
// one-column file only.
func TestRowBytes(t *testing.T) {
	inputs := []string{
		"a,b\n\"c,d\",e\r\n\"f\"\"g\",\n",
		"x\n\ny\n",
		"\xEF\xBB\xBFid,note\n1,\"two\nlines\"\n2,  \"pad\" \n",
	}
	for _, in := range inputs {
		for _, step := range []int{1, 2, 7, 64} {
			want, _ := NewBytes([]byte(in), Options{FieldsPerRow: -1})
			got, err := NewLent(&sliceLender{data: []byte(in), step: step, t: t}, Options{FieldsPerRow: -1})
			if err != nil {
				t.Fatal(err)
			}
			for want.Scan() {
				if !got.Scan() {
					t.Fatalf("%q, step %d: the lent Scanner stopped (%v) where NewBytes reads %q", in, step, got.Err(), want.Row())
				}
				raw := got.RowBytes()
				start := got.RowOffset()
				if !bytes.Equal(raw, []byte(in)[start:start+int64(len(raw))]) || !bytes.Equal(raw, want.RowBytes()) {
					t.Fatalf("%q, step %d: RowBytes %q at %d, NewBytes's %q", in, step, raw, start, want.RowBytes())
				}
				if end := start + int64(len(raw)); end < int64(len(in)) && in[end] != '\n' && in[end] != '\r' {
					t.Fatalf("%q, step %d: RowBytes %q ends at %d, not at a line end", in, step, raw, end)
				}
				row := got.Row()
				if len(row) != len(want.Row()) || got.EmptyLine() != want.EmptyLine() {
					t.Fatalf("%q, step %d: row %q (empty line %t), NewBytes's %q (%t)", in, step, row, got.EmptyLine(), want.Row(), want.EmptyLine())
				}
				for i, v := range row {
					o := got.ValueOffset(i)
					inPlace := len(v) > 0 && bytes.Contains(raw, v)
					switch {
					case o >= 0 && !bytes.Equal(raw[o:o+len(v)], v):
						t.Fatalf("%q, step %d: value %d %q, but RowBytes at ValueOffset %d holds %q", in, step, i, v, o, raw[o:o+len(v)])
					case o < 0 && inPlace && bytes.IndexByte(v, '"') < 0:
						t.Fatalf("%q, step %d: value %d %q is a run of the row, ValueOffset says -1", in, step, i, v)
					}
				}
			}
			if got.Scan() || got.Err() != nil {
				t.Fatalf("%q, step %d: the lent Scanner goes on (%q) or fails (%v) after NewBytes's last row", in, step, got.Row(), got.Err())
			}
		}
	}
	// A lent Scanner's reader reads the whole input through Lend.
	data := []byte("a,b\nc,d\n")
	b, err := io.ReadAll(&lent{Lender: &sliceLender{data: data, step: 3, t: t}})
	if err != nil || !bytes.Equal(b, data) {
		t.Fatalf("reading through Lend: %q, %v; want %q", b, err, data)
	}
}

// TestValueOffsetPadded: a value NullPadding added has no bytes in
// the row; ValueOffset must not panic on it.
func TestValueOffsetPadded(t *testing.T) {
	s, err := NewBytes([]byte("a,b,c\n1\n"), Options{NullPadding: true})
	if err != nil {
		t.Fatal(err)
	}
	for s.Scan() {
		for i := range s.Row() {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("row %d: ValueOffset(%d) of %q panics: %v", s.RowNumber(), i, s.Row(), p)
					}
				}()
				if o := s.ValueOffset(i); s.Row()[i] == nil && o != -1 {
					t.Errorf("ValueOffset(%d) of a padded value = %d, want -1", i, o)
				}
			}()
		}
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
}

// wellQuotedFields parses raw, a row's bytes, by the grammar WellQuoted
// promises: fields split at ',', each either with no quote or `"`, text
// with every quote doubled, `"`. It reports false where raw is not so.
func wellQuotedFields(raw []byte) ([]string, bool) {
	var fields []string
	for a := 0; ; a++ {
		if a < len(raw) && raw[a] == '"' {
			var v []byte
			j := a + 1
			for {
				k := bytes.IndexByte(raw[j:], '"')
				if k < 0 {
					return nil, false
				}
				v = append(v, raw[j:j+k]...)
				j += k + 1
				if j < len(raw) && raw[j] == '"' {
					v, j = append(v, '"'), j+1
					continue
				}
				break
			}
			fields, a = append(fields, string(v)), j
			if a < len(raw) && raw[a] != ',' {
				return nil, false
			}
		} else {
			e := bytes.IndexByte(raw[a:], ',')
			if e < 0 {
				e = len(raw) - a
			}
			if bytes.IndexByte(raw[a:a+e], '"') >= 0 {
				return nil, false
			}
			fields, a = append(fields, string(raw[a:a+e])), a+e
		}
		if a >= len(raw) {
			return fields, true
		}
	}
}

// TestWellQuoted reads inputs over the bytes that matter to quoting, from
// memory and lent a few bytes at a time: a row WellQuoted reports must be
// its values joined by the grammar it promises, and the rows of a clean
// file after its first must be reported.
func TestWellQuoted(t *testing.T) {
	// check returns the offset of the first row after the first one that
	// was not reported, or -1.
	check := func(in []byte, step int) (missed int64, lane bool) {
		t.Helper()
		var s *Scanner
		if step == 0 {
			s, _ = NewBytes(in, Options{FieldsPerRow: -1})
		} else {
			var err error
			if s, err = NewLent(&sliceLender{data: in, step: step, t: t}, Options{FieldsPerRow: -1}); err != nil {
				t.Fatal(err)
			}
		}
		missed = -1
		for rows := 0; s.Scan(); rows++ {
			if !s.WellQuoted() {
				if rows > 0 && missed < 0 {
					missed = s.RowOffset()
				}
				continue
			}
			want, ok := wellQuotedFields(s.RowBytes())
			if !ok || len(want) != len(s.Row()) {
				t.Fatalf("%q, step %d: row %q (bytes %q) reported well quoted; the grammar reads %q (%t)", in, step, s.Row(), s.RowBytes(), want, ok)
			}
			for i, v := range s.Row() {
				if string(v) != want[i] {
					t.Fatalf("%q, step %d: row %q (bytes %q) reported well quoted, value %d is %q by the grammar", in, step, s.Row(), s.RowBytes(), i, want[i])
				}
			}
		}
		return missed, s.lane != nil
	}
	clean := []byte(strings.Repeat("id,\"note\"\n1,\"a\"\"b\"\n2,\"\"\n3,x\n4,\"with,comma\nand LF\"\n,\n", 40))
	for _, step := range []int{0, 1, 7, 64, 65} {
		// From memory, the lane reads every row but the first and those
		// in the last block of the buffer (skipper.Lane). Without a vector
		// kernel (purego, or a CPU without one) there is no lane, and no
		// row is reported.
		if missed, lane := check(clean, step); step == 0 && lane && missed >= 0 && missed < int64(len(clean)-64) {
			t.Errorf("a clean file from memory: the row at %d of %d bytes is not reported well quoted", missed, len(clean))
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	alphabet := []byte("ab,\"\"\n\r ")
	for range 2000 {
		in := make([]byte, 64+r.IntN(400))
		for i := range in {
			in[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(in, 0)
		check(in, 1+r.IntN(70))
	}
}
