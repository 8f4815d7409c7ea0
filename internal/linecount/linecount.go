package linecount

import "bytes"

// CountUntil returns i, the index of the first byte of b equal to stop
// (len(b) when there is none), and n, the number of bytes equal to c in
// b[:i].
func CountUntil(b []byte, c, stop byte) (n, i int) {
	if len(b) == 0 {
		return 0, 0
	}
	return countUntil(b, c, stop)
}

// countUntilGeneric is CountUntil with the standard library's searches:
// two passes over b[:i].
func countUntilGeneric(b []byte, c, stop byte) (n, i int) {
	i = bytes.IndexByte(b, stop)
	if i < 0 {
		i = len(b)
	}
	return bytes.Count(b[:i], []byte{c}), i
}
