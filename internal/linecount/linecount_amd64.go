//go:build amd64 && !purego

package linecount

import "golang.org/x/sys/cpu"

// hasAVX512 is whether countUntilAVX512 runs here: AVX-512 with byte
// compares (BW), and BMI1 and BMI2 (TZCNT, BZHI) for the last block.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

//go:noescape
func countUntilAVX512(p *byte, n int, c, stop byte) (count, at int)

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
