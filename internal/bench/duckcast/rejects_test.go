package duckcast

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// rejectFiles are files whose bad rows both readers reject: casts,
// missing and extra columns, several errors in one row.
var rejectFiles = []string{
	"a,b,c\n1,2,3\nx,5,6\n7,8\n9,10,11,12\n13,14,15\n",
	"a,b,c\n1,y,z\n\"4\",5,\"6\"\n7,,8\n99999999999,1,2\n",
	"a,b,c\n1,2\n3\n4,5,6,7,8\n",
}

// TestRejectsAgainstDuckDB reads each file with store_rejects in DuckDB
// and with a typed.Reader (StoreRejects) in csvscan, three INTEGER columns,
// and compares reject_errors with csvscan's Rejects as JSON.
func TestRejectsAgainstDuckDB(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Skipf("DuckDB unavailable: %v", err)
	}
	defer db.Close()
	dir := t.TempDir()
	for i, content := range rejectFiles {
		path := filepath.Join(dir, fmt.Sprintf("r%d.csv", i))
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		tbl := fmt.Sprintf("t%d", i)
		if _, err := db.Exec(fmt.Sprintf(`CREATE TABLE %s AS FROM read_csv('%s', store_rejects=true, header=true,
			auto_detect=false, delim=',', quote='"', escape='"', columns={'a':'INTEGER','b':'INTEGER','c':'INTEGER'})`, tbl, path)); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query(`SELECT line, line_byte_position, byte_position, column_idx, column_name, error_type::VARCHAR,
			csv_line, error_message FROM reject_errors WHERE scan_id = (SELECT max(scan_id) FROM reject_errors)
			ORDER BY line, byte_position`)
		if err != nil {
			t.Fatal(err)
		}
		var duck []map[string]any
		for rows.Next() {
			var line, lbp, bp int64
			var idx sql.NullInt64
			var name sql.NullString
			var typ, csvLine, msg string
			if err := rows.Scan(&line, &lbp, &bp, &idx, &name, &typ, &csvLine, &msg); err != nil {
				t.Fatal(err)
			}
			m := map[string]any{"line": float64(line), "line_byte_position": float64(lbp), "byte_position": float64(bp),
				"column_idx": nil, "column_name": nil, "error_type": typ, "csv_line": csvLine, "error_message": msg}
			if idx.Valid {
				m["column_idx"] = float64(idx.Int64)
			}
			if name.Valid {
				m["column_name"] = name.String
			}
			duck = append(duck, m)
		}
		rows.Close()

		s, err := scanner.NewBytes([]byte(content), scanner.Options{Header: true, FieldsPerRow: -1, IgnoreErrors: true})
		if err != nil {
			t.Fatal(err)
		}
		schema := typed.Schema{{Name: "a", Type: typed.TypeInteger}, {Name: "b", Type: typed.TypeInteger}, {Name: "c", Type: typed.TypeInteger}}
		tr, err := typed.NewReader(s, typed.Options{Schema: schema, StoreRejects: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range tr.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
		}
		var ours []map[string]any
		for _, rj := range tr.Rejects() {
			b, _ := json.Marshal(rj)
			var m map[string]any
			json.Unmarshal(b, &m)
			ours = append(ours, m)
		}
		if len(duck) == 0 {
			t.Fatalf("file %d: DuckDB rejected nothing", i)
		}
		t.Logf("file %d: %d rejects compared", i, len(duck))
		if !reflect.DeepEqual(duck, ours) {
			t.Errorf("file %d %q:\nDuckDB:  %v\ncsvscan: %v", i, content, duck, ours)
		}
	}
}
