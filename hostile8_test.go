package csvscan

import (
	"bytes"
	"os"
	"testing"
)

// TestZeroSizedFileWithBytes: a regular file whose size says 0 but which
// holds bytes (Linux's /proc and /sys files, some FUSE and network file
// systems) is read as a stream, to its end. Open, OpenFiles and the
// command read /proc/self/mounts as an empty file, "the input is empty (no
// bytes): no rows", where cat /proc/self/mounts | csvscan count - read
// its lines.
func TestZeroSizedFileWithBytes(t *testing.T) {
	const path = "/proc/self/mounts"
	st, err := os.Stat(path)
	if err != nil || st.Size() != 0 || !st.Mode().IsRegular() {
		t.Skipf("%s is not a regular file of size 0 here", path)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) == 0 {
		t.Skipf("%s: %d bytes, %v", path, len(data), err)
	}
	count := func(r *Reader, err error) (int64, error) {
		if err != nil {
			return 0, err
		}
		defer r.Close()
		return r.Count()
	}
	o := Options{AllVarchar: true, Header: Off, Delim: "\t", Quote: None, Threads: 2}
	want, err := count(OpenReader(bytes.NewReader(data), o))
	if err != nil || want == 0 {
		t.Fatalf("the bytes of %s as a stream: %d rows, %v", path, want, err)
	}
	if got, err := count(Open(path, o)); got != want || err != nil {
		t.Errorf("Open: %d rows, %v; want %d", got, err, want)
	}
	if got, err := count(OpenFiles([]string{path, path}, o)); got != 2*want || err != nil {
		t.Errorf("OpenFiles: %d rows, %v; want %d", got, err, 2*want)
	}
}
