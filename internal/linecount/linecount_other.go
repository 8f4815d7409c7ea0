//go:build !amd64 || purego

package linecount

// countUntil is CountUntil for a non-empty b: the standard library's
// searches on this architecture (or with the purego tag).
func countUntil(b []byte, c, stop byte) (int, int) { return countUntilGeneric(b, c, stop) }

// kernels lists the CountUntil kernels of this build, for the tests.
func kernels() map[string]func(b []byte, c, stop byte) (int, int) {
	return map[string]func([]byte, byte, byte) (int, int){"generic": countUntilGeneric}
}

// countMarks is CountMarks for a non-empty b: the standard library's
// searches on this architecture (or with the purego tag).
func countMarks(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
	return countMarksGeneric(b, c, mark, dst)
}

// markKernels lists the CountMarks kernels of this build, for the tests.
func markKernels() map[string]func(b []byte, c, mark byte, dst []uint32) (int, []uint32, int) {
	return map[string]func([]byte, byte, byte, []uint32) (int, []uint32, int){"generic": countMarksGeneric}
}
