// Command readdiff compares csvscan's front door with DuckDB's read_csv,
// file by file: csvscan.Open(file, csvscan.Options{}) against
// SELECT * FROM read_csv('file'), both with every option left to
// detection. It compares the schema (names and types), then the rows,
// every value rendered as DuckDB renders it (DuckDB's side cast to
// VARCHAR, csvscan's by Vector.AppendText; NULL as NULL), and whether
// each side fails. It prints a line per file that differs and the counts.
//
//	go run ./cmd/readdiff [-v] FILE...
//	go run ./cmd/readdiff -corpus ../../../shared/corpus   (every DuckDB corpus file)
//
// DuckDB runs in process (duckdb-go) with TimeZone 'UTC'. At most -rows
// rows of each file are compared (default 100,000).
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/csvscan/csvscan"
	_ "github.com/duckdb/duckdb-go/v2"
)

// table is one reader's answer.
type table struct {
	err    string
	schema []string // name:TYPE
	rows   [][]string
}

func duck(db *sql.DB, path string, limit int) table {
	lit := "'" + strings.ReplaceAll(path, "'", "''") + "'"
	rows, err := db.Query(fmt.Sprintf("DESCRIBE SELECT * FROM read_csv(%s)", lit))
	if err != nil {
		return table{err: err.Error()}
	}
	var t table
	for rows.Next() {
		var name, typ string
		var null, key, def, extra sql.NullString
		if err := rows.Scan(&name, &typ, &null, &key, &def, &extra); err != nil {
			rows.Close()
			return table{err: err.Error()}
		}
		t.schema = append(t.schema, name+":"+typ)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return table{err: err.Error()}
	}
	if len(t.schema) == 0 {
		return table{err: "DESCRIBE gave no columns"}
	}
	// COLUMNS(*) casts every column without naming it: names may hold
	// any byte.
	rows, err = db.Query(fmt.Sprintf("SELECT COLUMNS(*)::VARCHAR FROM read_csv(%s) LIMIT %d", lit, limit))
	if err != nil {
		t.err = err.Error()
		return t
	}
	defer rows.Close()
	n := len(t.schema)
	for rows.Next() {
		vals := make([]sql.NullString, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.err = err.Error()
			return t
		}
		row := make([]string, n)
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		t.rows = append(t.rows, row)
	}
	if err := rows.Err(); err != nil {
		t.err = err.Error()
	}
	return t
}

func ours(path string, limit int) table {
	r, err := csvscan.Open(path, csvscan.Options{})
	if err != nil {
		return table{err: err.Error()}
	}
	defer r.Close()
	var t table
	for _, c := range r.Schema() {
		typ := c.Type.String()
		if c.Type.String() == "DECIMAL" {
			typ = fmt.Sprintf("DECIMAL(%d,%d)", c.Width, c.Scale)
		}
		t.schema = append(t.schema, c.Name+":"+typ)
	}
	var buf []byte
	for c, err := range r.Chunks() {
		if err != nil {
			t.err = err.Error()
			break
		}
		for i := 0; i < c.Len() && len(t.rows) < limit; i++ {
			row := make([]string, len(c.Columns))
			for j := range c.Columns {
				buf = c.Columns[j].AppendText(buf[:0], i)
				row[j] = string(buf)
			}
			t.rows = append(t.rows, row)
		}
		if len(t.rows) >= limit {
			break
		}
	}
	return t
}

func main() {
	corpus := flag.String("corpus", "", "compare every file under CORPUS/duckdb/data")
	verbose := flag.Bool("v", false, "print every file's first differing row in full")
	limit := flag.Int("rows", 100000, "rows compared per file")
	flag.Parse()
	files := flag.Args()
	if *corpus != "" {
		filepath.WalkDir(filepath.Join(*corpus, "duckdb", "data"), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("SET TimeZone='UTC'"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var version string
	db.QueryRow("select version()").Scan(&version)
	var (
		duckOK, same, bothFail, schemaDiff, rowDiff, oursFail, duckFail int
		diffs                                                           []string
	)
	for _, f := range files {
		d, o := duck(db, f, *limit), ours(f, *limit)

		switch {
		case d.err != "" && o.err != "":
			bothFail++ // both refuse the file (DuckDB fails a query as a whole: it gives no rows)
			continue
		case d.err == "":
			duckOK++
		}
		var why string
		switch {
		case d.err != "" && o.err == "":
			duckFail++
			why = "DuckDB fails, csvscan reads: " + firstLine(d.err)
		case d.err == "" && o.err != "":
			oursFail++
			why = "csvscan fails, DuckDB reads: " + firstLine(o.err)
		case !slices.Equal(d.schema, o.schema):
			schemaDiff++
			why = fmt.Sprintf("schema: duckdb %v, csvscan %v", d.schema, o.schema)
		default:
			if i := firstDiff(d.rows, o.rows); i >= 0 || d.err != o.err && (d.err == "") != (o.err == "") {
				rowDiff++
				why = fmt.Sprintf("%d rows vs %d", len(d.rows), len(o.rows))
				if i >= 0 && i < len(d.rows) && i < len(o.rows) {
					why += fmt.Sprintf("; row %d: duckdb %q, csvscan %q", i+1, d.rows[i], o.rows[i])
				}
			} else {
				same++
				continue
			}
		}
		if !*verbose && len(why) > 400 {
			why = why[:400] + " ..."
		}
		diffs = append(diffs, f+"\n    "+why)
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		fmt.Println(d)
	}
	fmt.Printf("\nDuckDB %s, %d files; both fail on %d, not counted below:\n", version, len(files), bothFail)
	fmt.Printf("  DuckDB reads %d; of those csvscan gives the same schema and rows for %d\n", duckOK, same)
	fmt.Printf("  schema differs %d, rows differ %d, csvscan fails where DuckDB reads %d, DuckDB fails where csvscan reads %d\n",
		schemaDiff, rowDiff, oursFail, duckFail)
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
