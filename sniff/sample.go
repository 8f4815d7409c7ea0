package sniff

// Sampling: which bytes the sniffer reads.
//
// The head of the input is read in growing steps until it holds the sample
// size in lines (counting LF, or CR when there is no LF; a quoted line end
// counts too, so the head may hold somewhat fewer rows), the input ends, or
// maxHead bytes are read. A negative sample size reads the whole input. For
// an io.ReaderAt whose head is not the whole input, the sniffer also reads
// windows of windowSize bytes at windows evenly spaced offsets after the
// head; type refinement uses those that read cleanly (refine.go). A plain
// io.Reader is sampled from its head only, as DuckDB samples a compressed
// file or standard input.

import (
	"bytes"
	"errors"
	"io"
)

const (
	firstRead  = 64 << 10
	maxHead    = 64 << 20
	windows    = 4
	windowSize = 256 << 10
)

// readHead reads the head of r: enough for rows lines (all of r when rows
// is negative). final reports that r ended within the head.
func readHead(r io.Reader, rows int) (head []byte, final bool, err error) {
	buf := make([]byte, 0, firstRead)
	for {
		if len(buf) == cap(buf) {
			// Grow to what the sample needs at the line length seen so
			// far (with a margin), or double.
			want := 2 * cap(buf)
			if nl := bytes.Count(buf, []byte{'\n'}); rows > 0 && nl > 0 {
				want = max(want, len(buf)/nl*(rows+1)*5/4)
			}
			grown := make([]byte, len(buf), min(max(want, len(buf)+firstRead), maxHead+firstRead))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, true, nil
		}
		if err != nil {
			return buf, false, err
		}
		if rows >= 0 && (len(buf) >= maxHead || enoughLines(buf, rows)) {
			return buf, false, nil
		}
	}
}

// enoughLines says b holds more than rows line ends.
func enoughLines(b []byte, rows int) bool {
	nl := bytes.Count(b, []byte{'\n'})
	if nl == 0 {
		nl = bytes.Count(b, []byte{'\r'})
	}
	return nl > rows
}

// readWindows reads the windows after the first `after` bytes of an input
// of the given size. A window that cannot be read is left out.
func readWindows(r io.ReaderAt, size, after int64) [][]byte {
	rest := size - after
	if rest <= windowSize {
		return nil
	}
	var out [][]byte
	for i := int64(1); i <= windows; i++ {
		off := after + rest*i/(windows+1) - windowSize/2
		off = max(after, min(off, size-windowSize))
		w := make([]byte, windowSize)
		n, err := r.ReadAt(w, off)
		if err != nil && !errors.Is(err, io.EOF) {
			continue
		}
		out = append(out, w[:n])
	}
	return out
}
