package csvscan

import (
	"io"

	"github.com/csvscan/csvscan/internal/decode"
)

// ErrEncoding is returned by Decode, and by Open for Options.Encoding, for
// an encoding it does not know.
var ErrEncoding = decode.ErrUnknown

// Decode returns a reader that yields r's text as UTF-8, for DuckDB's
// encoding option and a few more: "utf-8" (r itself), "latin-1" (ISO
// 8859-1), "windows-1252", and "utf-16" (little-endian unless a byte order
// mark says big-endian), "utf-16le" and "utf-16be". Names ignore case, '-'
// and '_' ("UTF8", "ISO-8859-1", "cp1252" are accepted). Text that is not
// valid in its encoding (a latin-1 byte in 0x80 to 0x9F, an unpaired
// UTF-16 surrogate, an odd last byte) is an error matching ErrDecoding,
// after the text before it. The scanner reads bytes; decoding first is
// how a file in another encoding is read, as DuckDB decodes its buffers
// before parsing. Open does this itself with Options.Encoding; Decode is
// for a scanner you set up yourself.
func Decode(r io.Reader, encoding string) (io.Reader, error) {
	return decode.Reader(r, encoding)
}
