package cast

import (
	"math"
	"strconv"
)

// Rendering values as DuckDB prints them: numbers (the shortest text that
// reads back to the same value, DuckDB's exponent rules) and booleans.

// AppendFloat64 appends DuckDB's text rendering of a DOUBLE to dst: the
// shortest decimal that reads back as f, in fixed notation with at least
// one fraction digit ("1.0", "0.0001", "385000000.0") when the decimal
// exponent is in [-4, 16), otherwise in exponent notation with a signed,
// at least two-digit exponent ("1e+16", "1.5e-05"); "inf", "-inf" and
// "nan". This is what DuckDB's duckdb_fmt::format("{}", double) prints
// (src/common/operator/string_cast.cpp), the same rule as Python's repr.
func AppendFloat64(dst []byte, f float64) []byte { return appendFloat(dst, f, 64) }

// AppendFloat32 appends DuckDB's text rendering of a FLOAT to dst: as
// AppendFloat64, with the digits duckdb_fmt::format("{}", float) prints.
// Those are the shortest decimal that reads back as the float32 f ("0.1",
// not "0.10000000149011612"; "3.4028235e+38"), except for about one float
// in a hundred, where DuckDB's search falls back to the double's shortest
// digits ("106833536.0", not "106833540.0"; float32Digits). The choice
// between fixed and exponent notation is the same as for a double.
func AppendFloat32(dst []byte, f float32) []byte { return appendFloat(dst, float64(f), 32) }

// FormatFloat32 returns DuckDB's text rendering of a FLOAT (see
// AppendFloat32).
func FormatFloat32(f float32) string {
	var buf [32]byte
	return string(AppendFloat32(buf[:0], f))
}

// appendFloat renders f, a float of bitSize bits, for AppendFloat64 and
// AppendFloat32.
func appendFloat(dst []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return append(dst, "-nan"...)
		}
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	}
	if math.Signbit(f) {
		dst = append(dst, '-')
		f = -f
	}
	if f == 0 {
		return append(dst, "0.0"...)
	}
	var buf [32]byte
	var digits []byte
	var exp int // the decimal exponent of the first digit
	if bitSize == 32 {
		digits, exp = float32Digits(buf[:0], f)
	} else {
		digits, exp = splitExp(strconv.AppendFloat(buf[:0], f, 'e', -1, 64))
	}
	nd := len(digits)
	switch {
	case exp < -4 || exp >= 16:
		dst = append(dst, digits[0])
		if nd > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:nd]...)
		}
		dst = append(dst, 'e')
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(exp), 10)
	case exp >= nd-1:
		// 1234e7: all digits before the point, then zeros and ".0"
		dst = append(dst, digits[:nd]...)
		for range exp - (nd - 1) {
			dst = append(dst, '0')
		}
		return append(dst, ".0"...)
	case exp >= 0:
		// 1234e-2: the point falls among the digits
		dst = append(dst, digits[:exp+1]...)
		dst = append(dst, '.')
		return append(dst, digits[exp+1:nd]...)
	default:
		// 1234e-6: "0." and zeros first
		dst = append(dst, "0."...)
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		return append(dst, digits[:nd]...)
	}
}

// FormatFloat64 returns DuckDB's text rendering of a DOUBLE (see
// AppendFloat64).
func FormatFloat64(f float64) string {
	var buf [32]byte
	return string(AppendFloat64(buf[:0], f))
}

// AppendInt64 appends DuckDB's rendering of a BIGINT, or of any of the
// narrower integer types: plain decimal digits with a '-' for negative
// values.
func AppendInt64(dst []byte, v int64) []byte { return strconv.AppendInt(dst, v, 10) }

// FormatInt64 returns DuckDB's rendering of a BIGINT.
func FormatInt64(v int64) string { return strconv.FormatInt(v, 10) }

// AppendUint64 appends DuckDB's rendering of a UBIGINT: plain decimal
// digits.
func AppendUint64(dst []byte, v uint64) []byte { return strconv.AppendUint(dst, v, 10) }

// FormatUint64 returns DuckDB's rendering of a UBIGINT.
func FormatUint64(v uint64) string { return strconv.FormatUint(v, 10) }

// FormatBool returns DuckDB's rendering of a BOOLEAN: "true" or "false".
func FormatBool(v bool) string {
	if v {
		return "true"
	}
	return "false"
}
