package cast

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"sync"
)

// DuckDB prints a FLOAT with {fmt} 6's shortest format (duckdb_fmt, in
// DuckDB's third_party/fmt), which does not always print the shortest
// digits of the float. It widens the float to a double and runs Grisu's
// digit generation within the float's rounding interval; where Grisu
// cannot tell the digits for certain (about 1 float in 100 drawn at
// random), it falls back to an exact search, but one made with the
// double's interval, so that it prints the double's shortest digits: the
// float 106833536 prints as 106833536.0, not as 106833540.0 (the float's
// shortest, which reads back to the same float). Both texts are correct;
// csvscan prints DuckDB's, so that its output compares equal to DuckDB's.
//
// float32Digits follows that algorithm step by step: the interval, the
// cached power of ten, the digit loop and its weeding, the fallback.

// diyFP is a number f * 2^e with a 64-bit significand.
type diyFP struct {
	f uint64
	e int
}

// The binary64 layout.
const (
	f64FractionBits = 52
	f64ImplicitBit  = 1 << f64FractionBits
	f64Bias         = 1023 + f64FractionBits
)

// newDiyFP returns the significand and exponent of a finite, positive
// double as they are stored (subnormals with the least exponent).
func newDiyFP(d float64) diyFP {
	u := math.Float64bits(d)
	f := u & (f64ImplicitBit - 1)
	be := int(u >> f64FractionBits & 0x7ff)
	if be != 0 {
		f += f64ImplicitBit
	} else {
		be = 1
	}
	return diyFP{f, be - f64Bias}
}

// normalize shifts x so that its significand's top bit is set.
func (x diyFP) normalize() diyFP {
	s := bits.LeadingZeros64(x.f)
	return diyFP{x.f << s, x.e - s}
}

// mulRound returns a*b / 2^64, rounded half up.
func mulRound(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi + lo>>63
}

// float32Bounds returns a float widened to a double, normalized, and the
// significands of the bounds of the float's rounding interval at the same
// exponent: halfway to the next float up and down (a quarter of the ulp
// below a power of two, where the float below is closer).
func float32Bounds(d float64) (v diyFP, lower, upper uint64) {
	v = newDiyFP(d)
	const minNormalE = -125 - 53 // a float's least normal exponent, in the double's terms
	halfULP := uint64(1) << (53 - 24 - 1)
	if v.e < minNormalE {
		halfULP <<= minNormalE - v.e // a subnormal float: its ulp is fixed
	}
	up := diyFP{v.f + halfULP, v.e}.normalize()
	down := halfULP
	if v.f == f64ImplicitBit && v.e > minNormalE {
		down >>= 1
	}
	lower = (v.f - down) << (v.e - up.e)
	return v.normalize(), lower, up.f
}

// cachedPowers holds 10^k for k = -348, -340, …, 340 as significands with
// the top bit set, rounded to nearest, and their binary exponents: the
// table Grisu scales by.
var cachedPowers = sync.OnceValue(func() *[87]diyFP {
	t := new([87]diyFP)
	ten := big.NewInt(10)
	for i := range t {
		k := -348 + 8*i
		p := new(big.Int).Exp(ten, big.NewInt(int64(abs(k))), nil)
		if e := p.BitLen() - 64; k >= 0 {
			if e <= 0 {
				t[i] = diyFP{p.Uint64() << -e, e} // exact
			} else {
				t[i] = diyFP{roundShift(p, e), e}
			}
			continue
		}
		// 2^s / 10^-k, with s such that the quotient has 64 bits: p has
		// L bits, so 2^(63+L) / p lies in (2^63, 2^64) (p is no power of
		// two).
		s := 63 + p.BitLen()
		num := new(big.Int).Lsh(big.NewInt(1), uint(s)+1) // twice, to round
		t[i] = diyFP{halfUp(new(big.Int).Quo(num, p)), -s}
	}
	return t
})

// roundShift returns p / 2^e rounded half up (e > 0), p having 64+e bits.
func roundShift(p *big.Int, e int) uint64 {
	return halfUp(new(big.Int).Rsh(p, uint(e-1)))
}

// halfUp returns q/2 rounded half up, for a q of 65 bits.
func halfUp(q *big.Int) uint64 {
	return q.Add(q, big.NewInt(1)).Rsh(q, 1).Uint64()
}

// abs returns |k|.
func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

// cachedPower returns the cached power of ten c whose binary exponent is
// at least minExp and at most 28 above it, and its decimal exponent: a
// normalized value of exponent e times c, with minExp = -60 - (e+64), has
// an exponent in Grisu's range [-60, -32].
func cachedPower(minExp int) (diyFP, int) {
	const oneOverLog2Of10 = 0x4d104d42 // 2^32 / log2(10), rounded
	index := int(int64(uint64(int64(minExp+63))*oneOverLog2Of10+(1<<32-1)) >> 32)
	index = (index+348-1)/8 + 1
	return cachedPowers()[index], -348 + index*8
}

// pow10u64 holds 10^i for the i a uint64 holds.
var pow10u64 = [20]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// float32Digits appends to dst (empty) the digits DuckDB prints for a
// positive finite float widened to the double d, and returns them with
// the decimal exponent of the first: the value is d1.d2d3… × 10^exp.
func float32Digits(dst []byte, d float64) ([]byte, int) {
	v, lower, upper := float32Bounds(d)
	const minExp = -60 // Grisu's alpha
	c, k := cachedPower(minExp - (v.e + 64))
	v = diyFP{mulRound(v.f, c.f), v.e + c.e + 64}
	lower = mulRound(lower, c.f) - 1
	upper = mulRound(upper, c.f) + 1
	g := grisu{diff: upper - v.f}
	exp, ok := g.digits(diyFP{upper, v.e}, upper-lower)
	if !ok {
		// The fallback's digits: the double's shortest.
		return splitExp(strconv.AppendFloat(dst, d, 'e', -1, 64))
	}
	return append(dst, g.buf[:g.n]...), exp - k + g.n - 1
}

// splitExp splits strconv's 'e' format, d.ddde±xx, into its digits and
// exponent.
func splitExp(e []byte) ([]byte, int) {
	nd, i := 0, 0
	for ; e[i] != 'e'; i++ {
		if e[i] != '.' {
			e[nd] = e[i]
			nd++
		}
	}
	exp := 0
	for _, c := range e[i+2:] {
		exp = exp*10 + int(c-'0')
	}
	if e[i+1] == '-' {
		exp = -exp
	}
	return e[:nd], exp
}

// grisu is the shortest-digit generation of Grisu with its weeding
// (round_weed): diff is the distance from the scaled value to the
// interval's upper bound.
type grisu struct {
	buf  [24]byte // a float's digits are at most 9, or 10 in an integral part
	n    int
	diff uint64
}

// digits generates the digits of upper (the interval's upper bound,
// scaled), within delta of it, and returns the decimal exponent of the
// digit after the last one, or false where the digits cannot be told
// for certain.
func (g *grisu) digits(upper diyFP, delta uint64) (int, bool) {
	shift := uint(-upper.e)
	one := uint64(1) << shift
	integral := uint32(upper.f >> shift)
	fractional := upper.f & (one - 1)
	exp := 1 // the digits of integral, which is not 0
	for exp < 10 && uint64(integral) >= pow10u64[exp] {
		exp++
	}
	for exp > 0 {
		div := uint32(pow10u64[exp-1])
		digit := integral / div
		integral %= div
		exp--
		rem := uint64(integral)<<shift + fractional
		if done, ok := g.digit(byte('0'+digit), pow10u64[exp]<<shift, rem, delta, exp, true); done {
			return exp, ok
		}
	}
	for {
		fractional *= 10
		delta *= 10
		digit := byte(fractional >> shift)
		fractional &= one - 1
		exp--
		if done, ok := g.digit('0'+digit, one, fractional, delta, exp, false); done {
			return exp, ok
		}
	}
}

// digit appends a digit and reports whether generation stops (done) and,
// if so, whether the digits are certain (ok).
func (g *grisu) digit(c byte, divisor, rem, delta uint64, exp int, integral bool) (done, ok bool) {
	if g.n == len(g.buf) {
		return true, false
	}
	g.buf[g.n] = c
	g.n++
	if rem >= delta {
		return false, false
	}
	unit := uint64(1)
	if !integral {
		if -exp >= len(pow10u64) {
			return true, false
		}
		unit = pow10u64[-exp]
	}
	// Walk the last digit down towards the value while that stays inside
	// the interval and gets closer.
	up := (g.diff - 1) * unit
	for rem < up && delta-rem >= divisor && (rem+divisor < up || up-rem >= rem+divisor-up) {
		g.buf[g.n-1]--
		rem += divisor
	}
	down := (g.diff + 1) * unit
	if rem < down && delta-rem >= divisor && (rem+divisor < down || down-rem > rem+divisor-down) {
		return true, false
	}
	return true, 2*unit <= rem && rem <= delta-4*unit
}
