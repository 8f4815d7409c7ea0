//go:build !amd64 || purego

package skipper

// vecAvailable reports whether a vector kernel computes vecMasks: never in this
// build (another architecture, or the purego tag).
var vecAvailable = false

// vecKernel names the kernel vecMasks uses.
var vecKernel = "generic"

func masks(dst []uint64, src []byte, s *vecSet) { generic(dst, src, s) }

func kernels() map[string]func(dst []uint64, src []byte, s *vecSet) {
	return map[string]func([]uint64, []byte, *vecSet){"generic": generic}
}

// vecPrefixCLMUL reports whether vecPrefixXOR uses a carry-less multiply: never in
// this build.
const vecPrefixCLMUL = false

func prefixXOR(m []uint64, carry uint64) uint64 { return prefixGeneric(m, carry) }

func prefixKernels() map[string]func([]uint64, uint64) uint64 {
	return map[string]func([]uint64, uint64) uint64{"generic": prefixGeneric}
}

func laneMasks(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
	return laneGeneric(q, e, in, src, s, carry)
}

type laneKernel = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64

func laneKernels() map[string]laneKernel { return map[string]laneKernel{"generic": laneGeneric} }
