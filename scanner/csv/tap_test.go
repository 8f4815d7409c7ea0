package csv

import (
	"io"
	"strings"
	"testing"
)

// TestTapArrayBound: an array strings are cut from (sealed) is at most
// max(tapBlock, 2*record+3*readerBufferSize) bytes, the bound the Reader's
// doc gives for what a kept field keeps alive, with records of 50 to 64
// KiB between short ones (a reviewer found 158,624-byte arrays for 55 KiB
// records where an earlier doc said 64 KiB besides the record).
func TestTapArrayBound(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString(strings.Repeat("x", 50<<10+i*350) + ",a\n")
		for range 50 {
			b.WriteString("1,2\n")
		}
	}
	rd := NewReader(strings.NewReader(b.String()))
	maxCap, longest, sealed := 0, 0, 0
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		longest = max(longest, len(rec[0])+len(rec[1])+2)
		if rd.in.sealed {
			sealed++
			maxCap = max(maxCap, cap(rd.in.buf))
		}
	}
	if sealed == 0 {
		t.Fatal("no record was read from a sealed array: the test reads nothing it bounds")
	}
	if bound := max(tapBlock, 2*longest+3*readerBufferSize); maxCap > bound {
		t.Errorf("a sealed tap array of %d bytes, over the bound %d for records up to %d bytes", maxCap, bound, longest)
	}
	t.Logf("largest sealed array %d bytes for records up to %d", maxCap, longest)
}
