package csv

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// fromRow makes the record from the Scanner's row, raw at input offset
// base (its RowBytes and the offset of raw[0]), when encoding/csv would
// read the same fields from the same bytes; otherwise it returns false,
// and changes nothing the last record's FieldPos and InputOffset need.
// Read's quick path takes the rows the Scanner reports well quoted
// (nearly every row of a well-formed file) itself; fromRow takes the
// rest, and the well-quoted rows the quick path does not see (the first
// row, a row after lines encoding/csv skips, every row with LazyQuotes or
// TrimLeadingSpace).
//
// Two more quick paths take the rows of a well-formed file without
// looking at a field twice. A row with no quote at all is the line cut at
// each Comma for the table as for encoding/csv: its values' lengths and
// delimiters must add up to the row's length (plainRow). A row whose
// quotes are all the quotes of quoted fields (no spaces around them, no
// CR in them) is checked field by field against where the Scanner's
// values lie (quotedRow). The fields of both are cut from the row's bytes
// in place (inPlace; a value with doubled quotes is copied), and their
// positions are worked out from those bytes only when asked for (spans).
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
func (r *Reader) fromRow(dst []string, row [][]byte, raw []byte, base int64) ([]string, bool) {
	if !r.TrimLeadingSpace {
		// The first quote: searched for ahead (tap.index) after a row
		// with none, in the row itself after a row with one (the next
		// row likely has one too, and the search ahead would stop there).
		q := -1
		if r.quoted {
			q = bytes.IndexByte(raw, '"')
		} else if end := base + int64(len(raw)); r.in.index(&r.quotes, base, end) < end {
			q = int(r.quotes.at - base)
		}
		r.quoted = q >= 0
		if q < 0 {
			if rec, ok := r.plainRow(dst, row, raw, base); ok {
				return rec, true
			}
		} else if !r.lazy {
			if rec, ok := r.quotedRow(dst, row, raw, base, q); ok {
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
	w, o := inPlace(raw), 0
	end := len(raw)
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
	r.in.seal(raw)
	r.rowEnd, r.pending = base+int64(len(raw)), true
	return dst, true
}

// quotedRow makes the record of a row with quotes, raw at input offset
// base, whose first quote is at raw[q], when LazyQuotes and
// TrimLeadingSpace are off. It checks the row as encoding/csv reads it,
// on what the Scanner decided: each unquoted field is the Scanner's value
// in place, with no quote (csv.ErrBareQuote; the fields before raw[q]
// have none), and each quoted one is `"`, the value with every quote
// doubled, and `"`, with no spaces around the quotes; each field is
// followed by the delimiter, the last by the row's end. A quoted value
// with no doubled quote is the Scanner's bytes in place (with the Quote
// as escape, the table puts no quote in it: a quote inside would have
// made it escaped); one the Scanner unescaped is read from raw as
// encoding/csv reads it, into the record's text. The row must hold no CR (which can
// only lie in a quoted field: encoding/csv drops the CR of a CRLF there);
// walkRow takes it.
//
// Where a value lies is read from the address of its bytes (a value in
// place is a slice of raw, an unescaped one lies elsewhere), not from the
// Scanner's spans, so that the loop makes no call and loads no more than
// the row; an empty value has no address, and is an empty field or `""`.
func (r *Reader) quotedRow(dst []string, row [][]byte, raw []byte, base int64, q int) ([]string, bool) {
	if end := base + int64(len(raw)); r.in.crIn(base+int64(q), end) {
		return nil, false
	}
	n, d, c := len(row), len(r.comma), r.comma[0]
	w := inPlace(raw)
	p0 := uintptr(unsafe.Pointer(unsafe.SliceData(raw)))
	if cap(dst) < n {
		dst = make([]string, n)
	}
	dst = dst[:n]
	a := 0 // where field i starts in raw
	for i, v := range row {
		if len(v) == 0 {
			if a < len(raw) && raw[a] == '"' {
				if a+1 >= len(raw) || raw[a+1] != '"' {
					return nil, false
				}
				a += 2 // `""`
			}
			dst[i] = ""
		} else {
			o := int(uintptr(unsafe.Pointer(unsafe.SliceData(v))) - p0)
			e := o + len(v)
			switch {
			case o == a: // unquoted, in place
				if e > q && bytes.IndexByte(v, '"') >= 0 {
					return nil, false
				}
				dst[i] = w[a:e]
				a = e
			case o == a+1 && raw[a] == '"': // quoted, in place
				if e >= len(raw) || raw[e] != '"' {
					return nil, false
				}
				dst[i] = w[o:e]
				a = e + 1
			case uint(o) >= uint(len(raw)) && a < len(raw) && raw[a] == '"':
				// Unescaped by the Scanner: the field is read as
				// encoding/csv reads it, `"`, text with every quote
				// doubled, `"`, into the record's text; the fields that
				// follow must then be where the Scanner's are.
				b, j := r.texts.grab(len(v)), a+1
				for {
					k := bytes.IndexByte(raw[j:], '"')
					if k < 0 {
						return nil, false
					}
					if j+k+1 == len(raw) || raw[j+k+1] != '"' {
						b, j = append(b, raw[j:j+k]...), j+k // the closing quote
						break
					}
					b, j = append(b, raw[j:j+k+1]...), j+k+2 // `""`
				}
				dst[i] = r.texts.commit(b)
				a = j + 1
			default:
				return nil, false // ` "a"`, `"a" "b"`
			}
		}
		if i < n-1 {
			if a >= len(raw) || raw[a] != c || d > 1 && !bytes.HasPrefix(raw[a:], r.comma) {
				return nil, false // `"a"b,`, `"a" ,`
			}
			a += d
		}
	}
	if a != len(raw) {
		return nil, false
	}
	r.in.seal(raw)
	r.rowEnd, r.pending = base+int64(len(raw)), true
	return dst, true
}

// spans returns where each field of the last record read by the Scanner
// lies. For a record of plainRow or quotedRow they are worked out now,
// from the record's text, on the rules those two checked: a field that
// opens with a quote runs to the next quote that is not doubled, any
// other to the next Comma.
func (r *Reader) spans() []fieldSpan {
	if !r.pending {
		return r.fields
	}
	// The record's bytes, which the tap holds from r.start on (inPlace:
	// they are never written again).
	t, comma := inPlace(r.in.slice(r.start, r.rowEnd)), unsafe.String(unsafe.SliceData(r.comma), len(r.comma))
	f := r.fields[:0]
	for a := 0; ; a += len(comma) {
		if a < len(t) && t[a] == '"' {
			e := a + 1 + strings.IndexByte(t[a+1:], '"')
			for e+1 < len(t) && t[e+1] == '"' {
				e += 2 + strings.IndexByte(t[e+2:], '"') // a doubled quote
			}
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

// inPlace returns raw, a row's bytes in the tap's buffer, as a string
// over those bytes, which are never written again once the tap sealed
// their array (tap.seal): the fields' strings are cut from it with no
// copy and no allocation. A field the caller keeps keeps the tap's array
// alive (tapBlock).
func inPlace(raw []byte) string { return unsafe.String(unsafe.SliceData(raw), len(raw)) }

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
// values are cut from the row's bytes in place, as the quick paths' are;
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
		r.in.seal(raw)
		w := inPlace(raw)
		for i, sp := range r.next[:n] {
			dst[i] = w[sp.start-base : sp.end-base]
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

// textBlock is the size of the text blocks (texts) the strings of the
// values that are not runs of the input (doubled quotes, a CRLF inside
// quotes) are cut from, so that such a value costs no allocation of its
// own. A field the caller keeps keeps its block alive: at most textBlock
// bytes of other records' text besides its own. A record longer than a
// quarter of textBlock gets a string of its own, as in encoding/csv.
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
