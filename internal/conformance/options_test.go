package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// readerCall is what a DuckDB statement asks of its reader: the fields
// shared by manifest assertions and error records.
type readerCall struct {
	Func          string
	SQL           string
	Settings      []string
	Options       [][]string
	OptionsParsed map[string]json.RawMessage
	DDL           string // CREATE TABLE of a COPY's target
	// CountOnly says only the number of rows is asked: the column types
	// then do not matter (see typesKnown in plan).
	CountOnly bool
}

// readConfig is a reader call translated to csvscan: the raw scan's options
// and the typed reader's.
type readConfig struct {
	scan  scanner.Options
	typed typed.Options
	// varcharSchema says the schema is not given: every column is VARCHAR
	// and their number is the width of the header or of the first row
	// (read_csv's all_varchar, or a count of rows).
	varcharSchema bool
	// names rename the first columns (read_csv's names).
	names []string
	// encoding is the input's encoding (read_csv's encoding); the data is
	// decoded to UTF-8 before anything else (csvscan.Decode).
	encoding string
	// project names the columns the query selects (nil: all). As DuckDB
	// pushes the projection into the reader, the other columns are not
	// cast: they are read as VARCHAR (readTable).
	project []string
	// sniff, when set, says DuckDB would auto-detect what the options
	// leave open: the sniffer fills it in before reading (see readTable).
	sniff *sniffPlan
}

// sniffPlan is what the sniffer must find for a call, and what the options
// already fix.
type sniffPlan struct {
	opts        sniff.Options
	headerGiven bool
	skipGiven   bool
	// types gives the schema: the sniffed types, overridden by types=
	// (by position) and column_types=/types={...} (by name); all_varchar
	// makes every column VARCHAR. Without it (a count) the schema is
	// the sniffed width of VARCHAR columns.
	types        bool
	allVarchar   bool
	typesByPos   []string
	typesByName  [][2]string
	formatsGiven [2]bool
	// columnsGiven says columns= fixes the schema.
	columnsGiven bool
}

// optionError is an option csvscan itself rejects (its own parsers and
// checks: dialect.Validate, dialect.ParseNewline, ParseType, ParseFormat,
// and the CLI's rule that quote, escape and comment are one byte).
type optionError struct{ err error }

func (e *optionError) Error() string { return "csvscan rejects the options: " + e.err.Error() }
func (e *optionError) Unwrap() error { return e.err }

// skip is the reason a call is not run, one of a small set of phrases so
// that skips can be counted by reason.
type skip string

// Skip reasons. The more specific ones are built with a suffix (the option
// or type name).
const (
	skipSniffHeader    skip = "sniffer: header auto-detected"
	skipSniffTypes     skip = "sniffer: types auto-detected"
	skipSniffTypesErr  skip = "sniffer: types auto-detected (ignore_errors drops rows by sniffed type)"
	skipSniffFunc      skip = "sniffer: sniff_csv"
	skipSettings       skip = "settings (SET ...)"
	skipMultiFile      skip = "multiple files/globs"
	skipCompression    skip = "compression"
	skipQuery          skip = "query"
	skipOptValidation  skip = "option validation (a DuckDB binder check csvscan has no counterpart of)"
	skipUnparsed       skip = "option not decoded by the corpus"
	skipConstraints    skip = "table constraints"
	skipAbsent         skip = "file absent"
	skipErrSniffer     skip = "expected error comes from the sniffer"
	skipErrOther       skip = "expected error is not about the data (permissions, file systems)"
	skipErrCastSniffed skip = "cast error with sniffed types (a target table's or the query's types)"
)

func skipOption(name string) skip { return skip("unsupported option: " + name) }
func skipType(name string) skip   { return skip("unsupported type: " + name) }

// plan translates a reader call into a csvscan configuration, or says why
// the call cannot be run with csvscan's features.
//
// The rule, applied in this order (the first reason found is the one
// counted):
//
//  1. The statement reads one file with read_csv, read_csv_auto, a COPY
//     FROM or a replacement scan (FROM 'file.csv'); sniff_csv is skipped.
//     No SET/PRAGMA settings; no compressed file other than gzip.
//  2. What the options leave open is sniffed, as DuckDB does with
//     auto_detect (the default): when header= is not given, the sniffer
//     finds the dialect parts not given and the header; when the types
//     are not given either (no columns=, no COPY target table, no
//     all_varchar, and more than a count is asked, or ignore_errors /
//     store_rejects drops rows by type), the schema is the sniffed one,
//     with types= / dtypes= / column_types= put over it. The sniffer runs
//     in readTable (applySniff). A call with header= and all_varchar, or
//     a count, keeps DuckDB's default dialect for the parts not given, as
//     before the sniffer existed.
//  3. Every option is one csvscan implements (below).
//  4. Every column type is one csvscan casts to (cast.ParseType, with
//     type modifiers dropped: VARCHAR(n) is VARCHAR), and a COPY's target
//     table has no constraints (NOT NULL, PRIMARY KEY, ...).
//
// Implemented options: delim/sep/delimiter, quote, escape, comment,
// new_line, strict_mode, header, auto_detect, columns, types, dtypes,
// column_types, all_varchar, names/column_names, nullstr/null, dateformat,
// timestampformat, decimal_separator, ignore_errors, null_padding,
// store_rejects, rejects_table, rejects_limit, max_line_size /
// maximum_line_size, skip, sample_size; options that cannot change the
// rows are accepted and ignored (buffer_size, parallel, encoding=utf-8,
// format=csv, allow_quoted_nulls=true, compression=none/auto/gzip).
func plan(c readerCall) (*readConfig, skip, error) {
	switch c.Func {
	case "read_csv", "read_csv_auto", "copy_from", "replacement":
	case "sniff_csv":
		return nil, skipSniffFunc, nil
	default:
		return nil, skip("reader " + c.Func), nil
	}
	if n, glob := fileLiterals(c.SQL); n > 1 || glob {
		return nil, skipMultiFile, nil
	}
	if len(c.Settings) > 0 {
		return nil, skipSettings, nil
	}

	o := c.OptionsParsed
	has := func(name string) bool { _, ok := o[name]; return ok }
	autoDetect := true
	if has("auto_detect") {
		v, ok := asBool(o["auto_detect"])
		if !ok {
			return nil, skipOptValidation, nil
		}
		autoDetect = v
	}

	// 2. header: given, or sniffed (auto_detect).
	var sp *sniffPlan
	if !has("header") && autoDetect {
		sp = &sniffPlan{}
	}

	// 3. types
	var columns [][2]string
	switch {
	case has("columns"):
		if isNull(o["columns"]) {
			return nil, skipUnparsed, nil
		}
		cols, ok := asPairs(o["columns"])
		if !ok {
			return nil, skipOptValidation, nil
		}
		if has("types") || has("dtypes") || has("column_types") {
			return nil, skipOptValidation, nil
		}
		columns = cols
	case c.Func == "copy_from" && c.DDL != "":
		cols, _, ok := parseDDL(c.DDL) // constraints are checked after the types
		if !ok {
			return nil, skipUnparsed, nil
		}
		columns = cols
	case !autoDetect && !isTrue(o["all_varchar"]) && !c.CountOnly:
		return nil, skip("auto_detect=false without columns"), nil
	case has("types") || has("dtypes") || has("column_types"):
		if sp == nil {
			sp = &sniffPlan{}
		}
		sp.types = true
		for _, name := range []string{"types", "dtypes", "column_types"} {
			raw, ok := o[name]
			if !ok {
				continue
			}
			if isNull(raw) {
				return nil, skipUnparsed, nil
			}
			if list, ok := asStrings(raw); ok {
				sp.typesByPos = list
			} else if pairs, ok := asPairs(raw); ok {
				sp.typesByName = pairs
			} else {
				return nil, skipOptValidation, nil
			}
		}
	case isTrue(o["all_varchar"]):
		if sp != nil {
			sp.allVarchar = true
		}
	case c.CountOnly:
		if isTrue(o["ignore_errors"]) || isTrue(o["store_rejects"]) || has("rejects_table") {
			// Rows are dropped by their sniffed types.
			if sp == nil {
				sp = &sniffPlan{}
			}
			sp.types = true
		}
	default: // also a COPY whose target table is unknown
		if sp == nil {
			sp = &sniffPlan{}
		}
		sp.types = true
	}

	cfg, sk, optErr := translateOptions(c)
	if sk != "" {
		return nil, sk, nil
	}
	if sp != nil && columns == nil {
		var oe *optionError
		if errors.As(optErr, &oe) && errors.Is(oe.err, dialect.ErrInvalid) {
			// The default dialect clashes with a given character (a comment
			// ','): the sniffer searches the parts not given.
			optErr = nil
		}
		if optErr != nil {
			return cfg, "", optErr
		}
		sp.fill(c, cfg)
		cfg.sniff = sp
		if sp.types {
			for _, t := range sp.typesByPos {
				if _, err := parseType(t); err != nil {
					return nil, skipType(canonicalType(t)), nil
				}
			}
			for _, p := range sp.typesByName {
				if _, err := parseType(p[1]); err != nil {
					return nil, skipType(canonicalType(p[1])), nil
				}
			}
		}
		cfg.varcharSchema = false
		return cfg, "", nil
	}

	// 5. types
	if columns == nil {
		cfg.varcharSchema = true
		return cfg, "", optErr
	}
	if sp != nil {
		// columns= fixes the schema; the sniffer finds the dialect and
		// the header.
		sp.fill(c, cfg)
		sp.columnsGiven = true
		cfg.sniff = sp
	}
	for _, col := range columns {
		sc, err := parseType(col[1])
		if err != nil {
			if errors.Is(err, cast.ErrUnsupportedType) || errors.Is(err, cast.ErrUnknownType) {
				return nil, skipType(canonicalType(col[1])), nil
			}
			if optErr == nil {
				optErr = &optionError{err}
			}
		}
		sc.Name = col[0]
		cfg.typed.Schema = append(cfg.typed.Schema, sc)
	}
	if c.Func == "copy_from" && c.DDL != "" {
		if _, constrained, _ := parseDDL(c.DDL); constrained {
			return nil, skipConstraints, nil
		}
	}
	return cfg, "", optErr
}

// translateOptions maps every option of the call but the column types to
// csvscan (step 4 of plan): a skip when one is not implemented, an
// *optionError when csvscan rejects one.
func translateOptions(c readerCall) (*readConfig, skip, error) {
	o := c.OptionsParsed
	has := func(name string) bool { _, ok := o[name]; return ok }
	cfg := &readConfig{}
	d := dialect.Default()
	escapeSet := false
	var optErr error
	fail := func(format string, args ...any) {
		if optErr == nil {
			optErr = &optionError{fmt.Errorf(format, args...)}
		}
	}
	delimSeen := ""
	// In a fixed order, so that the reason counted is always the same.
	for _, name := range slices.Sorted(maps.Keys(o)) {
		raw := o[name]
		switch name {
		case "delim", "sep", "delimiter":
			if delimSeen != "" {
				return nil, skipOptValidation, nil // DuckDB: only one alias
			}
			delimSeen = name
			s, ok := asString(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			if s == `\t` {
				s = "\t" // DuckDB reads the two characters \t as a tab
			}
			d.Delimiter = s
		case "quote", "escape", "comment":
			s, ok := asString(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			var ch dialect.Char
			switch len(s) {
			case 0:
				ch = dialect.None
			case 1:
				ch = dialect.Some(s[0])
			default:
				fail("%s must be one byte or empty, got %q", name, s)
			}
			switch name {
			case "quote":
				d.Quote = ch
			case "escape":
				d.Escape, escapeSet = ch, true
			case "comment":
				d.Comment = ch
			}
		case "new_line":
			s, ok := asString(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			nl, err := dialect.ParseNewline(s)
			if err != nil {
				fail("new_line: %v", err)
			}
			d.Newline = nl
		case "strict_mode":
			v, ok := asBool(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			d.Lenient = !v
		case "header":
			v, ok := asBool(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			cfg.scan.Header = v
		case "auto_detect", "columns", "all_varchar":
			// Read above (all_varchar only says VARCHAR when no columns).
			if name == "all_varchar" {
				if _, ok := asBool(raw); !ok {
					return nil, skipOptValidation, nil
				}
			}
		case "names", "column_names":
			names, ok := asStrings(raw)
			if !ok || len(names) == 0 || hasDuplicate(names) || has("names") && has("column_names") {
				return nil, skipOptValidation, nil
			}
			cfg.names = names
		case "nullstr", "null":
			ns, ok := asStrings(raw)
			if !ok || len(ns) == 0 || has("nullstr") && has("null") {
				return nil, skipOptValidation, nil
			}
			cfg.typed.NullStr = ns
		case "dateformat", "date_format", "timestampformat", "timestamp_format":
			s, ok := asString(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			if _, err := cast.ParseFormat(s); err != nil {
				fail("%s: %v", name, err)
			}
			if strings.HasPrefix(name, "date") {
				cfg.typed.DateFormat = s
			} else {
				cfg.typed.TimestampFormat = s
			}
		case "decimal_separator":
			s, ok := asString(raw)
			if !ok || (s != "." && s != ",") {
				return nil, skipOptValidation, nil
			}
			cfg.typed.DecimalComma = s == ","
		case "ignore_errors", "null_padding", "store_rejects":
			v, ok := asBool(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			switch name {
			case "ignore_errors":
				if !v && isTrue(o["store_rejects"]) {
					return nil, skipOptValidation, nil
				}
				cfg.typed.IgnoreErrors = v
			case "null_padding":
				cfg.typed.NullPadding = v
			case "store_rejects":
				cfg.typed.StoreRejects = v
			}
		case "rejects_table", "rejects_scan":
			s, ok := asString(raw)
			if !ok || s == "" {
				return nil, skipOptValidation, nil
			}
			cfg.typed.StoreRejects = true
		case "rejects_limit":
			n, ok := asInt(raw)
			if !ok || n < 0 || !has("rejects_table") && !isTrue(o["store_rejects"]) {
				return nil, skipOptValidation, nil
			}
			cfg.typed.RejectsLimit = n
		case "max_line_size", "maximum_line_size":
			n, ok := asInt(raw)
			if !ok || n <= 0 {
				return nil, skipOptValidation, nil
			}
			if n > scanner.MaxMaxLineSize {
				fail("%s %d over csvscan's maximum %d", name, n, scanner.MaxMaxLineSize)
			}
			cfg.scan.MaxLineSize = n
		case "buffer_size", "parallel", "sample_size":
			// The rows do not depend on them (sample_size only feeds the
			// sniffer, which the rule above keeps out).
		case "encoding":
			s, _ := asString(raw)
			if _, err := csvscan.Decode(nil, s); err != nil {
				return nil, skipOption("encoding=" + s), nil
			}
			cfg.encoding = s
		case "format":
			if !rawOptionIs(c.Options, name, "csv") {
				return nil, skipOption("format"), nil
			}
		case "compression":
			s, _ := asString(raw)
			switch strings.ToLower(s) {
			case "none", "auto", "gzip":
			default:
				return nil, skipOption("compression=" + s), nil
			}
		case "skip":
			n, ok := asInt(raw)
			if !ok || n < 0 {
				return nil, skipOptValidation, nil
			}
			cfg.scan.SkipRows = n
		case "allow_quoted_nulls":
			v, ok := asBool(raw)
			if !ok {
				return nil, skipOptValidation, nil
			}
			cfg.typed.QuotedNotNull = !v
		case "force_not_null":
			names, ok := asStrings(raw)
			if !ok {
				if s, isStr := asString(raw); isStr {
					// DuckDB's COPY spelling: (a, b)
					s = strings.Trim(strings.TrimSpace(s), "()")
					names = nil
					for _, n := range strings.Split(s, ",") {
						names = append(names, strings.TrimSpace(n))
					}
				} else {
					return nil, skipOptValidation, nil
				}
			}
			cfg.typed.ForceNotNull = names
		case "types", "dtypes", "column_types":
			// Read by plan.
		case "normalize_names", "union_by_name", "filename", "hive_partitioning", "hive_types":
			if v, ok := asBool(raw); ok && !v {
				continue
			}
			return nil, skipOption(name), nil
		case "_trailing":
			return nil, skipUnparsed, nil
		default:
			if isNull(raw) {
				return nil, skipUnparsed, nil
			}
			return nil, skipOption(name), nil
		}
	}
	if !escapeSet {
		d.Escape = d.Quote // DuckDB's default: a doubled quote is one quote
	}
	if optErr == nil {
		if err := d.Validate(); err != nil {
			optErr = &optionError{err}
		}
	}
	cfg.scan.Dialect = d
	cfg.typed.Dialect = d
	cfg.scan.FieldsPerRow = -1
	return cfg, "", optErr
}

// parseType is typed.ParseColumn with the length modifiers DuckDB
// ignores dropped (VARCHAR(10) is VARCHAR); a DECIMAL keeps its width and
// scale.
func parseType(name string) (typed.Column, error) {
	n := strings.TrimSpace(name)
	if i := strings.IndexByte(n, '('); i > 0 && strings.HasSuffix(n, ")") {
		if _, _, ok, _ := cast.ParseDecimal(n); !ok {
			n = strings.TrimSpace(n[:i])
		}
	}
	return typed.ParseColumn("", n)
}

// canonicalType names a type csvscan lacks by DuckDB's name of it, so that
// DEC, NUMERIC and DECIMAL count as one reason. (The integer types and
// FLOAT, with all their aliases, are supported: cast.ParseType accepts
// them.)
func canonicalType(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	if i := strings.IndexByte(n, '('); i > 0 {
		n = strings.TrimSpace(n[:i])
	}
	switch n {
	case "hugeint", "int128":
		return "HUGEINT"
	case "uhugeint", "uint128":
		return "UHUGEINT"
	case "decimal", "numeric", "dec":
		return "DECIMAL"
	case "timestamptz", "timestamp with time zone":
		return "TIMESTAMPTZ"
	case "timetz", "time with time zone":
		return "TIMETZ"
	}
	return strings.ToUpper(n)
}

var ddlColumns = regexp.MustCompile(`(?is)^\s*create\s+table\s+[^(]+\((.*)\)\s*;?\s*$`)

// parseDDL reads the columns of a CREATE TABLE: names and types, and
// whether any column or the table has a constraint.
func parseDDL(ddl string) (cols [][2]string, constrained, ok bool) {
	m := ddlColumns.FindStringSubmatch(ddl)
	if m == nil {
		return nil, false, false
	}
	for _, def := range typed.SplitSchema(m[1]) {
		def = strings.TrimSpace(def)
		if def == "" {
			continue
		}
		fields := strings.Fields(def)
		head := strings.ToLower(fields[0])
		if head == "primary" || head == "unique" || head == "check" || head == "foreign" || head == "constraint" {
			constrained = true
			continue
		}
		if len(fields) < 2 {
			return nil, false, false
		}
		name := strings.Trim(fields[0], `"`)
		typ := fields[1]
		rest := fields[2:]
		// Multi-word and parenthesised types.
		for len(rest) > 0 && (strings.Count(typ, "(") > strings.Count(typ, ")") ||
			strings.EqualFold(typ, "double") && strings.EqualFold(rest[0], "precision") ||
			len(rest) >= 3 && strings.EqualFold(rest[0], "with") && strings.EqualFold(rest[1], "time")) {
			if strings.EqualFold(rest[0], "with") {
				typ += " " + strings.Join(rest[:3], " ")
				rest = rest[3:]
				continue
			}
			typ += " " + rest[0]
			rest = rest[1:]
		}
		if len(rest) > 0 {
			constrained = true
		}
		cols = append(cols, [2]string{name, typ})
	}
	return cols, constrained, len(cols) > 0
}

var (
	stringLiteral = regexp.MustCompile(`'(?:[^']|'')*'`)
	// A file literal names a data file: DuckDB's tests write
	// '{DATA_DIR}/csv/...' or 'data/csv/...'.
	fileLiteral = regexp.MustCompile(`(?i)^'(\{DATA_DIR\}|data/|\{TEMP_DIR\}|__TEST_DIR__)`)
)

// fileLiterals counts the file names among the string literals of sql and
// says whether one of them is a glob.
func fileLiterals(sql string) (n int, glob bool) {
	for _, lit := range stringLiteral.FindAllString(sql, -1) {
		if !fileLiteral.MatchString(lit) {
			continue
		}
		n++
		if strings.ContainsAny(lit, "*?[") {
			glob = true
		}
	}
	return n, glob
}

// rawOptionIs says whether the option was written with the value want
// (quotes and case ignored), for options the corpus did not decode.
func rawOptionIs(options [][]string, name, want string) bool {
	for _, kv := range options {
		if len(kv) == 2 && strings.EqualFold(kv[0], name) {
			return strings.EqualFold(strings.Trim(kv[1], `'" `), want)
		}
	}
	return false
}

func isNull(raw json.RawMessage) bool { return raw == nil || string(raw) == "null" }

func isTrue(raw json.RawMessage) bool {
	v, ok := asBool(raw)
	return ok && v
}

// asBool reads DuckDB's spellings of a boolean: true/false, 1/0, and the
// same as strings.
func asBool(raw json.RawMessage) (bool, bool) {
	var v any
	if isNull(raw) || json.Unmarshal(raw, &v) != nil {
		return false, false
	}
	switch x := v.(type) {
	case bool:
		return x, true
	case float64:
		return x != 0, x == 0 || x == 1
	case string:
		b, err := strconv.ParseBool(strings.ToLower(x))
		return b, err == nil
	}
	return false, false
}

func asInt(raw json.RawMessage) (int, bool) {
	var v any
	if isNull(raw) || json.Unmarshal(raw, &v) != nil {
		return 0, false
	}
	switch x := v.(type) {
	case float64:
		return int(x), x == float64(int(x))
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}

func asString(raw json.RawMessage) (string, bool) {
	var s string
	if isNull(raw) || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// asStrings reads a string or a list of strings (no NULL in it).
func asStrings(raw json.RawMessage) ([]string, bool) {
	if s, ok := asString(raw); ok {
		return []string{s}, true
	}
	var list []*string
	if isNull(raw) || json.Unmarshal(raw, &list) != nil {
		return nil, false
	}
	out := make([]string, len(list))
	for i, p := range list {
		if p == nil {
			return nil, false
		}
		out[i] = *p
	}
	return out, true
}

// asPairs reads columns= as decoded by the corpus: [[name, type], ...].
func asPairs(raw json.RawMessage) ([][2]string, bool) {
	var list [][]any
	if isNull(raw) || json.Unmarshal(raw, &list) != nil {
		return nil, false
	}
	out := make([][2]string, len(list))
	for i, p := range list {
		if len(p) != 2 {
			return nil, false
		}
		name, ok1 := p[0].(string)
		typ, ok2 := p[1].(string)
		if !ok1 || !ok2 {
			return nil, false
		}
		out[i] = [2]string{name, typ}
	}
	return out, true
}

func hasDuplicate(names []string) bool {
	seen := map[string]bool{}
	for _, n := range names {
		k := strings.ToLower(n)
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// fill sets the sniffer's options from the call: the dialect characters
// given are fixed, and so are the header, the skipped lines, the formats
// and what null_padding and ignore_errors change in the scoring.
func (sp *sniffPlan) fill(c readerCall, cfg *readConfig) {
	o := c.OptionsParsed
	has := func(name string) bool { _, ok := o[name]; return ok }
	so := sniff.Options{Dialect: cfg.scan.Dialect, MaxLineSize: cfg.scan.MaxLineSize,
		NullPadding: cfg.typed.NullPadding, IgnoreErrors: cfg.typed.IgnoreErrors || cfg.typed.StoreRejects,
		DateFormat: cfg.typed.DateFormat, TimestampFormat: cfg.typed.TimestampFormat,
		DecimalComma: cfg.typed.DecimalComma, SkipRows: cfg.scan.SkipRows, QuotedNotNull: cfg.typed.QuotedNotNull}
	for name, part := range map[string]sniff.Part{"delim": sniff.Delimiter, "sep": sniff.Delimiter,
		"delimiter": sniff.Delimiter, "quote": sniff.Quote, "escape": sniff.Escape,
		"comment": sniff.Comment, "new_line": sniff.Newline} {
		if has(name) {
			so.Fixed |= part
		}
	}
	if n, ok := asInt(o["sample_size"]); ok {
		so.SampleSize = n
		if n < 0 {
			so.SampleSize = -1
		}
	}
	if has("header") {
		sp.headerGiven = true
		so.Header = sniff.HeaderNo
		if cfg.scan.Header {
			so.Header = sniff.HeaderYes
		}
	}
	sp.skipGiven = has("skip")
	sp.formatsGiven = [2]bool{cfg.typed.DateFormat != "", cfg.typed.TimestampFormat != ""}
	sp.opts = so
}
