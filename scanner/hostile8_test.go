package scanner

import (
	"context"
	"os"
	"testing"

	"github.com/csvscan/csvscan/dialect"
)

// TestOpenZeroSizedFileWithBytes: Open and ScanFile of a regular file
// whose size says 0 but which holds bytes (Linux's /proc and /sys files)
// read it as a stream, to its end, sequentially and in parallel; they
// read no row.
func TestOpenZeroSizedFileWithBytes(t *testing.T) {
	const path = "/proc/self/mounts"
	st, err := os.Stat(path)
	if err != nil || st.Size() != 0 || !st.Mode().IsRegular() {
		t.Skipf("%s is not a regular file of size 0 here", path)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		t.Skipf("%s: %d bytes, %v", path, len(data), err)
	}
	d := dialect.Default()
	d.Delimiter, d.Quote, d.Escape = "\t", dialect.None, dialect.None
	o := Options{Dialect: d, FieldsPerRow: -1}
	s, err := NewBytes(data, o)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for s.Scan() {
		want++
	}
	if s.Err() != nil || want == 0 {
		t.Fatalf("the bytes of %s: %d rows, %v", path, want, s.Err())
	}
	for _, threads := range []int{1, 2} {
		o.Threads = threads
		f, err := Open(path, o)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for f.Scan() {
			got++
		}
		if got != want || f.Err() != nil {
			t.Errorf("threads %d: %d rows, %v; want %d", threads, got, f.Err(), want)
		}
		f.Close()

		// ScanFile of the open file reads it as a stream too.
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ScanFile(context.Background(), fh, o)
		if err != nil {
			t.Fatal(err)
		}
		got = 0
		for p.Scan() {
			got++
		}
		if got != want || p.Err() != nil {
			t.Errorf("ScanFile, threads %d: %d rows, %v; want %d", threads, got, p.Err(), want)
		}
		p.Close()
		fh.Close()
	}
}
