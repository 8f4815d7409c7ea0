package typed

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"testing/iotest"

	"github.com/csvscan/csvscan/internal/faults"
	"github.com/csvscan/csvscan/internal/memtest"
	"github.com/csvscan/csvscan/scanner"
)

// The typed reader over failing sources and hostile inputs: the raw scan's
// suites (scanner/fault_test.go, scanner/memory_test.go) with the typed
// reader on top. A failed read is an error, never the end of the input,
// and memory stays bounded by the scan's bound plus a chunk.

func TestFaultTypedReader(t *testing.T) {
	data := []byte("id,name\n")
	for i := 0; i < 3000; i++ {
		data = fmt.Appendf(data, "%d,name %d\n", i, i*7)
	}
	schema := Schema{{Name: "id", Type: TypeBigInt}, {Name: "name", Type: TypeVarchar}}
	read := func(r io.Reader) (int, error) {
		s, err := scanner.New(r, scanner.Options{Header: true})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := NewReader(s, Options{Schema: schema})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for c, err := range tr.Chunks() {
			if err != nil {
				return n, err
			}
			n += c.Len()
		}
		return n, nil
	}
	all, err := read(bytes.NewReader(data))
	if err != nil || all != 3000 {
		t.Fatalf("whole input: %d rows, %v", all, err)
	}
	boom := errors.New("the disk went away")
	sources := []struct {
		name string
		r    func(data []byte) io.Reader
		want error // nil: the whole input reads as from bytes
	}{
		{"unexpected EOF", func(d []byte) io.Reader {
			return &faults.Reader{Data: d, N: len(d) / 2, Err: io.ErrUnexpectedEOF, Together: true}
		}, io.ErrUnexpectedEOF},
		{"other error", func(d []byte) io.Reader { return &faults.Reader{Data: d, N: len(d)/3 + 5, Err: boom, Together: true} }, boom},
		{"no progress", func(d []byte) io.Reader { return io.MultiReader(bytes.NewReader(d[:len(d)/2]), &faults.Stall{}) }, io.ErrNoProgress},
		{"one byte at a time", func(d []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(d)) }, nil},
	}
	for _, src := range sources {
		n, err := read(src.r(data))
		if src.want == nil {
			if err != nil || n != all {
				t.Errorf("Reader, %s: %d rows, %v; want %d", src.name, n, err, all)
			}
			continue
		}
		if !errors.Is(err, src.want) || n > all {
			t.Errorf("Reader, %s: %d rows, error %v; want %v", src.name, n, err, src.want)
		}
	}
}

func TestMemoryTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("the memory suite reads tens of megabytes per input; skipped in -short")
	}
	schema := Schema{{Name: "a", Type: TypeVarchar}, {Name: "b", Type: TypeBigInt}}
	for _, h := range memtest.HostileInputs(scanner.DefaultMaxLineSize) {
		t.Run(h.Name, func(t *testing.T) {
			opts := scanner.Options{IgnoreErrors: true, FieldsPerRow: -1}
			// A chunk holds 2048 rows of the two columns besides the scan,
			// and a bad row's reject its text and 8 bytes per value.
			bound := 8<<20 + 4*uint64(scanner.DefaultMaxLineSize) + 96*uint64(h.Values) + 8<<20 + 16*uint64(h.Values)
			// The collector is held to the bound (memtest.Limit), as in
			// the scanner's TestMemorySequential on the same inputs: the
			// figure counts dead objects not yet swept, and on a busy
			// machine a lazy collector's garbage raised the delimiters'
			// peak from 103 to 155 MiB.
			defer memtest.Limit(int64(bound))()
			peak, err := memtest.Measure(func() error {
				s, err := scanner.New(h.Reader(), opts)
				if err != nil {
					return err
				}
				tr, err := NewReader(s, Options{Schema: schema, IgnoreErrors: true})
				if err != nil {
					return err
				}
				for _, err := range tr.Chunks() {
					if err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				t.Fatalf("%v", err)
			}
			if peak > bound {
				t.Fatalf("peak heap %d bytes over the bound %d", peak, bound)
			}
			t.Logf("peak heap %.1f MiB", float64(peak)/(1<<20))
		})
	}
}
