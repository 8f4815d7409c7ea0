package csv

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// fromRow makes the record from the Scanner's row when encoding/csv would
// read the same fields from the same bytes; otherwise it returns false,
// and changes nothing the last record's FieldPos and InputOffset need.
//
// Two quick paths take the rows of a well-formed file without looking at
// a field twice. A row with no quote at all is the line cut at each Comma
// for the table as for encoding/csv: its values' lengths and delimiters
// must add up to the row's length (plainRow). A row whose quotes are all
// the quotes of quoted fields that lie in place (no escaped quote, no
// spaces around them) is checked field by field on its raw bytes
// (quotedRow). The fields of both are cut from one string of the row's
// bytes (window), and their positions are worked out from that string
// only when asked for (spans).
//
// Every other row (TrimLeadingSpace, LazyQuotes, escaped quotes, a CR in
// a quoted field, spaces around quotes, a bare quote) goes through walkRow:
// it parses the row's raw bytes as encoding/csv would, field after field,
// and checks each field against the Scanner's value: an unquoted field
// must be the value's raw bytes (with no quote unless LazyQuotes,
// TrimLeadingSpace applied), a quoted one `"`, the value with each quote
// doubled, and `"`; each field is followed by the delimiter, the last by
// the row's end (its line end or the end of input). Everything else (`"a"
// "b"`, which the Scanner reads as "a b", lenient mode's text after a
// closing quote, a partial multi-byte delimiter after a closing quote,
// spaces around quotes) is left to encoding/csv.
func (r *Reader) fromRow(dst []string, row [][]byte) ([]string, bool) {
	s := r.s
	raw := s.RowBytes()
	base := r.sbase + s.RowOffset() // the input offset of raw[0]
	if !r.TrimLeadingSpace {
		if bytes.IndexByte(raw, '"') < 0 {
			if rec, ok := r.plainRow(dst, row, raw, base); ok {
				return rec, true
			}
		} else if !r.lazy {
			if rec, ok := r.quotedRow(dst, row, raw, base); ok {
				return rec, true
			}
		}
	}
	quotes := bytes.Count(raw, quote)
	// A CR can only be inside quotes: CRLF to turn into LF.
	r.rewrite = quotes > 0 && bytes.IndexByte(raw, '\r') >= 0
	// First without looking for quotes in the values: if the quotes of
	// the quoted fields are all the row's quotes, there is none elsewhere.
	ok, seen := r.walkRow(row, raw, base, false)
	if ok && seen != quotes {
		ok, _ = r.walkRow(row, raw, base, true)
	}
	if !ok {
		return nil, false
	}
	r.rowEnd, r.pending = base+int64(len(raw)), false
	return r.strings(dst, row, raw, base), true
}

// plainRow makes the record of a row that holds no quote, raw, at input
// offset base. With no quote the table has nothing to open, escape or
// close (the Reader's dialect has no comment and no escape but the
// quote), and a line end ends the row, so the values are the runs of raw
// between delimiters, as encoding/csv reads them: it only checks that
// their lengths and delimiters add up to raw's length (with a multi-byte
// Comma, also where each value starts).
func (r *Reader) plainRow(dst []string, row [][]byte, raw []byte, base int64) ([]string, bool) {
	n, d := len(row), len(r.comma)
	if d > 1 {
		for i, a := 0, 0; i < n; i++ {
			if r.s.ValueOffset(i) != a {
				return nil, false
			}
			a += len(row[i]) + d
		}
	}
	w, o := r.win, int(base-r.winAt) // r.window, by hand: it is not inlined
	if base < r.winAt || base+int64(len(raw)) > r.winEnd {
		w, o = r.newWindow(base, len(raw))
	}
	start, end := o, o+len(raw)
	if cap(dst) < n {
		dst = make([]string, n)
	}
	dst = dst[:n]
	for i, v := range row {
		e := o + len(v)
		if e > end {
			return nil, false
		}
		dst[i] = w[o:e]
		o = e + d
	}
	if o-d != end {
		return nil, false
	}
	r.rowEnd, r.pending, r.text = base+int64(len(raw)), true, w[start:end]
	return dst, true
}

// quotedRow makes the record of a row with quotes, raw at input offset
// base, when each quote opens or closes a quoted field whose value lies
// in place (no escaped quote, no spaces around the quotes), no quoted
// field holds a CR (encoding/csv drops the CR of a CRLF in a quoted
// field), and LazyQuotes and TrimLeadingSpace are off. It checks the row
// as encoding/csv reads it: each field is the Scanner's value in place,
// quoted or not, followed by the delimiter, the last by the row's end;
// and the quotes of the quoted fields are all of the row's, so that no
// unquoted field holds one (csv.ErrBareQuote) and no quoted one.
func (r *Reader) quotedRow(dst []string, row [][]byte, raw []byte, base int64) ([]string, bool) {
	s := r.s
	n, d, c := len(row), len(r.comma), r.comma[0]
	w, wo := r.win, int(base-r.winAt) // r.window, by hand: it is not inlined
	if base < r.winAt || base+int64(len(raw)) > r.winEnd {
		w, wo = r.newWindow(base, len(raw))
	}
	if cap(dst) < n {
		dst = make([]string, n)
	}
	dst = dst[:n]
	a, quoted := 0, 0
	for i, v := range row {
		// (No call in this loop: a call would spill its registers.)
		o := s.ValueOffset(i)
		e := o + len(v) // past the value
		if o != a {
			// `"`, the value, `"`
			if o != a+1 || raw[a] != '"' || e >= len(raw) || raw[e] != '"' {
				return nil, false
			}
			quoted++
			e++ // past the closing quote
		}
		dst[i] = w[wo+o : wo+o+len(v)]
		a = e
		if i < n-1 {
			if a >= len(raw) || raw[a] != c || d > 1 && !bytes.HasPrefix(raw[a:], r.comma) {
				return nil, false // `"a"b,`, `"a" ,`
			}
			a += d
		}
	}
	// The quotes of the quoted fields must be all of the row's, and no
	// CR may lie in a quoted field (there is none elsewhere).
	if a != len(raw) || bytes.Count(raw, quote) != 2*quoted || bytes.IndexByte(raw, '\r') >= 0 {
		return nil, false
	}
	r.rowEnd, r.pending, r.text = base+int64(len(raw)), true, w[wo:wo+len(raw)]
	return dst, true
}

// spans returns where each field of the last record read by the Scanner
// lies. For a record of plainRow or quotedRow they are worked out now,
// from the record's text, on the rules those two checked: a field that
// opens with a quote runs to the next quote, any other to the next Comma.
func (r *Reader) spans() []fieldSpan {
	if !r.pending {
		return r.fields
	}
	t, comma := r.text, unsafe.String(unsafe.SliceData(r.comma), len(r.comma))
	f := r.fields[:0]
	for a := 0; ; a += len(comma) {
		if a < len(t) && t[a] == '"' {
			e := a + 1 + strings.IndexByte(t[a+1:], '"')
			f = append(f, fieldSpan{r.start + int64(a+1), r.start + int64(e), true})
			a = e + 1
		} else {
			j := strings.Index(t[a:], comma)
			if j < 0 {
				j = len(t) - a
			}
			f = append(f, fieldSpan{r.start + int64(a), r.start + int64(a+j), false})
			a += j
		}
		if a >= len(t) {
			break
		}
	}
	r.fields, r.pending = f, false
	return f
}

// window returns a string that holds the input bytes [at, at+n), which
// the tap holds, from index i on: the current window when it holds them,
// else a new one from at to as far as the tap holds, at most textBlock
// bytes. The records' fields are cut from the windows: a window costs
// one allocation and one copy, with no zeroing, for the many records it
// holds, where encoding/csv allocates a string per record. A field the
// caller keeps keeps its window alive: at most textBlock bytes of other
// records besides its own. A record longer than a quarter of textBlock
// gets a string of its own, as in encoding/csv.
func (r *Reader) window(at int64, n int) (w string, i int) {
	if at >= r.winAt && at+int64(n) <= r.winEnd {
		return r.win, int(at - r.winAt)
	}
	return r.newWindow(at, n)
}

// newWindow is window's allocation of a new window.
func (r *Reader) newWindow(at int64, n int) (string, int) {
	if n > textBlock/4 {
		return string(r.in.slice(at, at+int64(n))), 0
	}
	r.win, r.winAt = string(r.in.slice(at, min(r.in.end(), at+textBlock))), at
	r.winEnd = at + int64(len(r.win))
	return r.win, 0
}

// walkRow is fromRow's walk over the fields of raw, the row's bytes, which
// start at input offset base and at index b0 of the Scanner's buffer. It
// makes r.next and reports whether encoding/csv reads the Scanner's row,
// and how many quotes the fields it checked hold. Unless careful, it does
// not look for quotes in unquoted fields and in quoted values that lie
// where their bytes start: that is right when the count of the quotes it
// saw is the row's.
func (r *Reader) walkRow(row [][]byte, raw []byte, base int64, careful bool) (bool, int) {
	r.next = r.next[:0]
	seen := 0
	a, last := 0, len(row)-1
	for i, v := range row {
		vo := r.s.ValueOffset(i)
		q := a
		for r.Comma != ' ' && q < len(raw) && raw[q] == ' ' {
			q++ // spaces before a quote are padding to the Scanner
		}
		if q == len(raw) || raw[q] != '"' {
			// An unquoted field: the value's raw bytes.
			if vo != a {
				return false, seen
			}
			if careful && bytes.IndexByte(v, '"') >= 0 {
				if !r.lazy {
					return false, seen // `a"b`: csv.ErrBareQuote
				}
				seen += bytes.Count(v, quote)
			}
			off := a
			if r.TrimLeadingSpace && len(v) > 0 && (v[0] <= ' ' || v[0] >= utf8.RuneSelf) {
				t := bytes.TrimLeftFunc(v, unicode.IsSpace)
				if len(t) > 0 && t[0] == '"' {
					return false, seen // `\t"a"`: a quoted field for encoding/csv
				}
				off += len(v) - len(t)
			}
			if r.TrimLeadingSpace && off == a+len(v) && i < last && r.trimAll {
				return false, seen // encoding/csv's trimming crosses the delimiter
			}
			a += len(v)
			r.next = append(r.next, fieldSpan{base + int64(off), base + int64(a), false})
		} else {
			if q > a && !r.TrimLeadingSpace {
				// ` "a"`: for encoding/csv a bare quote in an unquoted field
				// (an error, or text with LazyQuotes).
				return false, seen
			}
			// The closing quote, if raw holds the value with its quotes
			// doubled.
			closing := q + 1 + len(v)
			if vo == q+1 {
				// The value is the bytes after the opening quote.
				if careful && bytes.IndexByte(v, '"') >= 0 {
					return false, seen
				}
			} else {
				n := bytes.Count(v, quote)
				closing += n
				if closing >= len(raw) || !doubled(raw[q+1:closing], v) {
					return false, seen
				}
				seen += 2 * n
				r.rewrite = r.rewrite || n > 0
			}
			if closing >= len(raw) || raw[closing] != '"' {
				return false, seen
			}
			seen += 2
			r.next = append(r.next, fieldSpan{base + int64(q+1), base + int64(closing), true})
			a = closing + 1
		}
		if i < last {
			if a >= len(raw) || raw[a] != r.comma[0] || len(r.comma) > 1 && !bytes.HasPrefix(raw[a:], r.comma) {
				return false, seen // `"a"b,`, `"a" ,`
			}
			a += len(r.comma)
		} else if a != len(raw) {
			return false, seen
		}
	}
	return true, seen
}

var (
	quote = []byte{'"'}
	crlf  = []byte("\r\n")
)

// strings makes the record of a row walkRow accepted. Usually every value
// is a run of the raw bytes (a quoted one without its quotes), and the
// values are cut from a window of the input, as the quick paths' are;
// else the values are written one after another into a text block, from
// the Scanner's row for the quoted ones, each CRLF turned into LF as
// encoding/csv does. raw is the row's bytes, from input offset base on.
func (r *Reader) strings(dst []string, row [][]byte, raw []byte, base int64) []string {
	n := len(r.next)
	if cap(dst) < n {
		dst = make([]string, n)
	}
	dst = dst[:n]
	if !r.rewrite {
		w, o := r.window(base, len(raw))
		for i, sp := range r.next[:n] {
			dst[i] = w[o+int(sp.start-base) : o+int(sp.end-base)]
		}
		return dst
	}
	size := 0
	for _, sp := range r.next {
		size += int(sp.end - sp.start)
	}
	b := r.texts.grab(size)
	ends := r.ends[:0]
	for i, sp := range r.next {
		v := raw[sp.start-base : sp.end-base]
		if sp.quoted {
			v = row[i]
		}
		for {
			j := bytes.Index(v, crlf)
			if j < 0 {
				break
			}
			b = append(b, v[:j]...)
			b = append(b, '\n')
			v = v[j+2:]
		}
		b = append(b, v...)
		ends = append(ends, len(b))
	}
	r.ends = ends
	str := r.texts.commit(b)
	prev := 0
	for i, e := range ends {
		dst[i] = str[prev:e]
		prev = e
	}
	return dst
}

// doubled reports whether raw is v with every quote doubled.
func doubled(raw, v []byte) bool {
	for {
		i := bytes.IndexByte(v, '"')
		if i < 0 {
			return bytes.Equal(raw, v)
		}
		if len(raw) < i+2 || !bytes.Equal(raw[:i+1], v[:i+1]) || raw[i+1] != '"' {
			return false
		}
		raw, v = raw[i+2:], v[i+1:]
	}
}

// textBlock is the size of the windows of the input (Reader.window) and
// of the text blocks (texts) the records' strings are cut from, so that a
// record costs no allocation of its own. A field the caller keeps keeps
// its window or block alive: at most textBlock bytes of other records'
// text besides its own. A record longer than a quarter of textBlock gets
// a string of its own, as in encoding/csv. With 16 KiB, a window holds
// about 500 records of the 16-byte-note shape and 15 of the 1024-byte one.
const textBlock = 16 << 10

// texts hands out the bytes of the records that are not runs of the input
// (an escaped quote, a CRLF in a quoted field): each byte once, from the
// free tail of the current block, and never written again, so that the
// strings over them never change.
type texts struct{ free []byte }

// grab returns an empty slice with room for n bytes of the free tail (of
// a new block if the tail is too short) to append a record's text to;
// commit then makes the appended bytes a string and takes them out of the
// free tail. Appending more than n bytes allocates elsewhere, which is
// safe.
func (t *texts) grab(n int) []byte {
	if n > cap(t.free) {
		if n > textBlock/4 {
			return make([]byte, 0, n)
		}
		t.free = make([]byte, 0, textBlock)
	}
	return t.free[:0]
}

// commit returns the bytes b that were appended to the slice grab
// returned as a string, and marks them taken when they lie in the free
// tail, so that they are never written again.
func (t *texts) commit(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(t.free) > 0 && unsafe.SliceData(b) == unsafe.SliceData(t.free) {
		t.free = t.free[len(b):len(b):cap(t.free)]
	}
	// The bytes are never written again (the free tail starts after
	// them), so the string over them never changes.
	return unsafe.String(unsafe.SliceData(b), len(b))
}
