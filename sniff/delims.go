package sniff

// Multi-byte delimiters: a delimiter byte that always comes doubled, or
// padded with spaces before a quoted value.
//
// A file written with "||", "::", ";;", ", " or " | " between its values
// reads, with the single byte DuckDB tries, as the same table with empty
// columns between the real ones ("id||name" is three values with "|") or
// with a space in front of every value. The padded forms are taken only
// when a quote follows one somewhere in the sample: without, the one byte
// reads the same table with a space before each value, which the casts
// allow, and that is DuckDB's reading and the delimiter a writer of the
// file would name; after a space a quote opens no value, and only the
// padded delimiter reads `1, "x, y"` as two values. After the dialect is
// chosen, the sniffer widens its one-byte delimiter b to the first of
// " bb ", "bb", " b " and "b " (in that order: the longest reading first;
// a comma or a tab is not doubled, see widen) that accounts for every b
// the rows hold outside quoted values: with m the number of
// b in the wide delimiter, every row that reads as k values with it reads
// as m·(k−1)+1 values with b alone (no b stands outside a wide
// delimiter). The wide dialect must read the sample's head without
// failing, row for row where the one-byte dialect does, with at least two
// columns.
// The sample is then sniffed again with the wide delimiter fixed, so
// that skip rows, header and types are its own. A cheap test on the raw
// first lines (every line holds m times as many b as wide delimiters, and
// one holds a wide delimiter) spares the count for the usual file.

import (
	"bytes"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	sm "github.com/csvscan/csvscan/statemachine"
)

// widenLines is the number of raw lines the quick test looks at.
const widenLines = 8

// widen returns res read with a multi-byte delimiter when its one-byte
// delimiter always comes inside one (see above), or res.
func (s *session) widen(res *Result) *Result {
	d := res.Dialect
	if s.opts.Fixed&Delimiter != 0 || len(d.Delimiter) != 1 || d.Delimiter == " " {
		return res
	}
	b := d.Delimiter
	sample := s.head[s.start:]
	var base []line
	wides := []string{" " + b + b + " ", b + b, " " + b + " ", b + " "}
	if b == "," || b == "\t" {
		// Nobody writes ",," or two tabs between values, while empty
		// columns between every two filled ones are common (spacer
		// columns, "id,,name,,amount"): a comma or a tab that always
		// comes doubled is read as DuckDB reads it.
		wides = []string{" " + b + " ", b + " "}
	}
	for _, wide := range wides {
		m := strings.Count(wide, b)
		if m == 1 && !quoteAfter(sample, wide, d.Quote) {
			// A padded delimiter (", ", " | ") over values none of which
			// opens with a quote after it reads as the one byte does,
			// but for a space before each value, which the casts
			// allow: DuckDB's answer, and the file's delimiter as its
			// writer would name it. After a quote a padded delimiter is
			// needed: the quote opens no value after a space.
			continue
		}
		if !rawAgrees(sample, b[0], wide, m, d.Quote) {
			continue
		}
		wd := d
		wd.Delimiter = wide
		if wd.Validate() != nil {
			continue
		}
		if base == nil {
			if base = s.countSample(d); base == nil {
				return res
			}
		}
		rows := s.countSample(wd)
		if !widthsAgree(base, rows, m) {
			continue
		}
		o := s.opts
		o.Dialect, o.Fixed = wd, Delimiter|Quote|Escape|Comment|Newline|o.Fixed
		w := newSession(o, head{data: s.head, final: s.final, long: s.long})
		w.windows, w.rest, w.large, w.sepSkip = s.windows, s.rest, s.large, s.sepSkip
		wres, err := w.sniff()
		if err != nil || len(wres.Columns) < 2 {
			continue
		}
		s.tracef("delimiter %q always comes as %q: read with that\n", b, wide)
		return wres
	}
	return res
}

// quoteAfter says b holds quote q ('"' when q is none) right after wide.
func quoteAfter(b []byte, wide string, q dialect.Char) bool {
	c, ok := q.Byte()
	if !ok {
		c = '"'
	}
	return bytes.Contains(b, append([]byte(wide), c))
}

// rawAgrees says every one of the first widenLines lines of b holds m
// times as many c as wide delimiters, and some line holds one; with a
// quote, what stands between a pair of quotes on a line is left out.
func rawAgrees(b []byte, c byte, wide string, m int, quote dialect.Char) bool {
	seen := false
	q, quoted := quote.Byte()
	var buf []byte
	for range widenLines {
		if len(b) == 0 {
			break
		}
		ln := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			ln, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		if quoted && bytes.IndexByte(ln, q) >= 0 {
			buf = buf[:0]
			in := false
			for _, x := range ln {
				switch {
				case x == q:
					in = !in
				case !in:
					buf = append(buf, x)
				}
			}
			ln = buf
		}
		n := bytes.Count(ln, []byte(wide))
		if bytes.Count(ln, []byte{c}) != m*n {
			return false
		}
		if n > 0 && len(bytes.Trim(ln, string([]byte{c, ' ', '\r'}))) == 0 {
			return false // a line of delimiters alone: its values are no evidence
		}
		seen = seen || n > 0
	}
	return seen
}

// countSample counts every row of the sample's head with d, or returns
// nil when d's table fails on it: a wide delimiter must account for every
// row (a ",," on row 2,102 of a file of ", " reads as one value with ", "
// and two with ",", and the read of it with ", " failed there).
func (s *session) countSample(d dialect.Dialect) []line {
	t, err := sm.For(d)
	if err != nil {
		return nil
	}
	c := newCounter(t, s.head[s.start:], s.start == 0, s.final, s.opts.maxLine())
	var rows []line
	for n := -1; n < len(rows) && !c.done && !c.failed; {
		n = len(rows)
		rows = c.next(rows, chunkRows)
	}
	if c.failed || len(rows) == 0 {
		return nil
	}
	return rows
}

// widthsAgree says each row of base (read with a one-byte delimiter) has
// m·(k−1)+1 values where the same row of wide (read with the wide
// delimiter holding that byte m times) has k, and some row has two.
func widthsAgree(base, wide []line, m int) bool {
	if len(base) != len(wide) {
		return false
	}
	two := false
	for i := range base {
		if base[i].comment != wide[i].comment || base[i].start != wide[i].start {
			return false
		}
		if base[i].comment {
			continue
		}
		if base[i].cols != m*(wide[i].cols-1)+1 {
			return false
		}
		two = two || wide[i].cols >= 2
	}
	return two
}

// colonLines is the number of lines colonInValues looks at.
const colonLines = 256

// colonInValues says the colons of b's lines are inside values: every
// non-empty line among the first colonLines (but the first, which may be
// a header) is one value of a kind that holds colons, a time (`1:39`,
// `13:05:59.5`, `1:39 PM`), a URL (`https://…`), a Windows path (`C:\…`),
// a MAC address or an IPv6 address.
// Such a file is a list of those values, one column: split at ':' it
// reads as a table as consistent as /etc/passwd, of columns of a few
// digits each.
func colonInValues(b []byte) bool {
	seen := 0
	for n := 0; n < colonLines && len(b) > 0; n++ {
		ln := b
		if i := bytes.IndexAny(b, "\r\n"); i >= 0 {
			ln, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		ln = bytes.TrimSpace(ln)
		if n == 0 || len(ln) == 0 {
			continue
		}
		if !colonValue(ln) {
			return false
		}
		seen++
	}
	return seen > 0
}

// colonValue says v is one value of a kind that holds colons (see
// colonInValues).
func colonValue(v []byte) bool {
	if bytes.Contains(v, []byte("://")) && bytes.IndexAny(v, " \t,;|") < 0 {
		return true // a URL
	}
	if len(v) >= 3 && isLetter(v[0]) && v[1] == ':' && (v[2] == '\\' || v[2] == '/') {
		return true // a Windows path
	}
	if n := len(v); n > 2 && (v[n-1] == 'M' || v[n-1] == 'm') && bytes.IndexByte([]byte("AaPp"), v[n-2]) >= 0 {
		v = bytes.TrimRight(v[:n-2], " ") // `1:39 PM`
	}
	g := bytes.Split(v, []byte(":"))
	return len(g) >= 2 && (timeValue(g) || macValue(g) || bytes.Count(v, []byte("::")) <= 1 && ipv6Value(g))
}

// timeValue says the groups between colons are a time: hours of one or two
// digits, minutes and seconds of two (seconds with a fraction).
func timeValue(g [][]byte) bool {
	if len(g) > 3 || !digitsOf(g[0], 1, 2) || !digitsOf(g[1], 2, 2) {
		return false
	}
	if len(g) == 3 {
		sec, frac, dot := bytes.Cut(g[2], []byte("."))
		return digitsOf(sec, 2, 2) && (!dot || digitsOf(frac, 1, 9))
	}
	return true
}

// macValue says the groups are a MAC address: six of two hex digits.
func macValue(g [][]byte) bool {
	if len(g) != 6 {
		return false
	}
	for _, x := range g {
		if len(x) != 2 || !hexOf(x) {
			return false
		}
	}
	return true
}

// ipv6Value says the groups are an IPv6 address (whose one `::`, if any,
// the caller checked): three to eight groups of at most four hex digits,
// empty ones where `::` stands, the last maybe an IPv4 address; and a
// `::`, a hex letter or eight groups, so that a row of small numbers split
// by colons is not one.
func ipv6Value(g [][]byte) bool {
	if len(g) < 3 || len(g) > 8 {
		return false
	}
	sure := len(g) == 8
	for i, x := range g {
		if i == len(g)-1 && bytes.Count(x, []byte(".")) == 3 {
			continue // `::ffff:192.0.2.1`
		}
		if len(x) > 4 || !hexOf(x) {
			return false
		}
		sure = sure || len(x) == 0 || bytes.IndexFunc(x, func(r rune) bool { return r > '9' }) >= 0
	}
	return sure
}

// digitsOf says b is between lo and hi ASCII digits.
func digitsOf(b []byte, lo, hi int) bool {
	if len(b) < lo || len(b) > hi {
		return false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// hexOf says every byte of b is a hex digit.
func hexOf(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
