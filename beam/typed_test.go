package csvbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/util/jsonx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/google/go-cmp/cmp"
)

// What the typed pipelines of a test emit.
var (
	typedMu    sync.Mutex
	gotRecs    []Record
	gotRejects []Reject
	gotSchemas []Schema
	gotTErrs   []Error
)

func collectRecord(r Record) { typedMu.Lock(); gotRecs = append(gotRecs, r); typedMu.Unlock() }
func collectReject(r Reject) { typedMu.Lock(); gotRejects = append(gotRejects, r); typedMu.Unlock() }
func collectSchema(s Schema) { typedMu.Lock(); gotSchemas = append(gotSchemas, s); typedMu.Unlock() }
func collectTErr(e Error)    { typedMu.Lock(); gotTErrs = append(gotTErrs, e); typedMu.Unlock() }

func init() {
	register.Function1x0[Record](collectRecord)
	register.Function1x0[Reject](collectReject)
	register.Function1x0[Schema](collectSchema)
	register.Function1x0[Error](collectTErr)
}

// typedCase is one file read typed with one set of front-door options and
// range size.
type typedCase struct {
	in        string
	front     csvscan.Options
	rangeSize int64
}

// typedWant is what a sequential read of the file with csvscan.Open
// gives: the records (their line and offset from a sequential scan), the
// rejects, the error and the schema.
func typedWant(t *testing.T, file string, c typedCase) ([]Record, []Reject, []Error, Schema) {
	t.Helper()
	front := c.front
	front.Threads = 1
	front.StoreRejects = front.IgnoreErrors // ReadTyped keeps every reject
	rd, err := csvscan.Open(file, front)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	d := rd.Detected()
	// Where each row starts, from a sequential scan with the detected
	// dialect: row number -> line and offset.
	s, err := scanner.NewBytes([]byte(c.in), scanner.Options{Dialect: d.Dialect, Header: d.Header, FieldsPerRow: -1, IgnoreErrors: true})
	if err != nil {
		t.Fatal(err)
	}
	type at struct {
		line int
		off  int64
	}
	pos := map[int]at{}
	byOffset := map[int64]int{}
	for s.Scan() {
		pos[s.RowNumber()] = at{s.LineNumber(), s.RowOffset()}
		byOffset[s.RowOffset()] = s.RowNumber()
	}
	var recs []Record
	var errs []Error
	for c, err := range rd.Chunks() {
		if err != nil {
			var re *typed.RowError
			if !errors.As(err, &re) {
				t.Fatalf("%s: %v, expected a *typed.RowError", file, err)
			}
			row := byOffset[re.RowOffset]
			errs = append(errs, Error{File: file, Row: row, Line: pos[row].line, Field: re.Column, Offset: re.Offset,
				RowOffset: re.RowOffset, Kind: re.Kind.Error(), Message: re.Error()})
			break
		}
		for i := 0; i < c.Len(); i++ {
			n := c.RowNumbers[i]
			r := Record{File: file, Row: n, Line: pos[n].line, Offset: pos[n].off}
			for j := range c.Columns {
				r.Values = append(r.Values, valueOf(&c.Columns[j], i))
			}
			recs = append(recs, r)
		}
	}
	var rejects []Reject
	for _, rj := range rd.Rejects() {
		rejects = append(rejects, rejectOf(file, rj))
	}
	schema := Schema{File: file}
	for _, col := range rd.Schema() {
		schema.Columns = append(schema.Columns, Column{Name: col.Name, Type: col.TypeName()})
	}
	return recs, rejects, errs, schema
}

// runTyped reads every case's file with ReadTyped in one pipeline and
// holds the records, rejects, errors and schemas to a sequential read's.
func runTyped(t *testing.T, cases []typedCase) {
	t.Helper()
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	var wantRecs []Record
	var wantRejects []Reject
	var wantErrs []Error
	var wantSchemas []Schema
	for i, c := range cases {
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(sub, "f.csv")
		if err := os.WriteFile(file, []byte(c.in), 0o644); err != nil {
			t.Fatal(err)
		}
		recs, rejects, errs, schema := typedWant(t, file, c)
		wantRecs, wantRejects, wantErrs = append(wantRecs, recs...), append(wantRejects, rejects...), append(wantErrs, errs...)
		wantSchemas = append(wantSchemas, schema)
		out := ReadTyped(s.Scope(fmt.Sprint(i)), filepath.Join(sub, "*.csv"), TypedOptions{Front: c.front, RangeSize: c.rangeSize})
		beam.ParDo0(s, collectRecord, out.Records)
		beam.ParDo0(s, collectReject, out.Rejects)
		beam.ParDo0(s, collectSchema, out.Schemas)
		beam.ParDo0(s, collectTErr, out.Errors)
	}
	typedMu.Lock()
	gotRecs, gotRejects, gotSchemas, gotTErrs = nil, nil, nil, nil
	typedMu.Unlock()
	if _, err := direct.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	typedMu.Lock()
	defer typedMu.Unlock()
	byFileRow := func(af, bf string, ar, br int) int {
		if c := strings.Compare(af, bf); c != 0 {
			return c
		}
		return ar - br
	}
	for _, recs := range [][]Record{gotRecs, wantRecs} {
		slices.SortFunc(recs, func(a, b Record) int { return byFileRow(a.File, b.File, a.Row, b.Row) })
	}
	for _, rjs := range [][]Reject{gotRejects, wantRejects} {
		slices.SortStableFunc(rjs, func(a, b Reject) int { return byFileRow(a.File, b.File, a.Row, b.Row) })
	}
	for _, errs := range [][]Error{gotTErrs, wantErrs} {
		slices.SortFunc(errs, func(a, b Error) int { return strings.Compare(a.File, b.File) })
	}
	for _, ss := range [][]Schema{gotSchemas, wantSchemas} {
		slices.SortFunc(ss, func(a, b Schema) int { return strings.Compare(a.File, b.File) })
	}
	if d := cmp.Diff(wantRecs, gotRecs); d != "" {
		t.Errorf("records (-sequential +pipeline):\n%s", d)
	}
	if d := cmp.Diff(wantRejects, gotRejects); d != "" {
		t.Errorf("rejects (-sequential +pipeline):\n%s", d)
	}
	if d := cmp.Diff(wantErrs, gotTErrs); d != "" {
		t.Errorf("errors (-sequential +pipeline):\n%s", d)
	}
	if d := cmp.Diff(wantSchemas, gotSchemas); d != "" {
		t.Errorf("schemas (-sequential +pipeline):\n%s", d)
	}
	if t.Failed() {
		for i, c := range cases {
			t.Logf("case %d: %q, ranges of %d", i, c.in, c.rangeSize)
		}
	}
}

// typedFile is a file of every kind of value the sniffer detects, with
// quoted line ends, NULLs and a bad value in row bad (0: none).
func typedFile(rows, bad int, sep string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "id%sprice%sday%sat%snote%sok\n", sep, sep, sep, sep, sep)
	for i := 1; i <= rows; i++ {
		price := fmt.Sprintf("%d.%02d", i*3, i%100)
		if i%7 == 0 {
			price = "" // NULL
		}
		if i == bad {
			price = "n/a"
		}
		note := fmt.Sprintf("\"n%d%s x\ny \"\"%d\"\"\"", i, sep, i)
		fmt.Fprintf(&b, "%d%s%s%s2024-%02d-%02d%s2024-01-02 03:04:%02d%s%s%s%v\n", i, sep, price, sep, 1+i%12, 1+i%28, sep, i%60, sep, note, sep, i%2 == 0)
	}
	return b.String()
}

// TestReadTyped: files cast to the schema the front door detects (a ','
// and a ';' file, sniffed), in ranges of 1 byte up, equal a sequential
// read with csvscan.Open: records with their numbers, lines and offsets,
// schemas; a value that does not cast ends the file's read (the records
// after it dropped), or with IgnoreErrors goes to the rejects.
func TestReadTyped(t *testing.T) {
	bigint := map[string]string{"price": "DOUBLE"}
	var cases []typedCase
	for _, size := range []int64{1, 7, 64, 1 << 20} {
		cases = append(cases,
			typedCase{typedFile(30, 0, ","), csvscan.Options{}, size},
			typedCase{typedFile(30, 0, ";"), csvscan.Options{}, size},
			typedCase{typedFile(30, 12, ","), csvscan.Options{Types: bigint}, size},
			typedCase{typedFile(30, 12, ","), csvscan.Options{Types: bigint, IgnoreErrors: true}, size},
			typedCase{"a,b\n1,2\n3\n4,5,6\n7,8\n", csvscan.Options{IgnoreErrors: true, Header: csvscan.On}, size},
			typedCase{"a;b\n1,5;x\n-2,25;y\n3;z\n", csvscan.Options{DecimalSeparator: ","}, size},
		)
	}
	runTyped(t, cases)
}

// TestReadTypedRefuses: a file with notes before its table (here given
// by Skip) fails the pipeline: a plan does not skip rows.
func TestReadTypedRefuses(t *testing.T) {
	dir := t.TempDir()
	in := "exported by a tool\nversion 2\n" + typedFile(20, 0, ",")
	if err := os.WriteFile(filepath.Join(dir, "f.csv"), []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	out := ReadTyped(s, filepath.Join(dir, "*.csv"), TypedOptions{Front: csvscan.Options{Skip: 2}})
	beam.ParDo0(s, collectRecord, out.Records)
	if _, err := direct.Execute(context.Background(), p); err == nil || !strings.Contains(err.Error(), "skip rows") {
		t.Fatalf("a file with 2 lines of notes: %v, expected split's refusal", err)
	}
}

// TestTypedPlanFnEncodes: a runner other than the direct one sends the
// planning DoFn to its workers as Beam's JSON of its exported fields;
// the front door's options come back as they were (a NullStr of none
// stays distinct from nil, DuckDB's default).
func TestTypedPlanFnEncodes(t *testing.T) {
	cols := typed.Schema{{Name: "a", Type: typed.TypeDecimal, Width: 9, Scale: 2}, {Name: "b", Type: typed.TypeDate}}
	for _, fn := range []*typedPlanFn{
		{Front: csvscan.Options{Delim: ";", Header: csvscan.On, Columns: cols, Types: map[string]string{"a": "BIGINT"},
			NullStr: []string{}, ForceNotNull: []string{"b"}, IgnoreErrors: true, DateFormat: "%d/%m/%Y", DecimalSeparator: ","}, RangeSize: 5},
		{},
	} {
		data, err := jsonx.Marshal(fn)
		if err != nil {
			t.Fatal(err)
		}
		var back typedPlanFn
		if err := jsonx.UnmarshalFrom(&back, bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if d := cmp.Diff(*fn, back); d != "" || (fn.Front.NullStr == nil) != (back.Front.NullStr == nil) {
			t.Errorf("typedPlanFn through JSON (-sent +received):\n%s", d)
		}
	}
}
