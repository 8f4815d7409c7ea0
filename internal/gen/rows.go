package gen

import (
	"bufio"
	"io"
	"math/rand/v2"
)

// The pieces of a row that every fixture shares: the region column, the
// words of the text columns and the loop that writes whole rows up to a
// size. Write builds the six shapes from them; the 32-column fixture of the
// benchmark runner (internal/gen/wide) does too, so that both draw their
// regions and words the same way.

// Region returns the next row's region: "apac" for 50% of the rows, "emea"
// for 49% and "rare" for 1%. It draws one number from rng.
func Region(rng *rand.Rand) string {
	switch r := rng.IntN(100); {
	case r < apacPercent:
		return "apac"
	case r < apacPercent+emeaPercent:
		return "emea"
	default:
		return "rare"
	}
}

// Word returns a word of the fixtures' vocabulary: lowercase ASCII, 2 to 9
// letters, never a byte that means something to a CSV dialect. It draws one
// number from rng.
func Word(rng *rand.Rand) string { return words[rng.IntN(len(words))] }

// WriteRows writes header to w, then the rows next returns, each with its
// line end, until at least size bytes are written (the header counts; a size
// no larger than the header gives the header alone). next may reuse the
// slice it returned before. It returns the first error of w.
func WriteRows(w io.Writer, header string, size int64, next func() []byte) error {
	bw := bufio.NewWriterSize(w, 256<<10)
	n, err := bw.WriteString(header)
	written := int64(n)
	for err == nil && written < size {
		n, err = bw.Write(next())
		written += int64(n)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}
