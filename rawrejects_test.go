package csvscan

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// rawRejectsInput writes a file of n data rows under a header, a bad row
// every 97 rows (each kind of parse error a raw read skips, in turn), and
// returns its path and the 2-based row numbers and error types of the bad
// rows, in order.
func rawRejectsInput(t *testing.T, n int) (string, []int, []string) {
	t.Helper()
	bad := []struct{ line, kind string }{
		{"%d,1,2,3\n", "TOO MANY COLUMNS"},
		{"%d\n", "MISSING COLUMNS"},
		{"%d,\"1\"x,2\n", "UNQUOTED VALUE"},
		{"%d,2," + strings.Repeat("x", 90) + "\n", "LINE SIZE OVER MAXIMUM"},
	}
	var b strings.Builder
	b.WriteString("id,n,note\n")
	var rows []int
	var kinds []string
	for i := 0; i < n; i++ {
		if i%97 == 40 {
			k := bad[(i/97)%len(bad)]
			fmt.Fprintf(&b, k.line, i)
			rows, kinds = append(rows, i+2), append(kinds, k.kind)
			continue
		}
		fmt.Fprintf(&b, "%d,%d,\"note, %d\"\n", i, i%7, i)
	}
	return writeFile(t, "raw-rejects.csv", []byte(b.String())), rows, kinds
}

// TestRawRejects: a raw read (Raw, Count) with StoreRejects skips the rows
// the scan cannot read and keeps a Reject for each, in file order, on a
// stream, a file read sequentially and one read in parallel: no row is
// dropped unreported. RejectsLimit keeps the first ones. Without
// StoreRejects there are none to keep.
func TestRawRejects(t *testing.T) {
	const n = 5000
	path, badRows, badKinds := rawRejectsInput(t, n)
	schema := typed.Schema{{Name: "id", Type: typed.TypeBigInt}, {Name: "n", Type: typed.TypeBigInt}, {Name: "note", Type: typed.TypeVarchar}}
	base := Options{Columns: schema, Header: On, AutoDetect: Off, MaxLineSize: 64, StoreRejects: true}
	type result struct {
		Rows    int64
		Rejects []typed.Reject
	}
	read := func(t *testing.T, how string, o Options, count bool) result {
		t.Helper()
		var r *Reader
		var err error
		switch how {
		case "stream":
			f, ferr := os.Open(path)
			if ferr != nil {
				t.Fatal(ferr)
			}
			defer f.Close()
			r, err = OpenReader(f, o)
		case "file":
			o.Threads = 1
			r, err = Open(path, o)
		default:
			// 3: Raw reads in parallel from scanner.MinScanThreads on (Count
			// does with 2 too).
			o.Threads, o.BufferSize = 3, 4096
			r, err = Open(path, o)
		}
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var res result
		res.Rows, err = drain(r, map[bool]string{true: "count", false: "raw"}[count])
		if err != nil {
			t.Fatalf("%s: %v", how, err)
		}
		res.Rejects = r.Rejects()
		return res
	}
	var first *result
	for _, how := range []string{"stream", "file", "parallel"} {
		for _, count := range []bool{false, true} {
			name := fmt.Sprintf("%s/count=%v", how, count)
			got := read(t, how, base, count)
			if got.Rows+int64(len(got.Rejects)) != n || len(got.Rejects) != len(badRows) {
				t.Fatalf("%s: %d rows and %d rejects, want %d rows and %d rejects", name, got.Rows, len(got.Rejects), n-len(badRows), len(badRows))
			}
			for i, rj := range got.Rejects {
				if rj.Row != badRows[i] || rj.Line != badRows[i] || rj.ErrorType != badKinds[i] || rj.LineByteOffset < 0 || rj.ByteOffset < rj.LineByteOffset {
					t.Fatalf("%s: reject %d is %+v, want row and line %d, %s", name, i, rj, badRows[i], badKinds[i])
				}
				// A row of another width: its text, and a MISSING COLUMNS
				// numbered by the column before the first missing one.
				var text, colName string
				col := 0
				switch rj.ErrorType {
				case "TOO MANY COLUMNS":
					text, col = fmt.Sprintf("%d,1,2,3", rj.Row-2), 4
				case "MISSING COLUMNS":
					text, col, colName = fmt.Sprintf("%d", rj.Row-2), 1, "n" // the first missing column, as a typed read names it
				}
				if col != 0 && rj.ColumnName != colName {
					t.Fatalf("%s: reject %d is %+v, want the column name %q", name, i, rj, colName)
				}
				msg := fmt.Sprintf("Expected Number of Columns: 3 Found: %d", col) // DuckDB's, as a typed read words it
				// A parallel scan keeps no text of a row that straddles
				// two of its buffers, and only such a row.
				noText := how == "parallel" && rj.CSVLine == ""
				straddles := rj.LineByteOffset/4096 != (rj.LineByteOffset+int64(len(text)))/4096 // (read's buffers are 4096 bytes)
				if noText && col != 0 && !straddles {
					t.Fatalf("%s: reject %d is %+v: no text, and its row is in one buffer", name, i, rj)
				}
				if col != 0 && (rj.ColumnIndex != col || rj.Message != msg || !noText && rj.CSVLine != text) {
					t.Fatalf("%s: reject %d is %+v, want column %d, the message %q and the line %q", name, i, rj, col, msg, text)
				}
			}
			if first == nil {
				first = &got
				continue
			}
			// A parallel scan keeps no text of a row of another width
			// that straddles two of its buffers.
			if d := cmp.Diff(*first, got, cmpopts.IgnoreFields(typed.Reject{}, "CSVLine"), cmpopts.EquateErrors()); d != "" {
				t.Fatalf("%s differs from the stream's Raw (-stream +%s):\n%s", name, name, d)
			}
		}
	}
	// The rows that are parse errors under a typed read too (not a width,
	// which a typed read judges value by value) are the same rejects.
	r, err := Open(path, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range r.Values() {
		if err != nil {
			t.Fatal(err)
		}
	}
	want := map[int]typed.Reject{}
	for _, rj := range r.Rejects() {
		if rj.ErrorType == "UNQUOTED VALUE" || rj.ErrorType == "LINE SIZE OVER MAXIMUM" {
			want[rj.Row] = rj
		}
	}
	r.Close()
	matched := 0
	for _, rj := range first.Rejects {
		if w, ok := want[rj.Row]; ok {
			matched++
			if d := cmp.Diff(w, rj, cmpopts.EquateErrors()); d != "" {
				t.Fatalf("row %d: the raw read's reject differs from the typed read's (-typed +raw):\n%s", rj.Row, d)
			}
		}
	}
	if matched != len(want) || matched == 0 {
		t.Fatalf("%d of the typed read's %d parse rejects found in the raw read's", matched, len(want))
	}
	// Several files: each file's rejects, file after file.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	second := writeFile(t, "raw-rejects-2.csv", data)
	mr, err := OpenFiles([]string{path, second}, base)
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, err := range mr.Raw() {
		if err != nil {
			t.Fatal(err)
		}
		rows++
	}
	if rj := mr.Rejects(); rows != 2*(n-len(badRows)) || len(rj) != 2*len(badRows) ||
		!cmp.Equal(rj[len(badRows):], first.Rejects, cmpopts.IgnoreFields(typed.Reject{}, "CSVLine"), cmpopts.EquateErrors()) {
		t.Fatalf("two files: %d rows, %d rejects, want %d and %d, the second file's as the first's", rows, len(rj), 2*(n-len(badRows)), 2*len(badRows))
	}
	mr.Close()
	for _, how := range []string{"stream", "parallel"} {
		o := base
		o.RejectsLimit = 3
		if got := read(t, how, o, true); !cmp.Equal(got.Rejects, first.Rejects[:3], cmpopts.IgnoreFields(typed.Reject{}, "CSVLine"), cmpopts.EquateErrors()) {
			t.Fatalf("%s, RejectsLimit 3: %d rejects %+v, want the first 3", how, len(got.Rejects), got.Rejects)
		}
		o = base
		o.StoreRejects, o.IgnoreErrors = false, true
		if got := read(t, how, o, false); got.Rows != int64(n-len(badRows)) || len(got.Rejects) != 0 {
			t.Fatalf("%s, IgnoreErrors: %d rows, %d rejects", how, got.Rows, len(got.Rejects))
		}
	}
}

// TestRawRejectsHeader: a header of another width than the columns given
// is no row of the table: a raw read keeps no reject for it, as a typed
// read keeps none, and a negative RejectsLimit is an option error.
func TestRawRejectsHeader(t *testing.T) {
	schema := typed.Schema{{Name: "a", Type: typed.TypeBigInt}, {Name: "b", Type: typed.TypeBigInt}, {Name: "c", Type: typed.TypeVarchar}}
	for _, head := range []string{"a,b,c,d\n", "a,b\n"} {
		path := writeFile(t, "header.csv", []byte(head+"1,2,x\n3,4,y\n5\n"))
		for _, threads := range []int{1, 2, 3} {
			o := Options{Columns: schema, Header: On, AutoDetect: Off, StoreRejects: true, Threads: threads}
			for _, how := range []string{"raw", "count", "values"} {
				r, err := Open(path, o)
				if err != nil {
					t.Fatal(err)
				}
				rows, err := drain(r, how)
				rj := r.Rejects()
				r.Close()
				if err != nil || rows != 2 || len(rj) == 0 || rj[0].Row == 1 {
					t.Fatalf("header %q, %d threads, %s: %d rows, error %v, rejects %+v; want 2 rows and none for the header", head, threads, how, rows, err, rj)
				}
			}
		}
	}
	path := writeFile(t, "limit.csv", []byte("a,b,c\n1,2,x\n"))
	for _, threads := range []int{1, 2} {
		_, err := Open(path, Options{StoreRejects: true, RejectsLimit: -1, Threads: threads})
		if !errors.Is(err, ErrOption) {
			t.Fatalf("RejectsLimit -1, %d threads: %v, want ErrOption", threads, err)
		}
	}
}

// drain reads r to its end as how says: "count" with Count, "raw" with
// Raw, "values" with Values; it returns the rows read and the first error.
func drain(r *Reader, how string) (int64, error) {
	var rows int64
	var err error
	switch how {
	case "count":
		return r.Count()
	case "raw":
		for _, e := range r.Raw() {
			if err = e; err != nil {
				break
			}
			rows++
		}
	default:
		for _, e := range r.Values() {
			if err = e; err != nil {
				break
			}
			rows++
		}
	}
	return rows, err
}

// TestRawRejectsLimitHeader: a header of another width than the columns
// takes none of RejectsLimit's places: with a limit of 1, every way and
// thread count keeps the first bad data row, as Values does (Raw and
// Count kept a later one, or none: the scan held the header's error as
// the run's one row, and the reader dropped it; found by a review
// helper).
func TestRawRejectsLimitHeader(t *testing.T) {
	path := writeFile(t, "limit-header.csv", []byte("a,b,c,d\n1,bad\n2,bad\n3,x,y\n4,x,y\nz,z\n"))
	schema := typed.Schema{{Name: "a", Type: typed.TypeVarchar}, {Name: "b", Type: typed.TypeVarchar}, {Name: "c", Type: typed.TypeVarchar}}
	for _, limit := range []int{1, 2} {
		for _, threads := range []int{1, 2, 3} {
			for _, how := range []string{"raw", "count", "values"} {
				r, err := Open(path, Options{Threads: threads, AutoDetect: Off, Header: On, Columns: schema, StoreRejects: true, RejectsLimit: limit})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := drain(r, how); err != nil {
					t.Fatal(err)
				}
				var lines []int
				for _, rj := range r.Rejects() {
					lines = append(lines, rj.Line)
				}
				r.Close()
				if want := []int{2, 3}[:limit]; !slices.Equal(lines, want) {
					t.Errorf("limit %d, %d threads, %s: rejects on lines %v, want %v", limit, threads, how, lines, want)
				}
			}
		}
	}
}

// TestTakeRejects: rejects taken after each chunk (TakeRejects) are the
// rejects Rejects gives at the end, in order, none twice; each take holds
// at most a chunk's worth, however long the run of bad rows (a chunk of
// rows all rejected comes with no rows); the ones taken count toward
// RejectsLimit; and Rejects then holds only those not taken. From a file
// with one and two goroutines, and from a stream.
func TestTakeRejects(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	for i := range 100000 {
		fmt.Fprintf(&b, "x%d,%d\n", i, i)
	}
	for i := range 5000 {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	data := []byte(b.String())
	path := writeFile(t, "bad.csv", data)
	lines := func(rj []typed.Reject) []string {
		var out []string
		for _, x := range rj {
			j, err := x.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(j))
		}
		return out
	}
	for _, limit := range []int{0, 1000} {
		o := Options{StoreRejects: true, RejectsLimit: limit, Types: map[string]string{"a": "BIGINT"}}
		var want []string
		for _, way := range []string{"threads=1", "threads=2", "stream"} {
			o.Threads = 1
			open := func() *Reader {
				var r *Reader
				var err error
				switch way {
				case "stream":
					r, err = OpenReader(bytes.NewReader(data), o)
				case "threads=2":
					o.Threads = 2
					fallthrough
				default:
					r, err = Open(path, o)
				}
				if err != nil {
					t.Fatal(err)
				}
				return r
			}
			if want == nil {
				r := open()
				for _, err := range r.Chunks() {
					if err != nil {
						t.Fatal(err)
					}
				}
				want = lines(r.Rejects())
				r.Close()
				n := 100000
				if limit > 0 {
					n = limit
				}
				if len(want) != n {
					t.Fatalf("limit %d: %d rejects at the end, want %d", limit, len(want), n)
				}
			}
			r := open()
			var got []string
			most, rows := 0, 0
			for c, err := range r.Chunks() {
				if err != nil {
					t.Fatal(err)
				}
				rows += c.Len()
				rj := r.TakeRejects()
				most = max(most, len(rj))
				got = append(got, lines(rj)...)
			}
			got = append(got, lines(r.TakeRejects())...)
			if left := r.Rejects(); len(left) != 0 {
				t.Errorf("%s, limit %d: Rejects after every take holds %d", way, limit, len(left))
			}
			r.Close()
			if rows != 35000 {
				t.Errorf("%s, limit %d: %d rows, want 35000", way, limit, rows)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s, limit %d: the rejects taken differ from Rejects at the end (-want +got):\n%s", way, limit, d)
			}
			if most > typed.ChunkSize {
				t.Errorf("%s, limit %d: a take held %d rejects, more than a chunk's %d rows", way, limit, most, typed.ChunkSize)
			}
		}
	}
}
