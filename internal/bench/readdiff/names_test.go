package readdiff

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvscan/csvscan"
)

// TestNormalizeNamesAgainstDuckDB reads files of odd header names with
// normalize_names on both sides and holds csvscan's column names to
// DuckDB's: letters with accents and compatibility forms, punctuation,
// runs of spaces and tabs, leading digits, reserved words in any case,
// empty and all-space names, and names that collide once normalized.
func TestNormalizeNamesAgainstDuckDB(t *testing.T) {
	db, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pieces := []string{
		"a", "B", "Name", "x", "Total", "id", "ÄÖ", "é", "Straße", "ﬁle", "Ｆｕｌｌ", "Ω", "日本", "ñ",
		"1", "42", "3rd", "_", "__", "$", "%", ".", "-", "/", "(kg)", "#", "'", " ", "  ", "\t", "\u00a0", "\u3000",
		"select", "SELECT", "Order", "group", "from", "trailing", "columns", "table", "Date", "value", "key",
	}
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	for f := range 60 {
		ncols := 2 + rng.IntN(12)
		names := make([]string, ncols)
		for i := range names {
			var b strings.Builder
			for range rng.IntN(4) {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			names[i] = b.String()
		}
		var csv strings.Builder
		for i, n := range names {
			if i > 0 {
				csv.WriteByte(',')
			}
			csv.WriteString(`"` + strings.ReplaceAll(n, `"`, `""`) + `"`)
		}
		csv.WriteByte('\n')
		for r := range 5 {
			for i := range names {
				if i > 0 {
					csv.WriteByte(',')
				}
				csv.WriteString(strings.Repeat("7", 1+(r+i)%3)) // numbers: the names row is a header
			}
			csv.WriteByte('\n')
		}
		path := filepath.Join(dir, "names.csv")
		if err := os.WriteFile(path, []byte(csv.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query("SELECT column_name FROM (DESCRIBE SELECT * FROM read_csv(?, normalize_names=true, header=true))", path)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
			want = append(want, n)
		}
		rows.Close()
		r, err := csvscan.Open(path, csvscan.Options{NormalizeNames: true, Header: csvscan.On})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range r.Schema() {
			got = append(got, c.Name)
		}
		r.Close()
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("file %d, header %q:\n csvscan %q\n DuckDB  %q", f, names, got, want)
		}
	}
}
