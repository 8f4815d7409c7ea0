package cast

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Rule sets under test, by name.
var (
	comma      = Caster{DecimalComma: true}
	sniffComma = Caster{Strict: true, DecimalComma: true}
)

func TestTypeString(t *testing.T) {
	want := []string{"BOOLEAN", "BIGINT", "DOUBLE", "DATE", "TIME", "TIMESTAMP", "VARCHAR",
		"TINYINT", "SMALLINT", "INTEGER", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "FLOAT", "DECIMAL",
		"TIMESTAMP WITH TIME ZONE"}
	if len(want) != int(numTypes) {
		t.Fatalf("%d names for %d types", len(want), numTypes)
	}
	for i, w := range want {
		if got := Type(i).String(); got != w {
			t.Errorf("Type(%d).String() = %q, want %q", i, got, w)
		}
		if typ, err := ParseType(w); err != nil || typ != Type(i) {
			t.Errorf("ParseType(%q) = %v, %v; want %v", w, typ, err, Type(i))
		}
	}
	if got := Type(200).String(); got != "Type(200)" {
		t.Errorf("Type(200).String() = %q", got)
	}
	if !TypeFloat.Valid() || numTypes.Valid() || Type(200).Valid() {
		t.Error("Valid")
	}
}

func TestParseType(t *testing.T) {
	tests := []struct {
		Name    string
		Want    Type
		WantErr error
	}{
		{"bool", TypeBoolean, nil},
		{"Logical", TypeBoolean, nil},
		{"INT8", TypeBigInt, nil},
		{"long", TypeBigInt, nil},
		{"int64", TypeBigInt, nil},
		{"oid", TypeBigInt, nil},
		{"float8", TypeDouble, nil},
		{"datetime", TypeTimestamp, nil},
		{"TIMESTAMP_US", TypeTimestamp, nil},
		{"text", TypeVarchar, nil},
		{"String", TypeVarchar, nil},
		{"bpchar", TypeVarchar, nil},
		{"char", TypeVarchar, nil},
		{"nvarchar", TypeVarchar, nil},
		{"INTEGER", TypeInteger, nil}, // 32-bit in DuckDB, not BIGINT
		{"int", TypeInteger, nil},
		{"INT4", TypeInteger, nil},
		{"signed", TypeInteger, nil},
		{"integral", TypeInteger, nil},
		{"int32", TypeInteger, nil},
		{"smallint", TypeSmallInt, nil},
		{"INT2", TypeSmallInt, nil},
		{"short", TypeSmallInt, nil},
		{"int16", TypeSmallInt, nil},
		{"TinyInt", TypeTinyInt, nil},
		{"int1", TypeTinyInt, nil},
		{"utinyint", TypeUTinyInt, nil},
		{"uint8", TypeUTinyInt, nil},
		{"usmallint", TypeUSmallInt, nil},
		{"uint16", TypeUSmallInt, nil},
		{"uinteger", TypeUInteger, nil},
		{"UINT32", TypeUInteger, nil},
		{"ubigint", TypeUBigInt, nil},
		{"uint64", TypeUBigInt, nil},
		{"float", TypeFloat, nil}, // 32-bit in DuckDB, not DOUBLE
		{"REAL", TypeFloat, nil},
		{"float4", TypeFloat, nil},
		{"hugeint", 0, ErrUnsupportedType},
		{"int128", 0, ErrUnsupportedType},
		{"uhugeint", 0, ErrUnsupportedType},
		{"decimal", TypeDecimal, nil},
		{"NUMERIC", TypeDecimal, nil},
		{"interval", 0, ErrUnsupportedType},
		{"varint", 0, ErrUnsupportedType},
		{"timestamptz", TypeTimestampTZ, nil},
		{"TIMESTAMP WITH TIME ZONE", TypeTimestampTZ, nil},
		{"timestamp_ns", 0, ErrUnsupportedType},
		{"varchar(10)", 0, ErrUnknownType},
		{"", 0, ErrUnknownType},
		{"strin", 0, ErrUnknownType},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			got, err := ParseType(tt.Name)
			if !errors.Is(err, tt.WantErr) || (err == nil && got != tt.Want) {
				t.Errorf("ParseType(%q) = %v, %v; want %v, %v", tt.Name, got, err, tt.Want, tt.WantErr)
			}
		})
	}
}

func TestBool(t *testing.T) {
	tests := []struct {
		Input           string
		Want            bool
		WantOK, SniffOK bool
	}{
		{"true", true, true, true},
		{"TRUE", true, true, true},
		{"True", true, true, true},
		{"t", true, true, true},
		{"T", true, true, true},
		{"false", false, true, true},
		{"FaLsE", false, true, true},
		{"f", false, true, true},
		{"yes", true, true, true},
		{"YES", true, true, true},
		{"no", false, true, true},
		{"No", false, true, true},
		{"y", true, true, false},
		{"n", false, true, false},
		{"1", true, true, false},
		{"0", false, true, false},
		{" true", false, false, false}, // no trimming
		{"true ", false, false, false},
		{"", false, false, false},
		{"on", false, false, false},
		{"off", false, false, false},
		{"2", false, false, false},
		{"tru", false, false, false},
		{"truee", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Input, func(t *testing.T) {
			got, ok := Bool([]byte(tt.Input))
			if ok != tt.WantOK || (ok && got != tt.Want) {
				t.Errorf("Bool(%q) = %v, %v; want %v, %v", tt.Input, got, ok, tt.Want, tt.WantOK)
			}
			got, ok = Sniff.Bool([]byte(tt.Input))
			if ok != tt.SniffOK || (ok && got != tt.Want) {
				t.Errorf("Sniff.Bool(%q) = %v, %v; want %v, %v", tt.Input, got, ok, tt.Want, tt.SniffOK)
			}
		})
	}
}

func TestInt64(t *testing.T) {
	tests := []struct {
		Name            string
		Input           string
		Want            int64
		WantOK, SniffOK bool
	}{
		{"zero", "0", 0, true, true},
		{"plain", "42", 42, true, true},
		{"negative", "-42", -42, true, true},
		{"max", "9223372036854775807", math.MaxInt64, true, true},
		{"max+1", "9223372036854775808", 0, false, false},
		{"min", "-9223372036854775808", math.MinInt64, true, true},
		{"min-1", "-9223372036854775809", 0, false, false},
		{"huge", "99999999999999999999999", 0, false, false},
		{"minus zero", "-0", 0, true, true},
		{"plus", "+5", 5, true, false},
		{"plus minus", "+-5", 0, false, false},
		{"double minus", "--5", 0, false, false},
		{"leading spaces", "  42", 42, true, true},
		{"trailing spaces", "42  ", 42, true, true}, // also when strict
		{"spaces around", " \t42\r\n", 42, true, true},
		{"inner space", "4 2", 0, false, false},
		{"spaces only", "   ", 0, false, false},
		{"empty", "", 0, false, false},
		{"sign only", "-", 0, false, false},
		{"plus only", "+", 0, false, false},
		{"leading zeros", "007", 7, true, false},
		{"negative leading zeros", "-007", -7, true, true}, // DuckDB checks zeros only without a sign
		{"underscore", "1_000", 1000, true, false},
		{"underscores", "1_000_000", 1000000, true, false},
		{"double underscore", "1__000", 0, false, false},
		{"trailing underscore", "1000_", 0, false, false},
		{"leading underscore", "_1000", 0, false, false},
		{"fraction rounds down", "1.4", 1, true, false},
		{"fraction rounds half up", "1.5", 2, true, false},
		{"fraction rounds away", "-2.5", -3, true, false},
		{"fraction first digit", "1.49", 1, true, false},
		{"fraction 0.5", "0.5", 1, true, false},
		{"fraction zeros", "1.05", 1, true, false},
		{"trailing point", "1.", 1, true, false},
		{"leading point", ".5", 1, true, false},
		{"point only", ".", 0, false, false},
		{"minus point", "-.", 0, false, false},
		{"two points", "1.2.3", 0, false, false},
		{"fraction underscore", "1.5_5", 2, true, false},
		{"fraction then space", "1.5 ", 2, true, false},
		{"fraction overflow", "9223372036854775807.5", 0, false, false},
		{"exponent", "1e3", 1000, true, false},
		{"exponent upper", "1E3", 1000, true, false},
		{"exponent plus", "1e+3", 1000, true, false},
		{"exponent negative rounds", "15e-1", 2, true, false},
		{"exponent negative down", "14e-1", 1, true, false},
		{"exponent fraction", "1.5e1", 15, true, false},
		{"exponent fraction rounds", "1.25e1", 13, true, false},
		{"exponent negative number", "-1.5e1", -15, true, false},
		{"exponent after point", "1.e5", 100000, true, false},
		{"exponent overflow", "1e19", 0, false, false},
		{"exponent zero", "0e1000", 0, true, false},
		{"exponent missing", "1e", 0, false, false},
		{"exponent no mantissa", "e5", 0, false, false},
		{"exponent fraction in exponent", "1e1.5", 0, false, false},
		{"exponent trailing point", "1e1.", 10, true, false},
		{"exponent space", "1e3 ", 1000, true, false},
		// DuckDB rounds on the last digit shifted out, even when the value
		// is far below one half.
		{"quirk 5e-3", "5e-3", 1, true, false},
		{"quirk 0.5e-1", "0.5e-1", 1, true, false},
		{"exponent int16 overflow", "1e40000", 0, false, false},
		{"hex", "0x1F", 31, true, true},
		{"hex upper", "0X1f", 31, true, true},
		{"hex underscore", "0x1_F", 31, true, true},
		{"hex max", "0x7FFFFFFFFFFFFFFF", math.MaxInt64, true, true},
		{"hex overflow", "0x8000000000000000", 0, false, false},
		{"hex empty", "0x", 0, false, false},
		{"hex bad digit", "0x1G", 0, false, false},
		{"hex negative", "-0x10", 0, false, false},
		{"hex trailing space", "0x10 ", 0, false, false},
		{"binary", "0b101", 5, true, true},
		{"binary bad digit", "0b102", 0, false, false},
		{"letters", "abc", 0, false, false},
		{"trailing letter", "42a", 0, false, false},
		{"infinity", "inf", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			got, ok := Int64([]byte(tt.Input))
			if ok != tt.WantOK || (ok && got != tt.Want) {
				t.Errorf("Int64(%q) = %d, %v; want %d, %v", tt.Input, got, ok, tt.Want, tt.WantOK)
			}
			got, ok = Sniff.Int64([]byte(tt.Input))
			if ok != tt.SniffOK || (ok && got != tt.Want) {
				t.Errorf("Sniff.Int64(%q) = %d, %v; want %d, %v", tt.Input, got, ok, tt.Want, tt.SniffOK)
			}
			// The decimal separator does not apply to integers.
			if got, ok := comma.Int64([]byte(tt.Input)); ok != tt.WantOK || (ok && got != tt.Want) {
				t.Errorf("comma.Int64(%q) = %d, %v", tt.Input, got, ok)
			}
		})
	}
}

// TestNarrowInts checks the integer types narrower than BIGINT: each is
// the BIGINT cast with its range, so the cases are the edges.
func TestNarrowInts(t *testing.T) {
	type cast func(Caster, []byte) (int64, bool)
	wrap := func(f func(Caster, []byte) (int64, bool)) cast { return f }
	casts := map[Type]cast{
		TypeTinyInt:   wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Int8(b); return int64(v), ok }),
		TypeSmallInt:  wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Int16(b); return int64(v), ok }),
		TypeInteger:   wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Int32(b); return int64(v), ok }),
		TypeUTinyInt:  wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Uint8(b); return int64(v), ok }),
		TypeUSmallInt: wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Uint16(b); return int64(v), ok }),
		TypeUInteger:  wrap(func(c Caster, b []byte) (int64, bool) { v, ok := c.Uint32(b); return int64(v), ok }),
	}
	tests := []struct {
		Type            Type
		Input           string
		Want            int64
		WantOK, SniffOK bool
	}{
		{TypeTinyInt, "127", 127, true, true},
		{TypeTinyInt, "128", 0, false, false},
		{TypeTinyInt, "-128", -128, true, true},
		{TypeTinyInt, "-129", 0, false, false},
		{TypeTinyInt, "126.5", 127, true, false},
		{TypeTinyInt, "127.4", 127, true, false},
		{TypeTinyInt, "127.5", 0, false, false}, // rounds to 128
		{TypeTinyInt, "-128.5", 0, false, false},
		{TypeTinyInt, "1e2", 100, true, false},
		{TypeTinyInt, "2e2", 0, false, false},
		{TypeTinyInt, "0x7F", 127, true, true},
		{TypeTinyInt, "0x80", 0, false, false},
		{TypeTinyInt, "0b1111111", 127, true, true},
		{TypeTinyInt, " +12 ", 12, true, false},
		{TypeTinyInt, "1_2", 12, true, false},
		{TypeTinyInt, "012", 12, true, false},
		{TypeTinyInt, "99999999999999999999", 0, false, false},
		{TypeTinyInt, "x", 0, false, false},
		{TypeSmallInt, "32767", 32767, true, true},
		{TypeSmallInt, "32768", 0, false, false},
		{TypeSmallInt, "-32768", -32768, true, true},
		{TypeSmallInt, "-32769", 0, false, false},
		{TypeSmallInt, "32767.5", 0, false, false},
		{TypeSmallInt, "-32767.5", -32768, true, false},
		{TypeSmallInt, "0x7FFF", 32767, true, true},
		{TypeSmallInt, "0x8000", 0, false, false},
		{TypeInteger, "2147483647", math.MaxInt32, true, true},
		{TypeInteger, "2147483648", 0, false, false},
		{TypeInteger, "-2147483648", math.MinInt32, true, true},
		{TypeInteger, "-2147483649", 0, false, false},
		{TypeInteger, "2147483646.5", math.MaxInt32, true, false},
		{TypeInteger, "2147483647.5", 0, false, false},
		{TypeInteger, "-2147483648.4", math.MinInt32, true, false},
		{TypeInteger, "-2147483648.5", 0, false, false},
		{TypeInteger, "2.147483647e9", math.MaxInt32, true, false},
		{TypeInteger, "2.147483648e9", 0, false, false},
		{TypeInteger, "0x7FFFFFFF", math.MaxInt32, true, true},
		{TypeInteger, "0xFFFFFFFF", 0, false, false},
		{TypeInteger, "9223372036854775807", 0, false, false},
		{TypeInteger, "5e-3", 1, true, false}, // DuckDB's quirk, as for BIGINT
		{TypeInteger, "-0", 0, true, true},
		{TypeUTinyInt, "255", 255, true, true},
		{TypeUTinyInt, "256", 0, false, false},
		{TypeUTinyInt, "0", 0, true, true},
		{TypeUTinyInt, "-0", 0, true, true},
		{TypeUTinyInt, "-000", 0, true, true},
		{TypeUTinyInt, "  -0", 0, true, true},
		{TypeUTinyInt, "-0 ", 0, false, false}, // only zeros may follow '-'
		{TypeUTinyInt, "-0.0", 0, false, false},
		{TypeUTinyInt, "-0.4", 0, false, false},
		{TypeUTinyInt, "-1", 0, false, false},
		{TypeUTinyInt, "-", 0, false, false},
		{TypeUTinyInt, "+255", 255, true, false},
		{TypeUTinyInt, "254.5", 255, true, false},
		{TypeUTinyInt, "255.5", 0, false, false},
		{TypeUTinyInt, "0xFF", 255, true, true},
		{TypeUTinyInt, "0x100", 0, false, false},
		{TypeUSmallInt, "65535", 65535, true, true},
		{TypeUSmallInt, "65536", 0, false, false},
		{TypeUSmallInt, "-1", 0, false, false},
		{TypeUSmallInt, "6.5535e4", 65535, true, false},
		{TypeUInteger, "4294967295", math.MaxUint32, true, true},
		{TypeUInteger, "4294967296", 0, false, false},
		{TypeUInteger, "0xFFFFFFFF", math.MaxUint32, true, true},
		{TypeUInteger, "-4294967295", 0, false, false},
		{TypeUInteger, "4294967294.5", math.MaxUint32, true, false},
		{TypeUInteger, "4294967295.5", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Type.String()+"/"+tt.Input, func(t *testing.T) {
			f := casts[tt.Type]
			got, ok := f(Scan, []byte(tt.Input))
			if ok != tt.WantOK || got != tt.Want {
				t.Errorf("Scan %v(%q) = %d, %v; want %d, %v", tt.Type, tt.Input, got, ok, tt.Want, tt.WantOK)
			}
			want := tt.Want
			if !tt.SniffOK {
				want = 0
			}
			got, ok = f(Sniff, []byte(tt.Input))
			if ok != tt.SniffOK || got != want {
				t.Errorf("Sniff %v(%q) = %d, %v; want %d, %v", tt.Type, tt.Input, got, ok, want, tt.SniffOK)
			}
		})
	}
	// The package-level functions are the Scan rules.
	if v, ok := Int32([]byte("-7")); !ok || v != -7 {
		t.Errorf("Int32 = %d, %v", v, ok)
	}
	if v, ok := Int16([]byte("1.5")); !ok || v != 2 {
		t.Errorf("Int16 = %d, %v", v, ok)
	}
	if v, ok := Int8([]byte("+1")); !ok || v != 1 {
		t.Errorf("Int8 = %d, %v", v, ok)
	}
	if v, ok := Uint32([]byte("7")); !ok || v != 7 {
		t.Errorf("Uint32 = %d, %v", v, ok)
	}
	if v, ok := Uint16([]byte("7")); !ok || v != 7 {
		t.Errorf("Uint16 = %d, %v", v, ok)
	}
	if v, ok := Uint8([]byte("7")); !ok || v != 7 {
		t.Errorf("Uint8 = %d, %v", v, ok)
	}
}

func TestUint64(t *testing.T) {
	tests := []struct {
		Name            string
		Input           string
		Want            uint64
		WantOK, SniffOK bool
	}{
		{"zero", "0", 0, true, true},
		{"plain", "42", 42, true, true},
		{"max", "18446744073709551615", math.MaxUint64, true, true},
		{"max+1", "18446744073709551616", 0, false, false},
		{"above int64", "9223372036854775808", 1 << 63, true, true},
		{"19 digits", "9999999999999999999", 9999999999999999999, true, true},
		{"huge", "99999999999999999999999", 0, false, false},
		{"minus zero", "-0", 0, true, true},
		{"minus zeros", "-00", 0, true, true},
		{"minus one", "-1", 0, false, false},
		{"minus zero point", "-0.0", 0, false, false},
		{"minus zero exponent", "-0e1", 0, false, false},
		{"minus zero space", "-0 ", 0, false, false},
		{"space minus zero", " -0", 0, true, true},
		{"minus only", "-", 0, false, false},
		{"minus max", "-18446744073709551615", 0, false, false},
		{"plus", "+5", 5, true, false},
		{"leading zeros", "007", 7, true, false},
		{"spaces", " 42 ", 42, true, true},
		{"underscore", "18_446_744_073_709_551_615", math.MaxUint64, true, false},
		{"fraction rounds down", "18446744073709551615.4", math.MaxUint64, true, false},
		{"fraction rounds over", "18446744073709551615.5", 0, false, false},
		{"fraction rounds up", "18446744073709551614.5", math.MaxUint64, true, false},
		{"fraction half", "0.5", 1, true, false},
		{"exponent", "1e19", 10000000000000000000, true, false}, // beyond BIGINT
		{"exponent over", "2e19", 0, false, false},
		{"exponent fraction", "1.8446744073709551615e19", math.MaxUint64, true, false},
		{"exponent fraction over", "1.8446744073709551616e19", 0, false, false},
		{"exponent negative", "15e-1", 2, true, false},
		{"quirk 5e-3", "5e-3", 1, true, false},
		{"hex max", "0xFFFFFFFFFFFFFFFF", math.MaxUint64, true, true},
		{"hex over", "0x10000000000000000", 0, false, false},
		{"binary", "0b101", 5, true, true},
		{"letters", "abc", 0, false, false},
		{"empty", "", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			got, ok := Uint64([]byte(tt.Input))
			if ok != tt.WantOK || (ok && got != tt.Want) {
				t.Errorf("Uint64(%q) = %d, %v; want %d, %v", tt.Input, got, ok, tt.Want, tt.WantOK)
			}
			got, ok = Sniff.Uint64([]byte(tt.Input))
			if ok != tt.SniffOK || (ok && got != tt.Want) {
				t.Errorf("Sniff.Uint64(%q) = %d, %v; want %d, %v", tt.Input, got, ok, tt.Want, tt.SniffOK)
			}
		})
	}
}

// TestUint64AgreesWithInt64 holds UBIGINT to BIGINT on the non-negative
// values both cast: they differ only in the store type's width.
func TestUint64AgreesWithInt64(t *testing.T) {
	for _, in := range []string{"0", "1", "42", " 7 ", "+5", "1_000", "1.5", "2.5", "0.49", ".5", "1.", "1e3",
		"15e-1", "5e-3", "0.5e-1", "1.25e1", "1.e5", "1e18", "9.223372036854775807e18", "0x1F", "0b11",
		"9223372036854775807", "922337203685477580.7", "1e", "1e1.", "e5", ".", "1__0", "1e-40000", "0e1000"} {
		for _, c := range []Caster{Scan, Sniff} {
			i, iok := c.Int64([]byte(in))
			u, uok := c.Uint64([]byte(in))
			if iok != uok || (iok && uint64(i) != u) {
				t.Errorf("%+v: Int64(%q) = %d, %v but Uint64 = %d, %v", c, in, i, iok, u, uok)
			}
		}
	}
}

func TestFloat32(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	tests := []struct {
		Name            string
		Input           string
		Want            float32
		WantOK, SniffOK bool
	}{
		{"integer", "42", 42, true, true},
		{"tenth", "0.1", 0.1, true, true},
		{"third", "0.3333333333333333", 1.0 / 3, true, true},
		{"negative", "-1.5", -1.5, true, true},
		{"minus zero", "-0", float32(math.Copysign(0, -1)), true, true},
		{"plus", "+1.5", 1.5, true, false},
		{"exponent", "1.5e-3", 0.0015, true, true},
		{"max", "3.4028235e38", math.MaxFloat32, true, true},
		{"max exact", "340282346638528859811704183484516925440", math.MaxFloat32, true, true},
		{"below overflow", "3.40282356e38", math.MaxFloat32, true, true},
		// 2^128 - 2^103, halfway between the largest float and 2^128,
		// rounds to even: infinity. One less is the largest float; the
		// nearest double of both is the halfway point itself.
		{"overflow tie", "340282356779733661637539395458142568448", inf, true, true},
		{"below overflow tie", "340282356779733661637539395458142568447", math.MaxFloat32, true, true},
		{"above overflow tie", "340282356779733661637539395458142568449", inf, true, true},
		{"overflow", "3.4028236e38", inf, true, true},
		{"overflow 1e39", "1e39", inf, true, true},
		{"negative overflow", "-1e39", -inf, true, true},
		{"double overflow", "1e400", inf, true, true},
		{"smallest", "1e-45", math.SmallestNonzeroFloat32, true, true},
		{"smallest exact", "1.401298464324817e-45", math.SmallestNonzeroFloat32, true, true},
		{"underflow", "7e-46", 0, true, true},
		{"negative underflow", "-1e-50", float32(math.Copysign(0, -1)), true, true},
		{"smallest normal", "1.17549435e-38", 1.17549435e-38, true, true},
		// Rounded once, to binary32: above the midpoint between 1 and the
		// next float by 3.9e-24, so it rounds up. Through a double it
		// would be the midpoint, and round to even: 1.
		{"no double rounding", "1.00000005960464477539063", 1.0000001, true, true},
		{"midpoint", "1.000000059604644775390625", 1, true, true},
		{"2^24+1", "16777217", 16777216, true, true},
		{"fast path", "1234567e-10", 1234567e-10, true, true},
		{"fast path limit", "9999999e10", 9999999e10, true, true},
		{"long", "3.14159265358979323846264338327950288", math.Pi, true, true},
		{"underscore", "1_000.5", 1000.5, true, false},
		{"leading zero", "01.5", 1.5, true, false},
		{"trailing space", "1.5 ", 1.5, true, false},
		{"inf", "Infinity", inf, true, true},
		{"minus inf", "-inf", -inf, true, true},
		{"nan", "nan", nan, true, true},
		{"minus nan", "-NaN", float32(math.Copysign(math.NaN(), -1)), true, true},
		{"empty", "", 0, false, false},
		{"letters", "abc", 0, false, false},
		{"exponent missing", "1e", 0, false, false},
		{"comma", "1,5", 0, false, false},
	}
	same := func(a, b float32) bool { return sameFloat(float64(a), float64(b)) }
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			got, ok := Float32([]byte(tt.Input))
			if ok != tt.WantOK || (ok && !same(got, tt.Want)) {
				t.Errorf("Float32(%q) = %v, %v; want %v, %v", tt.Input, got, ok, tt.Want, tt.WantOK)
			}
			got, ok = Sniff.Float32([]byte(tt.Input))
			if ok != tt.SniffOK || (ok && !same(got, tt.Want)) {
				t.Errorf("Sniff.Float32(%q) = %v, %v; want %v, %v", tt.Input, got, ok, tt.Want, tt.SniffOK)
			}
			if strings.Contains(tt.Input, ".") {
				in := strings.Replace(tt.Input, ".", ",", 1)
				got, ok := comma.Float32([]byte(in))
				if ok != tt.WantOK || (ok && !same(got, tt.Want)) {
					t.Errorf("comma.Float32(%q) = %v, %v; want %v, %v", in, got, ok, tt.Want, tt.WantOK)
				}
			}
		})
	}
	// The grammar is DOUBLE's: the same fields cast, under every rule set.
	for _, in := range []string{"42", "1.5", "-.5", "5.", ".", "-", "+", "+-1.5", "1e", "1e+", "1e5 ", "  1.5",
		"1. 5", "00", "-01.5", "1e1_0", "1_", "1,5", "inf", "+inf", "infin", "nan(1_a)", "nan(", "0x10", "1.5x"} {
		for _, c := range []Caster{Scan, Sniff, comma, sniffComma} {
			_, ok64 := c.Float64([]byte(in))
			_, ok32 := c.Float32([]byte(in))
			if ok64 != ok32 {
				t.Errorf("%+v: Float64(%q) ok %v, Float32 ok %v", c, in, ok64, ok32)
			}
		}
	}
}

func TestFloat64(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		Name            string
		Input           string
		Want            float64
		WantOK, SniffOK bool
	}{
		{"integer", "42", 42, true, true},
		{"fraction", "1.5", 1.5, true, true},
		{"negative", "-1.5", -1.5, true, true},
		{"minus zero", "-0", math.Copysign(0, -1), true, true},
		{"minus zero point", "-0.0", math.Copysign(0, -1), true, true},
		{"plus", "+1.5", 1.5, true, false},
		{"plus minus", "+-1.5", -1.5, true, false}, // '+' is dropped before the number is read
		{"leading point", ".5", 0.5, true, true},
		{"minus leading point", "-.5", -0.5, true, true},
		{"trailing point", "5.", 5, true, true},
		{"point only", ".", 0, false, false},
		{"minus only", "-", 0, false, false},
		{"plus only", "+", 0, false, false}, // found by FuzzFloat64
		{"plus space", "+ 1", 0, false, false},
		{"exponent", "1e3", 1000, true, true},
		{"exponent negative", "1.5e-3", 0.0015, true, true},
		{"exponent plus", "2E+2", 200, true, true},
		{"exponent missing", "1e", 0, false, false},
		{"exponent sign only", "1e+", 0, false, false},
		{"exponent then space", "1e5 ", 1e5, true, false},
		{"leading spaces", "  1.5", 1.5, true, true},
		{"trailing spaces", "1.5  ", 1.5, true, false},
		{"inner space", "1. 5", 0, false, false},
		{"empty", "", 0, false, false},
		{"spaces", "  ", 0, false, false},
		{"leading zero", "01.5", 1.5, true, false},
		{"zero fraction", "0.5", 0.5, true, true},
		{"zeros", "00", 0, true, false},
		{"negative leading zero", "-01.5", -1.5, true, true},
		{"underscore", "1_000.5", 1000.5, true, false},
		{"underscore fraction", "1.000_5", 1.0005, true, false},
		{"underscore exponent", "1e1_0", 1e10, true, false},
		{"trailing underscore", "1_", 0, false, false},
		{"comma", "1,5", 0, false, false},
		{"overflow", "1e400", math.Inf(1), true, true},
		{"negative overflow", "-1e400", math.Inf(-1), true, true},
		{"near overflow", "1.8e308", math.Inf(1), true, true},
		{"max", "1.7976931348623157e308", math.MaxFloat64, true, true},
		{"underflow", "1e-400", 0, true, true},
		{"smallest", "5e-324", 5e-324, true, true},
		{"long fraction", "0.1000000000000000055511151231257827021181583404541015625", 0.1, true, true},
		{"small leading zeros", "0.00001e310", 1e305, true, true},
		{"inf", "inf", math.Inf(1), true, true},
		{"Infinity", "Infinity", math.Inf(1), true, true},
		{"minus INF", "-INF", math.Inf(-1), true, true},
		{"plus inf", "+inf", math.Inf(1), true, false},
		{"inf spaces", " inf ", math.Inf(1), true, false},
		{"infin", "infin", 0, false, false},
		{"infinityx", "infinityx", 0, false, false},
		{"nan", "nan", nan, true, true},
		{"NaN", "NaN", nan, true, true},
		{"minus nan", "-nan", math.Copysign(nan, -1), true, true},
		{"nan payload", "nan(1_a)", nan, true, true},
		{"nan open", "nan(", 0, false, false},
		{"nan bad payload", "nan(a-b)", 0, false, false},
		{"hex", "0x10", 0, false, false},
		{"letters", "abc", 0, false, false},
		{"trailing letter", "1.5x", 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			check := func(name string, c Caster, wantOK bool) {
				t.Helper()
				got, ok := c.Float64([]byte(tt.Input))
				if ok != wantOK || (ok && !sameFloat(got, tt.Want)) {
					t.Errorf("%s.Float64(%q) = %v, %v; want %v, %v", name, tt.Input, got, ok, tt.Want, wantOK)
				}
			}
			check("Scan", Scan, tt.WantOK)
			check("Sniff", Sniff, tt.SniffOK)
			// With ',' as separator, a '.' no longer is one.
			if !strings.ContainsAny(tt.Input, ".,") {
				check("comma", comma, tt.WantOK)
				check("sniffComma", sniffComma, tt.SniffOK)
			}
			if strings.Contains(tt.Input, ".") && !strings.ContainsAny(tt.Input, ",") {
				in := strings.Replace(tt.Input, ".", ",", 1)
				got, ok := comma.Float64([]byte(in))
				if ok != tt.WantOK || (ok && !sameFloat(got, tt.Want)) {
					t.Errorf("comma.Float64(%q) = %v, %v; want %v, %v", in, got, ok, tt.Want, tt.WantOK)
				}
			}
		})
	}
}

// sameFloat compares bits, so that -0 differs from 0, and any NaN equals
// a NaN of the same sign.
func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b) && math.Signbit(a) == math.Signbit(b)
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

func TestAppendFloat64(t *testing.T) {
	tests := []struct {
		In   float64
		Want string
	}{
		{0, "0.0"},
		{math.Copysign(0, -1), "-0.0"},
		{1, "1.0"},
		{-1, "-1.0"},
		{2.5, "2.5"},
		{0.1, "0.1"},
		{1.1, "1.1"},
		{99.99, "99.99"},
		{385000000, "385000000.0"},
		{48.3411985847104, "48.3411985847104"},
		{1e15, "1000000000000000.0"},
		{123456789012345.6, "123456789012345.6"},
		{1e16, "1e+16"},
		{1.5e16, "1.5e+16"},
		{123456789012345680000, "1.2345678901234568e+20"},
		{0.0001, "0.0001"},
		{0.00012, "0.00012"},
		{0.00001, "1e-05"},
		{1.5e-5, "1.5e-05"},
		{1e-100, "1e-100"},
		{1e300, "1e+300"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{5e-324, "5e-324"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
		{math.NaN(), "nan"},
		{math.Copysign(math.NaN(), -1), "-nan"},
	}
	for _, tt := range tests {
		if got := FormatFloat64(tt.In); got != tt.Want {
			t.Errorf("FormatFloat64(%v) = %q, want %q", tt.In, got, tt.Want)
		}
		if got := string(AppendFloat64([]byte("x"), tt.In)); got != "x"+tt.Want {
			t.Errorf("AppendFloat64(x, %v) = %q", tt.In, got)
		}
		if f, ok := Float64([]byte(tt.Want)); !ok || !sameFloat(f, tt.In) {
			t.Errorf("Float64(%q) = %v, %v; want %v", tt.Want, f, ok, tt.In)
		}
	}
	if FormatInt64(math.MinInt64) != "-9223372036854775808" || string(AppendInt64(nil, 42)) != "42" {
		t.Error("FormatInt64/AppendInt64")
	}
	if FormatUint64(math.MaxUint64) != "18446744073709551615" || string(AppendUint64(nil, 42)) != "42" {
		t.Error("FormatUint64/AppendUint64")
	}
	if FormatBool(true) != "true" || FormatBool(false) != "false" {
		t.Error("FormatBool")
	}
}

func TestAppendFloat32(t *testing.T) {
	tests := []struct {
		In   float32
		Want string
	}{
		{0, "0.0"},
		{float32(math.Copysign(0, -1)), "-0.0"},
		{1, "1.0"},
		{-1, "-1.0"},
		{0.1, "0.1"}, // float32's shortest digits, not the double's
		{1.1, "1.1"},
		{99.99, "99.99"},
		{1.0 / 3, "0.33333334"},
		{16777216, "16777216.0"},
		{123456.79, "123456.79"},
		{1e15, "1000000000000000.0"},
		{1e16, "1e+16"},
		{1.5e16, "1.5e+16"},
		{0.0001, "0.0001"},
		{0.00001, "1e-05"},
		{math.MaxFloat32, "3.4028235e+38"},
		{-math.MaxFloat32, "-3.4028235e+38"},
		{math.SmallestNonzeroFloat32, "1e-45"},
		{1.17549435e-38, "1.1754944e-38"},
		{float32(math.Inf(1)), "inf"},
		{float32(math.Inf(-1)), "-inf"},
		{float32(math.NaN()), "nan"},
		{float32(math.Copysign(math.NaN(), -1)), "-nan"},
		// Where DuckDB's Grisu cannot decide, it prints the double's
		// shortest digits (float32Digits; DuckDB 1.5.6's answers): longer
		// than the float's shortest, "106833540.0" and "-272151.88".
		{106833536, "106833536.0"},
		{-272151.875, "-272151.875"},
		{1782457.75, "1782457.75"},
		{-1197512064, "-1197512064.0"},
		// Grisu decided: the float's shortest.
		{-300566752, "-300566750.0"},
		{-103261.406, "-103261.41"},
	}
	for _, tt := range tests {
		if got := FormatFloat32(tt.In); got != tt.Want {
			t.Errorf("FormatFloat32(%v) = %q, want %q", tt.In, got, tt.Want)
		}
		if got := string(AppendFloat32([]byte("x"), tt.In)); got != "x"+tt.Want {
			t.Errorf("AppendFloat32(x, %v) = %q", tt.In, got)
		}
		if f, ok := Float32([]byte(tt.Want)); !ok || !sameFloat(float64(f), float64(tt.In)) {
			t.Errorf("Float32(%q) = %v, %v; want %v", tt.Want, f, ok, tt.In)
		}
	}
}

func mustDate(t testing.TB, y, m, d int) Date {
	t.Helper()
	v, ok := DateOf(y, m, d)
	if !ok {
		t.Fatalf("DateOf(%d, %d, %d) failed", y, m, d)
	}
	return v
}

func TestDate(t *testing.T) {
	tests := []struct {
		Name            string
		Input           string
		Want            string // rendering, when ok
		WantOK, SniffOK bool
	}{
		{"iso", "2024-02-29", "2024-02-29", true, true},
		{"leap 2000", "2000-02-29", "2000-02-29", true, true},
		{"not leap 2023", "2023-02-29", "", false, false},
		{"not leap 1900", "1900-02-29", "", false, false},
		{"month 13", "2024-13-01", "", false, false},
		{"month 0", "2024-00-01", "", false, false},
		{"day 0", "2024-01-00", "", false, false},
		{"day 32", "2024-01-32", "", false, false},
		{"april 31", "2024-04-31", "", false, false},
		{"slash", "2024/02/29", "2024-02-29", true, true},
		{"backslash", `2024\02\29`, "2024-02-29", true, true},
		{"space separated", "2024 02 29", "2024-02-29", true, true},
		{"mixed separators", "2024/02-29", "", false, false},
		{"dot", "2024.02.29", "", false, false},
		{"one digit month day", "2024-2-9", "2024-02-09", true, true},
		{"three digit day", "2024-02-291", "", false, false},
		{"short year", "24-02-29", "0024-02-29", true, true},
		{"long year", "123456-01-01", "123456-01-01", true, true},
		{"ten digit year", "1234567890-01-01", "", false, false},
		{"leading spaces", "  2024-02-29", "2024-02-29", true, true},
		{"trailing spaces", "2024-02-29  ", "2024-02-29", true, true},
		{"time after", "2024-02-29 12:34:56", "2024-02-29", true, false},
		{"T after", "2024-02-29T12:34:56", "2024-02-29", true, false},
		{"text after", "2024-02-29abc", "2024-02-29", true, false},
		{"BC", "0044-03-15 (BC)", "0044-03-15 (BC)", true, true},
		{"bc lower", "44-03-15 (bc)", "0044-03-15 (BC)", true, true},
		{"BC year 0", "0000-01-01 (BC)", "", false, false},
		{"BC negative", "-44-03-15 (BC)", "", false, false},
		{"year 0", "0000-01-01", "0001-01-01 (BC)", true, true},
		{"negative year", "-1-01-01", "0002-01-01 (BC)", true, true},
		{"max", "5881580-07-10", "5881580-07-10", true, true},
		{"max+1", "5881580-07-11", "", false, false},
		{"min", "5877642-06-25 (BC)", "5877642-06-25 (BC)", true, true},
		{"min-1", "5877642-06-24 (BC)", "", false, false},
		{"infinity", "infinity", "infinity", true, true},
		{"Infinity spaces", " Infinity ", "infinity", true, true},
		{"minus infinity", "-infinity", "-infinity", true, true},
		{"epoch", "epoch", "1970-01-01", true, true},
		{"minus epoch", "-epoch", "1970-01-01", true, true},
		{"infinity after", "infinity x", "", false, false},
		{"infinit", "infinit", "", false, false},
		{"empty", "", "", false, false},
		{"year only", "2024", "", false, false},
		{"no day", "2024-02", "", false, false},
		{"no day after sep", "2024-02-", "", false, false},
		{"letters", "feb 29 2024", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			for _, c := range []struct {
				name   string
				c      Caster
				wantOK bool
			}{{"Scan", Scan, tt.WantOK}, {"Sniff", Sniff, tt.SniffOK}} {
				got, ok := c.c.Date([]byte(tt.Input))
				if ok != c.wantOK || (ok && got.String() != tt.Want) {
					t.Errorf("%s.Date(%q) = %v, %v; want %s, %v", c.name, tt.Input, got, ok, tt.Want, c.wantOK)
				}
			}
		})
	}
}

func TestDateCivil(t *testing.T) {
	if d := mustDate(t, 1970, 1, 1); d != 0 {
		t.Errorf("1970-01-01 = %d", d)
	}
	if d := mustDate(t, 2024, 2, 29); d != 19782 {
		t.Errorf("2024-02-29 = %d", d)
	}
	if d := mustDate(t, 1969, 12, 31); d != -1 {
		t.Errorf("1969-12-31 = %d", d)
	}
	if d := mustDate(t, 5881580, 7, 10); d != DateMax {
		t.Errorf("max date = %d, want %d", d, DateMax)
	}
	if d := mustDate(t, -5877641, 6, 25); d != DateMin {
		t.Errorf("min date = %d, want %d", d, DateMin)
	}
	for _, bad := range [][3]int{{2023, 2, 29}, {2024, 0, 1}, {2024, 1, 0}, {5881580, 7, 11}, {-5877641, 6, 24}} {
		if _, ok := DateOf(bad[0], bad[1], bad[2]); ok {
			t.Errorf("DateOf(%v) succeeded", bad)
		}
	}
	// Every day of 1600-2400 and around the range ends converts back.
	check := func(d Date) {
		y, m, dd := d.Civil()
		back, ok := DateOf(y, m, dd)
		if !ok || back != d {
			t.Fatalf("Date(%d).Civil() = %d-%d-%d, back %d %v", d, y, m, dd, back, ok)
		}
	}
	for d := mustDate(t, 1600, 1, 1); d <= mustDate(t, 2400, 12, 31); d++ {
		check(d)
	}
	for i := Date(0); i < 1000; i++ {
		check(DateMin + i)
		check(DateMax - i)
	}
	if !Date(0).IsFinite() || DateInfinity.IsFinite() || DateNegInfinity.IsFinite() {
		t.Error("IsFinite")
	}
}

func TestTime(t *testing.T) {
	tests := []struct {
		Name            string
		Input           string
		Want            string
		WantOK, SniffOK bool
	}{
		{"hms", "12:34:56", "12:34:56", true, true},
		{"midnight", "00:00:00", "00:00:00", true, true},
		{"end of day", "23:59:59.999999", "23:59:59.999999", true, true},
		{"24:00:00", "24:00:00", "24:00:00", true, true},
		{"24:00:00.000001", "24:00:00.000001", "", false, false},
		{"24:00:01", "24:00:01", "", false, false},
		{"25:00:00", "25:00:00", "", false, false},
		{"minute 60", "12:60:00", "", false, false},
		{"second 60", "12:00:60", "", false, false},
		{"one digit hour", "1:02:03", "01:02:03", true, true},
		{"one digit fields", "1:2:3", "01:02:03", true, true},
		{"hh:mm", "12:34", "12:34:00", true, true},
		{"hh:m", "12:3", "12:03:00", true, false},
		{"hh:", "12:", "12:00:00", true, false},
		{"hh:m:", "12:0:", "12:00:00", true, false},
		{"hh:mm:", "12:00:", "12:00:00", true, false},
		{"hh:mm space", "12:00 ", "", false, false},
		{"hh:mm:ss space", "12:00:00 ", "12:00:00", true, true},
		{"leading spaces", "  12:00:00", "12:00:00", true, true},
		{"fraction 1", "12:34:56.5", "12:34:56.5", true, true},
		{"fraction 2", "12:34:56.25", "12:34:56.25", true, true},
		{"fraction 3", "12:34:56.125", "12:34:56.125", true, true},
		{"fraction 4", "12:34:56.0625", "12:34:56.0625", true, true},
		{"fraction 5", "12:34:56.00001", "12:34:56.00001", true, true},
		{"fraction 6", "12:34:56.000001", "12:34:56.000001", true, true},
		{"fraction 7 truncated", "12:34:56.1234567", "12:34:56.123456", true, true},
		{"fraction 9 truncated", "12:34:56.999999999", "12:34:56.999999", true, true},
		{"fraction zeros", "12:34:56.000000", "12:34:56", true, true},
		{"fraction empty", "12:34:56.", "12:34:56", true, true},
		{"nine digit hour over", "100000000:00:00", "", false, false},
		{"ten digit hour", "1000000000:00:00", "", false, false},
		{"offset ignored", "12:34:56+02", "12:34:56", true, false},
		{"text after", "12:34:56 abc", "12:34:56", true, false},
		{"timestamp", "2024-02-29 12:34:56", "12:34:56", true, false},
		{"timestamp offset", "2024-02-29 12:00:00+02", "12:00:00", true, false}, // DuckDB 1.5.6 drops the offset
		{"date only", "2024-02-29", "00:00:00", true, false},
		{"infinity", "infinity", "", false, false},
		{"dot separated", "12.34.56", "", false, false},
		{"empty", "", "", false, false},
		{"colon", ":", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			for _, c := range []struct {
				name   string
				c      Caster
				wantOK bool
			}{{"Scan", Scan, tt.WantOK}, {"Sniff", Sniff, tt.SniffOK}} {
				got, ok := c.c.Time([]byte(tt.Input))
				if ok != c.wantOK || (ok && got.String() != tt.Want) {
					t.Errorf("%s.Time(%q) = %v, %v; want %s, %v", c.name, tt.Input, got, ok, tt.Want, c.wantOK)
				}
			}
		})
	}
}

func TestTimeOf(t *testing.T) {
	if v, ok := TimeOf(12, 34, 56, 789); !ok || v.String() != "12:34:56.000789" {
		t.Errorf("TimeOf = %v, %v", v, ok)
	}
	if v, ok := TimeOf(24, 0, 0, 0); !ok || v != MicrosPerDay || v.String() != "24:00:00" {
		t.Errorf("TimeOf(24) = %v, %v", v, ok)
	}
	for _, bad := range [][4]int{{24, 0, 0, 1}, {-1, 0, 0, 0}, {0, 60, 0, 0}, {0, 0, 60, 0}, {0, 0, 0, 1000000}} {
		if _, ok := TimeOf(bad[0], bad[1], bad[2], bad[3]); ok {
			t.Errorf("TimeOf(%v) succeeded", bad)
		}
	}
	h, m, s, us := Time(MicrosPerHour + 2*MicrosPerMinute + 3*MicrosPerSecond + 4).Clock()
	if h != 1 || m != 2 || s != 3 || us != 4 {
		t.Errorf("Clock = %d %d %d %d", h, m, s, us)
	}
}

func TestTimestamp(t *testing.T) {
	tests := []struct {
		Name            string
		Input           string
		Want            string
		WantOK, SniffOK bool
	}{
		{"space", "2024-02-29 12:34:56", "2024-02-29 12:34:56", true, true},
		{"T", "2024-02-29T12:34:56", "2024-02-29 12:34:56", true, true},
		{"fraction", "2024-02-29 12:34:56.789", "2024-02-29 12:34:56.789", true, true},
		{"fraction 7", "2024-02-29 12:34:56.1234567", "2024-02-29 12:34:56.123456", true, true},
		{"no seconds", "2024-02-29 12:34", "2024-02-29 12:34:00", true, true},
		{"hour colon", "2024-02-29 12:", "2024-02-29 12:00:00", true, true},
		{"date only", "2024-02-29", "2024-02-29 00:00:00", true, true},
		{"date and space", "2024-02-29 ", "", false, false},
		{"slashes", "2024/02/29 01:02:03", "2024-02-29 01:02:03", true, true},
		{"one digit fields", "2024-2-9 1:2:3", "2024-02-09 01:02:03", true, true},
		{"24:00", "2024-02-29 24:00:00", "2024-03-01 00:00:00", true, true},
		{"25:00", "2024-02-29 25:00:00", "", false, false},
		{"Z", "2024-02-29T12:34:56Z", "2024-02-29 12:34:56", true, false},
		{"Z space", "2024-02-29T12:34:56Z  ", "2024-02-29 12:34:56", true, false},
		{"plus hours", "2024-02-29 12:00:00+02", "2024-02-29 12:00:00", true, false}, // offsets are dropped, as DuckDB 1.5.6 does
		{"minus hours", "2024-02-29 22:00:00-03", "2024-02-29 22:00:00", true, false},
		{"plus hh:mm", "2024-02-29 12:00:00+02:30", "2024-02-29 12:00:00", true, false},
		{"plus hhmm", "2024-02-29 12:00:00+0230", "2024-02-29 12:00:00", true, false},
		{"plus hh colon", "2024-02-29 12:00:00+02:", "2024-02-29 12:00:00", true, false},
		{"offset one digit", "2024-02-29 12:00:00+2", "", false, false},
		{"offset unchecked", "2024-02-29 12:00:00+99", "2024-02-29 12:00:00", true, false},
		{"UTC", "2024-02-29 12:00:00 UTC", "2024-02-29 12:00:00", true, true}, // DuckDB 1.5.6 sniffs it as TIMESTAMP
		{"utc", "2024-02-29 12:00:00 utc", "2024-02-29 12:00:00", true, true},
		{"EST", "2024-02-29 12:00:00 EST", "", false, false},
		{"zone name", "2024-02-29 12:00:00 Europe/Paris", "", false, false},
		{"trailing space", "2024-02-29 12:00:00 ", "2024-02-29 12:00:00", true, true},
		{"leading space", " 2024-02-29 12:00:00", "2024-02-29 12:00:00", true, true},
		{"minutes only Z", "2021-10-11T12:55Z", "", false, false},
		{"text after", "2024-02-29 12:00:00x", "", false, false},
		{"bad date", "2023-02-29 12:00:00", "", false, false},
		{"bad separator", "2024-02-29X12:00:00", "", false, false},
		{"BC", "0044-03-15 (BC) 12:00:00", "0044-03-15 (BC) 12:00:00", true, true},
		// The special values: DuckDB 1.5.6's sniffer refuses them as
		// TIMESTAMP (a column of timestamps with one in it is TIMESTAMP
		// WITH TIME ZONE), its reader takes them.
		{"infinity", "infinity", "infinity", true, false},
		{"minus infinity", "-infinity", "-infinity", true, false},
		{"epoch", "epoch", "1970-01-01 00:00:00", true, false},
		{"far future", "290000-01-01 00:00:00", "290000-01-01 00:00:00", true, true},
		{"beyond int64", "300000-01-01 00:00:00", "", false, false},
		{"empty", "", "", false, false},
		{"time only", "12:00:00", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			for _, c := range []struct {
				name   string
				c      Caster
				wantOK bool
			}{{"Scan", Scan, tt.WantOK}, {"Sniff", Sniff, tt.SniffOK}} {
				got, ok := c.c.Timestamp([]byte(tt.Input))
				if ok != c.wantOK || (ok && got.String() != tt.Want) {
					t.Errorf("%s.Timestamp(%q) = %v, %v; want %s, %v", c.name, tt.Input, got, ok, tt.Want, c.wantOK)
				}
			}
		})
	}
}

func TestTimestampParts(t *testing.T) {
	d := mustDate(t, 1969, 12, 31)
	tm, _ := TimeOf(23, 59, 59, 999999)
	ts, ok := TimestampOf(d, tm)
	if !ok || ts != -1 || ts.Date() != d || ts.Time() != tm || ts.String() != "1969-12-31 23:59:59.999999" {
		t.Errorf("TimestampOf = %d %v %v %v", ts, ok, ts.Date(), ts.Time())
	}
	if ts, ok := TimestampOf(DateInfinity, 0); !ok || ts != TimestampInfinity || ts.Date() != DateInfinity {
		t.Error("infinite date")
	}
	if ts, ok := TimestampOf(DateNegInfinity, 0); !ok || ts != TimestampNegInfinity || ts.Date() != DateNegInfinity {
		t.Error("negative infinite date")
	}
	if _, ok := TimestampOf(DateMax, 0); ok {
		t.Error("TimestampOf(DateMax) fits in 64 bits?")
	}
	if TimestampInfinity.IsFinite() || !Timestamp(0).IsFinite() || TimestampInfinity.Time() != 0 {
		t.Error("IsFinite")
	}
}

func mustFormat(t testing.TB, s string) Format {
	t.Helper()
	f, err := ParseFormat(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFormat(t *testing.T) {
	tests := []struct {
		Name    string
		Format  string
		Input   string
		Want    string // Timestamp rendering; "" when it fails
		Matches bool   // Format.Matches (the sniffer's strict check)
	}{
		{"dmY", "%d/%m/%Y", "29/02/2024", "2024-02-29 00:00:00", true},
		{"dmY one digit", "%d/%m/%Y", "5/7/1995", "1995-07-05 00:00:00", true},
		{"dmY no such day", "%d/%m/%Y", "31/02/2024", "", true},
		{"dmY day 32", "%d/%m/%Y", "32/01/2024", "", false},
		{"dmY month 13", "%d/%m/%Y", "01/13/2024", "", false},
		{"dmY spaces", "%d/%m/%Y", "  29/02/2024  ", "2024-02-29 00:00:00", true},
		{"dmY trailing", "%d/%m/%Y", "29/02/2024x", "", false},
		{"dmY short", "%d/%m/%Y", "29/02", "", false},
		{"dmY one digit year", "%d/%m/%Y", "29/02/4", "0004-02-29 00:00:00", false},
		{"mdY", "%m-%d-%Y", "02-29-2024", "2024-02-29 00:00:00", true},
		{"unpadded", "%-m/%-d/%Y", "2/9/2024", "2024-02-09 00:00:00", true},
		{"Ymd packed", "%Y%m%d", "20240229", "2024-02-29 00:00:00", true},
		{"Y width 4", "%Y", "20245", "", false},
		{"y 69", "%y-%m-%d", "69-01-01", "1969-01-01 00:00:00", true},
		{"y 68", "%y-%m-%d", "68-01-01", "2068-01-01 00:00:00", true},
		{"y one digit", "%y-%m-%d", "9-01-01", "2009-01-01 00:00:00", false},
		{"-y", "%-y.%m.%d", "90.01.01", "1990-01-01 00:00:00", true},
		{"dotted", "%d.%m.%Y %H:%M:%S", "29.02.2024 23:59:59", "2024-02-29 23:59:59", true},
		{"hour 24", "%H:%M", "24:00", "", false},
		{"I p pm", "%I:%M %p", "01:30 PM", "1900-01-01 13:30:00", true},
		{"I p am 12", "%I:%M %p", "12:30 am", "1900-01-01 00:30:00", true},
		{"I p pm 12", "%I:%M %p", "12:30 pm", "1900-01-01 12:30:00", true},
		{"I 13", "%I:%M %p", "13:30 PM", "", false},
		{"H p", "%H:%M %p", "13:30 PM", "", false},
		{"p bad", "%I:%M %p", "01:30 XM", "", false},
		{"-H -M -S", "%-H:%-M:%-S", "1:2:3", "1900-01-01 01:02:03", true},
		{"-I", "%-I %p", "9 pm", "1900-01-01 21:00:00", true},
		{"minute 60", "%H:%M", "12:60", "", false},
		{"second 60", "%H:%M:%S", "12:00:60", "", false},
		{"f", "%H:%M:%S.%f", "12:00:00.123456", "1900-01-01 12:00:00.123456", true},
		{"f short", "%H:%M:%S.%f", "12:00:00.5", "1900-01-01 12:00:00.5", true},
		{"f three", "%H:%M:%S.%f", "12:00:00.639", "1900-01-01 12:00:00.639", true},
		{"g short", "%H:%M:%S.%g", "12:00:00.05", "1900-01-01 12:00:00.05", true},
		{"n short", "%H:%M:%S.%n", "12:00:00.25", "1900-01-01 12:00:00.25", true},
		{"g", "%H:%M:%S.%g", "12:00:00.123", "1900-01-01 12:00:00.123", true},
		{"n rounds", "%H:%M:%S.%n", "12:00:00.123456789", "1900-01-01 12:00:00.123457", true},
		{"z", "%Y-%m-%d %H:%M:%S%z", "2024-02-29 12:00:00+0230", "2024-02-29 09:30:00", true},
		{"z colon", "%Y-%m-%d %H:%M:%S %z", "2024-02-29 12:00:00 -05:00", "2024-02-29 17:00:00", true},
		{"z hours", "%Y-%m-%d %H%z", "2024-02-29 12+01", "2024-02-29 11:00:00", true},
		{"z missing", "%Y-%m-%d %H%z", "2024-02-29 12", "", false},
		{"Z", "%Y-%m-%d %H:%M %Z", "2024-02-29 12:00 Europe/Paris", "2024-02-29 12:00:00", true},
		{"Z empty", "%Y-%m-%d %Z", "2024-02-29 ", "", false},
		{"b", "%b %d, %Y", "Dec 8, 2022", "2022-12-08 00:00:00", true},
		{"h lower", "%h %d %Y", "dec 8 2022", "2022-12-08 00:00:00", true},
		{"b bad", "%b %d %Y", "Dez 8 2022", "", false},
		{"B", "%d %B %Y", "8 September 2022", "2022-09-08 00:00:00", true},
		{"B abbr", "%d %B %Y", "8 Sep 2022", "", false},
		{"a A", "%a %A %Y-%m-%d", "Thu thursday 2024-02-29", "2024-02-29 00:00:00", true},
		{"a ignored", "%a %Y-%m-%d", "Mon 2024-02-29", "2024-02-29 00:00:00", true},
		{"a bad", "%a %Y-%m-%d", "Xyz 2024-02-29", "", false},
		{"j", "%Y-%j", "2024-060", "2024-02-29 00:00:00", true},
		{"-j", "%Y-%-j", "2024-1", "2024-01-01 00:00:00", true},
		{"j 366 common", "%Y-%j", "2023-366", "2024-01-01 00:00:00", true},
		{"j 0", "%Y-%j", "2024-000", "", false},
		{"U w", "%Y-%U-%w", "2024-08-4", "2024-02-29 00:00:00", true},
		{"W w", "%Y-%W-%w", "2024-09-4", "2024-02-29 00:00:00", true},
		{"U week 0", "%Y-%U-%w", "2023-00-0", "2022-12-25 00:00:00", true},
		{"w 7", "%Y-%U-%w", "2024-08-7", "", false},
		{"U 54", "%Y-%U", "2024-54", "", false},
		{"G V u", "%G-W%V-%u", "2024-W09-4", "2024-02-29 00:00:00", true},
		{"G V u year start", "%G-W%V-%u", "2021-W01-1", "2021-01-04 00:00:00", true},
		{"V 0", "%G-W%V-%u", "2024-W00-1", "", false},
		{"u 0", "%G-W%V-%u", "2024-W01-0", "", false},
		{"two ISO years", "%G %G", "2024 2024", "", false},
		{"md override j", "%Y-%m-%d %j", "2024-02-29 001", "2024-02-29 00:00:00", true},
		{"c", "%c", "2024-02-29 01:02:03", "2024-02-29 01:02:03", true},
		{"x", "%x", "2024-02-29", "2024-02-29 00:00:00", true},
		{"X", "%X", "01:02:03", "1900-01-01 01:02:03", true},
		{"T with literal", "at %T!", "at 01:02:03!", "1900-01-01 01:02:03", true},
		{"percent", "%Y%%%m", "2024%02", "2024-02-01 00:00:00", true},
		{"space run", "%Y %m", "2024   02", "2024-02-01 00:00:00", true},
		{"spaces in format", "%Y   %m", "2024 02", "2024-02-01 00:00:00", true},
		{"space needed", "%Y %m", "202402", "", false},
		{"tab matches space", "%Y %m", "2024\t02", "2024-02-01 00:00:00", true},
		{"literal text", "Year %Y", "Year 2024", "2024-01-01 00:00:00", true},
		{"literal mismatch", "Year %Y", "year 2024", "", false},
		{"infinity", "%d/%m/%Y", "infinity", "infinity", true},
		{"minus infinity", "%d/%m/%Y", " -Infinity ", "-infinity", true},
		{"epoch", "%d/%m/%Y", "epoch", "1970-01-01 00:00:00", true},
		{"duckdb timestampformat test", "%a %d, %B %Y, %I:%M:%S %p", "Mon 30, June 2003, 12:03:10 PM", "2003-06-30 12:03:10", true},
		{"sniffer 12h", "%m-%d-%Y %I:%M:%S %p", "01-01-2000 12:12:00 AM", "2000-01-01 00:12:00", true},
	}
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			f := mustFormat(t, tt.Format)
			ts, ok := f.Timestamp([]byte(tt.Input))
			if got := ts.String(); ok != (tt.Want != "") || (ok && got != tt.Want) {
				t.Errorf("%q.Timestamp(%q) = %s, %v; want %q", tt.Format, tt.Input, got, ok, tt.Want)
			}
			d, dok := f.Date([]byte(tt.Input))
			if dok != ok || (ok && d != ts.Date()) {
				t.Errorf("%q.Date(%q) = %v, %v; Timestamp gives %v, %v", tt.Format, tt.Input, d, dok, ts, ok)
			}
			if m := f.Matches([]byte(tt.Input)); m != tt.Matches {
				t.Errorf("%q.Matches(%q) = %v, want %v", tt.Format, tt.Input, m, tt.Matches)
			}
		})
	}
}

func TestFormatDateIgnoresOffset(t *testing.T) {
	// A DATE read with a format keeps the written day even when an offset
	// would move the instant to another day.
	f := mustFormat(t, "%Y-%m-%d %H:%M%z")
	d, ok := f.Date([]byte("2024-02-29 23:00-05"))
	ts, tok := f.Timestamp([]byte("2024-02-29 23:00-05"))
	if !ok || d.String() != "2024-02-29" || !tok || ts.String() != "2024-03-01 04:00:00" {
		t.Errorf("Date = %v %v, Timestamp = %v %v", d, ok, ts, tok)
	}
}

func TestParseFormatErrors(t *testing.T) {
	for _, s := range []string{"", "%", "%Y%", "%q", "%-q", "%-", "%E"} {
		if _, err := ParseFormat(s); !errors.Is(err, ErrFormat) {
			t.Errorf("ParseFormat(%q) error = %v, want ErrFormat", s, err)
		}
	}
	f := mustFormat(t, "%d/%m/%Y")
	if f.String() != "%d/%m/%Y" || f.IsZero() || !(Format{}).IsZero() {
		t.Error("String/IsZero")
	}
	if _, ok := (Format{}).Date([]byte("2024")); ok {
		t.Error("the zero Format matched")
	}
	// A format of literal text alone matches that text.
	if d, ok := mustFormat(t, "abc").Date([]byte("abc")); !ok || d.String() != "1900-01-01" {
		t.Errorf("literal format: %v %v", d, ok)
	}
}

func TestFormatCandidates(t *testing.T) {
	tests := []struct {
		Type Type
		Sep  string
		Want []string
	}{
		{TypeDate, "-", []string{"%y-%m-%d", "%d-%m-%y", "%d-%m-%Y", "%m-%d-%y", "%m-%d-%Y"}},
		{TypeDate, "/", []string{"%y/%m/%d", "%Y/%m/%d", "%d/%m/%y", "%d/%m/%Y", "%m/%d/%y", "%m/%d/%Y"}},
		{TypeDate, ".", []string{"%y.%m.%d", "%Y.%m.%d", "%d.%m.%y", "%d.%m.%Y", "%m.%d.%y", "%m.%d.%Y"}},
		{TypeTimestamp, "-", []string{"%y-%m-%d %H:%M:%S", "%d-%m-%y %H:%M:%S", "%d-%m-%Y %H:%M:%S",
			"%m-%d-%y %I:%M:%S %p", "%m-%d-%Y %I:%M:%S %p"}},
		{TypeTimestamp, " ", []string{"%y %m %d %H:%M:%S", "%Y %m %d %H:%M:%S", "%d %m %y %H:%M:%S",
			"%d %m %Y %H:%M:%S", "%m %d %y %I:%M:%S %p", "%m %d %Y %I:%M:%S %p", "%Y %m %d %H:%M:%S.%f"}},
		{TypeDate, ":", nil},
		{TypeTime, "-", nil},
	}
	for _, tt := range tests {
		got := FormatCandidates(tt.Type, tt.Sep)
		if !slices.Equal(got, tt.Want) {
			t.Errorf("FormatCandidates(%v, %q) = %q, want %q", tt.Type, tt.Sep, got, tt.Want)
		}
		for _, f := range got {
			mustFormat(t, f)
		}
	}
}

// TestSnifferFormatOrder replays DuckDB's sniffer on the date columns of
// two corpus files: the candidate in use is kept while it matches, and
// dropped for the next one when a value does not.
func TestSnifferFormatOrder(t *testing.T) {
	tests := []struct {
		Type   Type
		Values []string
		Want   string
	}{
		// data/csv/auto/time_date_timestamp_mm-dd-yyyy.csv
		{TypeDate, []string{"01-01-2000", "02-02-2002", "12-13-2004"}, "%m-%d-%Y"},
		{TypeTimestamp, []string{"01-01-2000 12:12:00 AM", "02-02-2002 02:15:00 PM", "12-13-2004 03:16:00 PM"}, "%m-%d-%Y %I:%M:%S %p"},
		// data/csv/auto/time_date_timestamp_yy.mm.dd.csv
		{TypeDate, []string{"90.01.01", "02.02.02", "04.12.13"}, "%y.%m.%d"},
		{TypeTimestamp, []string{"90.01.01 00:12:00", "02.02.02 14:15:00"}, "%y.%m.%d %H:%M:%S"},
		// data/csv/test/dateformat.csv
		{TypeDate, []string{"05/06/2019"}, "%d/%m/%Y"},
		// data/csv/special_date.csv
		{TypeDate, []string{"2000.01.01", "2002.02.02", "2004.12.13"}, "%Y.%m.%d"},
	}
	for _, tt := range tests {
		sep, ok := DateSeparator([]byte(tt.Values[0]))
		if !ok {
			t.Fatalf("DateSeparator(%q) failed", tt.Values[0])
		}
		cands := FormatCandidates(tt.Type, sep)
		i := 0
		for _, v := range tt.Values {
			for i < len(cands) && !mustFormat(t, cands[i]).Matches([]byte(v)) {
				i++
			}
		}
		if i == len(cands) || cands[i] != tt.Want {
			got := "none"
			if i < len(cands) {
				got = cands[i]
			}
			t.Errorf("%v %q: sniffed %q, want %q", tt.Type, tt.Values, got, tt.Want)
		}
	}
}

func TestDateSeparator(t *testing.T) {
	tests := []struct {
		In     string
		Want   string
		WantOK bool
	}{
		{"2024-02-29", "-", true},
		{"29/02/2024", "/", true},
		{" 1.2.3", ".", true},
		{"1 2 3", " ", true},
		{"2024%02%29", "%%", true},
		{"2024 - 02 - 29", " - ", true},
		{"2024-02/29", "", false},
		{"20240229", "", false},
		{"12:30", "", false},
		{"2024-02-", "", false},
		{"-2024-02-29", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := DateSeparator([]byte(tt.In))
		if got != tt.Want || ok != tt.WantOK {
			t.Errorf("DateSeparator(%q) = %q, %v; want %q, %v", tt.In, got, ok, tt.Want, tt.WantOK)
		}
	}
}

// TestRoundTrip renders values and reads them back.
func TestRoundTrip(t *testing.T) {
	dates := []Date{0, 1, -1, 19782, DateMin, DateMax, DateInfinity, DateNegInfinity, mustDate(t, 0, 1, 1),
		mustDate(t, -4, 2, 29), mustDate(t, 9999, 12, 31), mustDate(t, 10000, 1, 1)}
	for _, d := range dates {
		if got, ok := ParseDate([]byte(d.String())); !ok || got != d {
			t.Errorf("ParseDate(%q) = %v, %v; want %d", d.String(), got, ok, d)
		}
	}
	for _, tm := range []Time{0, 1, 500000, MicrosPerDay - 1, MicrosPerDay, 12*MicrosPerHour + 120000} {
		if got, ok := ParseTime([]byte(tm.String())); !ok || got != tm {
			t.Errorf("ParseTime(%q) = %v, %v", tm.String(), got, ok)
		}
	}
	for _, ts := range []Timestamp{0, -1, 1, TimestampInfinity, TimestampNegInfinity, 1709210096789000,
		-62135596800000000 - 1} {
		if got, ok := ParseTimestamp([]byte(ts.String())); !ok || got != ts {
			t.Errorf("ParseTimestamp(%q) = %v, %v; want %d", ts.String(), got, ok, ts)
		}
	}
}

func TestAllocs(t *testing.T) {
	in := []struct {
		name string
		f    func()
	}{
		{"Int64", func() { Int64([]byte(" -123456789 ")) }},
		{"Int64 exponent", func() { Int64([]byte("1.25e3")) }},
		{"Float64", func() { Float64([]byte("-1234.5678e-3")) }},
		{"Float64 underscore", func() { Float64([]byte("1_234.5")) }},
		{"Float64 comma", func() { comma.Float64([]byte("1234,5")) }},
		{"Float64 overflow", func() { Float64([]byte("1e999")) }},
		{"Int32", func() { Int32([]byte("-2147483648")) }},
		{"Int8 fraction", func() { Int8([]byte("12.5")) }},
		{"Uint8 minus zero", func() { Uint8([]byte("-0")) }},
		{"Uint64", func() { Uint64([]byte("18446744073709551615")) }},
		{"Uint64 exponent", func() { Uint64([]byte("1.8446744073709551615e19")) }},
		{"Float32", func() { Float32([]byte("-1234.5678e-3")) }},
		{"Float32 long", func() { Float32([]byte("3.14159265358979323846264338327950288")) }},
		{"Float32 underscore", func() { Float32([]byte("1_234.5678901")) }},
		{"Float32 overflow", func() { Float32([]byte("3.5e38")) }},
		{"Float32 overflow far", func() { Float32([]byte("1e999")) }},
		{"AppendFloat32", func() { sink = AppendFloat32(sink[:0], 1234.5678) }},
		{"Date", func() { ParseDate([]byte("2024-02-29")) }},
		{"Time", func() { ParseTime([]byte("12:34:56.789")) }},
		{"Timestamp", func() { ParseTimestamp([]byte("2024-02-29 12:34:56.789+02")) }},
		{"Format", func() { mdY.Timestamp([]byte("02/29/2024 12:34:56")) }},
		{"AppendFloat64", func() { sink = AppendFloat64(sink[:0], 1234.5678) }},
		{"Date.AppendFormat", func() { sink = Date(19782).AppendFormat(sink[:0]) }},
		{"Timestamp.AppendFormat", func() { sink = Timestamp(1709210096789000).AppendFormat(sink[:0]) }},
	}
	sink = make([]byte, 0, 64)
	for _, c := range in {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocs per run, want 0", c.name, n)
		}
	}
}

var (
	sink []byte
	mdY  = func() Format { f, _ := ParseFormat("%m/%d/%Y %H:%M:%S"); return f }()
)

// TestTimestampTZ: TIMESTAMP WITH TIME ZONE values, checked against DuckDB
// 1.5.6's TRY_CAST(s AS TIMESTAMPTZ) with TimeZone 'UTC': the offset is
// applied, a value without one is UTC, a zone name is read as ICU reads it.
func TestTimestampTZ(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2024-01-02 03:04:05Z", "2024-01-02 03:04:05+00"},
		{"2024-01-02 03:04:05 UTC", "2024-01-02 03:04:05+00"},
		{"2024-01-02 03:04:05+0530", "2024-01-01 21:34:05+00"},
		{"2024-01-02 03:04:05+99", "2023-12-29 00:04:05+00"},
		{"2024-01-02 03:04:05+02:00 ", "2024-01-02 01:04:05+00"},
		{"2024-01-02T03:04:05.123456789+01", "2024-01-02 02:04:05.123456+00"},
		{"2024-01-02 03:04:05-05:30", "2024-01-02 08:34:05+00"},
		{"2024-06-30T23:59:59.5Z", "2024-06-30 23:59:59.5+00"},
		{"infinity", "infinity"},
		{"2024-01-02 03:04:05 Europe/Paris", "2024-01-02 02:04:05+00"}, // ICU's zones
		{"2024-01-02 03:04:05 EST", "2024-01-02 08:04:05+00"},
		{"2024-01-02 03:04:05+2", ""},
	} {
		ts, ok := Scan.TimestampTZ([]byte(tt.in))
		got := ""
		if ok {
			got = string(ts.AppendFormatTZ(nil))
		}
		if got != tt.want {
			t.Errorf("TimestampTZ(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDateFastEveryDay holds dateFast to parseDate on every ten-byte
// "YYYY-MM-DD" with months 00 to 13 and days 00 to 32 of the years 0000 to
// 9999 (also the invalid ones, which dateFast must refuse), and checks it
// answers for every valid day but those of year 0.
func TestDateFastEveryDay(t *testing.T) {
	b := []byte("0000-00-00")
	put := func(at, v, digits int) {
		for i := digits - 1; i >= 0; i-- {
			b[at+i] = byte('0' + v%10)
			v /= 10
		}
	}
	for year := 0; year <= 9999; year++ {
		put(0, year, 4)
		for month := 0; month <= 13; month++ {
			put(5, month, 2)
			for day := 0; day <= 32; day++ {
				put(8, day, 2)
				fast, ok := dateFast(b)
				slow, _, sok := parseDate(b, false)
				if ok && (!sok || slow != fast) {
					t.Fatalf("dateFast(%q) = %v; parseDate = %v, %v", b, fast, slow, sok)
				}
				if sok && !ok && year != 0 {
					t.Fatalf("dateFast(%q) refused a date parseDate reads (%v)", b, slow)
				}
			}
		}
	}
	// Every byte value at every position of a valid date, and two bad
	// bytes at once (the carries of one must not hide the other).
	for _, base := range []string{"2024-01-15", "1999-12-31"} {
		for i := range len(base) {
			for c := range 256 {
				for j := i; j < len(base); j += 3 {
					b := []byte(base)
					b[i], b[j] = byte(c), byte(255-c)
					if j == i {
						b[j] = byte(c)
					}
					fast, ok := dateFast(b)
					slow, _, sok := parseDate(b, false)
					if ok && (!sok || slow != fast) {
						t.Fatalf("dateFast(%q) = %v; parseDate = %v, %v", b, fast, slow, sok)
					}
				}
			}
		}
	}
}

// digitsLoop is the byte loop digits16 must agree with.
func digitsLoop(b []byte) (uint64, bool) {
	var v uint64
	for _, c := range b {
		if !isDigit(c) {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, len(b) > 0
}

// TestDigits holds digits16 to the byte loop on
// every length from 1 to 16, with every byte value at every position of a
// run of digits and of a run of nines.
func TestDigits(t *testing.T) {
	for n := 1; n <= 16; n++ {
		for _, base := range []string{"1234567890123456", "9999999999999999", "0000000000000000"} {
			for i := range n {
				for c := range 256 {
					b := []byte(base[:n])
					b[i] = byte(c)
					got, ok := digits16(b)
					want, wok := digitsLoop(b)
					if ok != wok || got != want {
						t.Fatalf("digits16(%q) = %d, %v; want %d, %v", b, got, ok, want, wok)
					}
				}
			}
		}
	}
}

// everyString calls f with every string of up to n bytes over alphabet.
func everyString(alphabet string, n int, f func([]byte)) {
	var rec func(b []byte)
	rec = func(b []byte) {
		f(b)
		if len(b) == n {
			return
		}
		for i := range len(alphabet) {
			rec(append(b, alphabet[i]))
		}
	}
	rec(nil)
}

// TestNumberFastPaths holds the SWAR fast paths to the loops they stand
// in for, on every string of up to 6 bytes over the bytes that matter to
// them, and on random runs of digits up to 20 bytes: plainDecimal
// to plainDecimalLoop, floatFast and float32Fast to the general DOUBLE and
// FLOAT casts, Int64 and Uint64 (fast path first) to DuckDB's loops alone.
func TestNumberFastPaths(t *testing.T) {
	everyString("019.,-a_ e", 6, func(b []byte) {
		for _, sep := range []byte{'.', ','} {
			m, d, fr, neg, ok := plainDecimal(b, sep)
			body := b
			wneg := len(b) > 0 && b[0] == '-'
			if wneg {
				body = b[1:]
			}
			wm, wd, wfr, wok := plainDecimalLoop(body, sep)
			if ok != wok || ok && (m != wm || d != wd || fr != wfr || neg != wneg) {
				t.Fatalf("plainDecimal(%q, %q) = %d %d %d %v %v; the loop gives %d %d %d %v %v", b, sep, m, d, fr, neg, ok, wm, wd, wfr, wneg, wok)
			}
		}
		for _, c := range []Caster{{}, {Strict: true}, {DecimalComma: true}} {
			if f, ok := floatFast(b, c.sep()); ok {
				if g, gok := c.float64General(b); !gok || !sameFloat(f, g) {
					t.Fatalf("%+v: floatFast(%q) = %v; general %v, %v", c, b, f, g, gok)
				}
			}
			if f, ok := float32Fast(b, c.sep()); ok {
				if g, gok := c.float32General(b); !gok || math.Float32bits(f) != math.Float32bits(g) {
					t.Fatalf("%+v: float32Fast(%q) = %v; general %v, %v", c, b, f, g, gok)
				}
			}
			v, ok := c.Int64(b)
			w, wok := castInt(b, c.Strict, false, int64(math.MinInt64), math.MaxInt64)
			if !wok {
				w, wok = castInt(b, c.Strict, true, int64(math.MinInt64), math.MaxInt64)
			}
			if ok != wok || v != w {
				t.Fatalf("%+v: Int64(%q) = %d, %v; DuckDB's loops give %d, %v", c, b, v, ok, w, wok)
			}
			u, ok := c.Uint64(b)
			wu, wok := uint64(0), false
			if !negativeNonZero(b) {
				if wu, wok = castInt(b, c.Strict, false, uint64(0), math.MaxUint64); !wok {
					wu, wok = castInt(b, c.Strict, true, uint64(0), math.MaxUint64)
				}
			}
			if ok != wok || u != wu {
				t.Fatalf("%+v: Uint64(%q) = %d, %v; DuckDB's loops give %d, %v", c, b, u, ok, wu, wok)
			}
		}
	})
	// Long runs: the loop-sized cases and the 16-digit SWAR reads.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		b := make([]byte, 1+rng.IntN(20))
		for i := range b {
			b[i] = "0123456789.-"[rng.IntN(12)]
			if rng.IntN(4) != 0 {
				b[i] = byte('0' + rng.IntN(10))
			}
		}
		for _, c := range []Caster{{}, {Strict: true}} {
			if f, ok := floatFast(b, '.'); ok {
				if g, gok := c.float64General(b); !gok || !sameFloat(f, g) {
					t.Fatalf("floatFast(%q) = %v; general %v, %v", b, f, g, gok)
				}
			}
			v, ok := c.Int64(b)
			w, wok := castInt(b, c.Strict, false, int64(math.MinInt64), math.MaxInt64)
			if !wok {
				w, wok = castInt(b, c.Strict, true, int64(math.MinInt64), math.MaxInt64)
			}
			if ok != wok || v != w {
				t.Fatalf("%+v: Int64(%q) = %d, %v; DuckDB's loops give %d, %v", c, b, v, ok, w, wok)
			}
		}
	}
}

// TestCachedPowers checks the table of powers of ten that float32Digits
// computes against entries of {fmt}'s own table (format-inl.h): the first,
// 10^4 and the last.
func TestCachedPowers(t *testing.T) {
	tab := cachedPowers()
	for _, tt := range []struct {
		i int
		f uint64
		e int
	}{{0, 0xfa8fd5a0081c0288, -1220}, {44, 0x9c40000000000000, -50}, {86, 0xaf87023b9bf0ee6b, 1066}} {
		if tab[tt.i] != (diyFP{tt.f, tt.e}) {
			t.Errorf("10^%d: %#x × 2^%d, want %#x × 2^%d", -348+8*tt.i, tab[tt.i].f, tab[tt.i].e, tt.f, tt.e)
		}
	}
}

// TestFloat32TextReadsBack renders random floats of every exponent and
// reads each text back: DuckDB's digits, the float's shortest or the
// double's, always name the same float.
func TestFloat32TextReadsBack(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if math.IsNaN(float64(f)) {
			continue
		}
		s := FormatFloat32(f)
		if g, err := strconv.ParseFloat(strings.TrimSuffix(s, ".0"), 32); err != nil || float32(g) != f {
			t.Fatalf("FormatFloat32(%v) = %q, which reads back as %v (%v)", f, s, float32(g), err)
		}
	}
}
