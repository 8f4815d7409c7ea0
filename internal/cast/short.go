package cast

import (
	"encoding/binary"
	"math/bits"
)

// The short casts: the commonest spellings of a BIGINT, a DOUBLE and a
// DATE, each read in one call with no call inside it, for the typed
// reader's row loop, which casts one value per column of every row and
// pays for each call and each result passed through the layers of the
// general casts. Each reports false for anything it does not read, and
// the caller then calls the cast itself (Caster.Int64, Caster.Float64,
// Caster.Date), which gives the same value wherever a short cast answers:
// TestShortCasts and FuzzShortCasts hold them to that, under both rule
// sets where the short cast says it means the same in both.

// ShortInt64 casts b, an optional '-' and one to sixteen ASCII digits,
// to BIGINT with the Scan rules (leading zeros allowed), eight digits at
// once (SWAR, see digits.go: digits16 in one call); it reports false for
// anything else.
func ShortInt64(b []byte) (int64, bool) {
	d := b
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		d = b[1:]
	}
	n := len(d)
	var v int64
	switch {
	case n == 0 || n > 16:
		return 0, false
	case n <= 8:
		x := loadWord(d)
		shift := 64 - 8*uint(n)
		if digitFlags(x)<<shift != 0 {
			return 0, false
		}
		v = int64(value8((x - zeros) << shift))
	default:
		hi := loadWord(d[:n-8])
		shift := 64 - 8*uint(n-8)
		lo := binary.LittleEndian.Uint64(d[n-8:])
		if digitFlags(hi)<<shift|digitFlags(lo) != 0 {
			return 0, false
		}
		v = int64(value8((hi-zeros)<<shift)*100000000 + value8(lo-zeros))
	}
	if neg {
		v = -v
	}
	return v, true
}

// ShortFloat64 casts b to DOUBLE, with sep ('.' or ',') as the decimal
// separator, when b is an optional '-' and at most eight bytes of
// floatFast's shape: digits that do not start with a 0 followed by
// another digit, optionally the separator and more digits, at least one
// on each side. Such a number means the same under both rule sets, and
// its mantissa, at most eight digits, is exact in a float64, so one
// correctly rounded division by an exact power of ten gives the correctly
// rounded double (Clinger's fast path), as Caster.Float64 does. The bytes
// are read as one word (see plainDecimal, the longer version it shares
// its steps with); it reports false for anything else.
func ShortFloat64(b []byte, sep byte) (float64, bool) {
	d := b
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		d = b[1:]
	}
	n := len(d)
	if n == 0 || n > 8 {
		return 0, false
	}
	x := loadWord(d)
	width := 8 * uint(n)
	shift := 64 - width
	mask := ^uint64(0) >> shift
	flags := digitFlags(x) & mask
	var f float64
	if flags == 0 {
		if n > 1 && byte(x) == '0' {
			return 0, false // a leading 0 before another digit
		}
		f = float64(value8((x - zeros) << shift))
	} else {
		at := uint(bits.TrailingZeros64(flags)) &^ 7 // the first non-digit's bit
		k := int(at / 8)
		if k == 0 || k == n-1 || byte(x>>at) != sep || k > 1 && byte(x) == '0' {
			return 0, false
		}
		x = x&^(0xFF<<at) | '0'<<at
		if digitFlags(x)&mask != 0 {
			return 0, false
		}
		v := x - zeros
		low := uint64(1)<<at - 1
		v = v&low | v>>8&^low // the separator's byte squeezed out
		f = float64(value8(v<<(shift+8))) / pow10[(n-1-k)&7]
	}
	if neg {
		f = -f
	}
	return f, true
}

// ShortDate casts b to DATE when it is exactly "YYYY-MM-DD" with a year
// from 0001 to 9999 and a day that exists, which means the same under
// both rule sets (see dateFast); it reports false for anything else.
func ShortDate(b []byte) (Date, bool) { return dateFast(b) }
