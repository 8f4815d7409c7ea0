package scanner

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/csvscan/csvscan/internal/memtest"
)

// repeatAt is an io.ReaderAt over size bytes of a unit repeated, so that a
// known-ranges scan of a large input needs no memory for the input itself.
type repeatAt struct {
	block string // the unit repeated to about 64 KiB, a whole number of times
	unit  int
	size  int64
}

func newRepeatAt(unit string, size int64) *repeatAt {
	return &repeatAt{block: strings.Repeat(unit, max(1, (64<<10)/len(unit))), unit: len(unit), size: size}
}

func (r *repeatAt) ReadAt(p []byte, off int64) (int, error) {
	if off >= r.size {
		return 0, io.EOF
	}
	n := len(p)
	if left := r.size - off; int64(n) > left {
		n = int(left)
	}
	for i := 0; i < n; {
		i += copy(p[i:n], r.block[int((off+int64(i))%int64(r.unit)):])
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// TestMemoryParallelTinyRows reads files of rows of one or two bytes in
// parallel (2 goroutines) through ScanReaderAt and ScanReader, with Scan and
// with Each, and bounds the peak heap. Such files have the most rows per
// byte, so the most row records per buffer (issue 16, defect 5: 200 MB of
// "1\n" took 615 MB, 100 MB of "\n" 1.0 GB, the batches being sized from
// the density of line ends).
//
// The bound: the buffers (at most Threads+4 buffers in memory: the ones the
// window's boundaries pin, one prefetched, two kept for reuse), plus 48 MiB
// of row records, whatever the input size: about batchBudget (2 MiB) for
// each bulk batch in flight (one per boundary of the window of Threads+2)
// and for each spare (at most the window's size), up to four budgets for
// the first boundaries (256 KiB before any density is measured) and for
// batches that grew. The collector is held to the bound (memtest.Limit). The
// small size (CI) reads 4 MB of "1\n" and 2 MB of "\n" in 1 MiB buffers;
// CSVSCAN_MEMORY=full reads the 200 MB and 100 MB in 32 MiB ones.
func TestMemoryParallelTinyRows(t *testing.T) {
	if testing.Short() {
		t.Skip("memory test")
	}
	const threads = 2
	bufSize := memtest.Size(1<<20, DefaultParallelBufferSize)
	for _, tc := range []struct {
		name string
		unit string
		size int64
	}{
		{"ones", "1\n", memtest.Size(4<<20, 200<<20)},
		{"newlines", "\n", memtest.Size(2<<20, 100<<20)},
	} {
		nbuf := int64(threads + 4)
		if n := (tc.size + bufSize - 1) / bufSize; nbuf > n {
			nbuf = n
		}
		bound := uint64(nbuf*bufSize) + 48<<20
		opts := Options{Threads: threads, BufferSize: int(bufSize)}
		rows := tc.size / int64(len(tc.unit))
		if tc.unit == "\n" {
			rows = 0 // empty lines are no rows in a file without columns
		}
		sources := []struct {
			name string
			open func() (*Parallel, error)
		}{
			{"ReaderAt", func() (*Parallel, error) {
				return ScanReaderAt(context.Background(), newRepeatAt(tc.unit, tc.size), tc.size, opts)
			}},
			{"Reader", func() (*Parallel, error) {
				return ScanReader(context.Background(), memtest.Pattern("", tc.unit, tc.size, ""), opts)
			}},
		}
		for _, src := range sources {
			for _, way := range []string{"Scan", "Each"} {
				t.Run(fmt.Sprintf("%s/%s/%s", tc.name, src.name, way), func(t *testing.T) {
					// The collector works to stay under the bound, so that
					// what the figure shows is what the scan holds, not
					// garbage a lazy collector left.
					defer memtest.Limit(int64(bound))()
					var n atomic.Int64
					peak, err := memtest.Measure(func() error {
						p, err := src.open()
						if err != nil {
							return err
						}
						defer p.Close()
						if way == "Scan" {
							for p.Scan() {
								n.Add(1)
							}
							return p.Err()
						}
						return p.Each(func(b *Block) error {
							k := int64(0)
							for b.Scan() {
								k++
							}
							n.Add(k)
							return nil
						})
					})
					if err != nil {
						t.Fatal(err)
					}
					if got := n.Load(); got != rows {
						t.Errorf("%d rows, want %d", got, rows)
					}
					t.Logf("%d MB: peak heap %.1f MB (bound %.1f MB)", tc.size>>20, float64(peak)/(1<<20), float64(bound)/(1<<20))
					if peak > bound {
						t.Errorf("peak heap %.1f MB, over the bound of %.1f MB (%d buffers of %d KiB + 48 MiB of row records)",
							float64(peak)/(1<<20), float64(bound)/(1<<20), nbuf, bufSize>>10)
					}
				})
			}
		}
	}
}

// TestMemoryParallelLongRow reads a file whose one data row is far longer
// than a buffer (8 values of 3 MB over buffers of 1 MiB) in parallel, with
// Each and with Scan, and bounds the peak heap by the buffers plus 3.25
// times the row. The worker that reads the row across the buffers holds it
// in its Scanner's buffer, which doubles as it grows: twice the row at
// most, and while the old buffer is copied into the new one, three times
// (here 16 and 32 MiB for 24 MB); the collector may not yet have swept the
// smaller ones before them. The batch takes that buffer as its arena
// (batch.adopt). It used to copy the row into its arena, a value at a
// time, doubling: 94 to 125 MB here, where it now takes 54 to 74.
func TestMemoryParallelLongRow(t *testing.T) {
	if testing.Short() {
		t.Skip("memory test")
	}
	const (
		values  = 8
		valLen  = 3 << 20
		bufSize = 1 << 20
		threads = 2
	)
	in := longRowAt{values: values, valLen: valLen}
	rowLen := uint64(values*(valLen+1) - 1)
	bound := uint64((threads+4)*bufSize) + rowLen*13/4
	opts := Options{Threads: threads, BufferSize: bufSize, MaxLineSize: int(2 * rowLen)}
	for _, way := range []string{"Scan", "Each"} {
		t.Run(way, func(t *testing.T) {
			defer memtest.Limit(int64(bound))()
			var n, longest atomic.Int64
			peak, err := memtest.Measure(func() error {
				p, err := ScanReaderAt(context.Background(), in, in.size(), opts)
				if err != nil {
					return err
				}
				defer p.Close()
				note := func(r [][]byte) {
					k := int64(0)
					for _, v := range r {
						k += int64(len(v))
					}
					if k > longest.Load() {
						longest.Store(k)
					}
				}
				if way == "Scan" {
					for p.Scan() {
						n.Add(1)
						note(p.Row())
					}
					return p.Err()
				}
				return p.Each(func(b *Block) error {
					for b.Scan() {
						n.Add(1)
						note(b.Row())
					}
					return nil
				})
			})
			if err != nil {
				t.Fatal(err)
			}
			if n.Load() != 3 || longest.Load() != values*valLen {
				t.Fatalf("%d rows, longest %d bytes of values; want 3 and %d", n.Load(), longest.Load(), values*valLen)
			}
			t.Logf("row of %d MB: peak heap %.1f MB (bound %.1f MB)", rowLen>>20, float64(peak)/(1<<20), float64(bound)/(1<<20))
			if peak > bound {
				t.Errorf("peak heap %.1f MB, over the bound of %.1f MB (%d buffers of %d KiB + 3.25 times the row)",
					float64(peak)/(1<<20), float64(bound)/(1<<20), threads+4, bufSize>>10)
			}
		})
	}
}

// longRowAt is an io.ReaderAt over a header line of 8 names, one row of
// values of valLen bytes of 'x', and a short last row, made as it is read
// so that the input takes no heap of its own.
type longRowAt struct{ values, valLen int }

const (
	longRowHead = "a,b,c,d,e,f,g,h\n"
	longRowTail = "\n1,2,3,4,5,6,7,8\n"
)

func (r longRowAt) size() int64 {
	return int64(len(longRowHead) + r.values*(r.valLen+1) - 1 + len(longRowTail))
}

func (r longRowAt) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for ; n < len(p) && off+int64(n) < r.size(); n++ {
		i := int(off) + n
		rowEnd := len(longRowHead) + r.values*(r.valLen+1) - 1
		switch {
		case i < len(longRowHead):
			p[n] = longRowHead[i]
		case i >= rowEnd:
			p[n] = longRowTail[i-rowEnd]
		case (i-len(longRowHead))%(r.valLen+1) == r.valLen:
			p[n] = ','
		default:
			p[n] = 'x'
		}
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
