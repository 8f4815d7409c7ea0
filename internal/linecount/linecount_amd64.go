//go:build amd64 && !purego

package linecount

import "golang.org/x/sys/cpu"

// hasAVX512 is whether countUntilAVX512 runs here: AVX-512 with byte
// compares (BW), and BMI1 and BMI2 (TZCNT, BZHI) for the last block.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

//go:noescape
func countUntilAVX512(p *byte, n int, c, stop byte) (count, at int)

//go:noescape
func countMarksAVX512(p *byte, n int, c, mark byte, dst *uint32, room int) (count, marks, at int)

// countMarks is CountMarks for a non-empty b.
func countMarks(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
	if hasAVX512 {
		return countMarksVec(b, c, mark, dst)
	}
	return countMarksGeneric(b, c, mark, dst)
}

// countMarksVec is CountMarks on countMarksAVX512, for a non-empty b.
func countMarksVec(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
	spare := dst[len(dst):cap(dst)]
	var p *uint32
	if len(spare) > 0 {
		p = &spare[0]
	}
	n, k, at := countMarksAVX512(&b[0], len(b), c, mark, p, len(spare))
	return n, dst[:len(dst)+k], at
}

// countUntil is CountUntil for a non-empty b.
func countUntil(b []byte, c, stop byte) (int, int) {
	if hasAVX512 {
		return countUntilAVX512(&b[0], len(b), c, stop)
	}
	return countUntilGeneric(b, c, stop)
}

// kernels lists the CountUntil kernels this CPU can run, for the tests.
func kernels() map[string]func(b []byte, c, stop byte) (int, int) {
	k := map[string]func([]byte, byte, byte) (int, int){"generic": countUntilGeneric}
	if hasAVX512 {
		k["avx512"] = func(b []byte, c, stop byte) (int, int) {
			if len(b) == 0 {
				return 0, 0
			}
			return countUntilAVX512(&b[0], len(b), c, stop)
		}
	}
	return k
}

// markKernels lists the CountMarks kernels this CPU can run, for the
// tests.
func markKernels() map[string]func(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
	k := map[string]func([]byte, byte, byte, []uint32) (int, []uint32, int){"generic": countMarksGeneric}
	if hasAVX512 {
		k["avx512"] = func(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
			if len(b) == 0 {
				return 0, dst, 0
			}
			return countMarksVec(b, c, mark, dst)
		}
	}
	return k
}
