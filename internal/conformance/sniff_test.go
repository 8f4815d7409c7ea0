package conformance

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/corpus"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// sniffEntry is a manifest line with what the sniff tests need: the facts
// of pure auto-detection and the sniff_csv assertions, their fields kept
// raw so that an absent field (not projected) differs from null (none).
type sniffEntry struct {
	Path       string                     `json:"path"`
	Present    bool                       `json:"present"`
	Facts      map[string]json.RawMessage `json:"auto_detect_facts"`
	Assertions []map[string]json.RawMessage
}

func loadSniffEntries(dir string) ([]sniffEntry, error) {
	type raw struct {
		Path       string                       `json:"path"`
		Present    bool                         `json:"present"`
		Facts      map[string]json.RawMessage   `json:"auto_detect_facts"`
		Assertions []map[string]json.RawMessage `json:"assertions"`
	}
	rows, err := corpus.ReadJSONL[raw](filepath.Join(dir, "duckdb", "manifest.jsonl"))
	if err != nil {
		return nil, err
	}
	out := make([]sniffEntry, len(rows))
	for i, r := range rows {
		out[i] = sniffEntry{Path: r.Path, Present: r.Present, Facts: r.Facts, Assertions: r.Assertions}
	}
	return out, nil
}

// sniffFile sniffs a corpus file as `csvscan sniff` does: a gzip file from
// its decompressed head, any other at random access. It returns the result
// and the whole (decompressed) input.
func sniffFile(path string) (*sniff.Result, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, nil, err
		}
		res, replay, err := sniff.SniffReader(zr, sniff.Options{})
		if err != nil {
			return nil, nil, err
		}
		all, rerr := io.ReadAll(replay)
		if rerr != nil {
			return nil, nil, rerr
		}
		return res, all, nil
	}
	res, err := sniff.Sniff(bytes.NewReader(data), int64(len(data)), sniff.Options{})
	return res, data, err
}

// sniffedRowCount reads data with what the sniffer found and counts the
// data rows, as SELECT count(*) after auto-detection.
// A trailing delimiter on the data rows (Result.TrailingDelimiter) adds an
// empty value that is dropped.
func sniffedRowCount(res *sniff.Result, data []byte) (int, error) {
	opts := scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, SkipRows: res.SkipRows,
		IgnoreErrors: res.IgnoreErrors}
	if res.TrailingDelimiter || res.NullPadding || res.IgnoreErrors {
		opts.FieldsPerRow = -1
	}
	s, err := scanner.NewBytes(data, opts)
	if err != nil {
		return 0, err
	}
	n := 0
	for s.Scan() {
		w, got := len(res.Columns), len(s.Row())
		switch {
		case got == w, got < w && res.NullPadding:
		case res.TrailingDelimiter && got == w+1 && len(s.Row()[w]) == 0:
		case res.IgnoreErrors:
			continue // a reject, as the result says
		case opts.FieldsPerRow < 0:
			return n, fmt.Errorf("row %d has %d values, want %d", s.RowNumber(), got, w)
		}
		n++
	}
	return n, s.Err()
}

// sniffFacts renders what csvscan found in the manifest's terms.
func sniffFacts(res *sniff.Result) map[string]any {
	ch := func(c dialect.Char) string {
		if b, ok := c.Byte(); ok {
			return string([]byte{b})
		}
		return ""
	}
	nl := map[dialect.Newline]string{dialect.NewlineLF: "\n", dialect.NewlineCRLF: "\r\n", dialect.NewlineCR: "\r"}[res.Dialect.Newline]
	cols := make([][2]string, len(res.Columns))
	for i, c := range res.Columns {
		cols[i] = [2]string{c.Name, c.Type.String()}
	}
	orNil := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	return map[string]any{
		"delimiter": res.Dialect.Delimiter, "quote": ch(res.Dialect.Quote), "escape": ch(res.Dialect.Escape),
		"newline": nl, "comment": ch(res.Dialect.Comment), "skip_rows": res.SkipRows, "has_header": res.HasHeader,
		"columns": cols, "date_format": orNil(res.DateFormat), "timestamp_format": orNil(res.TimestampFormat),
	}
}

// duckName undoes DuckDB's quoting of a struct's string value when it
// prints sniff_csv's columns: 'Escaped\'\'Quote' is Escaped”Quote.
func duckName(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return strings.ReplaceAll(s[1:len(s)-1], `\'`, `'`)
	}
	return s
}

// compareFact compares one expected fact (raw JSON from the manifest) with
// csvscan's value; it returns "" when they agree.
func compareFact(key string, want json.RawMessage, got any) string {
	switch key {
	case "columns":
		var cols []struct{ Name, Type string }
		if err := json.Unmarshal(want, &cols); err != nil {
			return "bad manifest columns: " + err.Error()
		}
		w := make([][2]string, len(cols))
		for i, c := range cols {
			w[i] = [2]string{duckName(c.Name), c.Type}
		}
		if !slices.Equal(w, got.([][2]string)) {
			return fmt.Sprintf("columns: want %v, got %v", w, got)
		}
		return ""
	case "skip_rows", "row_count":
		var n int
		if err := json.Unmarshal(want, &n); err != nil {
			return fmt.Sprintf("bad manifest %s: %v", key, err)
		}
		if n != got.(int) {
			return fmt.Sprintf("%s: want %d, got %d", key, n, got)
		}
		return ""
	case "has_header":
		var b bool
		if err := json.Unmarshal(want, &b); err != nil {
			return "bad manifest has_header: " + err.Error()
		}
		if b != got.(bool) {
			return fmt.Sprintf("has_header: want %v, got %v", b, got)
		}
		return ""
	}
	var w *string
	if err := json.Unmarshal(want, &w); err != nil {
		return fmt.Sprintf("bad manifest %s: %v", key, err)
	}
	g, _ := got.(string)
	if w == nil && got == nil || w != nil && got != nil && *w == g {
		return ""
	}
	return fmt.Sprintf("%s: want %s, got %q", key, want, got)
}

// sniffFactKeys are the facts compared, in report order.
var sniffFactKeys = []string{"delimiter", "quote", "escape", "newline", "comment", "skip_rows", "has_header",
	"columns", "date_format", "timestamp_format", "row_count"}

// TestDuckDBSniff checks the sniffer against DuckDB's own tests:
//
//   - every fact of auto_detect_facts (what DuckDB's tests assert about a
//     file read with no options at all: dialect, skip rows, header, column
//     names and types, formats, and the row count after detection) must
//     match, except the files listed in knownSniffDifferences;
//   - every sniff_csv assertion run without options or settings must give
//     DuckDB's answer in each field it projects.
//
// It logs the accuracy per fact.
func TestDuckDBSniff(t *testing.T) {
	dir := corpusDir(t)
	entries, err := loadSniffEntries(dir)
	if err != nil {
		t.Fatal(err)
	}
	type score struct{ pass, fail int }
	perFact := map[string]*score{}
	for _, k := range sniffFactKeys {
		perFact[k] = &score{}
	}
	failing := map[string][]string{}
	check := func(path, where, key string, want json.RawMessage, got any) {
		sc := perFact[key]
		if sc == nil {
			return // a fact csvscan does not report (prompt, user_arguments)
		}
		if d := compareFact(key, want, got); d != "" {
			sc.fail++
			failing[path] = append(failing[path], where+": "+d)
			return
		}
		sc.pass++
	}
	for _, e := range entries {
		var sniffs []map[string]json.RawMessage
		for _, a := range e.Assertions {
			if string(a["kind"]) == `"sniff"` && isEmptyList(a["options"]) && isEmptyList(a["settings"]) {
				sniffs = append(sniffs, a)
			}
		}
		if len(e.Facts) == 0 && len(sniffs) == 0 {
			continue
		}
		if !e.Present {
			t.Logf("skip %s: not in the corpus", e.Path)
			continue
		}
		res, data, err := sniffFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
		if err != nil {
			failing[e.Path] = append(failing[e.Path], "sniff: "+err.Error())
			for k := range e.Facts {
				if sc := perFact[k]; sc != nil {
					sc.fail++
				}
			}
			continue
		}
		got := sniffFacts(res)
		for _, k := range slices.Sorted(maps.Keys(e.Facts)) {
			if k == "row_count" {
				n, err := sniffedRowCount(res, data)
				if err != nil {
					perFact[k].fail++
					failing[e.Path] = append(failing[e.Path], "row_count: read error: "+err.Error())
					continue
				}
				check(e.Path, "auto_detect_facts", k, e.Facts[k], n)
				continue
			}
			check(e.Path, "auto_detect_facts", k, e.Facts[k], got[k])
		}
		for _, a := range sniffs {
			var test string
			var line int
			json.Unmarshal(a["test"], &test)
			json.Unmarshal(a["line"], &line)
			where := fmt.Sprintf("%s:%d", test, line)
			for _, k := range sniffFactKeys {
				if w, ok := a[k]; ok && k != "row_count" {
					check(e.Path, where, k, w, got[k])
				}
			}
		}
	}
	var summary []string
	for _, k := range sniffFactKeys {
		sc := perFact[k]
		if sc.pass+sc.fail > 0 {
			summary = append(summary, fmt.Sprintf("%s %d/%d", k, sc.pass, sc.pass+sc.fail))
		}
	}
	t.Logf("sniff facts matched (per fact): %s", strings.Join(summary, ", "))
	for _, path := range slices.Sorted(maps.Keys(failing)) {
		reason, known := knownSniffDifferences[path]
		for _, f := range failing[path] {
			if known {
				t.Logf("differs %s: %s [known: %s]", path, f, reason)
			} else {
				t.Errorf("FAIL %s: %s", path, f)
			}
		}
	}
	for _, path := range slices.Sorted(maps.Keys(knownSniffDifferences)) {
		if _, ok := failing[path]; !ok {
			t.Errorf("%s is listed in knownSniffDifferences but matches: remove it", path)
		}
	}
}

func isEmptyList(m json.RawMessage) bool {
	s := strings.TrimSpace(string(m))
	return s == "" || s == "null" || s == "[]"
}

// knownSniffDifferences are the corpus files whose auto-detection facts
// csvscan does not reproduce, with the reason and what DuckDB does.
var knownSniffDifferences = map[string]string{}
