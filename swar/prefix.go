package swar

// PrefixXOR returns the prefix XOR of x: bit i of the result is the XOR of
// bits 0 to i of x. Applied to the mask of the quotes of a 64-byte block, it
// sets bit i when an odd number of quotes lie at or before byte i: the
// opening quote of a quoted value and the bytes inside are set, the closing
// quote and the bytes outside are clear (the quote mask turned into an inside-quotes mask by a prefix XOR).
//
// Six shift-XOR steps double the span each step covers: after the step of
// shift k, bit i holds the XOR of bits i-2k+1 to i. A carry-less multiply by
// all ones computes the same in one instruction; package internal/simd
// uses it where the CPU has it.
func PrefixXOR(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}
