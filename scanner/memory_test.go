package scanner

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/csvscan/csvscan/internal/memtest"
)

// The memory suite of the sequential paths (issue 16): hostile inputs,
// streamed from a pattern so no file is written, read by the Scanner and
// the typed.Reader with and without IgnoreErrors. The bound is the
// buffers, plus the longest row the scan may hold (MaxLineSize bytes,
// and its values' slices), plus a constant:
//
//	peak heap <= 8 MiB + 4*MaxLineSize + 96 bytes * values of the widest row
//
// (the buffer may grow to hold a whole row and is copied once when it
// grows; every value of a row costs a span and a slice header, 48 bytes,
// and their slices are copied when they grow). A row holds at most
// MaxLineSize/len(delimiter)+1 values, so a line of 2,000,000 commas may
// take 190 MB: that is the price of the widest row, and a smaller
// MaxLineSize lowers it. The small
// sizes run in go test ./...; CSVSCAN_MEMORY=full runs the sizes
// (1 GB, 500 MB, 2 GB inputs). The parallel paths have their own suite.

func memoryBound(opts Options, values int) uint64 {
	opts = opts.withDefaults()
	return 8<<20 + 4*uint64(opts.MaxLineSize) + 96*uint64(values)
}

func TestMemorySequential(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	for _, h := range memtest.HostileInputs(DefaultMaxLineSize) {
		for _, ignore := range []bool{false, true} {
			opts := Options{IgnoreErrors: ignore, FieldsPerRow: -1}
			name := fmt.Sprintf("%s/ignore=%v", h.Name, ignore)
			t.Run(name, func(t *testing.T) {
				// The figure counts dead objects not yet swept, and on a
				// busy machine (go test ./... runs packages side by side)
				// a lazy collector let the growth garbage of a row of 1M
				// values reach 116 MiB, where a collector keeping up leaves
				// 75 to 92. The collector is held to the bound
				// (memtest.Limit), and still a clean .ci/run measured 116
				// MiB over the bound of 107 once (2026-12-03), and 117 and
				// 122 MiB over 107 in two runs in a row (2026-12-06, the
				// root package's reads by ranges side by side): a peak over
				// the bound is measured up to twice more, and the test
				// fails when the third run is over it too. A scan that
				// holds more than the bound does so on every run.
				bound := memoryBound(opts, h.Values)
				defer memtest.Limit(int64(bound))()
				var rows, bad int
				scan := func() error {
					rows, bad = 0, 0
					s, err := New(h.Reader(), opts)
					if err != nil {
						return err
					}
					for s.Scan() {
						rows++
						bad += len(s.TakeBadRows())
					}
					bad += len(s.TakeBadRows())
					return s.Err()
				}
				peak, err := memtest.Measure(scan)
				for run := 2; peak > bound && run <= 3; run++ {
					t.Logf("peak heap %d bytes over the bound %d: measuring again (run %d)", peak, bound, run)
					peak, err = memtest.Measure(scan)
				}
				var pe *ParseError
				if err != nil && !errors.As(err, &pe) {
					t.Fatalf("%v", err)
				}
				if ignore && err != nil {
					t.Fatalf("IgnoreErrors, yet the scan stopped: %v", err)
				}
				if peak > bound {
					t.Fatalf("peak heap %d bytes over the bound %d (%d rows, %d bad, err %v)", peak, bound, rows, bad, err)
				}
				t.Logf("peak heap %.1f MiB, %d rows, %d bad rows, err %v", float64(peak)/(1<<20), rows, bad, err)
			})
		}
	}
}

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), z.n))
	clear(p[:k])
	z.n -= int64(k)
	return k, nil
}

// TestMemoryGzipBomb reads a gzip stream of zero bytes (4 GiB at the full
// size, 1000:1 compressed), decompressed as it is read: one endless line.
func TestMemoryGzipBomb(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	for _, ignore := range []bool{false, true} {
		opts := Options{IgnoreErrors: ignore}
		peak, err := memtest.Measure(func() error {
			bomb := gzipBomb(memtest.Size(64<<20, 4<<30))
			defer bomb.Close() // stops the compressing goroutine
			zr, err := gzip.NewReader(bomb)
			if err != nil {
				return err
			}
			s, err := New(zr, opts)
			if err != nil {
				return err
			}
			for s.Scan() {
			}
			if ignore {
				return s.Err()
			}
			if !errors.Is(s.Err(), ErrLineTooLong) {
				return fmt.Errorf("want a line-too-long error, got %v", s.Err())
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if bound := memoryBound(opts, 0); peak > bound {
			t.Fatalf("ignore=%v: peak heap %d over the bound %d", ignore, peak, bound)
		}
		t.Logf("ignore=%v: peak heap %.1f MiB", ignore, float64(peak)/(1<<20))
	}
}

// gzipBomb streams a gzip stream of n zero bytes, compressed as it is read;
// Close stops it.
func gzipBomb(n int64) io.ReadCloser {
	pr, pw := io.Pipe()
	go func() {
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
		_, err := io.Copy(zw, &zeros{n: n})
		if err == nil {
			err = zw.Close()
		}
		pw.CloseWithError(err)
	}()
	return pr
}

// zeros gives n zero bytes, for a gzip bomb made on the fly.
type zeros struct{ n int64 }
