package duckcast

import (
	"database/sql"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/cast"
)

// TestFloatTextAgainstDuckDB renders FLOATs and DOUBLEs with csvscan and
// with DuckDB's cast to VARCHAR and compares the texts: random bit
// patterns (every exponent, subnormals included) and edge cases. The
// values reach DuckDB as decimal texts that read back exactly (9
// significant digits for a float, 17 for a double).
func TestFloatTextAgainstDuckDB(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Skipf("DuckDB unavailable: %v", err)
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(5, 6))

	floats := []float32{1, 0.1, 3.4028235e38, 1e-45, 1.17549435e-38, 16777216, 16777217, 106833536,
		272151.875, 1e16, 9.999999e15, 1e-4, 9.9999e-5, 0.3, 2.5, 123456.79, -0.0, 5e-324}
	for e := -149; e <= 127; e++ {
		floats = append(floats, float32(math.Ldexp(1, e)))
	}
	for len(floats) < 6000 {
		f := math.Float32frombits(r.Uint32())
		if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
			floats = append(floats, f)
		}
	}
	texts := make([]string, len(floats))
	for i, f := range floats {
		texts[i] = strconv.FormatFloat(float64(f), 'g', 9, 32)
	}
	compareTexts(t, db, "FLOAT", texts, func(i int) string { return cast.FormatFloat32(floats[i]) })

	doubles := []float64{1, 0.1, math.MaxFloat64, 5e-324, 2.2250738585072014e-308, 1e16, 9999999999999998,
		1e-4, 9.9999e-5, 0.3, 1.0 / 3, 123456789012345680}
	for len(doubles) < 6000 {
		d := math.Float64frombits(r.Uint64())
		if !math.IsNaN(d) && !math.IsInf(d, 0) {
			doubles = append(doubles, d)
		}
	}
	texts = make([]string, len(doubles))
	for i, d := range doubles {
		texts[i] = strconv.FormatFloat(d, 'g', 17, 64)
	}
	compareTexts(t, db, "DOUBLE", texts, func(i int) string { return cast.FormatFloat64(doubles[i]) })
}

// compareTexts casts each text to typ and back to VARCHAR in DuckDB, in
// order, and compares the results with ours(i).
func compareTexts(t *testing.T, db *sql.DB, typ string, texts []string, ours func(int) string) {
	t.Helper()
	var q strings.Builder
	q.WriteString("SELECT CAST(CAST(x AS " + typ + ") AS VARCHAR) FROM unnest([")
	for i, s := range texts {
		if i > 0 {
			q.WriteByte(',')
		}
		q.WriteString("'" + s + "'")
	}
	q.WriteString("]) WITH ORDINALITY AS u(x, i) ORDER BY i")
	rows, err := db.Query(q.String())
	if err != nil {
		t.Fatalf("DuckDB: %v", err)
	}
	defer rows.Close()
	i, bad := 0, 0
	for rows.Next() {
		var duck string
		if err := rows.Scan(&duck); err != nil {
			t.Fatal(err)
		}
		if got := ours(i); got != duck && bad < 20 {
			t.Errorf("%s %s: csvscan %q, DuckDB %q", typ, texts[i], got, duck)
			bad++
		}
		i++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if i != len(texts) {
		t.Fatalf("%s: DuckDB returned %d rows for %d values", typ, i, len(texts))
	}
}
