// Package simd computes the stop masks of the skipper with vector
// instructions: for each 64-byte block of a run of input, the 64-bit mask of
// the bytes that match any of a set of swar.BytePatterns. One call covers many
// blocks, so the cost of the call vanishes.
//
// Where it sits:
//
//	statemachine (stop patterns) ─► skipper ─► simd.Masks (AVX-512, AVX2)
//	                                       └─► swar.Patterns.MaybeAnyMask (the portable path)
//
// On amd64 the kernel is chosen at start-up with golang.org/x/sys/cpu:
// AVX-512BW when the CPU and OS support it, else AVX2. Elsewhere, or when
// built with the purego tag, Available is false and the skipper keeps the
// SWAR path. Every kernel gives exact masks, bit i set when byte i matches
// a pattern, the same as swar.Patterns.AnyMask; the tests and FuzzMasks
// compare each kernel the CPU has with AnyMask.
//
// For the quote-aware lane (skipper.Lane), LaneMasks computes in one pass
// the quote mask, the mask of the enders (delimiter, LF, CR) and the prefix
// XOR of the quotes carried across blocks, which marks the bytes inside
// quotes; PrefixXOR computes that prefix alone. Both use a carry-less
// multiply (PCLMULQDQ) where the CPU has one and swar.PrefixXOR's shift-XOR
// chain elsewhere; TestLaneMasks, FuzzLaneMasks, TestPrefixXOR and
// FuzzPrefixXOR compare every kernel with a byte loop.
//
// Basic use:
//
//	ps, _ := swar.NewPatterns(swar.Byte(','), swar.Either('\n', '\r'))
//	set := simd.NewSet(&ps)
//	masks := make([]uint64, len(buf)/64)
//	simd.Masks(masks, buf, &set) // masks[j]: block buf[64j:64j+64]
package simd
