package conformance

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner/typed"
)

// These tests hold the harness's own rules, without the corpus.

func call(fn string, opts string) readerCall {
	var parsed map[string]json.RawMessage
	if err := json.Unmarshal([]byte(opts), &parsed); err != nil {
		panic(err)
	}
	return readerCall{Func: fn, SQL: "FROM read_csv('{DATA_DIR}/csv/x.csv')", OptionsParsed: parsed}
}

func TestPlan(t *testing.T) {
	tests := []struct {
		name   string
		c      readerCall
		skip   skip
		err    bool
		sniffs string // "": no sniffing; "dialect": dialect and header; "types": the schema too
	}{
		{"no options", call("read_csv_auto", `{}`), "", false, "types"},
		{"header, no types", call("read_csv", `{"header": true}`), "", false, "types"},
		{"header, all_varchar", call("read_csv", `{"header": true, "all_varchar": true}`), "", false, ""},
		{"auto_detect off", call("read_csv", `{"auto_detect": false, "all_varchar": true}`), "", false, ""},
		{"auto_detect off, no columns", call("read_csv", `{"auto_detect": false}`), skip("auto_detect=false without columns"), false, ""},
		{"columns, no header", call("read_csv", `{"columns": [["a", "INTEGER"]]}`), "", false, "dialect"},
		{"partial types", call("read_csv", `{"types": ["INTEGER"]}`), "", false, "types"},
		{"partial HUGEINT", call("read_csv", `{"types": ["HUGEINT"]}`), skipType("HUGEINT"), false, ""},
		{"count", readerCall{Func: "read_csv", OptionsParsed: map[string]json.RawMessage{"header": json.RawMessage(`0`)}, CountOnly: true}, "", false, ""},
		{"count, ignore_errors", readerCall{Func: "read_csv", OptionsParsed: map[string]json.RawMessage{"header": json.RawMessage(`0`), "ignore_errors": json.RawMessage(`true`)}, CountOnly: true}, "", false, "types"},
		{"comment clashes with the default delimiter", call("read_csv", `{"comment": ","}`), "", false, "types"},
		{"HUGEINT", call("read_csv", `{"header": false, "columns": [["a", "INT128"]]}`), skipType("HUGEINT"), false, ""},
		{"DECIMAL(15,2)", call("read_csv", `{"header": false, "columns": [["a", "DECIMAL(15,2)"]]}`), "", false, ""},
		{"DECIMAL(38,2)", call("read_csv", `{"header": false, "columns": [["a", "DECIMAL(38,2)"]]}`), skipType("DECIMAL"), false, ""},
		{"VARCHAR(10)", call("read_csv", `{"header": false, "columns": [["a", "VARCHAR(10)"]]}`), "", false, ""},
		{"skip", call("read_csv", `{"header": false, "all_varchar": true, "skip": 1}`), "", false, ""},
		{"skip=0", call("read_csv", `{"header": false, "all_varchar": true, "skip": 0}`), "", false, ""},
		{"long quote", call("read_csv", `{"header": false, "all_varchar": true, "quote": "ab"}`), "", true, ""},
		{"long delimiter", call("read_csv", `{"header": false, "all_varchar": true, "delim": "abcde"}`), "", true, ""},
		{"bad new_line", call("read_csv", `{"header": false, "all_varchar": true, "new_line": "\\n\\r"}`), "", true, ""},
		{"sniff_csv", call("sniff_csv", `{}`), skipSniffFunc, false, ""},
		{"settings", readerCall{Func: "read_csv", Settings: []string{"SET TimeZone='UTC'"}}, skipSettings, false, ""},
		{"glob", readerCall{Func: "read_csv", SQL: "FROM read_csv('{DATA_DIR}/csv/*.csv', header=1)"}, skipMultiFile, false, ""},
		{"two files", readerCall{Func: "read_csv", SQL: "FROM read_csv(['{DATA_DIR}/csv/a.csv', '{DATA_DIR}/csv/b.csv'])"}, skipMultiFile, false, ""},
	}
	for _, tt := range tests {
		cfg, sk, err := plan(tt.c)
		if sk != tt.skip || (err != nil) != tt.err {
			t.Errorf("%s: plan = skip %q, err %v; want skip %q, err %v", tt.name, sk, err, tt.skip, tt.err)
			continue
		}
		var oe *optionError
		if err != nil && !errors.As(err, &oe) {
			t.Errorf("%s: error %v is no *optionError", tt.name, err)
		}
		if sk != "" || err != nil {
			continue
		}
		got := ""
		if cfg.sniff != nil {
			got = "dialect"
			if cfg.sniff.types {
				got = "types"
			}
		}
		if got != tt.sniffs {
			t.Errorf("%s: sniffs %q, want %q", tt.name, got, tt.sniffs)
		}
	}
	if cfg, _, _ := plan(call("read_csv", `{"header": false, "all_varchar": true, "skip": 3}`)); cfg == nil || cfg.scan.SkipRows != 3 {
		t.Errorf("skip=3 does not reach Options.SkipRows: %+v", cfg)
	}
}

func TestPlanDialect(t *testing.T) {
	cfg, sk, err := plan(call("read_csv", `{"header": 1, "all_varchar": true, "delim": "\\t", "quote": "'", "strict_mode": false, "new_line": "\\r\\n"}`))
	if sk != "" || err != nil {
		t.Fatalf("plan: skip %q, err %v", sk, err)
	}
	want := dialect.Dialect{Delimiter: "\t", Quote: dialect.Some('\''), Escape: dialect.Some('\''), Newline: dialect.NewlineCRLF, Lenient: true}
	if cfg.scan.Dialect != want || !cfg.scan.Header || !cfg.varcharSchema {
		t.Errorf("plan: %+v, want dialect %v, header, VARCHAR schema", cfg.scan, want)
	}
	cfg, _, _ = plan(call("read_csv", `{"header": 1, "all_varchar": true, "escape": ""}`))
	if cfg.scan.Dialect.Escape.IsSet() {
		t.Errorf("escape='': escape %v, want none", cfg.scan.Dialect.Escape)
	}
}

func TestParseDDL(t *testing.T) {
	cols, constrained, ok := parseDDL("CREATE TABLE t (a VARCHAR(10), b DOUBLE PRECISION, c TIMESTAMP WITH TIME ZONE, d DECIMAL(15, 2))")
	want := [][2]string{{"a", "VARCHAR(10)"}, {"b", "DOUBLE PRECISION"}, {"c", "TIMESTAMP WITH TIME ZONE"}, {"d", "DECIMAL(15, 2)"}}
	if !ok || constrained || !slices.Equal(cols, want) {
		t.Errorf("parseDDL = %q, %v, %v; want %q, false, true", cols, constrained, ok, want)
	}
	if _, constrained, _ := parseDDL("create table t (a integer NOT NULL, b text)"); !constrained {
		t.Error("NOT NULL: not constrained")
	}
}

func TestAnalyzeQuery(t *testing.T) {
	lim := 2
	tests := []struct {
		a    assertion
		skip skip
		q    query
	}{
		{assertion{Kind: "rows", SQL: "SELECT * FROM t", Projection: "*"}, "", query{limit: -1}},
		{assertion{Kind: "rows", SQL: `SELECT a, "b c" FROM t`, Projection: `a, "b c"`}, "", query{project: []string{"a", "b c"}, limit: -1}},
		{assertion{Kind: "rows", SQL: "SELECT * FROM t WHERE a > 1", Projection: "*"}, skipQuery, query{}},
		{assertion{Kind: "rows", SQL: "SELECT sum(a) FROM t", Projection: "sum(a)"}, skipQuery, query{}},
		{assertion{Kind: "rows", SQL: "SELECT * FROM t ORDER BY 1", Projection: "*", OrderBy: "1"}, "", query{sorted: true, limit: -1}},
		{assertion{Kind: "rows_limited", SQL: "SELECT * FROM t ORDER BY 1 LIMIT 2", Projection: "*", OrderBy: "1", Limit: &lim}, skipQuery, query{}},
		{assertion{Kind: "rows_limited", SQL: "SELECT * FROM t LIMIT 2", Projection: "*", Limit: &lim}, "", query{limit: 2}},
		{assertion{Kind: "rows", SQL: "FROM read_csv('x.csv', nullstr='where')", Projection: "*"}, "", query{limit: -1}},
		{assertion{Kind: "copy_row_count", SQL: "COPY t(a) FROM 'x.csv'"}, skipQuery, query{}},
	}
	for _, tt := range tests {
		q, sk := analyzeQuery(&tt.a)
		if sk != tt.skip || sk == "" && (q.sorted != tt.q.sorted || q.limit != tt.q.limit || !slices.Equal(q.project, tt.q.project)) {
			t.Errorf("analyzeQuery(%q) = %+v, %q; want %+v, %q", tt.a.SQL, q, sk, tt.q, tt.skip)
		}
	}
}

func TestNames(t *testing.T) {
	if g := generatedNames(16); g[0] != "column00" || g[15] != "column15" {
		t.Errorf("generatedNames(16) = %q", g)
	}
	if g := generatedNames(3); g[2] != "column2" {
		t.Errorf("generatedNames(3) = %q", g)
	}
	if h := headerNames([]string{"a", "", "a", "A"}); !slices.Equal(h, []string{"a", "column1", "a_1", "A_2"}) {
		t.Errorf("headerNames = %q", h)
	}
}

func TestReadTable(t *testing.T) {
	cfg, _, err := plan(call("read_csv", `{"header": true, "columns": [["n", "BIGINT"], ["d", "DOUBLE"], ["s", "VARCHAR"]]}`))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := readTable([]byte("n,d,s\n1,2,\"\"\n,1e3,a\x00b\n"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]*string{{ptr("1"), ptr("2.0"), nil}, {nil, ptr("1000.0"), ptr(`a\0b`)}}
	if len(tb.rows) != len(want) {
		t.Fatalf("rows = %d, want %d", len(tb.rows), len(want))
	}
	for i := range want {
		if d := compareRow(tb.rows[i], want[i]); d != "" {
			t.Errorf("row %d: %s", i+1, d)
		}
	}

	// No schema: VARCHAR, as wide as the first row.
	cfg, _, _ = plan(call("read_csv", `{"header": false, "all_varchar": true}`))
	tb, err = readTable([]byte("a,b\nc,d\n"), cfg)
	if err != nil || len(tb.rows) != 2 || !slices.Equal(tb.names, []string{"column0", "column1"}) {
		t.Errorf("all_varchar: %q %v, %v", tb.names, tb.rows, err)
	}
	_, err = readTable([]byte("a,b\nc\n"), cfg)
	if !errors.Is(err, typed.ErrMissingColumns) {
		t.Errorf("a short row: %v, want ErrMissingColumns", err)
	}
}

func TestCompareRows(t *testing.T) {
	tb := table{names: []string{"a", "b"}, rows: [][]*string{{ptr("2"), nil}, {ptr("1"), ptr("x")}}}
	a := &assertion{Kind: "rows", Rows: [][]*string{{ptr("1"), ptr("x")}, {ptr("2"), nil}}}
	if d := compareRows(a, query{sorted: true, limit: -1}, tb); d != "" {
		t.Errorf("sorted: %s", d)
	}
	if d := compareRows(a, query{limit: -1}, tb); d == "" {
		t.Error("unsorted: no difference")
	}
	a = &assertion{Kind: "rows", Rows: [][]*string{{ptr("x")}}}
	if d := compareRows(a, query{project: []string{"B"}, limit: 1}, table{names: tb.names, rows: tb.rows[1:]}); d != "" {
		t.Errorf("projection: %s", d)
	}
}

func ptr(s string) *string { return &s }
