package cast

import (
	"math"
	"strconv"
	"unsafe"
)

// Float64 casts b to DOUBLE as DuckDB's TryDoubleCast does
// (src/include/duckdb/common/operator/double_cast_operator.hpp, with its
// fork of fast_float in third_party/fast_float). The grammar, with the
// Strict exceptions of Caster:
//
//		spaces* ["+"] ( ["-"] mantissa [exp] | ["-"] special ) spaces*
//		mantissa = digits [sep digits*] | sep digits
//		exp      = ("e" | "E") ["+" | "-"] digits
//		special  = "inf" | "infinity" | "nan" | "nan(" [A-Za-z0-9_]* ")"
//
//	  - sep is '.' or, with DecimalComma, ',';
//	  - a single '_' may separate two digits of any part (not when Strict);
//	  - an "e" not followed by digits ends the number, so "1e" fails;
//	  - the specials ignore ASCII case;
//	  - a leading '+' and trailing spaces are not allowed when Strict, nor a
//	    0 followed by another digit ("01.5"); leading spaces always are.
//
// The value is the correctly rounded binary64 nearest the decimal. Values
// beyond the largest double are ±Inf and values below the smallest are ±0,
// both successful casts, as in DuckDB.
//
// Nothing is copied into a string. Up to 15 significant digits with a
// decimal exponent within ±22 are converted directly (Clinger's fast path:
// one exact multiplication or division). Other numbers go to
// strconv.ParseFloat through an unsafe.String view, either of b itself or,
// when '_' must be dropped or ',' made '.', of a stack buffer; ParseFloat
// keeps no reference to its argument, so no copy escapes. The only
// allocations are for such rewritten numbers longer than 128 bytes, and
// for the *NumError ParseFloat builds when a value within a factor of ten
// of the largest double overflows.
func (c Caster) Float64(b []byte) (float64, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	if b[0] == '+' {
		if c.Strict {
			return 0, false
		}
		b = b[1:]
		if len(b) == 0 {
			return 0, false // "+" alone
		}
	}
	if c.Strict && len(b) >= 2 && b[0] == '0' && isDigit(b[1]) {
		return 0, false
	}
	sep := byte('.')
	if c.DecimalComma {
		sep = ','
	}
	num, end := scanFloat(b, sep, c.Strict)
	if end < 0 {
		return 0, false
	}
	rest := b[end:]
	if !c.Strict {
		for len(rest) > 0 && isSpace(rest[0]) {
			rest = rest[1:]
		}
	}
	if len(rest) != 0 {
		return 0, false
	}
	switch num.kind {
	case floatInf:
		if num.neg {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case floatNaN:
		if num.neg {
			return math.Copysign(math.NaN(), -1), true
		}
		return math.NaN(), true
	}
	return num.value(b[:end], sep), true
}

type floatKind uint8

const (
	floatNumber floatKind = iota
	floatInf
	floatNaN
)

// floatToken describes the number scanFloat found.
type floatToken struct {
	kind       floatKind
	neg        bool
	clean      bool   // the token needs no rewriting: no '_', separator '.'
	intDigits  int    // digits before the separator, leading zeros excluded
	fracZeros  int    // zeros after the separator before the first other digit
	allZero    bool   // every mantissa digit is 0
	expEnd     int    // end of the exponent in the token; -1 if none was taken
	exp        int    // the exponent's value, saturated at ±1<<20
	mantissaTo int    // end of the mantissa in the token
	mant       uint64 // the first 19 significant digits, as an integer
	sigDigits  int    // significant digits (from the first non-zero one)
	fracDigits int    // digits after the separator
}

// scanFloat reads the longest number at the start of b the way fast_float's
// parse_number_string (and parse_infnan after it) do, and returns its end,
// or -1 if there is none.
func scanFloat(b []byte, sep byte, strict bool) (floatToken, int) {
	t := floatToken{clean: sep == '.', allZero: true, expEnd: -1}
	p := 0
	if b[0] == '-' {
		t.neg = true
		p++
		if p == len(b) || (!isDigit(b[p]) && b[p] != sep) {
			return special(b, t)
		}
	}
	digits := 0
	leading := true
	// digits scans a run of digits with single '_' between them; it returns
	// false for a '_' that ends the run or is not allowed.
	run := func(before bool) bool {
		for p < len(b) && isDigit(b[p]) {
			if b[p] != '0' {
				t.allZero = false
				leading = false
			}
			if before && !leading {
				t.intDigits++
			}
			if !before && leading {
				t.fracZeros++
			}
			if !leading {
				if t.sigDigits < 19 {
					t.mant = t.mant*10 + uint64(b[p]-'0')
				}
				t.sigDigits++
			}
			if !before {
				t.fracDigits++
			}
			digits++
			p++
			if p < len(b) && b[p] == '_' {
				if strict {
					return false
				}
				t.clean = false
				p++
				if p == len(b) || !isDigit(b[p]) {
					return false
				}
			}
		}
		return true
	}
	if !run(true) {
		return special(b, t)
	}
	if p < len(b) && b[p] == sep {
		p++
		if !run(false) {
			return special(b, t)
		}
	}
	if digits == 0 {
		return special(b, t)
	}
	t.mantissaTo = p
	if p < len(b) && (b[p] == 'e' || b[p] == 'E') {
		q := p + 1
		expNeg := false
		if q < len(b) && (b[q] == '-' || b[q] == '+') {
			expNeg = b[q] == '-'
			q++
		}
		if q < len(b) && isDigit(b[q]) {
			exp := 0
			for q < len(b) && isDigit(b[q]) {
				if exp < 1<<20 {
					exp = exp*10 + int(b[q]-'0')
				}
				q++
				if q < len(b) && b[q] == '_' {
					if strict {
						return special(b, t)
					}
					t.clean = false
					q++
					if q == len(b) || !isDigit(b[q]) {
						return special(b, t)
					}
				}
			}
			if expNeg {
				exp = -exp
			}
			t.exp = exp
			t.expEnd = q
			p = q
		}
		// otherwise the "e" is not part of the number
	}
	return t, p
}

// special is fast_float's parse_infnan: "nan", "nan(chars)", "inf" or
// "infinity" after an optional '-', ASCII case ignored.
func special(b []byte, t floatToken) (floatToken, int) {
	p := 0
	t.neg = false
	if b[0] == '-' {
		t.neg = true
		p++
	}
	if len(b)-p < 3 {
		return t, -1
	}
	switch {
	case equalFold(b[p:p+3], "nan"):
		t.kind = floatNaN
		p += 3
		if p < len(b) && b[p] == '(' {
			for q := p + 1; q < len(b); q++ {
				c := b[q]
				if c == ')' {
					p = q + 1
					break
				}
				if !(isDigit(c) || lower(c)-'a' < 26 || c == '_') {
					break
				}
			}
		}
		return t, p
	case equalFold(b[p:p+3], "inf"):
		t.kind = floatInf
		if len(b)-p >= 8 && equalFold(b[p+3:p+8], "inity") {
			return t, p + 8
		}
		return t, p + 3
	}
	return t, -1
}

// equalFold reports whether b equals the lowercase ASCII word w, ignoring
// ASCII case.
func equalFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range len(b) {
		if lower(b[i]) != w[i] {
			return false
		}
	}
	return true
}

// value converts a number token (tok = the token's bytes) to float64.
func (t floatToken) value(tok []byte, sep byte) float64 {
	// Far outside the range of float64 the answer is known without
	// ParseFloat, which would report the overflow with an allocated error.
	if t.allZero {
		if t.neg {
			return math.Copysign(0, -1)
		}
		return 0
	}
	// first is the decimal exponent of the first significant digit; from
	// 309 on the value is at least 1e309, beyond the largest double.
	first := t.intDigits - 1 + t.exp
	if t.intDigits == 0 {
		first = -t.fracZeros - 1 + t.exp
	}
	if first >= 309 {
		if t.neg {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	// Clinger's fast path: a mantissa below 2^53 times or divided by an
	// exact power of ten is one correctly rounded operation.
	if e := t.exp - t.fracDigits; t.sigDigits <= 15 && e >= -22 && e <= 22 {
		f := float64(t.mant)
		if e < 0 {
			f /= pow10[-e]
		} else {
			f *= pow10[e]
		}
		if t.neg {
			f = -f
		}
		return f
	}
	var s string
	var buf [128]byte
	end := t.mantissaTo
	if t.expEnd >= 0 {
		end = t.expEnd
	}
	tok = tok[:end]
	switch {
	case t.clean:
		s = unsafe.String(unsafe.SliceData(tok), len(tok))
	default:
		dst := buf[:0]
		if len(tok) > len(buf) {
			dst = make([]byte, 0, len(tok))
		}
		for _, c := range tok {
			switch c {
			case '_':
				continue
			case sep:
				c = '.'
			}
			dst = append(dst, c)
		}
		s = unsafe.String(unsafe.SliceData(dst), len(dst))
	}
	// The token is well formed, so the only possible error is a range
	// error, for which f is already ±Inf.
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// AppendFloat64 appends DuckDB's text rendering of a DOUBLE to dst: the
// shortest decimal that reads back as f, in fixed notation with at least
// one fraction digit ("1.0", "0.0001", "385000000.0") when the decimal
// exponent is in [-4, 16), otherwise in exponent notation with a signed,
// at least two-digit exponent ("1e+16", "1.5e-05"); "inf", "-inf" and
// "nan". This is what DuckDB's duckdb_fmt::format("{}", double) prints
// (src/common/operator/string_cast.cpp), the same rule as Python's repr.
func AppendFloat64(dst []byte, f float64) []byte {
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
	// 'e' with the shortest precision gives "d.ddde±XX"; split it.
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	var digits [17]byte
	nd := 0
	i := 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			digits[nd] = e[i]
			nd++
		}
	}
	exp := 0
	expNeg := e[i+1] == '-'
	for _, c := range e[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if expNeg {
		exp = -exp
	}
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

// AppendInt64 appends DuckDB's rendering of a BIGINT: plain decimal digits
// with a '-' for negative values.
func AppendInt64(dst []byte, v int64) []byte { return strconv.AppendInt(dst, v, 10) }

// FormatInt64 returns DuckDB's rendering of a BIGINT.
func FormatInt64(v int64) string { return strconv.FormatInt(v, 10) }

// FormatBool returns DuckDB's rendering of a BOOLEAN: "true" or "false".
func FormatBool(v bool) string {
	if v {
		return "true"
	}
	return "false"
}
