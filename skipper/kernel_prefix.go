package skipper

import "github.com/csvscan/csvscan/swar"

// vecPrefixXOR replaces each word of m by its prefix XOR (swar.PrefixXOR)
// continued across the words: word j is XORed with all ones when the
// prefix XOR of the words before it (and carry) ends in a set bit. carry is
// 0 or 1, the parity before m[0]; the result is the parity after the last
// word. Applied to the quote masks of consecutive blocks, it marks the bytes
// inside quotes of the whole run; carry says whether the run starts inside.
//
// On amd64 with the PCLMULQDQ instruction one carry-less multiply per word
// computes the prefix; elsewhere the shift-XOR chain does.
func vecPrefixXOR(m []uint64, carry uint64) uint64 {
	if len(m) == 0 {
		return carry & 1
	}
	return prefixXOR(m, carry&1)
}

// prefixGeneric is the portable vecPrefixXOR.
func prefixGeneric(m []uint64, carry uint64) uint64 {
	c := -carry // 0 or all ones
	for j, w := range m {
		p := swar.PrefixXOR(w) ^ c
		m[j] = p
		c = uint64(int64(p) >> 63)
	}
	return c & 1
}
