package sniff

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// countAt reads data, but a read that covers byte at returns n(p) bytes
// and no error: a ReaderAt that breaks its contract there.
type countAt struct {
	data []byte
	at   int64
	n    func(p []byte) int
}

func (c *countAt) ReadAt(p []byte, off int64) (int, error) {
	k, err := bytes.NewReader(c.data).ReadAt(p, off)
	if off <= c.at && c.at < off+int64(len(p)) {
		n := c.n(p)
		for i := len(p); i < min(n, cap(p)); i++ {
			p[:cap(p)][i] = 'x' // bytes that are not the input's
		}
		return n, nil
	}
	return k, err
}

// TestBrokenReaderAt: Sniff of a ReaderAt that returns more bytes than it
// was given, or a negative count, fails with an error. A count past
// the slice was taken: the bytes past it (in the head's spare capacity)
// were sniffed as the input's, and the head ran past the input's size.
func TestBrokenReaderAt(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("a,b,c\n")
	for i := range 200 {
		fmt.Fprintf(&sb, "%d,x%d,%d.5\n", i, i, i)
	}
	data := []byte(sb.String())
	for name, n := range map[string]func([]byte) int{
		"too many": func(p []byte) int { return len(p) + 5 },
		"negative": func([]byte) int { return -1 },
	} {
		for _, at := range []int64{0, 1000} {
			res, err := Sniff(&countAt{data: data, at: at, n: n}, int64(len(data)), Options{})
			if err == nil {
				t.Errorf("%s at %d: %d columns and no error; want an error", name, at, len(res.Columns))
			}
		}
	}
}
