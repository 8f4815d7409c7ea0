package conformance

import (
	"encoding/json"
	"path/filepath"

	"github.com/csvscan/csvscan/internal/corpus"
)

// manifestEntry is one line of duckdb/manifest.jsonl: a data file and the
// assertions DuckDB's tests make about it. Only the fields the tests use are
// decoded.
type manifestEntry struct {
	Path       string      `json:"path"`
	Present    bool        `json:"present"`
	Assertions []assertion `json:"assertions"`
}

// assertion is one query of a DuckDB test over the file, with its expected
// answer.
type assertion struct {
	Test     string   `json:"test"`
	Line     int      `json:"line"`
	SQL      string   `json:"sql"`
	Settings []string `json:"settings"`
	// Func is the reader: read_csv, read_csv_auto, copy_from, replacement
	// (FROM 'file.csv') or sniff_csv.
	Func string `json:"func"`
	// Options are the reader's options as written, name and value text;
	// OptionsParsed the same decoded (null where the corpus could not).
	Options       [][]string                 `json:"options"`
	OptionsParsed map[string]json.RawMessage `json:"options_parsed"`
	Via           string                     `json:"via"`
	Kind          string                     `json:"kind"`
	// Projection is the select list ("*" or column names).
	Projection string `json:"projection"`
	OrderBy    string `json:"order_by"`
	SortMode   string `json:"sort_mode"`
	Limit      *int   `json:"limit"`
	Ncols      int    `json:"ncols"`
	// Rows are the expected rows, nil values being NULL; absent when the
	// test gives a hash (then only RowCount is known).
	Rows         [][]*string `json:"rows"`
	RowCount     *int        `json:"row_count"`
	ReturnedRows *int        `json:"returned_rows"`
	HashedValues *int        `json:"hashed_values"`
	// TargetTableDDL is the CREATE TABLE of a COPY's target.
	TargetTableDDL string `json:"target_table_ddl"`
}

// errorRecord is one line of duckdb/errors.jsonl: a statement reading one
// data file that a DuckDB test expects to fail.
type errorRecord struct {
	Test          string                     `json:"test"`
	Line          int                        `json:"line"`
	SQL           string                     `json:"sql"`
	Settings      []string                   `json:"settings"`
	Path          string                     `json:"path"`
	Func          string                     `json:"func"`
	Options       [][]string                 `json:"options"`
	OptionsParsed map[string]json.RawMessage `json:"options_parsed"`
	// Error is the expected message (or a part of it, or a regular
	// expression when ErrorIsRegex), nil when the test states none.
	Error        *string `json:"error"`
	ErrorIsRegex bool    `json:"error_is_regex"`
}

func loadManifest(dir string) ([]manifestEntry, error) {
	return corpus.ReadJSONL[manifestEntry](filepath.Join(dir, "duckdb", "manifest.jsonl"))
}

func loadErrors(dir string) ([]errorRecord, error) {
	return corpus.ReadJSONL[errorRecord](filepath.Join(dir, "duckdb", "errors.jsonl"))
}
