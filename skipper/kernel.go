package skipper

import "github.com/csvscan/csvscan/swar"

// The vector kernels (kernel_*.go, kernel_amd64.s): for each 64-byte block
// of a run of input, the 64-bit mask of the bytes that match any of a set
// of swar.BytePatterns, many blocks per call so that the cost of the call
// vanishes. On amd64 the kernel is chosen at start-up with
// golang.org/x/sys/cpu: AVX-512BW when the CPU and OS support it, else
// AVX2. Elsewhere, or built with the purego tag, vecAvailable is false and
// the Skipper keeps the SWAR path. Every kernel gives exact masks (bit i
// set when byte i matches a pattern, as swar.Patterns.AnyMask); the tests
// and FuzzMasks compare each kernel the CPU has with AnyMask.
//
// For the quote-aware lane, vecLaneMasks computes in one pass the quote
// mask, the mask of the enders (delimiter, LF, CR) and the prefix XOR of
// the quotes carried across blocks, which marks the bytes inside quotes;
// vecPrefixXOR computes that prefix alone. Both use a carry-less multiply
// (PCLMULQDQ) where the CPU has one and swar.PrefixXOR's shift-XOR chain
// elsewhere; the lane and prefix tests and fuzz targets compare every
// kernel with a byte loop. The kernels lived in package internal/simd
// until the skip step got one home here: the decision between kernel and
// SWAR is this package's, and no reader above it imports the kernels.

// vecSet is a set of byte patterns in the form the kernels read: the mask and
// the value byte of each of swar.MaxPatterns patterns, unused slots
// repeating the first pattern (a duplicate changes no mask).
type vecSet struct {
	bytes [2 * swar.MaxPatterns]byte // mask0, value0, mask1, value1, ...
	ps    swar.Patterns
}

// newVecSet returns the vecSet of ps's patterns.
func newVecSet(ps *swar.Patterns) vecSet {
	s := vecSet{ps: *ps}
	for i := range swar.MaxPatterns {
		q := ps.At(0)
		if i < ps.Len() {
			q = ps.At(i)
		}
		s.bytes[2*i], s.bytes[2*i+1] = byte(q.Mask), byte(q.Value)
	}
	return s
}

// vecMasks sets dst[j] to the mask of block src[64j:64j+64] for every j below
// min(len(dst), len(src)/64): bit i set when byte i of the block matches a
// pattern of s. Where no vector kernel is available it computes the same
// masks with swar.Patterns.AnyMask.
func vecMasks(dst []uint64, src []byte, s *vecSet) {
	n := min(len(dst), len(src)/swar.BlockSize)
	if n == 0 {
		return
	}
	masks(dst[:n], src[:n*swar.BlockSize], s)
}

// generic is the portable kernel: swar's exact mask, block by block.
func generic(dst []uint64, src []byte, s *vecSet) {
	for j := range dst {
		dst[j] = s.ps.AnyMask(src[j*swar.BlockSize:])
	}
}
