package cast

import (
	"fmt"
	"strings"
	"testing"
)

// TestThousands: with a thousands separator every cast of a numeric type
// removes it from the value, wherever it is, before its usual rules (the
// strict ones too); the other casts do not. The answers are DuckDB
// 1.5.6's (read_csv with thousands=',' and the column's type, the
// sniffer's for Strict).
func TestThousands(t *testing.T) {
	scan := Caster{Thousands: ','}
	strict := Caster{Strict: true, Thousands: ','}
	comma := Caster{DecimalComma: true, Thousands: '.'}
	for _, c := range []struct {
		c    Caster
		typ  string
		in   string
		want string // "" for a failed cast
	}{
		{scan, "BIGINT", "1,234", "1234"},
		{scan, "BIGINT", "-1,234", "-1234"},
		{scan, "BIGINT", "+1,234", "1234"},
		{scan, "BIGINT", ",5", "5"},
		{scan, "BIGINT", "5,", "5"},
		{scan, "BIGINT", "12,,3", "123"},
		{scan, "BIGINT", "1,2e3", "12000"},
		{scan, "BIGINT", " 1,234 ", "1234"},
		{scan, "BIGINT", ",", ""},
		{scan, "BIGINT", "12,345,678,901,234,567,890", ""}, // overflows
		{scan, "BIGINT", strings.Repeat("1,", 40) + "1", ""},
		{scan, "TINYINT", "1,234", ""},
		{scan, "SMALLINT", "1,234", "1234"},
		{scan, "INTEGER", "-1,234", "-1234"},
		{scan, "UTINYINT", "2,55", "255"},
		{scan, "USMALLINT", "-1,234", ""},
		{scan, "UINTEGER", "-,0", "0"},
		{scan, "UBIGINT", "18,446,744,073,709,551,615", "18446744073709551615"},
		{scan, "DOUBLE", "12,345.5", "12345.5"},
		{scan, "DOUBLE", "1e1,0", "1e+10"},
		{scan, "DOUBLE", "1,5e400", "+Inf"},
		{scan, "DOUBLE", "1,2.5", "12.5"},
		{scan, "DOUBLE", "in,f", "+Inf"},
		{scan, "FLOAT", "-1,234.5e1", "-12345"},
		{scan, "DECIMAL", "-1,234.5e1", "-12345"},
		{scan, "DECIMAL", "1,234.567", "1234.567"},
		{scan, "DECIMAL", "1e1,0", "10000000000"},
		{strict, "BIGINT", "1,234", "1234"},
		{strict, "BIGINT", "+1,234", ""},
		{strict, "BIGINT", "01,234", ""},
		{strict, "BIGINT", "0,5", ""}, // "05"
		{strict, "BIGINT", "1,234 ", "1234"},
		{strict, "DOUBLE", "1,234.5", "1234.5"},
		{strict, "DOUBLE", "9,223,372,036,854,775,808", "9.223372036854776e+18"},
		{comma, "BIGINT", "1.234.567", "1234567"},
		{comma, "DOUBLE", "1.234,5", "1234.5"},
		{comma, "DOUBLE", "1234,5", "1234.5"},
		{comma, "DECIMAL", "-1.234,5", "-1234.5"},
	} {
		got := ""
		switch c.typ {
		case "BIGINT":
			if v, ok := c.c.Int64([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "INTEGER":
			if v, ok := c.c.Int32([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "SMALLINT":
			if v, ok := c.c.Int16([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "TINYINT":
			if v, ok := c.c.Int8([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "UBIGINT":
			if v, ok := c.c.Uint64([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "UINTEGER":
			if v, ok := c.c.Uint32([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "USMALLINT":
			if v, ok := c.c.Uint16([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "UTINYINT":
			if v, ok := c.c.Uint8([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "DOUBLE":
			if v, ok := c.c.Float64([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "FLOAT":
			if v, ok := c.c.Float32([]byte(c.in)); ok {
				got = fmt.Sprint(v)
			}
		case "DECIMAL":
			if v, ok := c.c.Decimal([]byte(c.in), 18, 3); ok {
				got = strings.TrimRight(strings.TrimRight(string(AppendDecimal(nil, v, 18, 3)), "0"), ".")
			}
		}
		if got != c.want {
			t.Errorf("%+v %s %q: %q, want %q", c.c, c.typ, c.in, got, c.want)
		}
	}
	// The other types keep the separator.
	if _, ok := scan.Date([]byte("2,024-01-01")); ok {
		t.Error("DATE read a value with the separator")
	}
	if _, ok := (Caster{Thousands: ':'}).Time([]byte("10:00:00")); !ok {
		t.Error("TIME lost its ':'")
	}
	// Without one, nothing is removed.
	if _, ok := Scan.Int64([]byte("1,234")); ok {
		t.Error("no separator: 1,234 read")
	}
}

// TestThousandsAllocs: a value with separators up to the stack buffer's
// length is read without allocating, a Caster without one costs nothing.
func TestThousandsAllocs(t *testing.T) {
	c := Caster{Thousands: ','}
	v := []byte("-123,456,789.25")
	if n := testing.AllocsPerRun(100, func() { c.Float64(v); c.Int64(v); c.Decimal(v, 18, 2); c.Uint32(v) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func TestCheckThousands(t *testing.T) {
	for _, c := range []struct {
		t     byte
		comma bool
		err   string
	}{
		{0, false, ""}, {',', false, ""}, {'.', true, ""}, {' ', false, ""}, {'\'', false, ""}, {'_', false, ""},
		{'.', false, "decimal separator"}, {',', true, "decimal separator"},
		{'1', false, "spelling"}, {'-', false, "spelling"}, {'+', false, "spelling"}, {'e', false, "spelling"}, {'E', false, "spelling"},
		{0xE2, false, "not an ASCII"},
	} {
		err := CheckThousands(c.t, c.comma)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%q comma %v: %v, want %q", c.t, c.comma, err, c.err)
		}
	}
}
