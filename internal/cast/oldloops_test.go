package cast

// The integer and decimal loops as they were before they were merged into
// numberLoop (int.go), kept as the oracle of TestMergedLoops and
// FuzzMergedLoops: the merge must not change one answer.

import (
	"math"
	"math/rand/v2"
	"testing"
)

// intStateOld is the running value of one integer cast: DuckDB's
// IntegerCastData (fraction false) or IntegerDecimalCastData (fraction true).
type intStateOld[T integer] struct {
	result    T
	decimal   T      // fraction digits read so far, as an integer
	decDigits uint16 // how many digits decimal holds (DuckDB's uint16_t)
	neg       bool
	fraction  bool // fractions and exponents are taken
	lo, hi    T    // the range of the store type (int16's for an exponent)
}

// digit appends one integer digit, failing on overflow.
func (s *intStateOld[T]) digit(d T) bool {
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
// the store type holds are dropped.
func (s *intStateOld[T]) fractionDigit(d T) bool {
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

// finish rounds on the first fraction digit.
func (s *intStateOld[T]) finish() bool {
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

// exponent applies a decimal exponent the way DuckDB's
// IntegerDecimalCastOperation::HandleExponent does, then rounds.
func (s *intStateOld[T]) exponent(exp int16) bool {
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
		if !mul10Old(&s.result, s.lo, s.hi) {
			return false
		}
	}
	if s.decimal == 0 {
		return s.finish()
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
			if !mul10Old(&s.decimal, s.lo, s.hi) {
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
	return s.finish()
}

// mul10Old multiplies *v by 10 unless the product leaves [lo, hi].
func mul10Old[T integer](v *T, lo, hi T) bool {
	if *v > hi/10 || *v < lo/10 {
		return false
	}
	*v *= 10
	return true
}

// castIntOld is DuckDB's TryIntegerCast for a store type whose range is
// [lo, hi]: skip leading spaces, then pick the negative, hexadecimal,
// binary or positive loop. The unsigned types' check of what follows a
// '-' is the caller's.
func castIntOld[T integer](b []byte, strict, fraction bool, lo, hi T) (T, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	if b[0] == '-' {
		return intLoopOld(b, true, strict, fraction, lo, hi)
	}
	if len(b) > 1 && b[0] == '0' {
		switch b[1] {
		case 'x', 'X':
			return radixLoopOld(b[2:], 16, hi)
		case 'b', 'B':
			return radixLoopOld(b[2:], 2, hi)
		}
		if strict && isDigit(b[1]) {
			// "007": leading zeros are not a number when strict
			return 0, false
		}
	}
	return intLoopOld(b, false, strict, fraction, lo, hi)
}

// radixValueOld returns the value of c as a digit in base 16 or 2, or -1.
func radixValueOld(c byte, base int) int {
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

// radixLoopOld reads the digits after "0x" or "0b". A single '_' may separate
// two digits. The value must not exceed hi.
func radixLoopOld[T integer](b []byte, base int, hi T) (T, bool) {
	var v T
	pos := 0
	for pos < len(b) {
		d := radixValueOld(b[pos], base)
		if d < 0 {
			return 0, false
		}
		pos++
		if pos != len(b) && b[pos] == '_' {
			// "_" sequence: skip it if a digit follows
			pos++
			if pos == len(b) || radixValueOld(b[pos], base) < 0 {
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

// intLoopOld is DuckDB's IntegerCastLoop. b starts at the sign, if any; the
// result must lie in [lo, hi].
func intLoopOld[T integer](b []byte, neg, strict, fraction bool, lo, hi T) (T, bool) {
	s := intStateOld[T]{neg: neg, fraction: fraction, lo: lo, hi: hi}
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
			if !s.digit(T(c - '0')) {
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
				if !s.fractionDigit(T(b[pos] - '0')) {
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
			exp, ok := intLoopOld(b[pos:], b[pos] == '-', strict, false, int64(math.MinInt16), math.MaxInt16)
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

// decimalGeneralOld is Decimal's loop, DuckDB's TryIntegerCast over
// DecimalCastOperation.
func decimalGeneralOld(b []byte, width, scale int, sep byte) (int64, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	s := decStateOld{width: width, scale: scale, neg: b[0] == '-'}
	s.store(width)
	start := 0
	switch {
	case s.neg:
		start = 1
	case b[0] == '+':
		start = 1
	}
	pos := start
	for pos < len(b) {
		ch := b[pos]
		if isDigit(ch) {
			if !s.digit(int64(ch - '0')) {
				return 0, false
			}
			pos++
			if pos != len(b) && b[pos] == '_' {
				pos++
				if pos == len(b) || !isDigit(b[pos]) {
					return 0, false
				}
			}
			continue
		}
		if ch == sep {
			digitsBefore := pos > start
			pos++
			first := pos
			for pos < len(b) && isDigit(b[pos]) {
				s.fractionDigit(int64(b[pos] - '0'))
				pos++
				if pos != len(b) && b[pos] == '_' {
					pos++
					if pos == len(b) || !isDigit(b[pos]) {
						return 0, false
					}
				}
			}
			if !digitsBefore && pos == first {
				return 0, false // the separator alone
			}
			if pos >= len(b) {
				break
			}
		}
		if isSpace(b[pos]) {
			for pos++; pos < len(b); pos++ {
				if !isSpace(b[pos]) {
					return 0, false
				}
			}
			break
		}
		if b[pos] == 'e' || b[pos] == 'E' {
			if pos == start {
				return 0, false
			}
			pos++
			if pos >= len(b) {
				return 0, false
			}
			exp, ok := intLoopOld(b[pos:], b[pos] == '-', false, false, int64(math.MinInt16), math.MaxInt16)
			if !ok {
				return 0, false
			}
			return s.exponent(int(exp))
		}
		return 0, false
	}
	if pos == start || !s.finish() {
		return 0, false
	}
	return s.result, true
}

// decStateOld is DuckDB's DecimalCastData: the digits read so far, with the
// sign applied as they come, in the integer type DuckDB stores the width in
// (int16 up to 4 digits, int32 up to 9, int64 up to 18), whose range, not
// 10^width, bounds what an exponent can make.
type decStateOld struct {
	width, scale int
	neg          bool
	lo, hi       int64 // the store type's range
	maxDigits    int   // the digits the store type holds (DecimalWidth<T>::max)
	result       int64
	digits       int  // integer digits, leading zeros not counted
	decimals     int  // fraction digits kept in result
	roundSet     bool // the first digit past the scale was seen
	round        bool // and it is 5 or more
	excess       int  // fraction digits to drop (an exponent's doing)
	expType      int  // 0 none, 1 positive, -1 negative
}

// store sets the store type of a DECIMAL of the given width.
func (s *decStateOld) store(width int) {
	switch {
	case width <= 4:
		s.lo, s.hi, s.maxDigits = math.MinInt16, math.MaxInt16, 4
	case width <= 9:
		s.lo, s.hi, s.maxDigits = math.MinInt32, math.MaxInt32, 9
	default:
		s.lo, s.hi, s.maxDigits = math.MinInt64, math.MaxInt64, 18
	}
}

func (s *decStateOld) push(d int64) {
	if s.neg {
		s.result = s.result*10 - d
	} else {
		s.result = s.result*10 + d
	}
}

// digit appends one integer digit.
func (s *decStateOld) digit(d int64) bool {
	if s.result == 0 && d == 0 {
		return true // leading zeros do not count
	}
	if s.digits == s.width-s.scale {
		return false // the width is exceeded
	}
	s.digits++
	if s.neg && s.result < s.lo/10 || !s.neg && s.result > s.hi/10 {
		return false // the store type overflows
	}
	s.push(d)
	return s.result >= s.lo && s.result <= s.hi
}

// fractionDigit appends one digit after the separator; digits past what
// an int64 holds are dropped.
func (s *decStateOld) fractionDigit(d int64) {
	if s.decimals == s.scale && !s.roundSet {
		s.roundSet = true
		s.round = d >= 5
	}
	if s.digits+s.decimals >= s.maxDigits {
		return
	}
	s.decimals++
	s.push(d)
}

// roundUp moves the result one unit away from zero.
func (s *decStateOld) roundUp() {
	if s.neg {
		s.result--
	} else {
		s.result++
	}
}

// finish drops the fraction digits past the scale (rounding on the first
// of them), scales the result up to the scale's digits and checks it
// against 10^width.
func (s *decStateOld) finish() bool {
	if s.expType != 1 && s.decimals > s.scale {
		s.excess = s.decimals - s.scale
	}
	if s.excess > 0 {
		up := false
		for range s.excess {
			m := s.result % 10
			up = m >= 5 || m <= -5
			s.result /= 10
		}
		if s.expType == 1 && up {
			s.roundUp()
		}
		s.decimals = s.scale
	}
	if s.expType == 0 && s.roundSet && s.round {
		s.roundUp()
	}
	for i := s.decimals; i < s.scale; i++ {
		s.result *= 10
	}
	limit := decPow10[s.width]
	if s.neg {
		return s.result > -limit
	}
	return s.result < limit
}

// exponent applies an exponent to the digits read, then finishes.
func (s *decStateOld) exponent(e int) (int64, bool) {
	excess := max(s.decimals-s.scale, 0)
	switch {
	case e > 0:
		s.expType = 1
		if excess > e {
			s.excess = excess - e
			e = 0
		} else {
			e -= excess
		}
	case e < 0:
		s.expType = -1
	}
	if !s.finish() {
		return 0, false
	}
	if e < 0 {
		up := false
		for range -e {
			m := s.result % 10
			up = m >= 5 || m <= -5
			s.result /= 10
			if s.result == 0 {
				break
			}
		}
		if up {
			s.roundUp()
		}
		return s.result, true
	}
	for range e {
		if !s.digit(0) {
			return 0, false
		}
	}
	return s.result, true
}

// mergedLoopsAgree fails t if the merged loop answers b differently from
// the old integer or decimal loop anywhere.
func mergedLoopsAgree(t *testing.T, b []byte) {
	t.Helper()
	for _, strict := range []bool{false, true} {
		for _, fraction := range []bool{false, true} {
			v, ok := castInt(b, strict, fraction, int64(math.MinInt64), math.MaxInt64)
			w, wok := castIntOld(b, strict, fraction, int64(math.MinInt64), math.MaxInt64)
			if ok != wok || v != w {
				t.Fatalf("castInt[int64](%q, strict %v, fraction %v) = %d, %v; before the merge %d, %v", b, strict, fraction, v, ok, w, wok)
			}
			u, ok := castInt(b, strict, fraction, uint64(0), math.MaxUint64)
			x, wok := castIntOld(b, strict, fraction, uint64(0), math.MaxUint64)
			if ok != wok || u != x {
				t.Fatalf("castInt[uint64](%q, strict %v, fraction %v) = %d, %v; before the merge %d, %v", b, strict, fraction, u, ok, x, wok)
			}
		}
	}
	for _, ws := range [][2]int{{1, 0}, {2, 1}, {4, 2}, {5, 0}, {9, 3}, {10, 10}, {15, 2}, {18, 3}, {18, 0}} {
		for _, sep := range []byte{'.', ','} {
			v, ok := decimalGeneral(b, ws[0], ws[1], sep)
			w, wok := decimalGeneralOld(b, ws[0], ws[1], sep)
			if ok != wok || v != w {
				t.Fatalf("decimalGeneral(%q, %d, %d, %q) = %d, %v; before the merge %d, %v", b, ws[0], ws[1], sep, v, ok, w, wok)
			}
		}
	}
}

// TestMergedLoops holds the merged loop to the two it replaced on every
// string of up to 5 bytes over the bytes the loops tell apart, and on
// random longer numbers (overflow, rounding, exponents).
func TestMergedLoops(t *testing.T) {
	everyString("059.,-+_ e", 5, func(b []byte) { mergedLoopsAgree(t, b) })
	rng := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		b := make([]byte, 1+rng.IntN(24))
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
			if rng.IntN(6) == 0 {
				b[i] = "-+._e, "[rng.IntN(7)]
			}
		}
		mergedLoopsAgree(t, b)
	}
}

// FuzzMergedLoops holds the merged loop to the two it replaced on
// arbitrary input.
func FuzzMergedLoops(f *testing.F) {
	for _, s := range []string{"1.5", "-2.5", "1e3", "15e-1", "0.5e-1", "1_000", " 7 ", "+5", "9223372036854775807.5",
		"18446744073709551615", "1.555", "-0.005", "1,5e2", "123456789012345678901"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { mergedLoopsAgree(t, b) })
}

// BenchmarkMergedLoops compares the merged loop with the two it replaced
// on values their fast paths leave to them: integers with a sign, spaces,
// '_', a fraction or an exponent, and decimals that round.
func BenchmarkMergedLoops(b *testing.B) {
	ints := fields("+5", " 42 ", "1_000_000", "1.5", "-2.5", "15e-1", "123456.789", "9e3")
	decs := fields("1.555", "-24386.675", "0.045", "+3.25", "99.999", "1.5e2", " 7 ", "123456.7891")
	run := func(name string, in [][]byte, cast func([]byte) (int64, bool)) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(totalBytes(in))
			for b.Loop() {
				for _, f := range in {
					if _, ok := cast(f); !ok {
						b.Fatalf("%q", f)
					}
				}
			}
		})
	}
	run("int/merged", ints, func(v []byte) (int64, bool) {
		return castInt(v, false, true, int64(math.MinInt64), math.MaxInt64)
	})
	run("int/before", ints, func(v []byte) (int64, bool) {
		return castIntOld(v, false, true, int64(math.MinInt64), math.MaxInt64)
	})
	run("decimal/merged", decs, func(v []byte) (int64, bool) { return decimalGeneral(v, 15, 2, '.') })
	run("decimal/before", decs, func(v []byte) (int64, bool) { return decimalGeneralOld(v, 15, 2, '.') })
}
