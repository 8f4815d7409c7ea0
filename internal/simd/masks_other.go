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

// PrefixCLMUL reports whether PrefixXOR uses a carry-less multiply: never in
// this build.
const PrefixCLMUL = false

func prefixXOR(m []uint64, carry uint64) uint64 { return prefixGeneric(m, carry) }

func prefixKernels() map[string]func([]uint64, uint64) uint64 {
	return map[string]func([]uint64, uint64) uint64{"generic": prefixGeneric}
}

func laneMasks(q, e, in []uint64, src []byte, s *LaneSet, carry uint64) uint64 {
	return laneGeneric(q, e, in, src, s, carry)
}

type laneKernel = func(q, e, in []uint64, src []byte, s *LaneSet, carry uint64) uint64

func laneKernels() map[string]laneKernel { return map[string]laneKernel{"generic": laneGeneric} }
