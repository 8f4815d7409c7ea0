// Package readdiff compares csvscan's front door with DuckDB's read_csv,
// file by file: csvscan.Open(file, csvscan.Options{}) against
// SELECT * FROM read_csv('file'), both with every option left to
// detection. It compares the schema (names and types), then the rows,
// every value rendered as DuckDB renders it (DuckDB's side cast to
// VARCHAR, csvscan's by Vector.AppendText; NULL as NULL), and whether
// each side fails. The command cmd/readdiff prints the comparison of any
// files; the test holds csvscan to DuckDB on the corpus.
package readdiff

import (
	"database/sql"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/csvscan/csvscan"
	_ "github.com/duckdb/duckdb-go/v2"
)

// CorpusFiles returns the regular files under the corpus's DuckDB data
// (CORPUS/duckdb/data), in lexical order, or the first error walking it.
func CorpusFiles(corpus string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(filepath.Join(corpus, "duckdb", "data"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	return files, err
}

// Table is one reader's answer: its error, schema (name:TYPE) and rows,
// every value as DuckDB renders it, NULL as "NULL".
type Table struct {
	Err    string
	Schema []string
	Rows   [][]string
}

// Duck reads path with DuckDB's read_csv, every option detected, at most
// limit rows.
func Duck(db *sql.DB, path string, limit int) Table { return DuckWith(db, path, "", limit) }

// DuckWith is Duck with read_csv's options extra after the path, such as
// "thousands=','" ("" for none).
func DuckWith(db *sql.DB, path, extra string, limit int) Table {
	lit := "'" + strings.ReplaceAll(path, "'", "''") + "'"
	if extra != "" {
		lit += ", " + extra
	}
	rows, err := db.Query(fmt.Sprintf("DESCRIBE SELECT * FROM read_csv(%s)", lit))
	if err != nil {
		return Table{Err: err.Error()}
	}
	var t Table
	for rows.Next() {
		var name, typ string
		var null, key, def, extra sql.NullString
		if err := rows.Scan(&name, &typ, &null, &key, &def, &extra); err != nil {
			rows.Close()
			return Table{Err: err.Error()}
		}
		t.Schema = append(t.Schema, name+":"+typ)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return Table{Err: err.Error()}
	}
	if len(t.Schema) == 0 {
		return Table{Err: "DESCRIBE gave no columns"}
	}
	// COLUMNS(*) casts every column without naming it: names may hold
	// any byte.
	rows, err = db.Query(fmt.Sprintf("SELECT COLUMNS(*)::VARCHAR FROM read_csv(%s) LIMIT %d", lit, limit))
	if err != nil {
		t.Err = err.Error()
		return t
	}
	defer rows.Close()
	n := len(t.Schema)
	for rows.Next() {
		vals := make([]sql.NullString, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Err = err.Error()
			return t
		}
		row := make([]string, n)
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		t.Rows = append(t.Rows, row)
	}
	if err := rows.Err(); err != nil {
		t.Err = err.Error()
	}
	return t
}

// Ours reads path with csvscan.Open, every option detected, at most limit
// rows.
func Ours(path string, limit int) Table { return OursWith(path, csvscan.Options{}, limit) }

// OursWith is Ours with the options opts.
func OursWith(path string, opts csvscan.Options, limit int) Table {
	r, err := csvscan.Open(path, opts)
	if err != nil {
		return Table{Err: err.Error()}
	}
	defer r.Close()
	var t Table
	for _, c := range r.Schema() {
		t.Schema = append(t.Schema, c.Name+":"+c.TypeName())
	}
	var buf []byte
	for c, err := range r.Chunks() {
		if err != nil {
			t.Err = err.Error()
			break
		}
		for i := 0; i < c.Len() && len(t.Rows) < limit; i++ {
			row := make([]string, len(c.Columns))
			for j := range c.Columns {
				buf = c.Columns[j].AppendText(buf[:0], i)
				row[j] = string(buf)
			}
			t.Rows = append(t.Rows, row)
		}
		if len(t.Rows) >= limit {
			break
		}
	}
	return t
}

// Outcome names how the two readers compare on one file.
type Outcome string

// The outcomes of Compare.
const (
	Same       Outcome = "same"      // same schema and rows
	BothFail   Outcome = "both fail" // both refuse the file
	SchemaDiff Outcome = "schema"    // the schemas differ
	RowsDiff   Outcome = "rows"      // same schema, other rows
	OursFails  Outcome = "csvscan fails"
	DuckFails  Outcome = "DuckDB fails"
)

// Compare reads path both ways and says how they compare, and why in
// words when they differ.
func Compare(db *sql.DB, path string, limit int) (Outcome, string) {
	d, o := Duck(db, path, limit), Ours(path, limit)
	switch {
	case d.Err != "" && o.Err != "":
		return BothFail, "" // DuckDB fails a query as a whole: it gives no rows
	case d.Err != "":
		return DuckFails, "DuckDB fails, csvscan reads: " + firstLine(d.Err)
	case o.Err != "":
		return OursFails, "csvscan fails, DuckDB reads: " + firstLine(o.Err)
	case !slices.Equal(d.Schema, o.Schema):
		return SchemaDiff, fmt.Sprintf("schema: duckdb %v, csvscan %v", d.Schema, o.Schema)
	}
	if i := firstDiff(d.Rows, o.Rows); i >= 0 {
		why := fmt.Sprintf("%d rows vs %d", len(d.Rows), len(o.Rows))
		if i < len(d.Rows) && i < len(o.Rows) {
			why += fmt.Sprintf("; row %d: duckdb %q, csvscan %q", i+1, d.Rows[i], o.Rows[i])
		}
		return RowsDiff, why
	}
	return Same, ""
}

// Open opens DuckDB in process with the time zone UTC, as Compare needs it.
func Open() (*sql.DB, error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("SET TimeZone='UTC'"); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// firstDiff is the index of the first row that differs, len of the shorter
// when one is a prefix of the other and they differ in length, or -1.
func firstDiff(a, b [][]string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if !slices.Equal(a[i], b[i]) {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
