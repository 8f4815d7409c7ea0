package swar

// LSB has the lowest bit of every byte of a word set.
const LSB = 0x0101010101010101

// MSB has the highest bit of every byte of a word set. The masks of this
// package flag a byte by setting its high bit, so MSB is also "every byte
// flagged".
const MSB = 0x8080808080808080

// BlockSize is the number of bytes Patterns.MaybeAnyMask and Patterns.AnyMask
// examine at once: eight words, one bit of the returned mask per byte.
const BlockSize = 64

// MinPatterns and MaxPatterns bound the number of BytePatterns a Patterns
// holds. A CSV dialect needs at least the delimiter and the newline pair and at
// most the delimiter, the quote, the newline pair, the comment marker and the
// escape byte.
const (
	MinPatterns = 2
	MaxPatterns = 5
)

// low7 has the seven low bits of every byte set.
const low7 = 0x7f7f7f7f7f7f7f7f

// wordSize is the number of bytes in a uint64.
const wordSize = 8

// Broadcast returns a word with b in every byte.
func Broadcast(b byte) uint64 {
	return uint64(b) * LSB
}

// MaybeZeroBytes returns a word whose byte i has its high bit set when byte i
// of w is zero. It may also flag bytes above (more significant than) a zero
// byte, when the borrow of the subtraction runs into them: a 0x01 byte right
// above a zero byte, or above a run of 0x01 bytes that starts at a zero byte,
// is flagged too, and no other byte is. It never misses a zero byte, so its
// result is a superset of ZeroBytes(w), and it equals ZeroBytes(w) when w has
// no zero byte. Callers that need exactness verify the flagged bytes.
//
// It costs three operations (four without an AND NOT instruction), against
// five for ZeroBytes.
func MaybeZeroBytes(w uint64) uint64 {
	return (w - LSB) &^ w & MSB
}

// ZeroBytes returns a word whose byte i has its high bit set exactly when byte
// i of w is zero. Adding 0x7f to the low seven bits of a byte carries into its
// high bit unless they are all zero, and no carry leaves a byte, so no byte
// influences another.
func ZeroBytes(w uint64) uint64 {
	return ^(((w & low7) + low7) | w | low7)
}

// PackFlags gathers the high bit of each byte of flags into the low eight bits
// of the result: bit i of the result is bit 7 of byte i (byte 0 being the least
// significant, as binary.LittleEndian loads it). Bits other than the high bits
// are ignored.
//
// After the shift by 7 the flags sit at bits 8i. The multiplier
// 0x0102040810204080 has bits 7j+7 for j = 0..7, so the product has a one at
// 8i+7j+7 for every flagged byte i and every j. Those 64 positions are all
// distinct (8i+7j = 8i'+7j' forces i = i' for j, j' in 0..7), so no carries
// arise, and the position 56+i is reached exactly by the pair j = 7-i: the top
// byte of the product holds byte i's flag in its bit i.
func PackFlags(flags uint64) uint64 {
	return ((flags >> 7 & LSB) * 0x0102040810204080) >> 56
}
