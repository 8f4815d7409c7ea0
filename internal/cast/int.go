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
	if n := len(b); n > 0 && n <= 18 {
		i := 0
		if b[0] == '-' {
			i = 1
		}
		var v int64
		j := i
		for ; j < n; j++ {
			d := b[j] - '0'
			if d > 9 {
				break
			}
			v = v*10 + int64(d)
		}
		if j == n && j > i && (!c.Strict || i == 1 || n == 1 || b[0] != '0') {
			if i == 1 {
				v = -v
			}
			return v, true
		}
	}
	// DuckDB first tries a loop that takes no fraction and no exponent and
	// only then the general one; both give the same answer for what the
	// first accepts.
	if v, ok := castInt(b, c.Strict, false); ok {
		return v, true
	}
	return castInt(b, c.Strict, true)
}

// intState is the running value of one integer cast: DuckDB's
// IntegerCastData (fraction false) or IntegerDecimalCastData (fraction true).
type intState struct {
	result    int64
	decimal   int64  // fraction digits read so far, as an integer
	decDigits uint16 // how many digits decimal holds (DuckDB's uint16_t)
	neg       bool
	fraction  bool  // fractions and exponents are taken
	lo, hi    int64 // the range of the result type
}

// digit appends one integer digit, failing on overflow.
func (s *intState) digit(d int64) bool {
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

// fractionDigit appends one digit after the decimal point. Digits past what
// an int64 holds are dropped.
func (s *intState) fractionDigit(d int64) bool {
	if !s.fraction {
		return false
	}
	if s.decimal > (math.MaxInt64-d)/10 {
		return true
	}
	s.decDigits++
	s.decimal = s.decimal*10 + d
	return true
}

// finish rounds on the first fraction digit.
func (s *intState) finish() bool {
	if !s.fraction {
		return true
	}
	for s.decimal > 10 {
		s.decimal /= 10
		s.decDigits--
	}
	if s.decDigits == 1 && s.decimal >= 5 {
		if s.neg {
			if s.result == math.MinInt64 {
				return false
			}
			s.result--
		} else {
			if s.result == math.MaxInt64 {
				return false
			}
			s.result++
		}
	}
	return true
}

// exponent applies a decimal exponent the way DuckDB's
// IntegerDecimalCastOperation::HandleExponent does, then rounds.
func (s *intState) exponent(exp int16) bool {
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
		return s.finish()
	}
	for s.result != 0 && e > 0 {
		e--
		if !mul10(&s.result) {
			return false
		}
	}
	if s.decimal == 0 {
		return s.finish()
	}
	// Move the fraction's digits into the integer part.
	e = int(exp) - int(s.decDigits)
	var remainder int64
	if e < 0 {
		if -e <= 19 {
			power := int64(1)
			for ; e < 0; e++ {
				power *= 10 // 10^19 wraps, as it does in DuckDB
			}
			remainder = s.decimal % power
			s.decimal /= power
		} else {
			s.decimal = 0
		}
	} else {
		for ; e > 0; e-- {
			if !mul10(&s.decimal) {
				return false
			}
		}
	}
	s.decDigits -= uint16(exp)
	d := s.decimal
	if s.neg {
		d = -d
		if s.decimal == math.MinInt64 {
			return false
		}
	}
	sum := s.result + d
	if (d > 0 && sum < s.result) || (d < 0 && sum > s.result) {
		return false // overflow
	}
	s.result = sum
	s.decimal = remainder
	return s.finish()
}

func mul10(v *int64) bool {
	if *v > math.MaxInt64/10 || *v < math.MinInt64/10 {
		return false
	}
	*v *= 10
	return true
}

// castInt is DuckDB's TryIntegerCast for int64: skip leading spaces, then
// pick the negative, hexadecimal, binary or positive loop.
func castInt(b []byte, strict, fraction bool) (int64, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	if b[0] == '-' {
		return intLoop(b, true, strict, fraction, math.MinInt64, math.MaxInt64)
	}
	if len(b) > 1 && b[0] == '0' {
		switch b[1] {
		case 'x', 'X':
			return radixLoop(b[2:], 16)
		case 'b', 'B':
			return radixLoop(b[2:], 2)
		}
		if strict && isDigit(b[1]) {
			// "007": leading zeros are not a number when strict
			return 0, false
		}
	}
	return intLoop(b, false, strict, fraction, math.MinInt64, math.MaxInt64)
}

// radixValue returns the value of c as a digit in base 16 or 2, or -1.
func radixValue(c byte, base int64) int64 {
	var d int64
	switch {
	case isDigit(c):
		d = int64(c - '0')
	case lower(c)-'a' < 6:
		d = int64(lower(c)-'a') + 10
	default:
		return -1
	}
	if d >= base {
		return -1
	}
	return d
}

// radixLoop reads the digits after "0x" or "0b". A single '_' may separate
// two digits. The value must fit a positive int64.
func radixLoop(b []byte, base int64) (int64, bool) {
	var v int64
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
		if v > (math.MaxInt64-d)/base {
			return 0, false
		}
		v = v*base + d
	}
	return v, pos > 0
}

// intLoop is DuckDB's IntegerCastLoop. b starts at the sign, if any; the
// result must lie in [lo, hi].
func intLoop(b []byte, neg, strict, fraction bool, lo, hi int64) (int64, bool) {
	s := intState{neg: neg, fraction: fraction, lo: lo, hi: hi}
	start := 0
	switch {
	case neg:
		start = 1
	case b[0] == '+':
		if strict {
			return 0, false
		}
		start = 1
	}
	pos := start
	for pos < len(b) {
		c := b[pos]
		if isDigit(c) {
			if !s.digit(int64(c - '0')) {
				return 0, false
			}
			pos++
			if pos != len(b) && b[pos] == '_' && !strict {
				// "_" sequence between digits
				pos++
				if pos == len(b) || !isDigit(b[pos]) {
					return 0, false
				}
			}
			continue
		}
		if c == '.' {
			// "." sequence: a fraction, rounded away by finish
			if strict {
				return 0, false
			}
			digitsBefore := pos > start
			pos++
			first := pos
			for pos < len(b) && isDigit(b[pos]) {
				if !s.fractionDigit(int64(b[pos] - '0')) {
					return 0, false
				}
				pos++
				if pos != len(b) && b[pos] == '_' {
					pos++
					if pos == len(b) || !isDigit(b[pos]) {
						return 0, false
					}
				}
			}
			if !digitsBefore && pos == first {
				return 0, false // "." alone
			}
			if pos >= len(b) {
				break
			}
		}
		if isSpace(b[pos]) {
			// trailing spaces end the number; nothing else may follow
			for pos++; pos < len(b); pos++ {
				if !isSpace(b[pos]) {
					return 0, false
				}
			}
			break
		}
		if fraction && (b[pos] == 'e' || b[pos] == 'E') {
			// "e" sequence: an exponent in the int16 range
			if strict || pos == start {
				return 0, false
			}
			pos++
			if pos >= len(b) {
				return 0, false
			}
			exp, ok := intLoop(b[pos:], b[pos] == '-', strict, false, math.MinInt16, math.MaxInt16)
			if !ok {
				return 0, false
			}
			if !s.exponent(int16(exp)) {
				return 0, false
			}
			return s.result, true
		}
		return 0, false
	}
	if !s.finish() {
		return 0, false
	}
	return s.result, pos > start
}
