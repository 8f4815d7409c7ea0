package csvscan

import (
	"fmt"
	"testing"

	"github.com/csvscan/csvscan/internal/memtest"
)

// TestMemoryFrontDoor reads the hostile inputs of the reliability issue
// through OpenReader (sniffing, then a sequential read and the casts),
// with and without IgnoreErrors, generated on the fly: the peak heap stays
// under 32 MiB + 4*MaxLineSize + 128 bytes per value of the widest row
// (the sniffer's sample, the scanner's buffer grown to a row, a chunk).
// The small sizes run in go test ./...; CSVSCAN_MEMORY=full runs the
// issue's.
func TestMemoryFrontDoor(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	const maxLine = 2_000_000
	for _, h := range []struct {
		name             string
		head, unit, tail string
		small, full      int64
		values           int
	}{
		{"stray quote", "a,b\n1,2\n\"", "x,y\n", "", 16 << 20, 1 << 30, 0},
		{"long line", "a\n", "abcdefgh", "", 16 << 20, 500 << 20, 0},
		{"1M columns", "", "a,", "\n", 2 << 20, 2_000_000, 1 << 20},
		{"delimiters", "", ",", "", 16 << 20, 100 << 20, maxLine + 1},
		{"quotes", "", "\"", "", 16 << 20, 2 << 30, 0},
		{"tiny rows", "", "1\n", "", 16 << 20, 200 << 20, 0},
		{"empty lines", "a\n1\n", "\n", "", 16 << 20, 100 << 20, 0},
	} {
		for _, ignore := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/ignore=%v", h.name, ignore), func(t *testing.T) {
				var rows int
				var readErr error
				peak, err := memtest.Measure(func() error {
					src := memtest.Pattern(h.head, h.unit, memtest.Size(h.small, h.full), h.tail)
					r, err := OpenReader(src, Options{IgnoreErrors: ignore})
					if err != nil {
						return err
					}
					defer r.Close()
					for _, err := range r.Values() {
						if err != nil {
							readErr = err
							break
						}
						rows++
					}
					return nil
				})
				if bound := uint64(32<<20 + 4*maxLine + 128*h.values); peak > bound {
					t.Fatalf("peak heap %d over the bound %d (%d rows, open %v, read %v)", peak, bound, rows, err, readErr)
				}
				t.Logf("peak heap %.1f MiB, %d rows, open error %v, read error %v", float64(peak)/(1<<20), rows, err, readErr)
			})
		}
	}
}
