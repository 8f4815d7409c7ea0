package typed

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"unsafe"

	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
)

// keepInput is rows of every storage kind over several chunks, with NULLs
// and text values of growing length.
func keepInput(rows int) (string, Schema) {
	var b strings.Builder
	b.WriteString("i,d,t,v,x,b\n")
	for i := range rows {
		if i%97 == 5 {
			b.WriteString(",,,,,\n")
			continue
		}
		fmt.Fprintf(&b, "%d,%d.%02d,2024-01-%02d,%s,%d.5,%v\n", i, i, i%100, 1+i%28, strings.Repeat("w", i%300), i%7, i%2 == 0)
	}
	return b.String(), typedSchema(TypeBigInt, TypeDouble, TypeDate, TypeVarchar, TypeDecimal, TypeBoolean)
}

// chunkRows renders the rows of c as text.
func chunkRows(c *Chunk) [][]string {
	var out [][]string
	for i := range c.Len() {
		row := []string{fmt.Sprint(c.RowNumbers[i])}
		for j := range c.Columns {
			row = append(row, string(c.Columns[j].AppendText(nil, i)))
		}
		out = append(out, row)
	}
	return out
}

// TestKeep requires the chunks Keep returns to hold the rows Next returned
// after every later call, while the Reader goes on in the memory of the
// chunks kept two calls before (as a consumer that has moved past them
// gives them back), in new memory for a spare of another schema, and a
// chunk of no rows from a Keep before the first Next.
func TestKeep(t *testing.T) {
	input, schema := keepInput(3*ChunkSize + 123)
	read := func() *Reader {
		return typedBytes(t, []byte(input), scanner.Options{Header: true}, Options{Schema: schema})
	}
	var want [][][]string
	for c, err := range read().Chunks() {
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, chunkRows(c.Clone()))
	}
	if len(want) != 4 {
		t.Fatalf("%d chunks, want 4", len(want))
	}

	r := read()
	if c := r.Keep(nil); c.Len() != 0 {
		t.Fatalf("Keep before Next: %d rows", c.Len())
	}
	var kept []*Chunk
	foreign := &Chunk{Columns: []Vector{NullVector(Column{Name: "a", Type: TypeVarchar}, ChunkSize)}, RowNumbers: make([]int, ChunkSize)}
	for k := 0; ; k++ {
		c, err := r.Next()
		if c == nil {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var spare *Chunk
		switch {
		case k == 1:
			spare = foreign // another schema: not used
		case k >= 2:
			spare = kept[k-2]
			kept[k-2] = nil
		}
		kept = append(kept, r.Keep(spare))
		// Every chunk kept and not given back still holds its rows.
		for j, c := range kept {
			if c == nil {
				continue
			}
			if d := cmp.Diff(want[j], chunkRows(c)); d != "" {
				t.Fatalf("after chunk %d, kept chunk %d changed (-want +got):\n%s", k, j, d)
			}
		}
	}
	if len(kept) != len(want) {
		t.Fatalf("%d chunks kept, want %d", len(kept), len(want))
	}
	if len(foreign.Columns) != 1 || foreign.Columns[0].Type != TypeVarchar {
		t.Errorf("the spare of another schema was changed: %+v", foreign.Columns)
	}

	// A spare of the schema's columns without room for a chunk's rows
	// is not used either: the next chunk is read into new memory.
	r = read()
	c, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	short := &Chunk{Columns: make([]Vector, len(c.Columns)), RowNumbers: make([]int, ChunkSize)}
	for i, v := range c.Columns {
		short.Columns[i] = Vector{Type: v.Type, Width: v.Width, Scale: v.Scale}
	}
	if d := cmp.Diff(want[0], chunkRows(r.Keep(short))); d != "" {
		t.Fatalf("the chunk kept with a short spare (-want +got):\n%s", d)
	}
	c, err = r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want[1], chunkRows(c)); d != "" {
		t.Fatalf("the chunk after a short spare (-want +got):\n%s", d)
	}
}

// TestAppendTextGrowth requires a chunk's text to reach the size of a
// chunk of 1000-byte values in a few steps (it doubled from nothing a
// dozen times before), and a huge first value not to be projected over
// the whole chunk.
func TestAppendTextGrowth(t *testing.T) {
	var vec Vector
	v := []byte(strings.Repeat("x", 1000))
	moves := 0
	for i := range ChunkSize {
		before := unsafe.SliceData(vec.Data)
		vec.appendText(i, v)
		if unsafe.SliceData(vec.Data) != before {
			moves++
		}
	}
	if len(vec.Data) != ChunkSize*len(v) {
		t.Fatalf("%d bytes of text, want %d", len(vec.Data), ChunkSize*len(v))
	}
	if moves > 3 {
		t.Errorf("the text moved %d times while a chunk was filled", moves)
	}
	var big Vector
	huge := make([]byte, 20<<20)
	big.appendText(0, huge)
	if c := cap(big.Data); c > len(huge)+len(huge)/8+(8<<20) {
		t.Errorf("a first value of %d bytes grew the text to %d", len(huge), c)
	}
}

// TestWideChunks: a schema of more than 512 columns gets chunks of fewer
// rows (ChunkRows), about a million values each, so that a chunk of a
// very wide file is megabytes, not gigabytes; the rows read are the same,
// in order, over chunks of that size, and Keep recycles such chunks.
func TestWideChunks(t *testing.T) {
	for _, c := range []struct{ columns, rows int }{
		{0, ChunkSize}, {1, ChunkSize}, {512, ChunkSize}, {513, 2044}, {4000, 262},
		{1 << 20, 1}, {5_000_000, 1},
	} {
		if got := ChunkRows(c.columns); got != c.rows {
			t.Errorf("ChunkRows(%d) = %d, want %d", c.columns, got, c.rows)
		}
	}

	const columns, rows = 4000, 600
	per := ChunkRows(columns)
	types := make([]Type, columns)
	for j := range types {
		types[j] = []Type{TypeBigInt, TypeVarchar, TypeDouble}[j%3]
	}
	var b strings.Builder
	for i := range rows {
		for j := range columns {
			if j > 0 {
				b.WriteByte(',')
			}
			if (i+j)%11 != 0 { // else NULL
				b.WriteByte(byte('0' + (i+j)%10))
			}
		}
		b.WriteByte('\n')
	}
	r := typedBytes(t, []byte(b.String()), scanner.Options{}, Options{Schema: typedSchema(types...)})
	var kept []*Chunk
	row := 0
	for k := 0; ; k++ {
		c, err := r.Next()
		if c == nil {
			if err != io.EOF {
				t.Fatal(err)
			}
			break
		}
		if c.Len() > per || (c.Len() < per && row+c.Len() != rows) {
			t.Fatalf("chunk %d holds %d rows, want %d (or the rest)", k, c.Len(), per)
		}
		for i := range c.Len() {
			if c.RowNumbers[i] != row+1 {
				t.Fatalf("chunk %d row %d: row number %d, want %d", k, i, c.RowNumbers[i], row+1)
			}
			for j := range columns {
				want := ""
				if (row+j)%11 != 0 {
					want = fmt.Sprint((row + j) % 10)
					if types[j] == TypeDouble {
						want += ".0"
					}
				}
				if got := string(c.Columns[j].AppendText(nil, i)); c.Columns[j].IsNull(i) != (want == "") || (want != "" && got != want) {
					t.Fatalf("row %d column %d: %q (null %v), want %q", row+1, j+1, got, c.Columns[j].IsNull(i), want)
				}
			}
			row++
		}
		// The Reader goes on in the memory of the chunk kept the time
		// before: chunks of ChunkRows rows fit it.
		var spare *Chunk
		if len(kept) > 0 {
			spare = kept[len(kept)-1]
		}
		kept = append(kept, r.Keep(spare))
	}
	if row != rows {
		t.Fatalf("%d rows read, want %d", row, rows)
	}
}
