//go:build !amd64 || purego

package simd

// Available reports whether a vector kernel computes Masks: never in this
// build (another architecture, or the purego tag).
var Available = false

// Kernel names the kernel Masks uses.
var Kernel = "generic"

func masks(dst []uint64, src []byte, s *Set) { generic(dst, src, s) }

func kernels() map[string]func(dst []uint64, src []byte, s *Set) {
	return map[string]func([]uint64, []byte, *Set){"generic": generic}
}
