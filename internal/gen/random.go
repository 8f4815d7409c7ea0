package gen

import (
	"math/rand/v2"

	"github.com/csvscan/csvscan/dialect"
)

// Dialect makes a valid dialect out of a few fuzzer bytes, or reports
// false: the delimiter as given (1 to 4 bytes), and from sel the quote
// (", ' or none), the escape (the quote, a backslash or none), a comment
// '#' or none, the newline mode and strict or lenient. The differential
// tests and fuzz targets of scanner and split use it, so that they try
// the same dialects.
func Dialect(sel uint32, delim string) (dialect.Dialect, bool) {
	if len(delim) == 0 || len(delim) > 4 {
		return dialect.Dialect{}, false
	}
	quotes := []dialect.Char{dialect.Some('"'), dialect.Some('\''), dialect.None}
	d := dialect.Dialect{Delimiter: delim}
	d.Quote = quotes[sel%3]
	switch (sel / 3) % 3 {
	case 0:
		d.Escape = d.Quote
	case 1:
		if d.Quote.IsSet() {
			d.Escape = dialect.Some('\\')
		}
	}
	if (sel/9)%2 == 1 {
		d.Comment = dialect.Some('#')
	}
	d.Newline = dialect.Newline((sel / 18) % 4)
	d.Lenient = (sel/72)%2 == 1
	return d, d.Validate() == nil
}

// noiseAlphabet holds every byte that means something to some dialect
// Dialect makes, and a little text.
var noiseAlphabet = []byte("ab ,;|\"'\\#\n\r\t")

// Noise returns n random bytes of the bytes that mean something to some
// dialect, and a little text: inputs that reach every state.
func Noise(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = noiseAlphabet[rng.IntN(len(noiseAlphabet))]
	}
	return b
}
