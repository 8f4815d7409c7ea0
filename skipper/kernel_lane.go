package skipper

import (
	"encoding/binary"

	"github.com/csvscan/csvscan/swar"
)

// vecLaneSet holds the bytes the quote-aware lane looks for: the quote, and the
// enders (the delimiter, LF and CR).
//
// When every ender is ASCII and no two share their low four bits (the
// delimiter is not ':', '-', '=' or another byte of LF's or CR's low
// nibble), table lets a kernel find all three with one byte shuffle and
// one compare instead of three compares (nibble): table[c&15] is c for each
// ender c, and every other entry a byte whose low nibble is not its
// index, so that a byte b is an ender exactly when table[b&15] == b (the
// shuffle gives 0 for a byte of 128 or more, which no such b equals).
type vecLaneSet struct {
	bytes  [4]byte // quote, delimiter, LF, CR (or LaneMasks' three enders)
	table  [16]byte
	nibble bool
}

// newVecLaneSet returns the vecLaneSet of a quote and a one-byte delimiter.
func newVecLaneSet(quote, delimiter byte) vecLaneSet {
	return newLaneSet(quote, [3]byte{delimiter, '\n', '\r'})
}

// newLaneSet returns the vecLaneSet of a quote and any three enders
// (repeats allowed).
func newLaneSet(quote byte, enders [3]byte) vecLaneSet {
	s := vecLaneSet{bytes: [4]byte{quote, enders[0], enders[1], enders[2]}, nibble: true}
	for n := range s.table {
		s.table[n] = byte(n+1) & 15 // its low nibble is not n: it equals no byte b with b&15 == n
	}
	var taken [16]bool
	for _, c := range enders {
		n := c & 15
		if c >= 0x80 || taken[n] && s.table[n] != c {
			s.nibble = false
		}
		s.table[n], taken[n] = c, true
	}
	return s
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
