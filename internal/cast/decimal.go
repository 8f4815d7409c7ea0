package cast

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxDecimalWidth is the widest DECIMAL csvscan holds: 18 digits fit an
// int64, DuckDB's storage for DECIMAL(10..18, s). Wider decimals (DuckDB
// keeps them in 128 bits) are not supported.
const MaxDecimalWidth = 18

// DefaultDecimalWidth and DefaultDecimalScale are DuckDB's DECIMAL without
// a width: DECIMAL(18,3).
const (
	DefaultDecimalWidth = 18
	DefaultDecimalScale = 3
)

// decPow10 holds 10^0 through 10^18.
var decPow10 = func() (p [19]int64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// ParseDecimal reads a DECIMAL type name with its optional width and
// scale, ignoring ASCII case and spaces: DECIMAL, DECIMAL(15), DECIMAL(15,2)
// and the aliases NUMERIC and DEC. DECIMAL alone is DECIMAL(18,3) and
// DECIMAL(w) is DECIMAL(w,0), as in DuckDB. ok is false for another name;
// err is set for a DECIMAL whose width is not 1 to 18 or whose scale
// exceeds its width.
func ParseDecimal(name string) (width, scale int, ok bool, err error) {
	s := strings.ToLower(strings.ReplaceAll(name, " ", ""))
	base, args, hasArgs := strings.Cut(s, "(")
	switch base {
	case "decimal", "numeric", "dec":
	default:
		return 0, 0, false, nil
	}
	if !hasArgs {
		return DefaultDecimalWidth, DefaultDecimalScale, true, nil
	}
	if !strings.HasSuffix(args, ")") {
		return 0, 0, true, fmt.Errorf("csvscan: type %q: %w", name, ErrUnknownType)
	}
	args = strings.TrimSuffix(args, ")")
	ws, ss, two := strings.Cut(args, ",")
	w, err1 := strconv.Atoi(ws)
	sc := 0
	var err2 error
	if two {
		sc, err2 = strconv.Atoi(ss)
	}
	if err1 != nil || err2 != nil {
		return 0, 0, true, fmt.Errorf("csvscan: type %q: %w", name, ErrUnknownType)
	}
	if w < 1 || w > MaxDecimalWidth || sc < 0 || sc > w {
		return 0, 0, true, fmt.Errorf("csvscan: type %q: width 1 to %d and a scale up to the width: %w", name, MaxDecimalWidth, ErrUnsupportedType)
	}
	return w, sc, true, nil
}

// Decimal casts b to DECIMAL(width, scale) as DuckDB's TryDecimalStringCast
// does: the value is the integer b means times 10^scale. The syntax is
// the lenient integer cast's (spaces around, a sign, '_' between digits, a
// fraction after the decimal separator, an exponent after 'e'), with
// c.DecimalComma making ',' the separator; c.Strict does not apply, as
// DuckDB casts decimals with strict off. Fraction digits past the
// scale round half away from zero on the first of them; an exponent moves
// the point first. The cast fails when the integer digits exceed
// width - scale. width must be 1 to MaxDecimalWidth and scale at most
// width (ParseDecimal checks both); the cast fails otherwise.
func (c Caster) Decimal(b []byte, width, scale int) (int64, bool) {
	if width < 1 || width > MaxDecimalWidth || scale < 0 || scale > width {
		return 0, false
	}
	sep := byte('.')
	if c.DecimalComma {
		sep = ','
	}
	if v, ok := decimalFast(b, width, scale, sep); ok {
		return v, true
	}
	if c.Thousands != 0 {
		var buf [thousandsBuf]byte
		if d, ok := c.withoutThousands(b, &buf); ok {
			c.Thousands = 0
			return c.Decimal(d, width, scale)
		}
	}
	return decimalGeneral(b, width, scale, sep)
}

// decimalGeneral is Decimal's loop: DuckDB's TryIntegerCast over
// DecimalCastOperation, numberLoop with the decimal operations.
func decimalGeneral(b []byte, width, scale int, sep byte) (int64, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	s := numState[int64]{dec: true, fraction: true, width: int16(width), scale: int16(scale), neg: b[0] == '-'}
	// The integer type DuckDB stores the width in (int16 up to 4 digits,
	// int32 up to 9, int64 up to 18), whose range, not 10^width, bounds
	// what an exponent can make.
	switch {
	case width <= 4:
		s.lo, s.hi, s.maxDigits = math.MinInt16, math.MaxInt16, 4
	case width <= 9:
		s.lo, s.hi, s.maxDigits = math.MinInt32, math.MaxInt32, 9
	default:
		s.lo, s.hi, s.maxDigits = math.MinInt64, math.MaxInt64, 18
	}
	if !numberLoop(b, &s, false, sep) {
		return 0, false
	}
	return s.result, true
}

// The decimal operations of numState, DuckDB's DecimalCastOperation: the
// digits read so far, with the sign applied as they come, in the store
// type's range.

func (s *numState[T]) push(d T) {
	if s.neg {
		s.result = s.result*10 - d
	} else {
		s.result = s.result*10 + d
	}
}

// decDigit appends one integer digit.
func (s *numState[T]) decDigit(d T) bool {
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

// decFractionDigit appends one digit after the separator; digits past what
// the store type holds are dropped.
func (s *numState[T]) decFractionDigit(d T) {
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
func (s *numState[T]) roundUp() {
	if s.neg {
		s.result--
	} else {
		s.result++
	}
}

// roundsUp reports whether m, a last digit shifted out (negative for a
// negative value), rounds away from zero.
func roundsUp[T integer](m T) bool {
	five := T(5)
	return m >= five || m <= -five
}

// decFinish drops the fraction digits past the scale (rounding on the
// first of them), scales the result up to the scale's digits and checks it
// against 10^width.
func (s *numState[T]) decFinish() bool {
	if s.expType != 1 && s.decimals > s.scale {
		s.excess = s.decimals - s.scale
	}
	if s.excess > 0 {
		up := false
		for range s.excess {
			up = roundsUp(s.result % 10)
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
	limit := T(decPow10[s.width])
	if s.neg {
		return s.result > -limit
	}
	return s.result < limit
}

// decExponent applies an exponent to the digits read, then finishes.
func (s *numState[T]) decExponent(e int) bool {
	excess := max(int(s.decimals)-int(s.scale), 0)
	switch {
	case e > 0:
		s.expType = 1
		if excess > e {
			s.excess = int16(excess - e)
			e = 0
		} else {
			e -= excess
		}
	case e < 0:
		s.expType = -1
	}
	if !s.decFinish() {
		return false
	}
	if e < 0 {
		up := false
		for range -e {
			up = roundsUp(s.result % 10)
			s.result /= 10
			if s.result == 0 {
				break
			}
		}
		if up {
			s.roundUp()
		}
		return true
	}
	for range e {
		if !s.decDigit(0) {
			return false
		}
	}
	return true
}

// AppendDecimal appends v, a DECIMAL(width, scale), as DuckDB renders it:
// the integer part, and with a positive scale a '.' and exactly scale
// fraction digits ("1521000.00", "-0.05"); a DECIMAL whose width is its
// scale has no integer part (".00200").
func AppendDecimal(dst []byte, v int64, width, scale int) []byte {
	if scale <= 0 || scale > MaxDecimalWidth {
		return strconv.AppendInt(dst, v, 10)
	}
	u := uint64(v)
	if v < 0 {
		dst = append(dst, '-')
		u = uint64(-v)
	}
	p := uint64(decPow10[scale])
	if width > scale {
		dst = strconv.AppendUint(dst, u/p, 10)
	}
	dst = append(dst, '.')
	frac := strconv.AppendUint(nil, u%p, 10)
	for i := len(frac); i < scale; i++ {
		dst = append(dst, '0')
	}
	return append(dst, frac...)
}

// decimalFast casts the common spelling, [-]digits[.digits] with no more
// fraction digits than the scale and no more integer digits than the
// width allows, which needs no rounding; ok is false for anything else,
// which the general loop then reads (with the same result where both
// apply: FuzzDecimalFast checks it).
func decimalFast(b []byte, width, scale int, sep byte) (int64, bool) {
	i, n := 0, len(b)
	neg := n > 0 && b[0] == '-'
	if neg {
		i = 1
	}
	var v int64
	digits, start := 0, i
	for ; i < n && isDigit(b[i]); i++ {
		if v != 0 || b[i] != '0' {
			digits++
		}
		v = v*10 + int64(b[i]-'0')
		if digits > width-scale {
			return 0, false
		}
	}
	intDigits := i - start
	frac := 0
	if i < n && b[i] == sep {
		for i++; i < n && isDigit(b[i]); i++ {
			frac++
			if frac > scale {
				return 0, false
			}
			v = v*10 + int64(b[i]-'0')
		}
	}
	if i != n || intDigits+frac == 0 {
		return 0, false
	}
	v *= decPow10[scale-frac]
	if neg {
		v = -v
	}
	return v, true
}
