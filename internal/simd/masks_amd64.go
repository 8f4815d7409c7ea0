//go:build amd64 && !purego

package simd

import "golang.org/x/sys/cpu"

// The kernels the CPU has, chosen once.
var (
	hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	hasAVX2   = cpu.X86.HasAVX2
)

// Available reports whether a vector kernel computes Masks.
var Available = hasAVX512 || hasAVX2

// Kernel names the kernel Masks uses: "avx512", "avx2" or "generic".
var Kernel = func() string {
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

func masks(dst []uint64, src []byte, s *Set) {
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
func kernels() map[string]func(dst []uint64, src []byte, s *Set) {
	k := map[string]func([]uint64, []byte, *Set){"generic": generic}
	if hasAVX2 {
		k["avx2"] = func(dst []uint64, src []byte, s *Set) { masksAVX2(&dst[0], &src[0], len(dst), &s.bytes) }
	}
	if hasAVX512 {
		k["avx512"] = func(dst []uint64, src []byte, s *Set) { masksAVX512(&dst[0], &src[0], len(dst), &s.bytes) }
	}
	return k
}
