package sniff

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
)

// TestRowReaderValues checks the row reader's ownership rules: a value the
// scanner did not unescape stays a slice of the sample (no copy), an
// unescaped one is copied out of the scanner's scratch buffer, and the
// kept rows of the first chunk still hold their values after the chunks
// read into reused buffers.
func TestRowReaderValues(t *testing.T) {
	var b strings.Builder
	for i := range 3 * chunkRows {
		fmt.Fprintf(&b, "%d,\"q\"\"%d\",plain%d\n", i, i, i)
	}
	data := []byte(b.String())
	d := dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"')}
	rr, err := newRowReader(data, d, 3, &Options{}, 1<<30, false)
	if err != nil {
		t.Fatal(err)
	}
	first, err := rr.next(nil, chunkRows, true)
	if err != nil {
		t.Fatal(err)
	}
	for rr.total < 3*chunkRows {
		rows, err := rr.next(nil, chunkRows, false)
		if err != nil || len(rows) == 0 {
			t.Fatalf("after %d rows: %d rows, %v", rr.total, len(rows), err)
		}
		last := rows[len(rows)-1]
		if want := fmt.Sprintf("q\"%d", rr.total-1); string(last[1]) != want {
			t.Fatalf("row %d: %q, want %q", rr.total-1, last[1], want)
		}
	}
	copied := 0
	for i, r := range first {
		if string(r[0]) != fmt.Sprint(i) || string(r[1]) != fmt.Sprintf("q\"%d", i) || string(r[2]) != fmt.Sprintf("plain%d", i) {
			t.Fatalf("kept row %d is now %q", i, r)
		}
		if !within(r[0], data) || !within(r[2], data) {
			t.Fatalf("row %d: a plain value was copied", i)
		}
		if !within(r[1], data) {
			copied++
		}
	}
	if copied != len(first) {
		t.Fatalf("%d of %d unescaped values copied, want all", copied, len(first))
	}
	if within([]byte("x"), data) || within(nil, data) {
		t.Fatal("within: a foreign or empty slice is inside data")
	}
}
