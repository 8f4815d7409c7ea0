package csv_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/csvscan/csvscan/internal/faults"
	dropin "github.com/csvscan/csvscan/scanner/csv"
)

// TestFaultReader is the Reader's part of the fault-injection suite (issue
// 16): read from a source that fails, it must end with the source's error
// (io.ErrNoProgress for a source that gives nothing forever), never as at
// the end of input, and deliver only records the input holds, in order; a
// source that gives one byte at a time, or its last bytes with io.EOF,
// must read like the whole input.
func TestFaultReader(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,name\n")
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "%d,name %d\n", i, i*7)
	}
	data := []byte(b.String())
	all, err := dropin.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(all) != 3001 {
		t.Fatalf("whole input: %d records, %v", len(all), err)
	}
	boom := errors.New("the disk went away")
	sources := []struct {
		name string
		r    io.Reader
		want error // nil: the whole input reads as from bytes
	}{
		{"unexpected EOF", &faults.Reader{Data: data, N: len(data) / 2, Err: io.ErrUnexpectedEOF, Together: true}, io.ErrUnexpectedEOF},
		{"unexpected EOF early", &faults.Reader{Data: data, N: 10, Err: io.ErrUnexpectedEOF, Together: true}, io.ErrUnexpectedEOF},
		{"other error", &faults.Reader{Data: data, N: len(data)/3 + 5, Err: boom, Together: true}, boom},
		{"no progress", io.MultiReader(bytes.NewReader(data[:len(data)/2]), &faults.Stall{}), io.ErrNoProgress},
		{"one byte at a time", iotest.OneByteReader(bytes.NewReader(data)), nil},
		{"data with EOF", iotest.DataErrReader(bytes.NewReader(data)), nil},
	}
	for _, src := range sources {
		r := dropin.NewReader(src.r)
		var got [][]string
		var rerr error
		for {
			rec, err := r.Read()
			if err != nil {
				if err != io.EOF {
					rerr = err
				}
				break
			}
			got = append(got, rec)
		}
		switch {
		case src.want == nil && (rerr != nil || len(got) != len(all)):
			t.Errorf("%s: %d records, %v; want all %d", src.name, len(got), rerr, len(all))
		case src.want != nil && !errors.Is(rerr, src.want):
			t.Errorf("%s: error %v after %d records; want %v", src.name, rerr, len(got), src.want)
		case len(got) > len(all):
			t.Errorf("%s: %d records, more than the input's %d", src.name, len(got), len(all))
		}
		for i := range min(len(got), len(all)) {
			if !slices.Equal(got[i], all[i]) {
				t.Errorf("%s: record %d is %q, the input's is %q", src.name, i+1, got[i], all[i])
				break
			}
		}
	}
}
