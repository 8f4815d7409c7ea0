package cast

import "math"

// Int64 casts b to BIGINT as DuckDB's TrySimpleIntegerCast does
// (src/include/duckdb/common/operator/integer_cast_operator.hpp). Overflow
// fails. The grammar, with the Strict exceptions of Caster:
//
//		spaces* ( "0x" hex | "0b" bin | ["+"|"-"] digits ["." digits] [exp] ) spaces*
//
//	  - leading spaces are skipped; trailing spaces are allowed after the
//	    number (also when Strict);
//	  - "0x1F" and "0b101" read hexadecimal and binary, never negative, with
//	    no spaces after them;
//	  - a single '_' may separate two digits: "1_000" (not when Strict, except
//	    in hex and binary);
//	  - a fraction is rounded half away from zero on its first digit:
//	    "1.5" is 2, "-2.5" is -3, "1.49" is 1; "1." and ".5" are numbers, "."
//	    is not;
//	  - an exponent "e"/"E" with an optional sign follows the digits (or
//	    their fraction): "1e3" is 1000, "15e-1" is 2.
//
// The exponent arithmetic follows DuckDB's to the letter, including its
// rounding on the last digit shifted out: "5e-3" is 1 and "0.5e-1" is 1 in
// DuckDB, and so here.
func (c Caster) Int64(b []byte) (int64, bool) {
	// Fast path: up to 18 digits with an optional '-', which cannot
	// overflow and mean the same under both rule sets, except for a
	// leading zero when strict.
	// Up to 16 digits are read eight at a time (digits16).
	if n := len(b); n > 0 && n <= 18 {
		i := 0
		if b[0] == '-' {
			i = 1
		}
		var v int64
		ok := false
		if d := b[i:]; len(d) > 0 && len(d) <= 16 {
			var u uint64
			u, ok = digits16(d)
			v = int64(u)
		} else {
			j := i
			for ; j < n; j++ {
				d := b[j] - '0'
				if d > 9 {
					break
				}
				v = v*10 + int64(d)
			}
			ok = j == n && j > i
		}
		if ok && (!c.Strict || i == 1 || n == 1 || b[0] != '0') {
			if i == 1 {
				v = -v
			}
			return v, true
		}
	}
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.Int64(d)
		}
	}
	// DuckDB first tries a loop that takes no fraction and no exponent and
	// only then the general one; both give the same answer for what the
	// first accepts.
	if v, ok := castInt(b, c.Strict, false, int64(math.MinInt64), math.MaxInt64); ok {
		return v, true
	}
	return castInt(b, c.Strict, true, int64(math.MinInt64), math.MaxInt64)
}

// The narrower integer types. DuckDB casts to them with the same
// TrySimpleIntegerCast, instantiated for the narrower C++ type: the first,
// simple loop keeps the value in that type and the second, with fraction
// and exponent, keeps it in an int64 (IntegerDecimalCastData's StoreType)
// and converts it at the end, before rounding. Either way the value is the
// BIGINT cast's, and the cast fails exactly when that value is outside the
// type's range (rounding moves a value away from zero, so it cannot bring
// an out-of-range value back in). The unsigned types add one rule of
// TryIntegerCast: after the leading spaces, a '-' may be followed by '0's
// only, so that "-0" is 0 and "-1", "-0.0" and "-0 " fail.

// Int32 casts b to INTEGER (DuckDB's 32-bit integer): the BIGINT cast
// (see Int64), which fails outside [-2147483648, 2147483647].
func (c Caster) Int32(b []byte) (int32, bool) {
	v, ok := c.Int64(b)
	if !ok || v < math.MinInt32 || v > math.MaxInt32 {
		return 0, false
	}
	return int32(v), true
}

// Int16 casts b to SMALLINT: the BIGINT cast, which fails outside
// [-32768, 32767].
func (c Caster) Int16(b []byte) (int16, bool) {
	v, ok := c.Int64(b)
	if !ok || v < math.MinInt16 || v > math.MaxInt16 {
		return 0, false
	}
	return int16(v), true
}

// Int8 casts b to TINYINT: the BIGINT cast, which fails outside
// [-128, 127].
func (c Caster) Int8(b []byte) (int8, bool) {
	v, ok := c.Int64(b)
	if !ok || v < math.MinInt8 || v > math.MaxInt8 {
		return 0, false
	}
	return int8(v), true
}

// Uint32 casts b to UINTEGER: the BIGINT cast, which fails outside
// [0, 4294967295] and for a '-' followed by anything but zeros.
func (c Caster) Uint32(b []byte) (uint32, bool) {
	v, ok := c.unsigned(b, math.MaxUint32)
	return uint32(v), ok
}

// Uint16 casts b to USMALLINT: the BIGINT cast, which fails outside
// [0, 65535] and for a '-' followed by anything but zeros.
func (c Caster) Uint16(b []byte) (uint16, bool) {
	v, ok := c.unsigned(b, math.MaxUint16)
	return uint16(v), ok
}

// Uint8 casts b to UTINYINT: the BIGINT cast, which fails outside [0, 255]
// and for a '-' followed by anything but zeros.
func (c Caster) Uint8(b []byte) (uint8, bool) {
	v, ok := c.unsigned(b, math.MaxUint8)
	return uint8(v), ok
}

// unsigned is the BIGINT cast limited to [0, hi], with DuckDB's rule for a
// '-' before an unsigned number.
func (c Caster) unsigned(b []byte, hi int64) (int64, bool) {
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.unsigned(d, hi)
		}
	}
	if negativeNonZero(b) {
		return 0, false
	}
	v, ok := c.Int64(b)
	if !ok || v < 0 || v > hi {
		return 0, false
	}
	return v, true
}

// negativeNonZero reports whether b, after its leading spaces, is a '-'
// followed by something other than '0's: what TryIntegerCast rejects
// before it reads an unsigned number.
func negativeNonZero(b []byte) bool {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	if i == len(b) || b[i] != '-' {
		return false
	}
	for _, c := range b[i+1:] {
		if c != '0' {
			return true
		}
	}
	return false
}

// Uint64 casts b to UBIGINT as DuckDB's TrySimpleIntegerCast for uint64_t
// does: the grammar of Int64, with a '-' allowed only before zeros ("-0"
// and "-00" are 0), and the arithmetic, overflow checks and rounding done
// in uint64 (DuckDB's IntegerDecimalCastData<uint64_t>), so that values up
// to 18446744073709551615 ("0xFFFFFFFFFFFFFFFF") cast.
func (c Caster) Uint64(b []byte) (uint64, bool) {
	// Fast path: up to 19 digits, which cannot overflow; up to 16 are
	// read eight at a time (digits16).
	if n := len(b); n > 0 && n <= 19 {
		var v uint64
		ok := false
		if n <= 16 {
			v, ok = digits16(b)
		} else {
			j := 0
			for ; j < n; j++ {
				d := b[j] - '0'
				if d > 9 {
					break
				}
				v = v*10 + uint64(d)
			}
			ok = j == n
		}
		if ok && (!c.Strict || n == 1 || b[0] != '0') {
			return v, true
		}
	}
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.Uint64(d)
		}
	}
	if negativeNonZero(b) {
		return 0, false
	}
	if v, ok := castInt(b, c.Strict, false, uint64(0), math.MaxUint64); ok {
		return v, true
	}
	return castInt(b, c.Strict, true, uint64(0), math.MaxUint64)
}

// integer is the C++ store types of DuckDB's integer casts that csvscan
// needs: int64 (every signed type, and the unsigned ones but UBIGINT) and
// uint64 (UBIGINT).
type integer interface{ ~int64 | ~uint64 }

// numState is the running value of one cast through numberLoop: DuckDB's
// IntegerCastData (fraction false), IntegerDecimalCastData (fraction
// true) or, with dec set, DecimalCastData (decimal.go), the operations
// DuckDB's one TryIntegerCast loop is instantiated with. T is the store
// type: int64, or uint64 for UBIGINT; a decimal's is int64.
type numState[T integer] struct {
	result T
	neg    bool
	lo, hi T // the range of the store type (int16's for an exponent)

	// The integer casts'.
	decimal   T      // fraction digits read so far, as an integer
	decDigits uint16 // how many digits decimal holds (DuckDB's uint16_t)
	fraction  bool   // fractions and exponents are taken (always for a decimal)

	// The decimal cast's (see decDigit), all at most 18 but excess, which
	// is at most decimals: small types keep the state small, for the
	// integer casts that zero it.
	dec          bool
	roundSet     bool // the first digit past the scale was seen
	round        bool // and it is 5 or more
	expType      int8 // 0 none, 1 positive, -1 negative
	width, scale int16
	maxDigits    int16 // the digits the store type holds (DecimalWidth<T>::max)
	digits       int16 // integer digits, leading zeros not counted
	decimals     int16 // fraction digits kept in result
	excess       int16 // fraction digits to drop (an exponent's doing)
}

// intDigit appends one integer digit, failing on overflow; decDigit
// (decimal.go) is the decimal's.
func (s *numState[T]) intDigit(d T) bool {
	if s.neg {
		if s.result < (s.lo+d)/10 {
			return false
		}
		s.result = s.result*10 - d
		return true
	}
	if s.result > (s.hi-d)/10 {
		return false
	}
	s.result = s.result*10 + d
	return true
}

// intFractionDigit appends one digit after the decimal point. Digits past
// what the store type holds are dropped. It fails for an integer cast
// that takes no fraction; decFractionDigit is the decimal's.
func (s *numState[T]) intFractionDigit(d T) bool {
	if !s.fraction {
		return false
	}
	if s.decimal > (s.hi-d)/10 {
		return true
	}
	s.decDigits++
	s.decimal = s.decimal*10 + d
	return true
}

// finish ends the cast: decFinish for a decimal, else intFinish.
func (s *numState[T]) finish() bool {
	if s.dec {
		return s.decFinish()
	}
	return s.intFinish()
}

// intFinish rounds on the first fraction digit.
func (s *numState[T]) intFinish() bool {
	if !s.fraction {
		return true
	}
	for s.decimal > 10 {
		s.decimal /= 10
		s.decDigits--
	}
	if s.decDigits == 1 && s.decimal >= 5 {
		if s.neg {
			if s.result == s.lo {
				return false
			}
			s.result--
		} else {
			if s.result == s.hi {
				return false
			}
			s.result++
		}
	}
	return true
}

// exponent applies a decimal exponent, then finishes: for an integer the
// way DuckDB's IntegerDecimalCastOperation::HandleExponent does, for a
// decimal as decExponent.
func (s *numState[T]) exponent(exp int16) bool {
	if s.dec {
		return s.decExponent(int(exp))
	}
	e := int(exp)
	if e < 0 {
		// Shift digits out; the last one shifted out is what rounds. Any
		// fraction read before the exponent is forgotten.
		for s.result != 0 && e < 0 {
			e++
			s.decimal = s.result % 10
			s.result /= 10
		}
		if s.decimal < 0 {
			s.decimal = -s.decimal
		}
		s.decDigits = 1
		return s.intFinish()
	}
	for s.result != 0 && e > 0 {
		e--
		if !mul10(&s.result, s.lo, s.hi) {
			return false
		}
	}
	if s.decimal == 0 {
		return s.intFinish()
	}
	// Move the fraction's digits into the integer part.
	e = int(exp) - int(s.decDigits)
	var remainder T
	if e < 0 {
		// NumericLimits<T>::Digits(): 19 for int64, 20 for uint64.
		digits := 19
		if s.lo == 0 {
			digits = 20
		}
		if -e <= digits {
			power := T(1)
			for ; e < 0; e++ {
				power *= 10 // 10^19 (int64) or 10^20 (uint64) wraps, as it does in DuckDB
			}
			remainder = s.decimal % power
			s.decimal /= power
		} else {
			s.decimal = 0
		}
	} else {
		for ; e > 0; e-- {
			if !mul10(&s.decimal, s.lo, s.hi) {
				return false
			}
		}
	}
	s.decDigits -= uint16(exp)
	d := s.decimal
	if s.neg {
		diff := s.result - d
		if (d > 0 && diff > s.result) || (d < 0 && diff < s.result) {
			return false // overflow
		}
		s.result = diff
	} else {
		sum := s.result + d
		if (d > 0 && sum < s.result) || (d < 0 && sum > s.result) {
			return false // overflow
		}
		s.result = sum
	}
	s.decimal = remainder
	return s.intFinish()
}

// mul10 multiplies *v by 10 unless the product leaves [lo, hi].
func mul10[T integer](v *T, lo, hi T) bool {
	if *v > hi/10 || *v < lo/10 {
		return false
	}
	*v *= 10
	return true
}

// castInt is DuckDB's TryIntegerCast for a store type whose range is
// [lo, hi]: skip leading spaces, then pick the negative, hexadecimal,
// binary or positive loop. The unsigned types' check of what follows a
// '-' is the caller's.
func castInt[T integer](b []byte, strict, fraction bool, lo, hi T) (T, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	s := numState[T]{neg: b[0] == '-', fraction: fraction, lo: lo, hi: hi}
	if s.neg {
		if !numberLoop(b, &s, strict, '.') {
			return 0, false
		}
		return s.result, true
	}
	if len(b) > 1 && b[0] == '0' {
		switch b[1] {
		case 'x', 'X':
			return radixLoop(b[2:], 16, hi)
		case 'b', 'B':
			return radixLoop(b[2:], 2, hi)
		}
		if strict && isDigit(b[1]) {
			// "007": leading zeros are not a number when strict
			return 0, false
		}
	}
	if !numberLoop(b, &s, strict, '.') {
		return 0, false
	}
	return s.result, true
}

// radixValue returns the value of c as a digit in base 16 or 2, or -1.
func radixValue(c byte, base int) int {
	var d int
	switch {
	case isDigit(c):
		d = int(c - '0')
	case lower(c)-'a' < 6:
		d = int(lower(c)-'a') + 10
	default:
		return -1
	}
	if d >= base {
		return -1
	}
	return d
}

// radixLoop reads the digits after "0x" or "0b". A single '_' may separate
// two digits. The value must not exceed hi.
func radixLoop[T integer](b []byte, base int, hi T) (T, bool) {
	var v T
	pos := 0
	for pos < len(b) {
		d := radixValue(b[pos], base)
		if d < 0 {
			return 0, false
		}
		pos++
		if pos != len(b) && b[pos] == '_' {
			// "_" sequence: skip it if a digit follows
			pos++
			if pos == len(b) || radixValue(b[pos], base) < 0 {
				return 0, false
			}
		}
		if v > (hi-T(d))/T(base) {
			return 0, false
		}
		v = v*T(base) + T(d)
	}
	return v, pos > 0
}

// intLoop is DuckDB's IntegerCastLoop for an integer of store type T. b
// starts at the sign, if any; the result must lie in [lo, hi].
func intLoop[T integer](b []byte, neg, strict, fraction bool, lo, hi T) (T, bool) {
	s := numState[T]{neg: neg, fraction: fraction, lo: lo, hi: hi}
	if !numberLoop(b, &s, strict, '.') {
		return 0, false
	}
	return s.result, true
}

// numberLoop is DuckDB's IntegerCastLoop, the one loop of its integer and
// decimal casts: a sign, digits with single '_' between them, a fraction
// after sep, trailing spaces, and, where s takes fractions, an exponent;
// s's operations give the digits their meaning. b starts at the sign, if
// any (s.neg says whether it is a '-'). It reports whether the cast
// succeeded; the value is s.result.
func numberLoop[T integer](b []byte, s *numState[T], strict bool, sep byte) bool {
	start := 0
	switch {
	case s.neg:
		start = 1
	case b[0] == '+':
		if strict {
			return false
		}
		start = 1
	}
	pos := start
	dec := s.dec
	for pos < len(b) {
		c := b[pos]
		if isDigit(c) {
			// The mode is tested here, so that the integer operation is
			// inlined into the loop.
			if d := T(c - '0'); dec {
				if !s.decDigit(d) {
					return false
				}
			} else if !s.intDigit(d) {
				return false
			}
			pos++
			if pos != len(b) && b[pos] == '_' && !strict {
				// "_" sequence between digits
				pos++
				if pos == len(b) || !isDigit(b[pos]) {
					return false
				}
			}
			continue
		}
		if c == sep {
			// "." sequence: a fraction, rounded away by finish
			if strict {
				return false
			}
			digitsBefore := pos > start
			pos++
			first := pos
			for pos < len(b) && isDigit(b[pos]) {
				if d := T(b[pos] - '0'); dec {
					s.decFractionDigit(d)
				} else if !s.intFractionDigit(d) {
					return false
				}
				pos++
				if pos != len(b) && b[pos] == '_' {
					pos++
					if pos == len(b) || !isDigit(b[pos]) {
						return false
					}
				}
			}
			if !digitsBefore && pos == first {
				return false // "." alone
			}
			if pos >= len(b) {
				break
			}
		}
		if isSpace(b[pos]) {
			// trailing spaces end the number; nothing else may follow
			for pos++; pos < len(b); pos++ {
				if !isSpace(b[pos]) {
					return false
				}
			}
			break
		}
		if s.fraction && (b[pos] == 'e' || b[pos] == 'E') {
			// "e" sequence: an exponent in the int16 range
			if strict || pos == start {
				return false
			}
			pos++
			if pos >= len(b) {
				return false
			}
			exp, ok := intLoop(b[pos:], b[pos] == '-', strict, false, int64(math.MinInt16), math.MaxInt16)
			if !ok {
				return false
			}
			return s.exponent(int16(exp))
		}
		return false
	}
	if pos == start {
		return false
	}
	if s.dec {
		return s.decFinish()
	}
	return s.intFinish()
}
