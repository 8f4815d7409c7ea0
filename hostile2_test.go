package csvscan

import (
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/memtest"
)

// TestMemoryWideText reads rows of a million text values through
// OpenReader, as the memory suite's "wide rows" reads a million numbers:
// the peak heap stays under the same bound of 1,024 bytes a value (plus
// the scanner's buffers). A chunk of one row (typed.ChunkRows) sized each
// text column's bytes as if it held typed.ChunkSize rows, 2,304 bytes
// for a value of one, and 2.8 GB of RSS for two such rows (2026-12-06).
func TestMemoryWideText(t *testing.T) {
	if testing.Short() {
		t.Skip("reads rows of a million values")
	}
	const values = 999_991
	row := strings.Repeat("x,", values-1) + "x\n"
	defer memtest.Limit(24 << 20)()
	rows := 0
	peak, err := memtest.Measure(func() error {
		r, err := OpenReader(strings.NewReader(row+row), Options{Header: Off})
		if err != nil {
			return err
		}
		defer r.Close()
		for _, err := range r.Values() {
			if err != nil {
				return err
			}
			rows++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rows != 2 {
		t.Fatalf("%d rows, want 2", rows)
	}
	if bound := uint64(32<<20 + 4*2_000_000 + 1024*values); peak > bound {
		t.Fatalf("peak heap %d over the bound %d", peak, bound)
	}
	t.Logf("peak heap %.1f MiB", float64(peak)/(1<<20))
}
