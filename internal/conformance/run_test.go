package conformance

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// table is what csvscan read: the column names and the rows as DuckDB
// renders them, nil being NULL.
type table struct {
	names []string
	rows  [][]*string
}

// readTable reads data with cfg: a sequential Scanner (FieldsPerRow -1)
// under a typed.Reader. The rows read before an error come with it.
//
// When the schema is not given (cfg.varcharSchema) every column is VARCHAR
// and their number is the width of the header, or of the first row: what
// read_csv(all_varchar=true) gives for a file whose rows agree with its
// first, the only files the rule lets through without columns=. A VARCHAR
// schema still goes through the typed Reader, which applies DuckDB's NULL
// strings, row widths (null_padding, ignore_errors) and UTF-8 check.
func readTable(data []byte, cfg *readConfig) (table, error) {
	var tb table
	if cfg.encoding != "" {
		r, err := csvscan.Decode(bytes.NewReader(data), cfg.encoding)
		if err != nil {
			return tb, err
		}
		if data, err = io.ReadAll(r); err != nil {
			return tb, err
		}
	}
	if cfg.sniff != nil {
		sniffed, err := applySniff(data, cfg)
		if err != nil {
			return tb, err
		}
		cfg = sniffed
	}
	topts := cfg.typed
	if cfg.varcharSchema {
		s, err := scanner.NewBytes(data, cfg.scan)
		if err != nil {
			return tb, err
		}
		ok := s.Scan()
		var width int
		switch {
		case cfg.scan.Header:
			tb.names = headerNames(s.Header())
			width = len(tb.names)
		case ok:
			width = len(s.Row())
			tb.names = generatedNames(width)
		}
		if err := s.Err(); err != nil && width == 0 {
			return tb, err
		}
		if width == 0 {
			return tb, nil // an empty file: no columns, no rows
		}
		topts.Schema = make(typed.Schema, width)
		for i := range topts.Schema {
			topts.Schema[i] = typed.Column{Name: tb.names[i], Type: typed.TypeVarchar}
		}
	} else {
		for _, c := range topts.Schema {
			tb.names = append(tb.names, c.Name)
		}
	}
	for i, n := range cfg.names {
		if i < len(tb.names) {
			tb.names[i] = n
		}
	}
	if cfg.project != nil {
		// Projection pushdown: a column the query does not select is not
		// cast, so its values cannot reject a row.
		topts.Schema = slices.Clone(topts.Schema)
		for i := range topts.Schema {
			if i < len(tb.names) && !slices.ContainsFunc(cfg.project, func(p string) bool { return strings.EqualFold(p, tb.names[i]) }) {
				topts.Schema[i] = typed.Column{Name: topts.Schema[i].Name, Type: typed.TypeVarchar}
			}
		}
	}

	scan := cfg.scan
	// DuckDB's ignore_errors also skips rows the raw scan cannot parse.
	scan.IgnoreErrors = topts.IgnoreErrors || topts.StoreRejects
	s, err := scanner.NewBytes(data, scan)
	if err != nil {
		return tb, err
	}
	tr, err := typed.NewReader(s, topts)
	if err != nil {
		return tb, err
	}
	var buf []byte
	for chunk, err := range tr.Chunks() {
		if err != nil {
			return tb, err
		}
		for i := range chunk.Len() {
			row := make([]*string, len(chunk.Columns))
			for c := range chunk.Columns {
				v := &chunk.Columns[c]
				if v.IsNull(i) {
					continue
				}
				buf = v.AppendText(buf[:0], i)
				// DuckDB's test runner prints a NUL byte as \0.
				s := strings.ReplaceAll(string(buf), "\x00", `\0`)
				row[c] = &s
			}
			tb.rows = append(tb.rows, row)
		}
	}
	return tb, nil
}

// generatedNames are DuckDB's names of columns without a header: column0,
// column1, ... padded with zeros to the width of the last number.
func generatedNames(n int) []string {
	digits := len(strconv.Itoa(max(n-1, 0)))
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("column%0*d", digits, i)
	}
	return names
}

// headerNames are the column names a header gives in DuckDB: an empty
// name becomes the generated one, and a repeated name gets _1, _2, ...
func headerNames(header []string) []string {
	gen := generatedNames(len(header))
	names := make([]string, len(header))
	seen := map[string]bool{}
	for i, h := range header {
		n := h
		if strings.TrimSpace(n) == "" {
			n = gen[i]
		}
		base := n
		for k := 1; seen[strings.ToLower(n)]; k++ {
			n = base + "_" + strconv.Itoa(k)
		}
		seen[strings.ToLower(n)] = true
		names[i] = n
	}
	return names
}

// project keeps the named columns (case-insensitive, as DuckDB's
// identifiers), in the order asked.
func project(tb table, cols []string) ([][]*string, error) {
	if cols == nil {
		return tb.rows, nil
	}
	idx := make([]int, len(cols))
	for i, c := range cols {
		idx[i] = slices.IndexFunc(tb.names, func(n string) bool { return strings.EqualFold(n, c) })
		if idx[i] < 0 {
			return nil, fmt.Errorf("no column %q among %q", c, tb.names)
		}
	}
	out := make([][]*string, len(tb.rows))
	for r, row := range tb.rows {
		p := make([]*string, len(idx))
		for i, j := range idx {
			if j < len(row) {
				p[i] = row[j]
			}
		}
		out[r] = p
	}
	return out, nil
}

// compareRows returns "" when got equals the assertion's expectation, else
// the first difference in words.
func compareRows(a *assertion, q query, tb table) string {
	switch a.Kind {
	case "row_count", "copy_row_count":
		if a.RowCount == nil {
			return "no expected count"
		}
		if len(tb.rows) != *a.RowCount {
			return fmt.Sprintf("%d rows, want %d", len(tb.rows), *a.RowCount)
		}
		return ""
	}
	got, err := project(tb, q.project)
	if err != nil {
		return err.Error()
	}
	if q.limit >= 0 && len(got) > q.limit {
		got = got[:q.limit]
	}
	if a.Rows == nil { // a hash: only the count is known
		want := a.RowCount
		if want == nil {
			want = a.ReturnedRows
		}
		if want == nil {
			return "no expected rows"
		}
		if len(got) != *want {
			return fmt.Sprintf("%d rows, want %d", len(got), *want)
		}
		return ""
	}
	want := a.Rows
	if q.sorted {
		got, want = sortedRows(got), sortedRows(want)
	}
	for i := range min(len(got), len(want)) {
		if d := compareRow(got[i], want[i]); d != "" {
			return fmt.Sprintf("row %d: %s", i+1, d)
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%d rows, want %d", len(got), len(want))
	}
	return ""
}

func compareRow(got, want []*string) string {
	for c := range min(len(got), len(want)) {
		g, w := got[c], want[c]
		if (g == nil) != (w == nil) || g != nil && *g != *w && !sameReal(*g, *w) {
			return fmt.Sprintf("column %d: got %s, want %s", c+1, show(g), show(w))
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%d values, want %d", len(got), len(want))
	}
	return ""
}

func show(v *string) string {
	if v == nil {
		return "NULL"
	}
	s := *v
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	return strconv.Quote(s)
}

// sortedRows returns the rows sorted by their values, NULL first.
func sortedRows(rows [][]*string) [][]*string {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(x, y []*string) int {
		for i := range min(len(x), len(y)) {
			a, b := x[i], y[i]
			switch {
			case a == nil && b == nil:
				continue
			case a == nil:
				return -1
			case b == nil:
				return 1
			}
			if c := strings.Compare(*a, *b); c != 0 {
				return c
			}
		}
		return len(x) - len(y)
	})
	return out
}

// applySniff runs the sniffer on data as csvscan's command line does (at
// random access) with what the call fixes, and returns the configuration
// completed with what it found: dialect, header, skipped lines, formats,
// and the schema (sniffed names and types, with the types the call gives
// put over them).
func applySniff(data []byte, cfg *readConfig) (*readConfig, error) {
	sp := cfg.sniff
	res, err := sniff.Sniff(bytes.NewReader(data), int64(len(data)), sp.opts)
	if err != nil {
		return nil, fmt.Errorf("sniffing: %w", err)
	}
	out := *cfg
	out.sniff = nil
	out.scan.Dialect = res.Dialect
	out.typed.Dialect = res.Dialect
	if !sp.headerGiven {
		out.scan.Header = res.HasHeader
	}
	if !sp.skipGiven {
		out.scan.SkipRows = res.SkipRows
	}
	// The options the sniffed rows need (ragged rows: padding, rejects).
	out.typed.NullPadding = out.typed.NullPadding || res.NullPadding
	out.typed.IgnoreErrors = out.typed.IgnoreErrors || res.IgnoreErrors
	// The formats as the sniffer's result gives them to a typed read
	// (ApplyTyped: ISO dates have none).
	var formats typed.Options
	res.ApplyTyped(&formats)
	if !sp.formatsGiven[0] && formats.DateFormat != "" {
		out.typed.DateFormat = formats.DateFormat
	}
	if !sp.formatsGiven[1] && formats.TimestampFormat != "" {
		out.typed.TimestampFormat = formats.TimestampFormat
	}
	if sp.columnsGiven {
		return &out, nil
	}
	schema := slices.Clone(res.Columns)
	if len(cfg.names) > len(schema) && cfg.typed.NullPadding {
		// More names than columns: with null_padding DuckDB adds VARCHAR
		// columns for them.
		for len(schema) < len(cfg.names) {
			schema = append(schema, typed.Column{Name: cfg.names[len(schema)], Type: typed.TypeVarchar})
		}
	}
	switch {
	case sp.allVarchar || !sp.types:
		for i := range schema {
			schema[i].Type = typed.TypeVarchar
		}
	default:
		for i, t := range sp.typesByPos {
			if i < len(schema) {
				c, _ := parseType(t)
				c.Name = schema[i].Name
				schema[i] = c
			}
		}
		for _, p := range sp.typesByName {
			for i := range schema {
				if strings.EqualFold(schema[i].Name, p[0]) {
					c, _ := parseType(p[1])
					c.Name = schema[i].Name
					schema[i] = c
				}
			}
		}
	}
	out.typed.Schema = schema
	out.varcharSchema = false
	return &out, nil
}

// sameReal says got, a DOUBLE or DECIMAL as csvscan renders it ("345.0",
// "5.000"), is the number the test expects: DuckDB's test runner compares
// numeric results as numbers, so "345.000000" (its fixed six decimals for
// a column declared R), "5.0" and "+15300.000" all match.
func sameReal(got, want string) bool {
	if !strings.ContainsAny(got, ".e") {
		return false
	}
	g, err1 := strconv.ParseFloat(got, 64)
	w, err2 := strconv.ParseFloat(want, 64)
	return err1 == nil && err2 == nil && math.Abs(g-w) <= 5e-7*math.Max(1, math.Abs(w))
}
