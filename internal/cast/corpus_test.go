package cast

import (
	"bufio"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/corpus"
)

// manifestEntry is the part of a DuckDB corpus manifest line these tests
// read (see the corpus README.md).
type manifestEntry struct {
	Path       string `json:"path"`
	Assertions []struct {
		Test string      `json:"test"`
		Line int         `json:"line"`
		SQL  string      `json:"sql"`
		Kind string      `json:"kind"`
		Rows [][]*string `json:"rows"`
	} `json:"assertions"`
}

func readManifest(t *testing.T) (string, []manifestEntry) {
	t.Helper()
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	f, err := os.Open(filepath.Join(dir, "duckdb", "manifest.jsonl"))
	if err != nil {
		t.Skipf("no DuckDB manifest: %v", err)
	}
	defer f.Close()
	var entries []manifestEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e manifestEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return dir, entries
}

// render casts a raw field to typ with the Scan rules (or format, if not
// zero) and renders it as DuckDB prints it.
func render(typ Type, format Format, raw string) (string, bool) {
	b := []byte(raw)
	switch typ {
	case TypeBoolean:
		v, ok := Bool(b)
		return FormatBool(v), ok
	case TypeBigInt:
		v, ok := Int64(b)
		return FormatInt64(v), ok
	case TypeDouble:
		v, ok := Float64(b)
		return FormatFloat64(v), ok
	case TypeDate:
		if !format.IsZero() {
			v, ok := format.Date(b)
			return v.String(), ok
		}
		v, ok := ParseDate(b)
		return v.String(), ok
	case TypeTime:
		v, ok := ParseTime(b)
		return v.String(), ok
	case TypeTimestamp:
		if !format.IsZero() {
			v, ok := format.Timestamp(b)
			return v.String(), ok
		}
		v, ok := ParseTimestamp(b)
		return v.String(), ok
	}
	return raw, true
}

// TestCorpusFiles reads corpus files whose column types DuckDB's tests
// state, casts every field and compares the rendering with the rows the
// tests expect. Dialects and date formats are given here, as the sniffer
// would find them.
func TestCorpusFiles(t *testing.T) {
	dir, entries := readManifest(t)
	B, D, V, DT, T, TS := TypeBigInt, TypeDouble, TypeVarchar, TypeDate, TypeTime, TypeTimestamp
	files := []struct {
		Path    string
		Comma   rune
		Skip    int // lines before the header or the data
		Header  bool
		Types   []Type
		Formats map[int]string
		Test    string // the assertion: its test file and line
		Line    int
		Cols    []int // the columns the query projects; nil for all
	}{
		{Path: "data/csv/real/lineitem_sample.csv", Comma: '|',
			Types: []Type{B, B, B, B, B, D, D, D, V, V, DT, DT, DT, V, V, V},
			Test:  "test/sql/copy/csv/test_sniff_csv.test", Line: 29},
		{Path: "data/csv/test_apple_financial.csv.gz", Comma: '\t', Skip: 3, Header: true,
			Types:   []Type{DT, DT, B, V, V, V, V, V, B, D, D, V, D, V, V, V, V, V},
			Formats: map[int]string{0: "%m/%d/%Y", 1: "%m/%d/%Y"},
			Test:    "test/sql/copy/csv/test_sniffer_tab_delimiter.test"},
		{Path: "data/csv/bad_date_timestamp_mix.csv", Comma: ',', Header: true,
			Types: []Type{DT, V, V, TS, V}},
		{Path: "data/csv/auto/various_time_formats.csv", Comma: ',',
			Types: []Type{V, V, T, V, V}},
		{Path: "data/csv/auto/time_date_timestamp_mm-dd-yyyy.csv", Comma: ',', Header: true,
			Types:   []Type{B, V, T, DT, TS},
			Formats: map[int]string{3: "%m-%d-%Y", 4: "%m-%d-%Y %I:%M:%S %p"},
			Test:    "test/sql/copy/csv/auto/test_type_detection.test", Line: 79},
		{Path: "data/csv/auto/time_date_timestamp_yy.mm.dd.csv", Comma: ',', Header: true,
			Types:   []Type{B, V, T, DT, TS},
			Formats: map[int]string{3: "%y.%m.%d", 4: "%y.%m.%d %H:%M:%S"},
			Test:    "test/sql/copy/csv/auto/test_type_detection.test", Line: 175},
		{Path: "data/csv/special_date.csv", Comma: ',', Header: true,
			Types: []Type{T, DT}, Formats: map[int]string{1: "%Y.%m.%d"}, Cols: []int{1}},
		{Path: "data/csv/double_quoted_header.csv", Comma: ',', Header: true,
			Types: []Type{B, V}},
		{Path: "data/csv/test/dateformat.csv", Comma: ',',
			Types: []Type{DT}, Formats: map[int]string{0: "%d/%m/%Y"},
			Test: "test/sql/copy/csv/test_dateformat.test"},
	}
	byPath := map[string]manifestEntry{}
	for _, e := range entries {
		byPath[strings.TrimPrefix(e.Path, "duckdb/")] = e
	}
	for _, file := range files {
		t.Run(file.Path, func(t *testing.T) {
			entry, ok := byPath[file.Path]
			if !ok {
				t.Skip("not in the manifest")
			}
			var want [][]*string
			for _, a := range entry.Assertions {
				if (a.Kind == "rows" || a.Kind == "rows_limited") && len(a.Rows) > 0 &&
					(file.Test == "" || a.Test == file.Test) && (file.Line == 0 || a.Line == file.Line) {
					want = a.Rows
					break
				}
			}
			if want == nil {
				t.Fatal("no expected rows in the manifest")
			}
			records := readRecords(t, filepath.Join(dir, "duckdb", filepath.FromSlash(file.Path)), file.Comma, file.Skip, file.Header)
			if len(records) < len(want) {
				t.Fatalf("%d records, %d expected rows", len(records), len(want))
			}
			formats := map[int]Format{}
			for col, f := range file.Formats {
				formats[col] = mustFormat(t, f)
			}
			for i, row := range want {
				cols := file.Cols
				if cols == nil {
					for c := range row {
						cols = append(cols, c)
					}
				}
				for j, col := range cols {
					raw := records[i][col]
					if row[j] == nil {
						if raw != "" {
							t.Errorf("row %d col %d: %q should be NULL", i, col, raw)
						}
						continue
					}
					got, ok := render(file.Types[col], formats[col], raw)
					if !ok || got != *row[j] {
						t.Errorf("row %d col %d (%v): %q renders %q, %v; DuckDB gives %q",
							i, col, file.Types[col], raw, got, ok, *row[j])
					}
					// The sniffer chose the column's type from values like
					// this one: Sniff must accept it too.
					if _, isFormat := formats[col]; !isFormat {
						if ok := sniffs(file.Types[col], raw); !ok {
							t.Errorf("row %d col %d: Sniff rejects %q as %v", i, col, raw, file.Types[col])
						}
					}
				}
			}
		})
	}
}

func sniffs(typ Type, raw string) bool {
	b := []byte(raw)
	var ok bool
	switch typ {
	case TypeBoolean:
		_, ok = Sniff.Bool(b)
	case TypeBigInt:
		_, ok = Sniff.Int64(b)
	case TypeDouble:
		_, ok = Sniff.Float64(b)
	case TypeDate:
		_, ok = Sniff.Date(b)
	case TypeTime:
		_, ok = Sniff.Time(b)
	case TypeTimestamp:
		_, ok = Sniff.Timestamp(b)
	default:
		ok = true
	}
	return ok
}

// TestCorpusSniffTime checks the five time spellings of
// data/csv/auto/various_time_formats.csv: DuckDB's sniffer takes only
// "12:00" for TIME.
func TestCorpusSniffTime(t *testing.T) {
	for _, c := range []struct {
		In   string
		Want bool
	}{{"12:", false}, {"12:0", false}, {"12:00", true}, {"12:0:", false}, {"12:00:", false}} {
		if _, ok := Sniff.Time([]byte(c.In)); ok != c.Want {
			t.Errorf("Sniff.Time(%q) = %v, want %v", c.In, ok, c.Want)
		}
	}
}

func readRecords(t *testing.T, path string, comma rune, skip int, header bool) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = gz
	}
	br := bufio.NewReader(r)
	for range skip {
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	cr := csv.NewReader(br)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	records, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if header {
		records = records[1:]
	}
	return records
}

// Typed renderings as they appear in expected rows.
var (
	doubleText    = regexp.MustCompile(`^-?[0-9]+\.([0-9]*[1-9]|0)$`)
	dateText      = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}( \(BC\))?$`)
	timeText      = regexp.MustCompile(`^[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]*[1-9])?$`)
	timestampText = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]*[1-9])?$`)
)

// TestCorpusRendering reads back every value of the corpus's expected rows
// that looks like DuckDB's rendering of a DOUBLE, DATE, TIME or TIMESTAMP
// and renders it again: DuckDB's own output must be a fixed point.
// DECIMAL renderings ("15300.000") are told apart from DOUBLE ones by
// their trailing zeros, and large integers are left out as they are
// BIGINTs.
func TestCorpusRendering(t *testing.T) {
	_, entries := readManifest(t)
	counts := map[string]int{}
	for _, e := range entries {
		for _, a := range e.Assertions {
			for _, row := range a.Rows {
				for _, v := range row {
					if v == nil {
						continue
					}
					s := *v
					var got string
					var ok bool
					var kind string
					switch {
					case doubleText.MatchString(s) && len(strings.TrimLeft(s, "-")) <= 17:
						kind = "DOUBLE"
						f, fok := Float64([]byte(s))
						got, ok = FormatFloat64(f), fok
					case dateText.MatchString(s):
						kind = "DATE"
						d, dok := ParseDate([]byte(s))
						got, ok = d.String(), dok
					case timeText.MatchString(s):
						kind = "TIME"
						tm, tok := ParseTime([]byte(s))
						got, ok = tm.String(), tok
					case timestampText.MatchString(s):
						kind = "TIMESTAMP"
						ts, tok := ParseTimestamp([]byte(s))
						got, ok = ts.String(), tok
					default:
						continue
					}
					counts[kind]++
					if !ok || got != s {
						t.Errorf("%s (%s:%d): %s %q renders back as %q, %v", e.Path, a.Test, a.Line, kind, s, got, ok)
					}
				}
			}
		}
	}
	t.Logf("values read back: %v", counts)
}
