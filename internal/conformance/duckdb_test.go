package conformance

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/corpus"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// rowKinds are the manifest assertions TestDuckDBRows checks.
var rowKinds = map[string]bool{"rows": true, "rows_limited": true, "row_count": true, "copy_row_count": true}

// corpusDir returns the corpus directory or skips the test.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	if _, err := os.Stat(filepath.Join(dir, "duckdb", "manifest.jsonl")); err != nil {
		t.Skipf("corpus at %s has no DuckDB part: %v", dir, err)
	}
	return dir
}

// tally counts the outcomes of one test.
type tally struct {
	pass     int
	failures []failure
	skips    map[skip]int
	// verbose, when set, sees every skip ($CONFORMANCE_VERBOSE).
	verbose func(skip)
}

type failure struct {
	file, where, diff string
}

func (tl *tally) skip(s skip) {
	if tl.verbose != nil {
		tl.verbose(s)
	}
	if tl.skips == nil {
		tl.skips = map[skip]int{}
	}
	tl.skips[s]++
}

// summary writes the counts, skips by reason with the most frequent first.
func (tl *tally) summary(name string) string {
	n := 0
	reasons := slices.Collect(maps.Keys(tl.skips))
	slices.SortFunc(reasons, func(a, b skip) int {
		return cmp.Or(tl.skips[b]-tl.skips[a], strings.Compare(string(a), string(b)))
	})
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		n += tl.skips[r]
		parts[i] = fmt.Sprintf("%s %d", r, tl.skips[r])
	}
	return fmt.Sprintf("%s: %d pass, %d fail, %d skipped (by reason: %s)",
		name, tl.pass, len(tl.failures), n, strings.Join(parts, "; "))
}

// check logs the summary and every failure, and fails the test when the
// passes drop below floor or a failing file is not a known difference.
func (tl *tally) check(t *testing.T, name string, floor int, known map[string]string) {
	t.Helper()
	t.Log(tl.summary(name))
	failing := map[string]bool{}
	for _, f := range tl.failures {
		failing[f.file] = true
		reason, ok := known[f.file]
		if !ok {
			t.Errorf("FAIL %s (%s): %s: not a known difference", f.file, f.where, f.diff)
			continue
		}
		t.Logf("fail %s (%s): %s [known: %s]", f.file, f.where, f.diff, reason)
	}
	for _, file := range slices.Sorted(maps.Keys(known)) {
		if !failing[file] {
			t.Logf("known difference of %s no longer fails: remove it from the list", file)
		}
	}
	if tl.pass < floor {
		t.Errorf("%s: %d pass, below the floor of %d: a regression", name, tl.pass, floor)
	}
}

var compressed = regexp.MustCompile(`\.(gz|zst|bz2|xz|lz4|zip)$`)

// TestDuckDBRows reads the files of DuckDB's CSV tests as the tests'
// queries ask and compares the rows with the ones the tests expect.
//
// Every manifest assertion of kind rows, rows_limited, row_count or
// copy_row_count is either run or skipped with one counted reason. It is
// run when its reader call passes plan (see plan's doc comment for the
// exact rule: one uncompressed file, no settings, header given or
// auto_detect=false, column types given by columns= or a COPY's target
// table, or all_varchar=true, or only a count asked; every option one
// csvscan implements, every type one of its seven) and its SQL passes
// analyzeQuery (a projection of plain columns, ORDER BY compared as sorted
// rows, LIMIT without ORDER BY; WHERE, aggregates beyond count(*) and
// expressions are skipped as "query").
//
// A run reads the file with a sequential Scanner under a typed.Reader (see
// readTable) and compares each value's DuckDB rendering (cast's, via
// Vector.AppendText; NULL as null) with the expected rows; counts compare
// the number of rows. A file csvscan stops on with an error, where DuckDB
// returned rows, fails.
//
// The test fails when the passes drop below rowsPassFloor, or when an
// assertion fails on a file not in knownDifferences.
func TestDuckDBRows(t *testing.T) {
	dir := corpusDir(t)
	entries, err := loadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tl tally
	for _, e := range entries {
		for i := range e.Assertions {
			a := &e.Assertions[i]
			if !rowKinds[a.Kind] {
				continue
			}
			where := fmt.Sprintf("%s:%d", a.Test, a.Line)
			tl.verbose = func(s skip) { verbose(t, "skip %s (%s): %s", e.Path, where, s) }
			if !e.Present {
				tl.skip(skipAbsent)
				continue
			}
			if compressed.MatchString(e.Path) && !strings.HasSuffix(e.Path, ".gz") {
				tl.skip(skipCompression)
				continue
			}
			cfg, sk, optErr := plan(readerCall{
				Func: a.Func, SQL: a.SQL, Settings: a.Settings,
				Options: a.Options, OptionsParsed: a.OptionsParsed, DDL: a.TargetTableDDL,
				CountOnly: a.Kind == "row_count" || a.Kind == "copy_row_count",
			})
			if sk != "" {
				tl.skip(sk)
				continue
			}
			q, sk := analyzeQuery(a)
			if sk != "" {
				tl.skip(sk)
				continue
			}
			if cfg != nil {
				cfg.project = q.project
			}
			if optErr != nil {
				tl.failures = append(tl.failures, failure{e.Path, where, optErr.Error()})
				continue
			}
			data, err := readData(filepath.Join(dir, filepath.FromSlash(e.Path)))
			if err != nil {
				tl.skip(skipAbsent)
				continue
			}
			tb, err := readTable(data, cfg)
			if err != nil {
				tl.failures = append(tl.failures, failure{e.Path, where, fmt.Sprintf("csvscan error after %d rows: %v", len(tb.rows), err)})
				continue
			}
			if diff := compareRows(a, q, tb); diff != "" {
				tl.failures = append(tl.failures, failure{e.Path, where, diff})
				continue
			}
			tl.pass++
			verbose(t, "pass %s (%s)", e.Path, where)
		}
	}
	tl.check(t, "duckdb corpus rows", rowsPassFloor, knownDifferences)
}

// Classes of expected error messages.
var (
	// errStructural: the bytes of the file do not parse (quotes, line
	// size, UTF-8, row width): the column types do not matter.
	errStructural = regexp.MustCompile(`(?i)unterminated quote|strict mode|strict_mode|maximum line size|max_line_size|invalid unicode|invalid state|expected number of columns|too many columns|missing columns`)
	// errCast: a value does not cast to its column's type.
	errCast = regexp.MustCompile(`(?i)could not convert|error when converting|conversion error|could not parse|derived from an existing table`)
	// errOptions: a check of the options, made before reading.
	errOptions = regexp.MustCompile(`(?i)\boption\b|could not parse (date|timestamp)format|parameter|binder error|must not appear|requires a|does not accept|cannot be negative|cannot be empty|cannot be null|cannot have a null|only one can be supplied|can only be supplied once|must have unique|cannot exceed|not accepted as a newline|'columns'|column type mismatch|union_by_name is set|unimplemented type|must be a higher value|null is not supported|expected to find|expects a column list`)
	// errSniffer: the sniffer failed, or disagreed with the options.
	errSniffer = regexp.MustCompile(`(?i)sniff|automatically detect|columns are set as|types were provided`)
	// errEnvironment: not about the file's contents.
	errEnvironment = regexp.MustCompile(`(?i)permission error|file system|has been disabled`)
)

// errorKinds maps a structural or cast message to the csvscan errors that
// report the same fault, for the kind-match count.
var errorKinds = []struct {
	re    *regexp.Regexp
	kinds []error
}{
	{regexp.MustCompile(`(?i)unterminated quote`), []error{scanner.ErrUnterminatedQuote}},
	{regexp.MustCompile(`(?i)maximum line size|max_line_size`), []error{scanner.ErrLineTooLong}},
	{regexp.MustCompile(`(?i)invalid unicode`), []error{typed.ErrInvalidUnicode}},
	{regexp.MustCompile(`(?i)strict mode|strict_mode|invalid state`), []error{scanner.ErrUnquotedValue, scanner.ErrInvalidState, scanner.ErrUnterminatedQuote}},
	{regexp.MustCompile(`(?i)expected number of columns|too many columns|missing columns`), []error{scanner.ErrFieldCount, typed.ErrTooManyColumns, typed.ErrMissingColumns}},
	{errCast, []error{typed.ErrCast}},
}

// TestDuckDBErrors checks that csvscan fails where DuckDB's tests expect a
// statement reading one file to fail.
//
// The expected message sorts each record, in this order:
//
//   - an error of the sniffer (errSniffer, or a sniff_csv call) or of the
//     environment (errEnvironment: permissions, disabled file systems):
//     skipped.
//   - a structural error (errStructural: unterminated quote, strict mode,
//     invalid state, line size, invalid UTF-8, row width): run when the
//     reader call passes plan, with the column types not needed (as for a
//     count: they cannot make a structural error go away).
//   - a check of the options that DuckDB makes before reading
//     (errOptions): it passes when csvscan rejects the options too
//     (translateOptions: dialect.Validate, dialect.ParseNewline,
//     cast.ParseFormat, one-byte quote/escape/comment), and is skipped
//     otherwise (as "option validation", or as the unsupported option).
//   - anything else (cast errors, errors at a line of the file, records
//     without a message): run when the reader call passes plan, column
//     types included.
//
// A run must fail: an option csvscan rejects, an invalid dialect, a
// *ParseError or a *RowError. The passes whose message names a kind
// (errorKinds) are also counted by whether csvscan's error has that kind,
// for information: a different kind does not fail the test.
//
// The test fails when the passes drop below errorsPassFloor, or when a
// record fails on a file not in knownErrorDifferences.
func TestDuckDBErrors(t *testing.T) {
	dir := corpusDir(t)
	records, err := loadErrors(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tl tally
	kindMatch, kindOther, bySniffer := 0, 0, 0
	for i := range records {
		r := &records[i]
		where := fmt.Sprintf("%s:%d", r.Test, r.Line)
		tl.verbose = func(s skip) { verbose(t, "skip %s (%s): %s; DuckDB: %q", r.Path, where, s, deref(r.Error)) }
		msg := ""
		if r.Error != nil {
			msg = *r.Error
		}
		call := readerCall{
			Func: r.Func, SQL: r.SQL, Settings: r.Settings,
			Options: r.Options, OptionsParsed: r.OptionsParsed,
		}
		path := filepath.Join(dir, filepath.FromSlash(r.Path))
		if _, err := os.Stat(path); err != nil {
			tl.skip(skipAbsent)
			continue
		}
		switch {
		case errSniffer.MatchString(msg) || r.Func == "sniff_csv":
			tl.skip(skipErrSniffer)
			continue
		case errEnvironment.MatchString(msg):
			tl.skip(skipErrOther)
			continue
		case errStructural.MatchString(msg) && !errCast.MatchString(msg):
			call.CountOnly = true
		case errOptions.MatchString(msg):
			// A check of the options, made before reading.
			_, sk, optErr := translateOptions(call)
			switch {
			case optErr != nil:
				tl.pass++
				verbose(t, "pass %s (%s): %v; DuckDB: %q", r.Path, where, optErr, msg)
			case sk != "":
				tl.skip(sk)
			default:
				tl.skip(skipOptValidation)
			}
			continue
		}
		if compressed.MatchString(r.Path) && !strings.HasSuffix(r.Path, ".gz") {
			tl.skip(skipCompression)
			continue
		}
		cfg, sk, optErr := plan(call)
		if sk != "" {
			tl.skip(sk)
			continue
		}
		if optErr != nil {
			tl.pass++
			verbose(t, "pass %s (%s): %v; DuckDB: %q", r.Path, where, optErr, msg)
			continue
		}
		if cfg.sniff != nil && cfg.sniff.types && errCast.MatchString(msg) {
			// A cast error where the reader's types are sniffed comes
			// from types the harness does not see: a target table's
			// (INSERT INTO t SELECT ...), a cast in the query.
			tl.skip(skipErrCastSniffed)
			continue
		}
		data, err := readData(path)
		if err != nil {
			tl.skip(skipAbsent)
			continue
		}
		tb, err := readTable(data, cfg)
		if err == nil {
			tl.failures = append(tl.failures, failure{r.Path, where,
				fmt.Sprintf("csvscan read %d rows without error; DuckDB: %q", len(tb.rows), msg)})
			continue
		}
		tl.pass++
		if errors.Is(err, sniff.ErrNoDialect) {
			bySniffer++
		}
		verbose(t, "pass %s (%s): %v; DuckDB: %q", r.Path, where, err, msg)
		for _, k := range errorKinds {
			if k.re.MatchString(msg) {
				if slices.ContainsFunc(k.kinds, func(e error) bool { return errors.Is(err, e) }) {
					kindMatch++
				} else {
					kindOther++
					t.Logf("kind differs %s (%s): csvscan: %v; DuckDB: %q", r.Path, where, err, msg)
				}
				break
			}
		}
	}
	t.Logf("duckdb corpus errors: %d of the passes are the sniffer finding no dialect where DuckDB's reader errs", bySniffer)
	tl.check(t, "duckdb corpus errors", errorsPassFloor, knownErrorDifferences)
	t.Logf("duckdb corpus errors: of the passes with a classified message, %d fail with the same kind, %d with another", kindMatch, kindOther)
}

// verbose logs a line when $CONFORMANCE_VERBOSE is set: every pass, to see
// what the floors count.
func verbose(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CONFORMANCE_VERBOSE") != "" {
		t.Logf(format, args...)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// readData reads a corpus file, decompressing gzip (by its magic bytes).
func readData(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
