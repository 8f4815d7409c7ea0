package csvscan

import (
	"io"

	"github.com/csvscan/csvscan/internal/decode"
)

// ErrEncoding is returned by Decode, and by Open for Options.Encoding, for
// an encoding it does not know.
var ErrEncoding = decode.ErrUnknown

// Decode returns a reader that yields r's text as UTF-8, for DuckDB's
// encoding option: "utf-8" (r itself), "latin-1" (ISO 8859-1: every byte
// is the code point of the same value) and "utf-16" (little-endian unless a
// byte order mark FE FF says big-endian; the mark is dropped, and an
// unpaired surrogate, or an odd last byte, becomes U+FFFD). Names ignore case, '-' and '_'
// ("UTF8", "latin1", "ISO-8859-1" are accepted). The scanner reads bytes;
// decoding first is how a file in another encoding is read, as DuckDB
// decodes its buffers before parsing. Open does this itself with
// Options.Encoding; Decode is for a scanner you set up yourself.
func Decode(r io.Reader, encoding string) (io.Reader, error) {
	return decode.Reader(r, encoding)
}
