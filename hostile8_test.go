package csvscan

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
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

// TestUnionByNameIgnoresCase: UnionByName matches column names ignoring
// ASCII case, as DuckDB's union_by_name does (a case-insensitive map of
// names; its identifiers ignore case): "a" in one file and "A" in the
// next are one column, named as the first file names it. The table had
// two columns "a" and "A", which no single file's header can give (the
// sniffer makes a, A into a, A_1), each NULL where the other had the
// value. A hive key and Options.Filename's column meet the files' columns
// the same way.
func TestUnionByNameIgnoresCase(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		path := dir + "/" + name
		if err := os.MkdirAll(path[:strings.LastIndexByte(path, '/')], 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	lower := write("lower.csv", "a,b\n1,x\n")
	upper := write("upper.csv", "B,A,C\ny,2,3\n")
	r, err := OpenFiles([]string{lower, upper}, Options{UnionByName: true})
	if err != nil {
		t.Fatal(err)
	}
	got := readAll(r)
	r.Close()
	want := table{Schema: []string{"a:BIGINT", "b:VARCHAR", "C:BIGINT"}, Rows: [][]string{{"1", "x", "NULL"}, {"2", "y", "3"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("union of a,b and B,A,C:\n got %+v\nwant %+v", got, want)
	}

	// A hive key replaces the file column of its name in any case.
	part := write("K=1/f.csv", "k,v\n9,x\n")
	r, err = OpenFiles([]string{part}, Options{HivePartitioning: On})
	if err != nil {
		t.Fatal(err)
	}
	got = readAll(r)
	r.Close()
	if len(got.Schema) != 2 || got.Err != "" {
		t.Errorf("file column k under the folder K=1: %+v; want the columns k (the key's) and v", got)
	}
	// A file column "FileName" is Options.Filename's column.
	named := write("named.csv", "FileName,v\nx,1\n")
	if r, err := OpenFiles([]string{named}, Options{Filename: true}); !errors.Is(err, ErrOption) {
		if err == nil {
			r.Close()
		}
		t.Errorf("a column FileName with Options.Filename: %v; want ErrOption", err)
	}
}
