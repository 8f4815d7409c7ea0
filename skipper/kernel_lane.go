package skipper

import (
	"encoding/binary"

	"github.com/csvscan/csvscan/swar"
)

// vecLaneSet holds the bytes the quote-aware lane looks for: the quote, and the
// enders (the delimiter, LF and CR).
type vecLaneSet struct {
	bytes [4]byte // quote, delimiter, LF, CR
}

// newVecLaneSet returns the vecLaneSet of a quote and a one-byte delimiter.
func newVecLaneSet(quote, delimiter byte) vecLaneSet {
	return vecLaneSet{bytes: [4]byte{quote, delimiter, '\n', '\r'}}
}

// vecLaneMasks computes, for each 64-byte block j of src (j below len(q),
// which len(e) and len(in) must match, and len(src)/64): q[j], the mask of
// the quotes; e[j], the mask of the enders; and in[j], the prefix XOR of the
// quote masks from the first block on (see vecPrefixXOR), starting from carry
// (0 or 1): the bytes inside quotes, counting the opening quote and not
// the closing one. It returns the parity after the last block. One pass
// over the input computes all three, with AVX-512 or AVX2 and a carry-less
// multiply where the CPU has them.
func vecLaneMasks(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
	n := min(len(q), len(e), len(in), len(src)/swar.BlockSize)
	if n == 0 {
		return carry & 1
	}
	return laneMasks(q[:n], e[:n], in[:n], src[:n*swar.BlockSize], s, carry&1)
}

// laneGeneric is the portable vecLaneMasks: for each 8-byte word, the bytes
// equal to the quote and to an ender found with swar.ZeroBytes (exact: a
// quote decides the parity of everything after it), then the shift-XOR
// prefix.
func laneGeneric(q, e, in []uint64, src []byte, s *vecLaneSet, carry uint64) uint64 {
	bq := swar.Broadcast(s.bytes[0])
	bd, blf, bcr := swar.Broadcast(s.bytes[1]), swar.Broadcast(s.bytes[2]), swar.Broadcast(s.bytes[3])
	for j := range q {
		b := src[j*swar.BlockSize : (j+1)*swar.BlockSize]
		var qm, em uint64
		for k := 0; k < swar.BlockSize; k += 8 {
			w := binary.LittleEndian.Uint64(b[k:])
			qm |= swar.PackFlags(swar.ZeroBytes(w^bq)) << k
			em |= swar.PackFlags(swar.ZeroBytes(w^bd)|swar.ZeroBytes(w^blf)|swar.ZeroBytes(w^bcr)) << k
		}
		q[j], e[j] = qm, em
	}
	copy(in, q)
	return prefixGeneric(in, carry)
}
