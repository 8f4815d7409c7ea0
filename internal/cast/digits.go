package cast

import "encoding/binary"

// Reading decimal digits eight at a time (SWAR: SIMD within a register).
// A run of one to eight digits is gathered into one little-endian word
// without reading past its end (loadWord), checked in one step (a byte is
// a digit when neither adding 0x46 nor subtracting 0x30 sets its top
// bit), and turned into its value by three multiplications, each joining
// neighbouring groups of digits: pairs, then fours, then the eight. The
// casts use it for the common short numbers and keep their byte loops for
// everything else; FuzzDigits and TestDigits hold it to a byte loop.

// loadWord returns the bytes of b, 1 to 8 of them, in the low bytes of a
// word, b[0] lowest, the others zero. Two loads that overlap cover the
// lengths between the sizes of the loads.
func loadWord(b []byte) uint64 {
	n := len(b)
	if n >= 4 {
		lo := uint64(binary.LittleEndian.Uint32(b))
		hi := uint64(binary.LittleEndian.Uint32(b[n-4:]))
		return lo | hi<<(8*(n-4))
	}
	// 1 to 3 bytes: the first, the middle one (or the first again) and the
	// last, each where it belongs.
	return uint64(b[0]) | uint64(b[n/2])<<(8*(n/2)) | uint64(b[n-1])<<(8*(n-1))
}

// digitFlags returns a word with the top bit of every byte of x that is not
// an ASCII digit; where x has a non-digit, the lowest one is always
// flagged (the carries of a bad byte reach only the bytes above it).
func digitFlags(x uint64) uint64 {
	return ((x + 0x4646464646464646) | (x - zeros)) & 0x8080808080808080
}

// value8 returns the number whose eight digits, most significant first,
// are the bytes of d from the lowest (each 0-9).
func value8(d uint64) uint64 {
	d = (d * (10<<8 + 1)) >> 8 & 0x00FF00FF00FF00FF    // pairs
	d = (d * (100<<16 + 1)) >> 16 & 0x0000FFFF0000FFFF // fours
	return (d * (10000<<32 + 1)) >> 32                 // eight
}

// digits16 returns the value of b, 1 to 16 decimal digits, and false if
// b holds anything else. The shift that aligns the digits to the top of a
// word also drops the flags and borrows of the bytes past them.
func digits16(b []byte) (uint64, bool) {
	n := len(b)
	if n <= 8 {
		x := loadWord(b)
		shift := 64 - 8*uint(n)
		if digitFlags(x)<<shift != 0 {
			return 0, false
		}
		return value8((x - zeros) << shift), true
	}
	hi := loadWord(b[:n-8])
	shift := 64 - 8*uint(n-8)
	lo := binary.LittleEndian.Uint64(b[n-8:])
	if digitFlags(hi)<<shift|digitFlags(lo) != 0 {
		return 0, false
	}
	return value8((hi-zeros)<<shift)*100000000 + value8(lo-zeros), true
}
