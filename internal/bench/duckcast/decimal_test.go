package duckcast

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/cast"
	_ "github.com/duckdb/duckdb-go/v2"
)

// decimalInputs are hand-picked edge cases; random ones are added.
var decimalInputs = []string{
	"1", "1.5", "1.235", "-1.235", "1.2349", "1.2351", "1521000", " 12.3 ", "1e2", "1.2345e2",
	"12345e-3", "1.5e-1", "0.005", "-0.005", "0.0049", "abc", ".", ".5", "1.", "1_000.5", "1__0",
	"9999999999999.99", "9999999999999.995", "10000000000000", "+3", "-", "+", "0x10", "1e20",
	"1,5", "1e", "1e+2", "1e-2", "-1e-3", "5e-3", "-5e-3", "1.25e-1", "0001.5", "-0", "  ", "",
	"1.23456789012345678901", "123456789012.345678", "1 2", "1.5 ", "_1", "1_", "1._5", "1e2.5",
	"99.995e0", "0.995", "0.9949", "1.0e1", "12.34E1", "-12.345e1", "1e-20", "7.5e-1", "4.5e-1",
}

func randomDecimal(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteByte('-')
	}
	for range r.IntN(16) {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		for range r.IntN(8) {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	if r.IntN(4) == 0 {
		fmt.Fprintf(&b, "e%d", r.IntN(30)-15)
	}
	return b.String()
}

// TestDecimalAgainstDuckDB casts strings to DECIMALs of every store type
// (int16, int32, int64 widths), with csvscan and with DuckDB's
// TRY_CAST, and compares the rendered results (NULL for a failed cast).
func TestDecimalAgainstDuckDB(t *testing.T) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Skipf("DuckDB unavailable: %v", err)
	}
	defer db.Close()
	r := rand.New(rand.NewPCG(1, 2))
	inputs := append([]string(nil), decimalInputs...)
	for range 2000 {
		inputs = append(inputs, randomDecimal(r))
	}
	for _, ws := range [][2]int{{15, 2}, {18, 3}, {5, 5}, {9, 0}, {4, 2}, {1, 0}, {18, 18}} {
		for _, in := range inputs {
			var duck sql.NullString
			q := fmt.Sprintf("SELECT TRY_CAST(? AS DECIMAL(%d,%d))::VARCHAR", ws[0], ws[1])
			if err := db.QueryRow(q, in).Scan(&duck); err != nil {
				t.Fatalf("%q: %v", in, err)
			}
			v, ok := cast.Scan.Decimal([]byte(in), ws[0], ws[1])
			got := sql.NullString{Valid: ok}
			if ok {
				got.String = string(cast.AppendDecimal(nil, v, ws[0], ws[1]))
			}
			if got != duck {
				t.Errorf("DECIMAL(%d,%d) %q: csvscan %v, DuckDB %v", ws[0], ws[1], in, got, duck)
			}
		}
	}
}
