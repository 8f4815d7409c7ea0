package sniff

// Sampling: which bytes the sniffer reads.
//
// The head of the input ends at the first of these points:
//
//   - just past the line end that follows the sample size in lines
//     (counting LF, or CR while the head holds no LF; a quoted line end
//     counts too, so the head may hold somewhat fewer rows);
//   - for Sniff of an input over 16 MiB with the default sample size,
//     just past the first line end at or after DefaultSampleBytes: a
//     large file of long rows is sampled by its first megabyte and the
//     windows, not by 20,480 rows of 1 KB each (see DefaultSampleBytes
//     for why);
//   - one byte past the maximum line size after the last line end: no
//     dialect can read a row that long, so nothing after it can help
//     (every candidate that reaches that row is dropped, and when none is
//     left the error says so);
//   - maxHead bytes, unless the whole input is asked for;
//   - the end of the input (the head is then final).
//
// The cut depends on the bytes only, never on how a reader hands them out,
// so a reader that gives one byte at a time is sniffed exactly as the same
// bytes in one slice. A negative sample size removes the first rule. For an
// io.ReaderAt whose head is not the whole input, the sniffer also reads
// windows of windowSize bytes at windows evenly spaced offsets after the
// head; type refinement uses those that read cleanly (refine.go). A plain
// io.Reader is sampled from its head only, as DuckDB samples a compressed
// file or standard input.
//
// A read that fails is the sniff's error, never a short sample: only io.EOF
// ends the input, an io.ReaderAt that ends before its stated size is
// io.ErrUnexpectedEOF, and a reader that returns no bytes and no error
// maxEmptyReads times in a row is io.ErrNoProgress, as for bufio.Scanner.
// The line ends are counted once per byte as the head grows, so sniffing a
// stream costs time linear in the head whatever the size of its reads.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

const (
	firstRead  = 64 << 10
	maxHead    = 64 << 20
	windows    = 4
	windowSize = 64 << 10
	// maxEmptyReads is the number of consecutive (0, nil) reads after
	// which a reader is given up on (bufio's maxConsecutiveEmptyReads).
	maxEmptyReads = 100
)

// headCut finds where the head ends as bytes arrive: feed it a growing
// buffer, and it scans each byte once.
type headCut struct {
	rows    int // sample size in lines; negative: no limit
	bytes   int // the head ends at the first line end at or past this offset; 0: no limit
	maxLine int
	lf, cr  int // LF and CR bytes seen
	lastEnd int // offset just past the last LF or CR
	pos     int // bytes scanned
	long    int // offset of the line that is too long, or -1
}

// feed scans b[h.pos:] (b grows between calls, its prefix unchanged) and
// returns the offset where the head ends, or -1 when b holds no cut yet.
// h.long is set to the start of a line longer than the maximum when that
// is why the head ends.
func (h *headCut) feed(b []byte) int {
	limited := h.rows >= 0
	if limited && len(b) > maxHead {
		b = b[:maxHead]
	}
	i := h.pos
	for i < len(b) {
		end := len(b)
		if j := bytes.IndexByte(b[i:], '\n'); j >= 0 {
			end = i + j
		}
		// b[i:end] holds no LF: its CRs, then the gap to end.
		for {
			stop := end
			k := bytes.IndexByte(b[i:end], '\r')
			if k >= 0 {
				stop = i + k
			}
			if stop-h.lastEnd > h.maxLine {
				h.long = h.lastEnd
				return h.lastEnd + h.maxLine + 1
			}
			if k < 0 {
				break
			}
			h.cr++
			h.lastEnd = stop + 1
			if h.lf == 0 && (h.rows >= 0 && h.cr > h.rows || h.bytes > 0 && stop+1 >= h.bytes) {
				return stop + 1
			}
			i = stop + 1
		}
		if end == len(b) {
			break
		}
		h.lf++
		h.lastEnd = end + 1
		if h.rows >= 0 && h.lf > h.rows || h.bytes > 0 && end+1 >= h.bytes {
			return end + 1
		}
		i = end + 1
	}
	h.pos = len(b)
	if limited && len(b) == maxHead {
		return maxHead
	}
	return -1
}

// lines is the number of line ends counted so far (LF, or CR when there
// is no LF).
func (h *headCut) lines() int {
	if h.lf > 0 {
		return h.lf
	}
	return h.cr
}

// head is the sampled head of an input.
type head struct {
	buf   []byte // every byte read from the input (at least data)
	data  []byte // the head: buf[:cut]
	final bool   // data is the whole input
	long  int    // offset of a line longer than the maximum that ends the head, or -1
}

// readHead reads the head of r for a sample of rows lines (all of r when
// rows is negative) and at most about maxBytes bytes (no limit when it is
// zero). On a read error it returns the bytes read so far in buf and the
// error.
func readHead(r io.Reader, rows, maxBytes, maxLine int) (head, error) {
	h := headCut{rows: rows, bytes: maxBytes, maxLine: maxLine, long: -1}
	buf := make([]byte, 0, max(firstRead, maxBytes+firstRead))
	empty := 0
	for {
		if len(buf) == cap(buf) {
			// Grow to what the sample needs at the line length seen so
			// far (with a margin), or double; never past 32 times what was
			// read (4 times before 16 lines), so the buffer stays within
			// a bounded multiple of the input when the estimate is wrong.
			want := 2 * cap(buf)
			if nl := h.lines(); rows > 0 && nl > 0 {
				limit := 32 * len(buf)
				if nl < 16 {
					limit = 4 * len(buf)
				}
				want = max(want, min(len(buf)/nl*(rows+1)*5/4, limit))
			}
			want = max(want, len(buf)+firstRead)
			if rows >= 0 {
				want = min(want, maxHead+firstRead)
			}
			if maxBytes > 0 && len(buf) < maxBytes {
				want = min(want, maxBytes+firstRead)
			}
			grown := make([]byte, len(buf), want)
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		if n < 0 || n > cap(buf)-len(buf) {
			return head{buf: buf, long: -1}, fmt.Errorf("csvscan: reader returned %d bytes for a buffer of %d", n, cap(buf)-len(buf))
		}
		buf = buf[:len(buf)+n]
		if err != nil && err != io.EOF {
			return head{buf: buf, long: -1}, err
		}
		if cut := h.feed(buf); cut >= 0 {
			return head{buf: buf, data: buf[:cut], long: h.long}, nil
		}
		if err == io.EOF {
			return head{buf: buf, data: buf, final: true, long: -1}, nil
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyReads {
			return head{buf: buf, long: -1}, io.ErrNoProgress
		}
	}
}

// headOf is readHead over bytes already in memory: the head is a prefix of
// data, not a copy.
func headOf(data []byte, rows, maxBytes, maxLine int) head {
	h := headCut{rows: rows, bytes: maxBytes, maxLine: maxLine, long: -1}
	if cut := h.feed(data); cut >= 0 {
		return head{buf: data, data: data[:cut], long: h.long}
	}
	return head{buf: data, data: data, final: true, long: -1}
}

// readWindows reads the windows after the first `after` bytes of an input
// of the given size. A read error is returned, and an input that ends
// before size is io.ErrUnexpectedEOF.
func readWindows(r io.ReaderAt, size, after int64) ([][]byte, error) {
	rest := size - after
	if rest <= windowSize {
		return nil, nil
	}
	var out [][]byte
	for i := int64(1); i <= windows; i++ {
		off := after + rest*i/(windows+1) - windowSize/2
		off = max(after, min(off, size-windowSize))
		w := make([]byte, windowSize)
		n, err := r.ReadAt(w, off)
		if n == len(w) {
			err = nil // io.ReaderAt may give io.EOF with the input's last bytes
		}
		if errors.Is(err, io.EOF) || (err == nil && n < len(w)) {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return nil, fmt.Errorf("csvscan: reading %d bytes at offset %d of %d: %w", len(w), off, size, err)
		}
		out = append(out, w)
	}
	return out, nil
}
