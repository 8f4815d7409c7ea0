package simd

import "github.com/csvscan/csvscan/swar"

// Set is a set of byte patterns in the form the kernels read: the mask and
// the value byte of each of swar.MaxPatterns patterns, unused slots
// repeating the first pattern (a duplicate changes no mask).
type Set struct {
	bytes [2 * swar.MaxPatterns]byte // mask0, value0, mask1, value1, ...
	ps    swar.Patterns
}

// NewSet returns the Set of ps's patterns.
func NewSet(ps *swar.Patterns) Set {
	s := Set{ps: *ps}
	for i := range swar.MaxPatterns {
		q := ps.At(0)
		if i < ps.Len() {
			q = ps.At(i)
		}
		s.bytes[2*i], s.bytes[2*i+1] = byte(q.Mask), byte(q.Value)
	}
	return s
}

// Masks sets dst[j] to the mask of block src[64j:64j+64] for every j below
// min(len(dst), len(src)/64): bit i set when byte i of the block matches a
// pattern of s. Where no vector kernel is available it computes the same
// masks with swar.Patterns.AnyMask.
func Masks(dst []uint64, src []byte, s *Set) {
	n := min(len(dst), len(src)/swar.BlockSize)
	if n == 0 {
		return
	}
	masks(dst[:n], src[:n*swar.BlockSize], s)
}

// generic is the portable kernel: swar's exact mask, block by block.
func generic(dst []uint64, src []byte, s *Set) {
	for j := range dst {
		dst[j] = s.ps.AnyMask(src[j*swar.BlockSize:])
	}
}
