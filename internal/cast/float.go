package cast

import (
	"math"
	"math/bits"
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
	if v, ok := floatFast(b, c.sep()); ok {
		return v, true
	}
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.Float64(d)
		}
	}
	return c.float64General(b)
}

// float64General is Float64 without floatFast.
func (c Caster) float64General(b []byte) (float64, bool) {
	num, tok, ok := c.scanFloatField(b)
	if !ok {
		return 0, false
	}
	if v, ok := num.special(); ok {
		return v, true
	}
	return num.value(tok, c.sep()), true
}

// Float32 casts b to FLOAT (DuckDB's 32-bit REAL) as DuckDB's
// TryDoubleCast<float> does: the CSV reader parses a FLOAT field directly
// into a float, with the grammar and rule sets of Float64 (see there; the
// decimal separator is DecimalComma's). The value is the correctly rounded
// binary32 nearest the decimal, not the DOUBLE rounded again, which can
// differ by one unit in the last place. As for DOUBLE, values beyond the
// largest float are ±Inf and values below the smallest are ±0, both
// successful casts: DuckDB's fast_float reports no range error, and
// neither does its CSV reader, which never casts through DOUBLE (a
// DOUBLE-to-FLOAT cast, unlike this one, fails out of range).
//
// It never allocates, except as Float64 does for rewritten numbers over 128
// bytes, and for a number whose nearest double is exactly the midpoint
// between the largest float and 2^128.
func (c Caster) Float32(b []byte) (float32, bool) {
	if v, ok := float32Fast(b, c.sep()); ok {
		return v, true
	}
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.Float32(d)
		}
	}
	return c.float32General(b)
}

// float32General is Float32 without float32Fast.
func (c Caster) float32General(b []byte) (float32, bool) {
	num, tok, ok := c.scanFloatField(b)
	if !ok {
		return 0, false
	}
	if v, ok := num.special(); ok {
		return float32(v), true
	}
	return num.value32(tok, c.sep()), true
}

// special returns the value of an infinity or a NaN (with its sign), and
// false for an ordinary number.
func (num *floatToken) special() (float64, bool) {
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
	return 0, false
}

func (c Caster) sep() byte {
	if c.DecimalComma {
		return ','
	}
	return '.'
}

// floatFast converts the commonest shape of a DOUBLE field in one pass:
// an optional '-', 1 to 15 digits that do not start with a 0 followed by
// another digit, and optionally the separator and 1 to 15 more digits, at
// most 15 digits in all, and nothing else. Such a number is valid in
// strict and lenient mode alike, and its mantissa is below 2^53, so
// Clinger's fast path (one correctly rounded division by an exact power of
// ten) gives the correctly rounded double, as the general path would. It
// reports false for anything else, which the general path then reads.
func floatFast(b []byte, sep byte) (float64, bool) {
	mant, digits, frac, neg, ok := plainDecimal(b, sep)
	if !ok || digits > 15 {
		return 0, false
	}
	f := float64(mant) / pow10[frac]
	if neg {
		f = -f
	}
	return f, true
}

// float32Fast is floatFast for FLOAT: the same shape with at most 7
// digits, whose mantissa is below 2^24, divided in binary32 by an exact
// float power of ten (Clinger's fast path in single precision), which is
// the correctly rounded float the general path gives.
func float32Fast(b []byte, sep byte) (float32, bool) {
	mant, digits, frac, neg, ok := plainDecimal(b, sep)
	if !ok || digits > 7 {
		return 0, false
	}
	f := float32(mant) / pow10f32[frac]
	if neg {
		f = -f
	}
	return f, true
}

// plainDecimal reads the shape of floatFast, [-]digits[sep digits] with
// no leading 0 before another digit and at least one digit on each side
// of the separator, and returns the digits as one integer (at most 19 of
// them are kept exactly: the callers take 15 or fewer), how many there
// are, how many follow the separator, and the sign. Up to eight bytes
// after the sign are read at once (SWAR, see digits.go): the first
// non-digit must be the separator, and once it is replaced by a '0' every
// byte must be a digit; the separator's byte is then squeezed out of the
// word and the digits valued together.
func plainDecimal(b []byte, sep byte) (mant uint64, digits, frac int, neg, ok bool) {
	if len(b) > 0 && b[0] == '-' {
		neg = true
		b = b[1:]
	}
	n := len(b)
	if n == 0 || n > 8 {
		mant, digits, frac, ok = plainDecimalLoop(b, sep)
		return mant, digits, frac, neg, ok
	}
	x := loadWord(b)
	width := 8 * uint(n)
	mask := ^uint64(0) >> (64 - width)
	flags := digitFlags(x) & mask
	if flags == 0 {
		if n > 1 && b[0] == '0' {
			return 0, 0, 0, false, false
		}
		return value8((x - zeros) << (64 - width)), n, 0, neg, true
	}
	k := bits.TrailingZeros64(flags) / 8 // the first non-digit
	if k == 0 || k == n-1 || b[k] != sep || k > 1 && b[0] == '0' {
		return 0, 0, 0, false, false
	}
	at := 8 * uint(k)
	x = x&^(0xFF<<at) | '0'<<at
	if digitFlags(x)&mask != 0 {
		return 0, 0, 0, false, false
	}
	d := x - zeros
	low := uint64(1)<<at - 1
	d = d&low | d>>8&^low // the separator's byte squeezed out
	return value8(d << (64 - width + 8)), n - 1, n - 1 - k, neg, true
}

// plainDecimalLoop is plainDecimal byte by byte, for b (after the sign)
// longer than a word. Digits past 19 wrap mant; the callers refuse so
// many.
func plainDecimalLoop(b []byte, sep byte) (mant uint64, digits, frac int, ok bool) {
	p := 0
	for p < len(b) && isDigit(b[p]) {
		mant = mant*10 + uint64(b[p]-'0')
		p++
	}
	intDigits := p
	if intDigits == 0 || (intDigits > 1 && b[0] == '0') {
		return 0, 0, 0, false
	}
	if p < len(b) {
		if b[p] != sep {
			return 0, 0, 0, false
		}
		p++
		for p < len(b) && isDigit(b[p]) {
			mant = mant*10 + uint64(b[p]-'0')
			p++
			frac++
		}
		if frac == 0 || p != len(b) {
			return 0, 0, 0, false
		}
	}
	return mant, intDigits + frac, frac, true
}

// scanFloatField is the part of TryDoubleCast before the conversion: it
// skips leading spaces and a '+', reads the number and checks that only
// spaces follow it (none when Strict). It returns the number and its bytes.
func (c Caster) scanFloatField(b []byte) (floatToken, []byte, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return floatToken{}, nil, false
	}
	if b[0] == '+' {
		if c.Strict {
			return floatToken{}, nil, false
		}
		b = b[1:]
		if len(b) == 0 {
			return floatToken{}, nil, false // "+" alone
		}
	}
	if c.Strict && len(b) >= 2 && b[0] == '0' && isDigit(b[1]) {
		return floatToken{}, nil, false
	}
	num, end := scanFloat(b, c.sep(), c.Strict)
	if end < 0 {
		return floatToken{}, nil, false
	}
	rest := b[end:]
	if !c.Strict {
		for len(rest) > 0 && isSpace(rest[0]) {
			rest = rest[1:]
		}
	}
	if len(rest) != 0 {
		return floatToken{}, nil, false
	}
	return num, b[:end], true
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
	return t.parse(tok, sep, 64)
}

// value32 converts a number token to float32, as value does to float64.
func (t floatToken) value32(tok []byte, sep byte) float32 {
	if t.allZero {
		if t.neg {
			return float32(math.Copysign(0, -1))
		}
		return 0
	}
	first := t.intDigits - 1 + t.exp
	if t.intDigits == 0 {
		first = -t.fracZeros - 1 + t.exp
	}
	inf := float32(math.Inf(1))
	if t.neg {
		inf = -inf
	}
	if first >= 39 {
		return inf // at least 1e39, beyond the largest float (3.4e38)
	}
	// Clinger's fast path in binary32: a mantissa below 2^24 times or
	// divided by an exact float power of ten (up to 1e10).
	if e := t.exp - t.fracDigits; t.sigDigits <= 7 && e >= -10 && e <= 10 {
		f := float32(t.mant)
		if e < 0 {
			f = float32(f / pow10f32[-e])
		} else {
			f = float32(f * pow10f32[e])
		}
		if t.neg {
			f = -f
		}
		return f
	}
	if first == 38 {
		// Near the largest float, ParseFloat would report an overflow with
		// an allocated error. The nearest double tells: above the float
		// overflow threshold (the largest float plus half its ulp) the
		// decimal is above it too, and the float is ±Inf; below it, the
		// decimal is below it too and ParseFloat reports nothing. Only a
		// double exactly on the threshold needs ParseFloat's own answer.
		if d := math.Abs(t.value(tok, sep)); d > overflow32 {
			return inf
		}
	}
	return float32(t.parse(tok, sep, 32))
}

// overflow32 is the least magnitude that rounds to an infinite float:
// math.MaxFloat32 plus half its ulp, 2^128 - 2^103 (it rounds to even,
// which is 2^128).
const overflow32 = 1<<128 - 1<<103

// pow10f32 holds the powers of ten a float32 represents exactly.
var pow10f32 = [11]float32{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}

// parse converts the token with strconv.ParseFloat to bitSize bits,
// through an unsafe.String view of tok, or of a stack copy of it without
// '_' and with '.' as separator. A range error leaves ±Inf.
func (t floatToken) parse(tok []byte, sep byte, bitSize int) float64 {
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
	f, _ := strconv.ParseFloat(s, bitSize)
	return f
}

// pow10 holds the powers of ten a float64 represents exactly.
var pow10 = [23]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
