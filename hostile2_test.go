package csvscan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/csvscan/csvscan/internal/memtest"
)

// TestMemoryWideText reads rows of a million text values through
// OpenReader, as the memory suite's "wide rows" reads a million numbers:
// the peak heap stays under the same bound of 1,024 bytes a value (plus
// the scanner's buffers). A chunk of one row (typed.ChunkRows) sized each
// text column's bytes as if it held typed.ChunkSize rows, 2,304 bytes
// for a value of one, and 2.8 GB of RSS for two such rows (2026-12-06).
func TestMemoryWideText(t *testing.T) {
	if testing.Short() {
		t.Skip("reads rows of a million values")
	}
	const values = 999_991
	row := strings.Repeat("x,", values-1) + "x\n"
	defer memtest.Limit(24 << 20)()
	rows := 0
	peak, err := memtest.Measure(func() error {
		r, err := OpenReader(strings.NewReader(row+row), Options{Header: Off})
		if err != nil {
			return err
		}
		defer r.Close()
		for _, err := range r.Values() {
			if err != nil {
				return err
			}
			rows++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rows != 2 {
		t.Fatalf("%d rows, want 2", rows)
	}
	if bound := uint64(32<<20 + 4*2_000_000 + 1024*values); peak > bound {
		t.Fatalf("peak heap %d over the bound %d", peak, bound)
	}
	t.Logf("peak heap %.1f MiB", float64(peak)/(1<<20))
}

// TestLongNameLists: an error that names a file's columns names at most
// listNames of them and says how many more: a Types key that is no column
// of a file of 100,000 columns, and a second file of OpenFiles that lacks
// all but one of the first file's 100,000, made errors of a megabyte that
// listed them all.
func TestLongNameLists(t *testing.T) {
	const n = 100_000
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("c%d", i)
	}
	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.csv")
	small := filepath.Join(dir, "small.csv")
	if err := os.WriteFile(wide, []byte(strings.Join(names, ",")+"\n"+strings.Repeat("1,", n-1)+"1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, []byte("c5,zz\n7,8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, typesErr := Open(wide, Options{Types: map[string]string{"nope": "BIGINT"}})
	var readErr error
	r, err := OpenFiles([]string{wide, small}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range r.Raw() {
		if err != nil {
			readErr = err
			break
		}
	}
	r.Close()
	for _, c := range []struct {
		name string
		err  error
		want []string
	}{
		{"Types", typesErr, []string{`"nope" is no column`, "c0, c1,", "c19 and 99980 more"}},
		{"OpenFiles", readErr, []string{`lacks the column "c0", "c1",`, `"c20" and 99979 more of`, "UnionByName"}},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := c.err.Error()
		if len(msg) > 2000 {
			t.Errorf("%s: an error of %d bytes: %.300s...", c.name, len(msg), msg)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q lacks %q", c.name, msg, w)
			}
		}
	}
}

// TestZstdWindowOption: a ZstdWindow over zstd's largest window (3.75
// TiB) is an ErrOption naming Options.ZstdWindow, as one under its
// smallest is; it was the decoder's own error, "zstd: WithMaxWindowSize
// must be less than (1<<41) + 7*(1<<38) ~ 3.75TB", at the first zstd
// input, which named no option.
func TestZstdWindowOption(t *testing.T) {
	for _, w := range []int{-1, 1023, maxZstdWindow + 1, 1 << 62} {
		_, err := OpenReader(strings.NewReader("\x28\xb5\x2f\xfd\x00\x98"), Options{ZstdWindow: w})
		if !errors.Is(err, ErrOption) || !strings.Contains(fmt.Sprint(err), "Options.ZstdWindow") {
			t.Errorf("ZstdWindow %d: %v, want an ErrOption naming Options.ZstdWindow", w, err)
		}
	}
	for _, w := range []int{0, 1024, maxZstdWindow} {
		_, err := OpenReader(strings.NewReader("a,b\n1,2\n"), Options{ZstdWindow: w})
		if err != nil {
			t.Errorf("ZstdWindow %d: %v", w, err)
		}
	}
}

// TestRowHints: an error of a row that does not fit the table says what to
// do on every read kind: a typed read's too many or missing columns and
// cast errors said nothing (no hint applied unless the sniffer chose no
// quote), and a raw read's row of too many values was told to set
// NullPadding, which pads only short rows. The file has a quoted value in
// its sample, so that the quote advice does not apply, and the bad row
// lies past the sample (and the windows) in a long file.
func TestRowHints(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n\"x\",1\n")
	for i := range 25000 {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	tail := strings.Repeat("1,2\n", 200_000)
	for _, c := range []struct {
		name, row  string
		raw, typed []string // what the errors must say
	}{
		{"too many", "1,2,3\n", []string{"which NullPadding does not change; IgnoreErrors skips the row"}, []string{"too many columns", "which NullPadding does not change; IgnoreErrors skips the row"}},
		{"too few", "1\n", []string{"Options.NullPadding", "IgnoreErrors"}, []string{"missing columns", "Options.NullPadding", "IgnoreErrors"}},
		{"cast", "1,x\n", nil, []string{"cast error", "set Options.Types", "IgnoreErrors"}},
	} {
		path := writeFile(t, "rows.csv", []byte(b.String()+c.row+tail))
		for _, threads := range []int{1, 2} {
			for _, raw := range []bool{false, true} {
				want := c.typed
				if raw {
					want = c.raw
				}
				if want == nil {
					continue
				}
				r, err := Open(path, Options{Threads: threads})
				if err != nil {
					t.Fatal(err)
				}
				var readErr error
				if raw {
					for _, err := range r.Raw() {
						if readErr = err; err != nil {
							break
						}
					}
				} else {
					for _, err := range r.Values() {
						if readErr = err; err != nil {
							break
						}
					}
				}
				r.Close()
				for _, w := range want {
					if readErr == nil || !strings.Contains(readErr.Error(), w) {
						t.Errorf("%s, threads %d, raw %v: %v, want it to say %q", c.name, threads, raw, readErr, w)
					}
				}
				if readErr != nil && strings.Contains(readErr.Error(), "to read short rows") && c.name == "too many" {
					t.Errorf("%s, threads %d, raw %v: %v advises NullPadding", c.name, threads, raw, readErr)
				}
			}
		}
	}
}

// TestPatternCharsInNames: OpenFiles reads a file whose name holds a
// glob's characters when the pattern matches nothing: a hive partition
// folder "k=[1]" (its pattern matches "k=1"), an unclosed '[' (a bad
// pattern) and a backslash (an escape) failed with "no file matches" or
// "syntax error in pattern" although the file was there.
func TestPatternCharsInNames(t *testing.T) {
	dir := t.TempDir()
	for _, rel := range []string{filepath.Join("k=[1]", "f.csv"), "a[b.csv", `a\b.csv`} {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("id\n1\n2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenFiles([]string{path}, Options{})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		n, err := r.Count()
		r.Close()
		if n != 2 || err != nil {
			t.Errorf("%s: %d rows, %v; want 2", rel, n, err)
		}
	}
	if _, err := OpenFiles([]string{filepath.Join(dir, "none[1].csv")}, Options{}); err == nil || !strings.Contains(err.Error(), "no file matches") {
		t.Errorf("a pattern matching nothing and no file: %v", err)
	}
}

// TestHiveKeyInFile: a hive key that names a column of the files replaces
// it with the partition's value, as in DuckDB, on Values and Raw, with and
// without UnionByName; the files' values of that column are not cast (the
// second file's "abc" is no BIGINT). The schema had two columns "x", the
// file's and the key's. A file column "filename" with Options.Filename is
// an ErrOption, as in DuckDB; it was a second column of that name.
func TestHiveKeyInFile(t *testing.T) {
	dir := t.TempDir()
	for path, data := range map[string]string{
		filepath.Join("x=1", "f.csv"): "id,x\n1,9\n",
		filepath.Join("x=2", "f.csv"): "id,x\n2,abc\n",
		"named.csv":                   "id,filename\n1,z\n",
	} {
		path = filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	glob := filepath.Join(dir, "x=*", "f.csv")
	for _, union := range []bool{false, true} {
		for _, raw := range []bool{false, true} {
			r, err := OpenFiles([]string{glob}, Options{UnionByName: union})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range r.Schema() {
				got = append(got, c.Name+":"+c.TypeName())
			}
			if want := "id:BIGINT x:BIGINT"; strings.Join(got, " ") != want {
				t.Errorf("union %v: schema %v, want %s", union, got, want)
			}
			var rows []string
			var readErr error
			if raw {
				for row, err := range r.Raw() {
					if readErr = err; err != nil {
						break
					}
					rows = append(rows, fmt.Sprintf("%s", row))
				}
			} else {
				for row, err := range r.Values() {
					if readErr = err; err != nil {
						break
					}
					rows = append(rows, fmt.Sprint(row))
				}
			}
			r.Close()
			if want := "[1 1] [2 2]"; readErr != nil || strings.Join(rows, " ") != want {
				t.Errorf("union %v, raw %v: %v, %v; want %s", union, raw, rows, readErr, want)
			}
		}
	}
	_, err := OpenFiles([]string{filepath.Join(dir, "named.csv")}, Options{Filename: true})
	if !errors.Is(err, ErrOption) || !strings.Contains(fmt.Sprint(err), "Options.Filename") {
		t.Errorf("a file column \"filename\" with Options.Filename: %v, want an ErrOption", err)
	}
}

// TestEmptyFileAmongFiles: a file of no bytes among OpenFiles' files adds
// no rows and no columns, first, between others or compressed, with and
// without UnionByName: one between two files failed the read ("lacks the
// column"), one first made the table its one VARCHAR column, which the
// next file lacked, and with UnionByName that column joined the table.
// Every file empty reads as one empty file does.
func TestEmptyFileAmongFiles(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.csv")
	empty := filepath.Join(dir, "empty.csv")
	gz := filepath.Join(dir, "empty.csv.gz")
	for path, b := range map[string][]byte{data: []byte("id,name\n1,a\n2,b\n"), empty: nil, gz: {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		files  []string
		schema string
		rows   int64
	}{
		{[]string{data, empty, data}, "id,name", 4},
		{[]string{empty, data}, "id,name", 2},
		{[]string{empty, data, gz}, "id,name", 2},
		{[]string{empty, gz}, "column0", 0},
	} {
		for _, union := range []bool{false, true} {
			r, err := OpenFiles(c.files, Options{UnionByName: union})
			if err != nil {
				t.Errorf("%v, union %v: %v", c.files, union, err)
				continue
			}
			var names []string
			for _, col := range r.Schema() {
				names = append(names, col.Name)
			}
			n, err := r.Count()
			r.Close()
			if strings.Join(names, ",") != c.schema || n != c.rows || err != nil {
				t.Errorf("%v, union %v: columns %v, %d rows, %v; want %s and %d rows", c.files, union, names, n, err, c.schema, c.rows)
			}
		}
	}
}

// TestHiveValues: a hive folder's value is URL-decoded ("a%20b" is "a b",
// "x%2Fy" is "x/y"), NULL (in any case) and __HIVE_DEFAULT_PARTITION__
// are NULL, and "k=" is the empty string, as DuckDB 1.5.6 reads them; the
// column's type comes from the other values ("null" beside "1" is a NULL
// BIGINT) and from the values as written ("%32" makes it VARCHAR). On
// Values and Raw alike.
func TestHiveValues(t *testing.T) {
	for _, tc := range []struct {
		folders []string
		typ     string
		want    []string // per folder, in order; <nil> for NULL
	}{
		{[]string{"k=", "k=NULL", "k=__HIVE_DEFAULT_PARTITION__", "k=a%20b", "k=x%2Fy"}, "VARCHAR",
			[]string{"", "<nil>", "<nil>", "a b", "x/y"}},
		{[]string{"k=1", "k=null"}, "BIGINT", []string{"1", "<nil>"}},
		{[]string{"k=%32", "k=1", "k=NULL"}, "VARCHAR", []string{"2", "1", "<nil>"}},
		{[]string{"k=2024-01-31", "k=Null"}, "DATE", []string{"2024-01-31", "<nil>"}},
	} {
		dir := t.TempDir()
		for i, f := range tc.folders {
			path := filepath.Join(dir, f, "f.csv")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, fmt.Appendf(nil, "id\n%d\n", i), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, raw := range []bool{false, true} {
			r, err := OpenFiles([]string{filepath.Join(dir, "k=*", "f.csv")}, Options{HivePartitioning: On})
			if err != nil {
				t.Fatal(err)
			}
			if s := r.Schema(); len(s) != 2 || s[1].Name != "k" || s[1].TypeName() != tc.typ {
				t.Errorf("%v: schema %v, want k %s", tc.folders, s, tc.typ)
			}
			got := make([]string, len(tc.folders))
			if raw {
				for row, err := range r.Raw() {
					if err != nil {
						t.Fatal(err)
					}
					v := "<nil>"
					if row[1] != nil {
						v = string(row[1])
					}
					id, _ := strconv.Atoi(string(row[0]))
					got[id] = v
				}
			} else {
				for row, err := range r.Values() {
					if err != nil {
						t.Fatal(err)
					}
					v := fmt.Sprint(row[1])
					if d, ok := row[1].(time.Time); ok {
						v = d.Format(time.DateOnly)
					}
					got[row[0].(int64)] = v
				}
			}
			r.Close()
			if !slices.Equal(got, tc.want) {
				t.Errorf("%v, raw %v: %q, want %q", tc.folders, raw, got, tc.want)
			}
		}
	}
}
