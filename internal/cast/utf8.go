package cast

import (
	"encoding/binary"
	"unicode/utf8"
)

// ValidUTF8 reports whether b is valid UTF-8, as utf8.Valid does, with a
// faster pass over ASCII: 64 or 32 bytes per step (eight or four words
// or'ed, one test of their high bits), twice as fast as utf8.Valid on
// 256 bytes of ASCII (BenchmarkValidUTF8). The first step that holds
// a byte of 0x80 or more hands the rest to utf8.Valid: the bytes before it
// are ASCII, so the rest starts at a character boundary. A VARCHAR value
// is checked this way before it is copied into its vector; on 256-byte
// notes utf8.Valid was 12% of the typed reader's time (CPU profile of
// BenchmarkTyped, note=256/quoted).
func ValidUTF8(b []byte) bool {
	p := b
	for len(p) >= 64 {
		w := binary.LittleEndian.Uint64(p) | binary.LittleEndian.Uint64(p[8:]) |
			binary.LittleEndian.Uint64(p[16:]) | binary.LittleEndian.Uint64(p[24:]) |
			binary.LittleEndian.Uint64(p[32:]) | binary.LittleEndian.Uint64(p[40:]) |
			binary.LittleEndian.Uint64(p[48:]) | binary.LittleEndian.Uint64(p[56:])
		if w&0x8080808080808080 != 0 {
			return utf8.Valid(p)
		}
		p = p[64:]
	}
	for len(p) >= 32 {
		w := binary.LittleEndian.Uint64(p) | binary.LittleEndian.Uint64(p[8:]) |
			binary.LittleEndian.Uint64(p[16:]) | binary.LittleEndian.Uint64(p[24:])
		if w&0x8080808080808080 != 0 {
			return utf8.Valid(p)
		}
		p = p[32:]
	}
	return utf8.Valid(p)
}
