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
		return 0, 0, true, fmt.Errorf("cast: type %q: %w", name, ErrUnknownType)
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
		return 0, 0, true, fmt.Errorf("cast: type %q: %w", name, ErrUnknownType)
	}
	if w < 1 || w > MaxDecimalWidth || sc < 0 || sc > w {
		return 0, 0, true, fmt.Errorf("cast: type %q: width 1 to %d and a scale up to the width: %w", name, MaxDecimalWidth, ErrUnsupportedType)
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
	return decimalGeneral(b, width, scale, sep)
}

// decimalGeneral is Decimal's loop, DuckDB's TryIntegerCast over
// DecimalCastOperation.
func decimalGeneral(b []byte, width, scale int, sep byte) (int64, bool) {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	b = b[i:]
	if len(b) == 0 {
		return 0, false
	}
	s := decState{width: width, scale: scale, neg: b[0] == '-'}
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
			exp, ok := intLoop(b[pos:], b[pos] == '-', false, false, int64(math.MinInt16), math.MaxInt16)
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

// decState is DuckDB's DecimalCastData: the digits read so far, with the
// sign applied as they come, in the integer type DuckDB stores the width in
// (int16 up to 4 digits, int32 up to 9, int64 up to 18), whose range, not
// 10^width, bounds what an exponent can make.
type decState struct {
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
func (s *decState) store(width int) {
	switch {
	case width <= 4:
		s.lo, s.hi, s.maxDigits = math.MinInt16, math.MaxInt16, 4
	case width <= 9:
		s.lo, s.hi, s.maxDigits = math.MinInt32, math.MaxInt32, 9
	default:
		s.lo, s.hi, s.maxDigits = math.MinInt64, math.MaxInt64, 18
	}
}

func (s *decState) push(d int64) {
	if s.neg {
		s.result = s.result*10 - d
	} else {
		s.result = s.result*10 + d
	}
}

// digit appends one integer digit.
func (s *decState) digit(d int64) bool {
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
func (s *decState) fractionDigit(d int64) {
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
func (s *decState) roundUp() {
	if s.neg {
		s.result--
	} else {
		s.result++
	}
}

// finish drops the fraction digits past the scale (rounding on the first
// of them), scales the result up to the scale's digits and checks it
// against 10^width.
func (s *decState) finish() bool {
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
func (s *decState) exponent(e int) (int64, bool) {
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
