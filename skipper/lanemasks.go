package skipper

import "github.com/csvscan/csvscan/swar"

// LaneMasks computes the quote-aware lane's masks over src with any three
// ender bytes, for readers that count rather than read values (package
// split's summaries): for each 64-byte block j, as many as len(q), len(e),
// len(in) and len(src)/64 allow, q[j] marks the bytes equal to quote, e[j]
// the bytes equal to one of enders, and in[j] the bytes inside quotes: the
// prefix XOR of the quote masks from carry (0 or 1) on, the opening quote
// counted and the closing one not. It returns the number of blocks
// computed and the parity after the last. One pass computes the three
// masks, with the lane's AVX-512 or AVX2 kernel and a carry-less multiply
// where the CPU has them, else eight bytes at a time.
func LaneMasks(q, e, in []uint64, src []byte, quote byte, enders [3]byte, carry uint64) (int, uint64) {
	s := newLaneSet(quote, enders)
	n := min(len(q), len(e), len(in), len(src)/swar.BlockSize)
	return n, vecLaneMasks(q[:n], e[:n], in[:n], src[:n*swar.BlockSize], &s, carry)
}
