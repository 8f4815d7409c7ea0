// Package swar finds bytes of interest 64 at a time with SIMD-within-a-register
// arithmetic on uint64 words. It knows nothing about CSV: it matches byte
// patterns and counts bits.
//
// # Where it sits
//
// A csvscan parse runs through these packages:
//
//	dialect       the delimiter, quote, escape, comment and newline options
//	statemachine  the transition table built from a dialect, with skip tables
//	              (which bytes leave each state unchanged) and the stop
//	              patterns, swar.BytePatterns covering every byte a skip table
//	              does not skip
//	skipper       walks a buffer to the next byte that may matter, with the
//	              masks of this package
//	scanner       runs the state machine on those bytes and collects fields
//
// # Flags and masks
//
// A word holds eight bytes; byte i is bits 8i to 8i+7, byte 0 being the first
// in memory (words are loaded little-endian). The word-level functions flag a
// byte by setting its high bit (bit 8i+7). PackFlags and the block functions
// turn flags into masks with one bit per byte: bit i for byte i.
//
// MaybeZeroBytes flags the zero bytes of a word, and possibly some bytes above
// a zero byte: it is a superset, cheaper than the exact ZeroBytes. A pattern
// match is a zero byte of w&mask ^ value. Take the word of the eight bytes
// "a,b\n" + "cdef" against Byte(','):
//
//	bytes             'a'  ','  'b'  '\n' 'c'  'd'  'e'  'f'
//	w                 0x61 0x2c 0x62 0x0a 0x63 0x64 0x65 0x66
//	x = w ^ 0x2c..    0x4d 0x00 0x4e 0x26 0x4f 0x48 0x49 0x4a
//	x - LSB           0x4c 0xff 0x4c 0x25 0x4e 0x47 0x48 0x49
//	&^ x              0x00 0xff 0x00 0x01 0x00 0x07 0x00 0x01
//	& MSB             0x00 0x80 0x00 0x00 0x00 0x00 0x00 0x00
//	PackFlags         0b00000010 (bit 1: byte 1 is the comma)
//
// (The subtraction borrows through byte 1 into byte 2: 0x4e-1-1 = 0x4c. Had
// byte 2 of x been 0x01, it would have become 0xff and been flagged too; that
// is the "maybe".)
//
// Patterns holds the 2 to 5 patterns of a dialect, and MaybeAnyMask tests all
// of them on 64 bytes at once, returning a 64-bit mask. The first set bit of
// that mask is always a true match, and TrailingZeros finds it.
//
// # Use
//
//	ps, err := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
//	if err != nil { ... }
//	for len(buf) >= swar.BlockSize {
//		mask := ps.MaybeAnyMask(buf)   // bit i: buf[i] may match
//		for mask != 0 {
//			i := swar.TrailingZeros(mask)
//			if ps.Matches(buf[i]) { ... } // verify: mask is a superset
//			mask &= mask - 1
//		}
//		buf = buf[swar.BlockSize:]
//	}
//	// fewer than 64 bytes left: test them one at a time
//
// Either('\n', '\r') matches eight bytes, 0x08 to 0x0F, not only the two
// newline bytes; see Either.
package swar
