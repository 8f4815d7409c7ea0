//go:build amd64 && !purego

package skipper

import "golang.org/x/sys/cpu"

// The kernels the CPU has, chosen once.
var (
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	hasAVX2   = cpu.X86.HasAVX2
)

// vecAvailable reports whether a vector kernel computes vecMasks.
var vecAvailable = hasAVX512 || hasAVX2

// vecKernel names the kernel vecMasks uses: "avx512", "avx2" or "generic".
var vecKernel = func() string {
	switch {
	case hasAVX512:
		return "avx512"
	case hasAVX2:
		return "avx2"
	}
	return "generic"
}()

//go:noescape
func masksAVX2(dst *uint64, src *byte, blocks int, set *[10]byte)

//go:noescape
func masksAVX512(dst *uint64, src *byte, blocks int, set *[10]byte)

func masks(dst []uint64, src []byte, s *vecSet) {
	switch {
	case hasAVX512:
		masksAVX512(&dst[0], &src[0], len(dst), &s.bytes)
	case hasAVX2:
		masksAVX2(&dst[0], &src[0], len(dst), &s.bytes)
	default:
		generic(dst, src, s)
	}
}

// kernels lists the kernels this CPU can run, for the tests.
func kernels() map[string]func(dst []uint64, src []byte, s *vecSet) {
	k := map[string]func([]uint64, []byte, *vecSet){"generic": generic}
	if hasAVX2 {
		k["avx2"] = func(dst []uint64, src []byte, s *vecSet) { masksAVX2(&dst[0], &src[0], len(dst), &s.bytes) }
	}
	if hasAVX512 {
		k["avx512"] = func(dst []uint64, src []byte, s *vecSet) { masksAVX512(&dst[0], &src[0], len(dst), &s.bytes) }
	}
	return k
}

// vecPrefixCLMUL reports whether vecPrefixXOR uses a carry-less multiply
// (PCLMULQDQ).
var vecPrefixCLMUL = cpu.X86.HasPCLMULQDQ

//go:noescape
func prefixCLMUL(m *uint64, n int, carry uint64) uint64

func prefixXOR(m []uint64, carry uint64) uint64 {
	if vecPrefixCLMUL {
		return prefixCLMUL(&m[0], len(m), carry)
	}
	return prefixGeneric(m, carry)
}

// prefixKernels lists the vecPrefixXOR kernels this CPU can run, for the tests.
func prefixKernels() map[string]func([]uint64, uint64) uint64 {
	k := map[string]func([]uint64, uint64) uint64{"generic": prefixGeneric}
	if cpu.X86.HasPCLMULQDQ {
		k["clmul"] = func(m []uint64, c uint64) uint64 { return prefixCLMUL(&m[0], len(m), c) }
	}
	return k
}

//go:noescape
func laneAVX512(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64) uint64

//go:noescape
func laneAVX512N(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64, table *[16]byte) uint64

//go:noescape
func laneAVX2N(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64, table *[16]byte) uint64

//go:noescape
func laneAVX2(q, e, in *uint64, src *byte, blocks int, set *[4]byte, carry uint64) uint64

func laneMasks(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
	switch {
	case hasAVX512 && vecPrefixCLMUL && s.nibble:
		return laneAVX512N(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry, &s.table)
	case hasAVX512 && vecPrefixCLMUL:
		return laneAVX512(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
	case hasAVX2 && vecPrefixCLMUL && s.nibble:
		return laneAVX2N(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry, &s.table)
	case hasAVX2 && vecPrefixCLMUL:
		return laneAVX2(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
	}
	return laneGeneric(q, e, in, src, s, carry)
}

type laneKernel = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64

// laneKernels lists the vecLaneMasks kernels this CPU can run, for the
// tests. The kernels of a table (the names ending in "N") run only for a set
// whose enders it holds (vecLaneSet.nibble); the tests call them with the
// others too, where they hand the set to the kernel of three compares.
func laneKernels() map[string]laneKernel {
	k := map[string]laneKernel{"generic": laneGeneric}
	if hasAVX2 && vecPrefixCLMUL {
		k["avx2"] = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
			return laneAVX2(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
		}
		k["avx2N"] = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
			if !s.nibble {
				return laneAVX2(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
			}
			return laneAVX2N(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry, &s.table)
		}
	}
	if hasAVX512 && vecPrefixCLMUL {
		k["avx512"] = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
			return laneAVX512(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
		}
		k["avx512N"] = func(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
			if !s.nibble {
				return laneAVX512(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry)
			}
			return laneAVX512N(&q[0], &e[0], &in[0], &src[0], len(q), &s.bytes, carry, &s.table)
		}
	}
	return k
}
