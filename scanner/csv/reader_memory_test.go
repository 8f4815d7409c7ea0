package csv_test

import (
	"encoding/csv"
	"errors"
	"io"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/csvscan/csvscan/internal/memtest"
	dropin "github.com/csvscan/csvscan/scanner/csv"
)

// drainRecords reads every record of rd as a caller would (parse errors
// are counted and passed over, as encoding/csv allows), and returns how
// many records and parse errors it saw, the total length of the fields
// and the error that ended the reading (nil at io.EOF).
func drainRecords(rd recordReader) (records, parseErrs, size int, err error) {
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			return records, parseErrs, size, nil
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			return records, parseErrs, size, err
		}
		if err != nil {
			parseErrs++
		} else {
			records++
		}
		for _, f := range rec {
			size += len(f)
		}
	}
}

// readerMemorySlack is what the Reader may hold beyond encoding/csv's
// peak heap (times 1.1, for the sampling noise of memtest.Measure): its
// window of the input around the current record (the tap's arrays, each
// within a few times readerBufferSize, 64 KiB),
// the per-field state of a row of at most readerMaxRow bytes that the
// Scanner read before handing it to encoding/csv (a few MiB for 64 KiB of
// empty fields), and the garbage of records not yet collected.
const readerMemorySlack = 8 << 20

// TestMemoryReader reads the hostile inputs of the reliability issue (16,
// defect 6) with the drop-in Reader and with encoding/csv, one after the
// other on the same bytes, and requires the Reader's peak heap to stay at
// most encoding/csv's * 1.1 + readerMemorySlack, and the same records. The
// inputs are streamed (memtest.Pattern); the full sizes
// (CSVSCAN_MEMORY=full) are the issue's, or, where encoding/csv itself
// would need more than about 1.5 GB (100 MB of delimiters needs 7.4 GB,
// 1 GB of stray quote 4.2 GB), the largest that keeps a test process
// under 4 GB.
func TestMemoryReader(t *testing.T) {
	if testing.Short() {
		t.Skip("memory suite: skipped in -short")
	}
	tests := []struct {
		name        string
		head, unit  string
		small, full int64
		tail        string
	}{
		// One quote opens near the start: the rest of the file is one
		// unterminated field.
		{"StrayQuote", "id,note\n1,\"", "some words, and more\n", 2 << 20, 200 << 20, ""},
		// (A unit of 64 equal bytes streams the same input as a unit of
		// one, faster.)
		{"LongLine", "", strings.Repeat("x", 64), 4 << 20, 500 << 20, "\n"},
		{"Delimiters", "", strings.Repeat(",", 64), 1 << 20, 20 << 20, "\n"},
		{"Quotes", "", strings.Repeat("\"", 64), 4 << 20, 400 << 20, ""},
		{"OneDigitRows", "", strings.Repeat("1\n", 32), 2 << 20, 200 << 20, ""},
		{"EmptyLines", "", strings.Repeat("\n", 64), 4 << 20, 100 << 20, ""},
		{"EmptyLinesAfterRecord", "a,b\n", strings.Repeat("\n", 64), 4 << 20, 100 << 20, "c,d\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := memtest.Size(tt.small, tt.full)
			type result struct {
				records, parseErrs, size int
				err                      error
				peak                     uint64
				took                     time.Duration
			}
			run := func(open func(io.Reader) recordReader) result {
				var res result
				begin := time.Now()
				res.peak, res.err = memtest.Measure(func() error {
					var err error
					res.records, res.parseErrs, res.size, err = drainRecords(open(memtest.Pattern(tt.head, tt.unit, n, tt.tail)))
					return err
				})
				res.took = time.Since(begin)
				return res
			}
			// Each reader runs twice, in turns, and keeps its lower peak
			// and time: the first run of a process pays for mapping its
			// heap. The collector runs at GOGC=25 so that a peak is close
			// to what is live, not to when the last collection happened.
			defer debug.SetGCPercent(debug.SetGCPercent(25))
			std := run(func(r io.Reader) recordReader { return csv.NewReader(r) })
			got := run(func(r io.Reader) recordReader { return dropin.NewReader(r) })
			std2 := run(func(r io.Reader) recordReader { return csv.NewReader(r) })
			got2 := run(func(r io.Reader) recordReader { return dropin.NewReader(r) })
			std.peak, std.took = min(std.peak, std2.peak), min(std.took, std2.took)
			got.peak, got.took = min(got.peak, got2.peak), min(got.took, got2.took)
			if std.err != nil || got.err != nil {
				t.Fatalf("read errors: encoding/csv %v, Reader %v", std.err, got.err)
			}
			if std.records != got.records || std.parseErrs != got.parseErrs || std.size != got.size {
				t.Fatalf("encoding/csv read %d records, %d parse errors, %d bytes of fields; Reader %d, %d, %d",
					std.records, std.parseErrs, std.size, got.records, got.parseErrs, got.size)
			}
			bound := std.peak + std.peak/10 + readerMemorySlack
			t.Logf("%d bytes: Reader %.1f MB in %v, encoding/csv %.1f MB in %v", n,
				float64(got.peak)/1e6, got.took.Round(time.Millisecond), float64(std.peak)/1e6, std.took.Round(time.Millisecond))
			if got.peak > bound {
				t.Fatalf("%d bytes: the Reader's peak heap is %d bytes, over the bound of encoding/csv's %d * 1.1 + %d = %d",
					n, got.peak, std.peak, readerMemorySlack, bound)
			}
		})
	}
}
