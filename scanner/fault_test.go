package scanner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/csvscan/csvscan/internal/faults"
)

// The fault-injection suite (issue 16): every entry point of this package,
// read from a source that fails, must end with the source's error (or
// io.ErrNoProgress for a source that gives nothing forever), never as at
// the end of input, and must not deliver a row the input does not hold.
// A source that gives one byte at a time must read like the whole input.

// faultFile is a file of many rows, so that a failure lands in the middle
// of the parallel scan's buffers.
func faultFile() []byte {
	var b strings.Builder
	b.WriteString("id,name\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "%d,name %d\n", i, i*7)
	}
	return []byte(b.String())
}

type faultSource struct {
	name string
	r    func(data []byte) io.Reader
	want error // nil: the whole input reads as from bytes
}

func faultSources() []faultSource {
	boom := errors.New("the disk went away")
	return []faultSource{
		{"unexpected EOF", func(d []byte) io.Reader {
			return &faults.Reader{Data: d, N: len(d) / 2, Err: io.ErrUnexpectedEOF, Together: true}
		}, io.ErrUnexpectedEOF},
		{"unexpected EOF early", func(d []byte) io.Reader {
			return &faults.Reader{Data: d, N: 10, Err: io.ErrUnexpectedEOF, Together: true}
		}, io.ErrUnexpectedEOF},
		{"other error", func(d []byte) io.Reader { return &faults.Reader{Data: d, N: len(d)/3 + 5, Err: boom, Together: true} }, boom},
		{"no progress", func(d []byte) io.Reader { return io.MultiReader(bytes.NewReader(d[:len(d)/2]), &faults.Stall{}) }, io.ErrNoProgress},
		{"one byte at a time", func(d []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(d)) }, nil},
		{"data with EOF", func(d []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(d)) }, nil},
	}
}

// checkFault compares what an entry point read from a source with the
// rows of the whole input.
func checkFault(t *testing.T, what string, src faultSource, all, got [][]string, err error) {
	t.Helper()
	if src.want == nil {
		if err != nil || len(got) != len(all) {
			t.Errorf("%s, %s: %d rows, %v; want all %d rows", what, src.name, len(got), err, len(all))
		}
		return
	}
	if !errors.Is(err, src.want) {
		t.Errorf("%s, %s: error %v after %d rows; want %v", what, src.name, err, len(got), src.want)
	}
	if len(got) > len(all) {
		t.Errorf("%s, %s: %d rows, more than the input's %d", what, src.name, len(got), len(all))
		return
	}
	for i, row := range got {
		if strings.Join(row, "|") != strings.Join(all[i], "|") {
			t.Errorf("%s, %s: row %d is %q, the input's is %q", what, src.name, i+1, row, all[i])
			return
		}
	}
}

func TestFaultScanner(t *testing.T) {
	data := faultFile()
	all := scanBytes(t, data, Options{Header: true}).Rows
	for _, src := range faultSources() {
		for _, size := range []int{64, 4096} {
			s, err := New(src.r(data), Options{Header: true, BufferSize: size})
			if err != nil {
				t.Fatal(err)
			}
			var got [][]string
			for s.Scan() {
				got = append(got, rowStrings(s.Row()))
			}
			checkFault(t, fmt.Sprintf("Scanner, buffer %d", size), src, all, got, s.Err())
		}
	}
}

func TestFaultParallel(t *testing.T) {
	data := faultFile()
	all := scanBytes(t, data, Options{Header: true}).Rows
	opts := Options{Header: true, BufferSize: 1024, MaxLineSize: 256}
	for _, src := range faultSources() {
		for _, threads := range []int{1, 2, 3} {
			opts.Threads = threads
			for _, each := range []bool{false, true} {
				p, err := ScanReader(context.Background(), src.r(data), opts)
				if err != nil {
					if src.want != nil && errors.Is(err, src.want) {
						continue // the first buffer failed already
					}
					t.Fatal(err)
				}
				what := fmt.Sprintf("ScanReader, %d threads, Each %v", threads, each)
				got, err := readParallel(p, each)
				checkFault(t, what, src, all, got, err)
				p.Close()
			}
		}
	}
}

func TestFaultReaderAt(t *testing.T) {
	data := faultFile()
	all := scanBytes(t, data, Options{Header: true}).Rows
	opts := Options{Header: true, BufferSize: 1024, MaxLineSize: 256, Threads: 2}
	boom := errors.New("the disk went away")
	for _, tt := range []struct {
		name string
		err  error
		want error
	}{
		// A short read with io.EOF inside the size the caller gave is a
		// truncated input, not its end.
		{"EOF", io.EOF, io.ErrUnexpectedEOF},
		{"unexpected EOF", io.ErrUnexpectedEOF, io.ErrUnexpectedEOF},
		{"other error", boom, boom},
	} {
		for _, each := range []bool{false, true} {
			ra := &faults.ReaderAt{Data: data, N: int64(len(data)) / 2, Err: tt.err, Short: true}
			p, err := ScanReaderAt(context.Background(), ra, int64(len(data)), opts)
			if err != nil {
				t.Fatal(err)
			}
			got, err := readParallel(p, each)
			p.Close()
			checkFault(t, "ScanReaderAt, Each "+fmt.Sprint(each), faultSource{name: tt.name, want: tt.want}, all, got, err)
		}
	}
}

// readParallel reads every row of p, with Scan or with Each (blocks put
// in file order).
func readParallel(p *Parallel, each bool) ([][]string, error) {
	if !each {
		var got [][]string
		for p.Scan() {
			got = append(got, rowStrings(p.Row()))
		}
		return got, p.Err()
	}
	blocks := map[int][][]string{}
	var mu = make(chan struct{}, 1)
	err := p.Each(func(b *Block) error {
		var rows [][]string
		for b.Scan() {
			rows = append(rows, rowStrings(b.Row()))
		}
		mu <- struct{}{}
		blocks[b.Index()] = rows
		<-mu
		return b.Err()
	})
	var got [][]string
	for i := 0; ; i++ {
		rows, ok := blocks[i]
		if !ok {
			break
		}
		got = append(got, rows...)
	}
	return got, err
}
