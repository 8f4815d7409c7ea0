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
//   - maxHead bytes, unless the whole input is asked for, or the first
//     two lines end past it (then just past the second's end: a header
//     and a data row of up to the maximum line size each are always
//     sampled, so that a raised maximum line size reads a first row
//     longer than maxHead as DuckDB does, rather than typing the columns
//     from the header alone);
//   - the end of the input (the head is then final).
//
// The cut depends on the bytes only, never on how a reader hands them out,
// so a reader that gives one byte at a time is sniffed exactly as the same
// bytes in one slice. A negative sample size removes the first rule. For an
// io.ReaderAt whose head is not the whole input, the sniffer also reads
// windows of windowSize bytes at windows evenly spaced offsets after the
// head and one at its end (readWindows); type refinement uses those that
// read cleanly (refine.go). When the
// head was cut at DefaultSampleBytes and holds no '"', one more window
// starts at the line of the first '"' in the rest of the rows DuckDB
// samples (quoteWindow), so that a first quoted value after the head is
// found wherever it lies in them (quoteLater), and the rest of those rows,
// up to restBytes past the head, refines the types a chunk at a time
// (rest, refineTypes). A plain
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
	"strings"

	"github.com/csvscan/csvscan/dialect"
)

const (
	firstRead  = 64 << 10
	maxHead    = 64 << 20
	windows    = 4
	windowSize = 64 << 10
	quoteScan  = 1 << 20  // the bytes quoteWindow reads at a time
	restChunk  = 64 << 10 // the bytes of the rest that refinement reads at a time
	// restBytes and restValues bound the rest that refinement reads:
	// 8 MiB past the head, and the chunks until they have held 32Ki
	// values. Refinement costs about 55 ns a value (every row split, its
	// values cast), so the rest costs at most about 2 ms: 6,500 rows of
	// five values (6.5 MB of 1 KB rows, where the head holds 1,000), some
	// 1,000 rows of a 32-column table.
	restBytes  = 8 << 20
	restValues = 32 << 10
	// maxEmptyReads is the number of consecutive (0, nil) reads after
	// which a reader is given up on (bufio's maxConsecutiveEmptyReads).
	maxEmptyReads = 100
)

// headCut finds where the head ends as bytes arrive: feed it a growing
// buffer, and it scans each byte once.
type headCut struct {
	rows    int // sample size in lines that are not empty; negative: no limit
	bytes   int // the head ends at the first line end at or past this offset; 0: no limit
	maxLine int
	lf, cr  int // LF and CR bytes seen that end a line that is not empty, or past emptyLines empty ones
	empty   int // empty lines seen
	lastEnd int // offset just past the last LF or CR
	lfEnd   int // offset just past the last LF
	second  int // offset just past the second line counted, 0 before it
	pos     int // bytes scanned
	long    int // offset of the line that is too long, or -1
}

// capped reports whether the head is cut at maxHead: when the sample is
// limited and its second line ended by then.
func (h *headCut) capped() bool {
	return h.rows >= 0 && h.second > 0 && h.second <= maxHead
}

// counted notes a line end counted just before offset e and reports
// whether it ends the second line past maxHead: the cut. (A CRLF counts
// as a CR and as an LF, so the lines are the larger count.)
func (h *headCut) counted(e int) bool {
	if h.second > 0 || max(h.lf, h.cr) < 2 {
		return false
	}
	h.second = e
	return h.rows >= 0 && e > maxHead
}

// feed scans b[h.pos:] (b grows between calls, its prefix unchanged) and
// returns the offset where the head ends, or -1 when b holds no cut yet.
// h.long is set to the start of a line longer than the maximum when that
// is why the head ends.
func (h *headCut) feed(b []byte) int {
	if h.capped() && len(b) > maxHead {
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
			if stop > h.lastEnd || h.emptyLine() {
				h.cr++
				if h.counted(stop + 1) {
					return stop + 1
				}
				if h.capped() && len(b) > maxHead {
					b, end = b[:maxHead], min(end, maxHead)
				}
			}
			h.lastEnd = stop + 1
			if h.lf == 0 && (h.rows >= 0 && h.cr > h.rows || h.bytes > 0 && stop+1 >= h.bytes) {
				return stop + 1
			}
			i = stop + 1
		}
		if end == len(b) {
			break
		}
		if end > h.lfEnd && (end > h.lfEnd+1 || b[h.lfEnd] != '\r') || h.emptyLine() {
			h.lf++
			if h.counted(end + 1) {
				return end + 1
			}
			if h.capped() && len(b) > maxHead {
				b = b[:maxHead]
			}
		}
		h.lastEnd, h.lfEnd = end+1, end+1
		if h.rows >= 0 && h.lf > h.rows || h.bytes > 0 && end+1 >= h.bytes {
			return end + 1
		}
		i = end + 1
	}
	h.pos = len(b)
	if h.capped() && len(b) == maxHead {
		return maxHead
	}
	return -1
}

// emptyLines is the most empty lines the head passes over without counting
// them as lines of the sample: the sniffer reads no row from them, as
// DuckDB's does not (a table below 30,000 empty lines was found in a
// sample of empty lines and all of it skipped), and a file of nothing
// but line ends is still sampled in a megabyte or two.
const emptyLines = 1 << 20

// emptyLine records an empty line and reports whether it counts as a line
// of the sample: only past the first emptyLines.
func (h *headCut) emptyLine() bool {
	h.empty++
	return h.empty > emptyLines
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
// zero). size is the bytes r holds, or -1 when that is not known: the
// buffer grows to no more than that and a byte to see the end (a first
// row of 80 MB took a head of 128 MiB). On a read error it returns the
// bytes read so far in buf and the error.
func readHead(r io.Reader, size int64, rows, maxBytes, maxLine int) (head, error) {
	h := headCut{rows: rows, bytes: maxBytes, maxLine: maxLine, long: -1}
	buf := make([]byte, 0, max(firstRead, maxBytes+firstRead))
	empty := 0
	for {
		if len(buf) == cap(buf) {
			// Double: the buffer is at most twice what was read. (Growing
			// to what the sample needs at the line length seen so far
			// allocated 64 MiB for a stream of 16 MB of long lines.)
			want := max(2*cap(buf), len(buf)+firstRead)
			if h.capped() {
				want = min(want, maxHead+firstRead)
			}
			if size >= 0 {
				want = min(want, int(size)+1)
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
// of the given size: windows evenly spaced in the rest when it is longer
// than one, and one that ends at the input's end, so that the last rows
// (where a late value or a total lies) are always looked at, however
// short the rest. The last window starts no later than the head's last
// byte when the rest is shorter than a window: its first line, which
// windowRows skips as one a window may start inside, then ends in the
// head. An input that does not end in a line end gets one after its last
// byte, so that its last row counts too. A read error is returned, and an
// input that ends before size is io.ErrUnexpectedEOF.
func readWindows(r io.ReaderAt, size, after int64) ([][]byte, error) {
	rest := size - after
	if rest <= 0 || after <= 0 {
		return nil, nil
	}
	var offs []int64
	if rest > windowSize {
		for i := int64(1); i <= windows; i++ {
			off := after + rest*i/(windows+1) - windowSize/2
			offs = append(offs, max(after, min(off, size-windowSize)))
		}
		if end := size - windowSize; end > offs[len(offs)-1] {
			offs = append(offs, end)
		}
	} else {
		offs = append(offs, max(0, min(after-1, size-windowSize)))
	}
	var out [][]byte
	for _, off := range offs {
		n := int64(windowSize)
		if rest <= windowSize {
			n = size - off // the rest whole, from the head's last byte or before
		}
		w := make([]byte, n, n+1)
		if err := readFull(r, w, off, size); err != nil {
			return nil, err
		}
		if off+n == size && w[n-1] != '\n' && w[n-1] != '\r' {
			w = append(w, '\n')
		}
		out = append(out, w)
	}
	return out, nil
}

// quoteWindow returns a window of windowSize bytes (fewer at the input's
// end) from the start of the line that holds the first '"' after offset
// after, among the lines that start before line rows of the input (DuckDB's
// sample, counted in LFs; after holds lines of them) and in its first
// maxHead bytes; nil when there is none. It reads quoteScan bytes at a
// time and keeps none of them: a large input without a quote costs one
// pass of bytes.IndexByte and bytes.Count over DuckDB's sample, not the
// sniff of it.
func quoteWindow(r io.ReaderAt, size, after int64, lines, rows int) ([]byte, error) {
	buf := make([]byte, quoteScan)
	end := min(size, maxHead)
	for off := after; off < end && lines < rows; {
		n := int(min(int64(len(buf)), end-off))
		if err := readFull(r, buf[:n], off, size); err != nil {
			return nil, err
		}
		chunk := buf[:n]
		if i := bytes.IndexByte(chunk, '"'); i >= 0 {
			if lines+bytes.Count(chunk[:i], []byte{'\n'}) >= rows {
				return nil, nil // past DuckDB's sample
			}
			start := off + int64(bytes.LastIndexByte(chunk[:i], '\n')+1)
			if start == off && off > after {
				start = max(after, off+int64(i)-windowSize/2) // the line began in the last chunk
			}
			w := make([]byte, min(windowSize, size-start))
			if err := readFull(r, w, start, size); err != nil {
				return nil, err
			}
			return w, nil
		}
		lines += bytes.Count(chunk, []byte{'\n'})
		off += int64(n)
	}
	return nil, nil
}

// readFull reads len(p) bytes at off of an input of the given size: an
// input that ends before them is io.ErrUnexpectedEOF.
func readFull(r io.ReaderAt, p []byte, off, size int64) error {
	n, err := r.ReadAt(p, off)
	if n == len(p) {
		err = nil // io.ReaderAt may give io.EOF with the input's last bytes
	}
	if errors.Is(err, io.EOF) || (err == nil && n < len(p)) {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return fmt.Errorf("csvscan: reading %d bytes at offset %d of %d: %w", len(p), off, size, err)
	}
	return nil
}

// rest is the part of DuckDB's sample past a head that Sniff cut at
// DefaultSampleBytes: the lines after the head up to DuckDB's sample size,
// in the restBytes after the head (refineTypes stops after restValues). Type refinement reads it a chunk at a time
// (refineRest), keeping none of it, so that a type that changes past the
// head but within DuckDB's rows is found as DuckDB finds it.
type rest struct {
	r           io.ReaderAt
	size, after int64 // the input's size, and where the head ends
	lines, rows int   // the head's lines, and DuckDB's sample in lines
	nl          byte  // the byte lines are counted by: LF, or CR when the head holds no LF
}

// chunks calls fn with the rest, restChunk bytes or so at a time, for as
// long as fn returns true: each chunk starts at the line end before its
// first line and ends just past a line end, and the next starts at that
// line end, so every line of the rest is whole in one chunk (a line
// longer than a chunk is passed over). A read error is returned.
func (rs *rest) chunks(fn func([]byte) bool) error {
	buf := make([]byte, restChunk)
	lines := rs.lines
	end := min(rs.size, rs.after+restBytes)
	for off := rs.after - 1; off < end-1 && lines < rs.rows; {
		n := int(min(int64(len(buf)), end-off))
		if err := readFull(rs.r, buf[:n], off, rs.size); err != nil {
			return err
		}
		c := buf[:n]
		k := lastLineEnd(c)
		if k <= 1 {
			off += int64(n) - 1 // inside a line longer than a chunk
			continue
		}
		c = c[:k]
		// The rest ends at the line end of DuckDB's last sampled line.
		for i, left := 1, rs.rows-lines; i < len(c); {
			j := bytes.IndexByte(c[i:], rs.nl)
			if j < 0 {
				break
			}
			i += j + 1
			lines++
			if left--; left == 0 {
				c = c[:i]
				break
			}
		}
		if !fn(c) {
			return nil
		}
		off += int64(len(c)) - 1
	}
	return nil
}

// quoteLater gives res the quote '"' (its own escape, RFC 4180's) when
// the sample holds no '"' at all, the sniffed dialect has no quote, and a
// window from later in the file holds a value quoted with it: a file
// whose first quoted value comes after the head. With no '"' in the
// sample, the quoted dialect reads the sample exactly as the one without
// (see canonical), so every other decision stands; without it, the read
// would stop at the first quoted value that holds a delimiter, with a
// field-count error far into the file. DuckDB samples the head only and
// reads such a file without a quote.
func (s *session) quoteLater(res *Result) {
	d := res.Dialect
	if s.opts.Fixed&Quote != 0 || d.Quote.IsSet() || len(s.windows) == 0 || s.has('"') ||
		strings.IndexByte(d.Delimiter, '"') >= 0 {
		return
	}
	for i, w := range s.windows {
		if quotedValue(w, d.Delimiter) {
			d.Quote = dialect.Some('"')
			if s.opts.Fixed&Escape == 0 {
				d.Escape = d.Quote
			}
			if d.Validate() != nil {
				return
			}
			s.tracef("window %d holds values quoted with '\"', the head none: quote '\"'\n", i+1)
			res.Dialect = d
			return
		}
	}
}

// quotedValue says w holds a value in '"' quotes: a '"' at the start of a
// line or after delim, and a later '"' before delim or a line end.
func quotedValue(w []byte, delim string) bool {
	for i := 0; i < len(w); i++ {
		j := bytes.IndexByte(w[i:], '"')
		if j < 0 {
			return false
		}
		i += j
		if !(i == 0 || w[i-1] == '\n' || w[i-1] == '\r' || bytes.HasSuffix(w[:i], []byte(delim))) {
			continue
		}
		k := bytes.IndexByte(w[i+1:], '"')
		if k < 0 {
			return false
		}
		e := i + 1 + k + 1 // just past the closing quote
		if e == len(w) || w[e] == '\n' || w[e] == '\r' || bytes.HasPrefix(w[e:], []byte(delim)) {
			return true
		}
	}
	return false
}
