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

// CountMarks counts the bytes of b equal to c, and appends to dst the
// offsets in b of those equal to mark, as many as dst has spare capacity
// for, a 64-byte block of b (from b[0]) at a time: it reads b[:at], where
// at is len(b), or the offset of the first block whose marks did not fit
// (then n counts the c bytes before it, and dst holds the marks before
// it). len(b) must be below 1<<32.
func CountMarks(b []byte, c, mark byte, dst []uint32) (n int, marks []uint32, at int) {
	if len(b) == 0 {
		return 0, dst, 0
	}
	return countMarks(b, c, mark, dst)
}

// countMarksGeneric is CountMarks with the standard library's searches:
// bytes.IndexByte from mark to mark, and one bytes.Count of what it read.
func countMarksGeneric(b []byte, c, mark byte, dst []uint32) (n int, marks []uint32, at int) {
	for at < len(b) { // at is a block's start
		i := bytes.IndexByte(b[at:], mark)
		if i < 0 {
			at = len(b)
			break
		}
		i += at
		blk := i &^ 63
		end := min(blk+64, len(b))
		if room := cap(dst) - len(dst); room < end-i && bytes.Count(b[i:end], []byte{mark}) > room {
			at = blk
			break
		}
		for {
			dst = append(dst, uint32(i))
			k := bytes.IndexByte(b[i+1:end], mark)
			if k < 0 {
				break
			}
			i += 1 + k
		}
		at = end
	}
	return bytes.Count(b[:at], []byte{c}), dst, at
}
