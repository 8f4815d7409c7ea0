package readdiff

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/corpus"
)

// differences are the corpus files (paths under duckdb/data) where
// csvscan.Open(file, Options{}) reads otherwise than DuckDB 1.5.6's
// read_csv(file), with the reason. Every other file must read the same:
// the same schema and every value, or fail on both sides.
var differences = map[string]string{
	// csvscan reads what DuckDB refuses.
	"csv/encodings/only_utf16.csv":                     "a UTF-16 byte order mark is recognised (DuckDB needs encoding='utf-16')",
	"csv/invalid_utf8.csv":                             "a UTF-16 file with its byte order mark: decoded, not refused as invalid UTF-8",
	"csv/auto/multi_column_string_mix.csv":             "DuckDB's sniffer refuses it; csvscan's reads it consistently",
	"csv/comments/mid_line_invalid.csv":                "DuckDB's sniffer refuses it; csvscan's reads it consistently",
	"csv/one_r_n_two.csv":                              "DuckDB's sniffer refuses mixed line ends; csvscan reads them as new_line=auto does",
	"csv/multidelimiter/unterminated_quote_escape.csv": "csvscan's sniffer finds a dialect without the unterminated quote; DuckDB's does not",
	"csv/fuzzing/11.csv":                               "a fuzzing input DuckDB's sniffer refuses",
	"csv/fuzzing/29.csv":                               "a fuzzing input DuckDB's sniffer refuses",
	"csv/fuzzing/34.csv":                               "a fuzzing input DuckDB's sniffer refuses",
	"csv/afl/ignore_errors/36.csv":                     "a fuzzing input DuckDB's sniffer refuses",
	// Ragged rows (issue 13, class 1): DuckDB's sniffer gives up on every
	// delimiter a short or long row breaks and reads one text column;
	// csvscan's scores by the rows' dominant width and reads the table,
	// its short rows padded with NULLs (DuckDB's null_padding=true reading).
	"csv/auto/mock_duckdb_test_data.csv":             "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/error/mid_null.csv":                         "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/inconsistencies/inconsistent_columns_6.csv": "ragged rows read as a table, padded (DuckDB: one text column; duckdb/duckdb#9343)",
	"csv/issue6764.csv":                              "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/missing_column.csv":                         "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/no_opt.csv":                                 "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/rejects/incorrect_columns/few_columns.csv":  "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/rejects/incorrect_columns/many_columns.csv": "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/rejects/incorrect_columns/mix_columns.csv":  "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/rejects/incorrect_columns/small_mix.csv":    "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/unionbyname_21248_2.csv":                    "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/unquoted_escape/plain.csv":                  "ragged rows read as a table, padded (DuckDB: one text column)",
	"csv/bug_7578.csv":                               "a tab-separated table of 10 columns (DuckDB: one text column)",
	// A row that does not parse (issue 13, class 1): one row with text
	// after a closing quote makes DuckDB's sniffer drop the quote and read
	// one text column ("|", no quote; rabo-anon is a 26-column quoted
	// table of 9,227 rows). csvscan's reads the table with the quote and
	// says one row is bad (Result.IgnoreErrors, LongRows); the front door
	// then stops at that row with an error naming it and IgnoreErrors.
	"csv/rabo-anon.csv.gz":                          "one bad quoted row: the table with the quote, the row an error (DuckDB: one text column)",
	"csv/rejects/multiple_errors/unquoted_less.csv": "one bad quoted row: the table with the quote, the row an error (DuckDB: one text column)",
	"csv/rejects/multiple_errors/unquoted_more.csv": "one bad quoted row: the table with the quote, the row an error (DuckDB: one text column)",
	// Padded delimiters (issue 13, class 4): a delimiter that always comes
	// with a space after it is the two-byte ", ".
	"csv/error/mismatch/big_bad.csv":  `", " read as the delimiter: values lose the space DuckDB keeps (" A")`,
	"csv/error/mismatch/big_bad2.csv": `", " read as the delimiter: values lose the space DuckDB keeps (" A")`,
	// All-text rows whose first row has the shape of the others (issue 13,
	// class 5): the first row is data, not a header. DuckDB assumes a
	// header when every column is text; its own tests read two of these
	// files with header=false.
	"csv/error/time.csv":              "every row one time and one word: no header (DuckDB names the columns after the first row's values)",
	"csv/error/timestamp.csv":         "every row one timestamp and one word: no header (DuckDB names the columns after the first row's values)",
	"csv/ips.csv.gz":                  "every row one bracketed IP address: no header (DuckDB takes the first address as the column name)",
	"csv/multidelimiter/aa_delim.csv": "every row 1aa2: no header (DuckDB's test reads it with header=false)",
	"csv/multidelimiter/ab_delim.csv": "every row 1ab2: no header (DuckDB's test reads it with header=false)",
	"csv/test/no_newline_unicode.csv": "every row N🦆N🦆 test: no header (DuckDB takes the first row as the column name)",
	// All-text rows whose first row's value comes again in its column
	// (sniff: recurs): a column's name is not among its values, so the
	// first row is data. DuckDB assumes a header; its own tests read most
	// of these files with header=false.
	"csv/17738_rn.csv":                               "a value of the first row recurs in its column: no header (DuckDB's test reads it with header=false)",
	"csv/big_not_bool.csv":                           "a column of T: no header (DuckDB's test reads it with header=false)",
	"csv/bug_10273.csv":                              "a value of the first row recurs in its column: no header (DuckDB's test reads it with header=false)",
	"csv/unescaped_quotes/end_quote_3.csv":           "a value of the first row recurs in its column: no header (DuckDB's test reads it with header=false)",
	"csv/unescaped_quotes/end_quote_mixed.csv":       "a value of the first row recurs in its column: no header (DuckDB's test reads it with header=false)",
	"csv/validator/single_column.csv":                "a column of 123 and one: no header (DuckDB's test reads it with header=false)",
	"csv/validator/single_column_quoted_newline.csv": "a list of names whose first recurs: no header (DuckDB takes the first name as the column name)",
	"csv/auto/varchar_multi_line.csv":                "rows Alice,StreetA,TEST5 and Bob,StreetB,TEST5: TEST5 recurs, no header (DuckDB names the columns Alice, StreetA, TEST5)",
	"csv/enum_type.csv":                              "a list of happy and sad: no header (DuckDB names the column happy)",
	"csv/small_bad.csv":                              "rows 1,A and 1,A and C,A: no header (DuckDB names the columns 1 and A)",
	// All-text rows whose values share marks (sniff: sharedMarks), the
	// first row's too: a list of values, not a name above them.
	"csv/test/struct_padding.csv":        "every line a struct literal with ':' as the first is: no header (DuckDB's test reads 15 rows of the 15 lines)",
	"csv/unquoted_escape/human_eval.csv": "every line of the one-column reading holds a backslash, the first too (HumanEval/0's line): no header (DuckDB names the column after it)",
	// One-column lists whose first line is words shaped as the other
	// lines are, no word of it one that names a column (sniff:
	// phraseList): the first line is data.
	"csv/dates_special_format.csv":                   "a list of dates written \"Dec 8, 2022\", the first one too: no header (DuckDB names the column after the first date)",
	"csv/unescaped_quotes/some_escaped_some_not.csv": "every line a variant of \"Pedro \"the\" legend\": no header (DuckDB's test reads it with header=false)",
	"csv/unquoted_escape/basic.tsv":                  "every line a number, a backslashed value and the number again, read as one column: no header (DuckDB names the column after the first line)",
	"csv/afl/null_padding/27.csv":                    "a fuzzing input: the sniffers decide the header otherwise",
	"csv/afl/null_padding/39.csv":                    "a fuzzing input: the sniffers decide the header otherwise",
	// An empty cell of the first row is no sign of data (sniff: empty
	// header cells): a single all-text row is then a header, as DuckDB
	// takes one without an empty cell.
	"csv/multidelimiter/trailing_delimiter.csv": "one line AAA|: a header with an empty second name (DuckDB takes the empty cell for data: no header)",
	// Fuzzing inputs the two sniffers read differently.
	"csv/afl/23.csv":                  "a fuzzing input: the sniffers pick other dialects",
	"csv/afl/5194/crashes/case_0.csv": "a fuzzing input: the sniffers pick other dialects",
	"csv/afl/null_padding/6.csv":      "a fuzzing input: the sniffers pick other dialects",
	"csv/afl/no_parameter/9.csv":      "a fuzzing input: the sniffers decide the header otherwise",
	"csv/afl/no_parameter/10.csv":     "a fuzzing input: the sniffers decide the header otherwise",
	"csv/fuzzing/38.csv":              "a fuzzing input: the sniffers decide the header otherwise",
	// The schema differs.
	"csv/mixed_timestamps.csv":   "timestamps in two formats (2024-03-08 01:25:58, 03/10/2024 01:25:58): DuckDB types the column TIMESTAMPTZ and reads 03/10/2024 01:25:58 as NULL (duckdb/duckdb#24820); csvscan keeps it VARCHAR",
	"csv/all_quotes.csv":         "DuckDB 1.5.6 picks the quote ' and skips 6 rows; csvscan picks \", which DuckDB's own test asserts",
	"csv/afl/24.csv":             "a fuzzing input: the sniffers pick other dialects",
	"csv/afl/null_padding/7.csv": "a fuzzing input: the sniffers pick other dialects",
}

// TestFrontDoorAgainstDuckDB reads every file of DuckDB's corpus with the
// front door and with DuckDB, and holds them to the same answer except for
// the listed differences; a listed file that now reads the same must leave
// the list.
func TestFrontDoorAgainstDuckDB(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	if testing.Short() {
		t.Skip("reads every corpus file twice (about a minute); skipped in -short")
	}
	db, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	root := filepath.Join(dir, "duckdb", "data")
	files, err := CorpusFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("found %d corpus files under %s", len(files), root)
	}
	counts := map[Outcome]int{}
	for _, f := range files {
		rel := filepath.ToSlash(strings.TrimPrefix(f, root+string(filepath.Separator)))
		out, why := Compare(db, f, 100000)
		counts[out]++
		_, listed := differences[rel]
		switch {
		case (out == Same || out == BothFail) && listed:
			t.Errorf("%s reads as DuckDB does now: take it off the list of differences", rel)
		case out != Same && out != BothFail && !listed:
			t.Errorf("%s: %s", rel, why)
		}
	}
	t.Logf("%d files: %v", len(files), counts)

	// The README quotes the figure; it must be this run's.
	read := len(files) - counts[BothFail] - counts[DuckFails]
	claim := fmt.Sprintf("%d of the %d corpus files DuckDB reads", counts[Same], read)
	readme, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), claim) {
		t.Errorf("README.md does not say %q: update its comparison table with this figure", claim)
	}
}
