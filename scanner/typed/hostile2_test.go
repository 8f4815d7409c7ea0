package typed

import "testing"

// TestAppendTextWideChunk: the text of a chunk of fewer rows than
// ChunkSize (a wide schema's, ChunkRows) grows for the rows the chunk
// holds: a value of one byte in a chunk of one row took 2,304 bytes, as
// if the chunk held ChunkSize rows, and a row of a million such values
// 2.3 GB.
func TestAppendTextWideChunk(t *testing.T) {
	for _, rows := range []int{1, ChunkRows(100_000), ChunkSize} {
		c := newChunk(Schema{{Name: "a", Type: TypeVarchar}}, rows)
		vec := &c.Columns[0]
		vec.appendText(0, []byte("x"))
		if want := max(16, rows+rows/8); cap(vec.Data) > want {
			t.Errorf("a chunk of %d rows: one byte of text grew to %d, want at most %d", rows, cap(vec.Data), want)
		}
	}
}
