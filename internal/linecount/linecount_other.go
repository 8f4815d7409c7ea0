//go:build !amd64 || purego

package linecount

// countUntil is CountUntil for a non-empty b: the standard library's
// searches on this architecture (or with the purego tag).
func countUntil(b []byte, c, stop byte) (int, int) { return countUntilGeneric(b, c, stop) }

// kernels lists the CountUntil kernels of this build, for the tests.
func kernels() map[string]func(b []byte, c, stop byte) (int, int) {
	return map[string]func([]byte, byte, byte) (int, int){"generic": countUntilGeneric}
}
