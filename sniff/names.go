package sniff

import (
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// HeaderNames turns a header row into the names of n columns, as the
// sniffer names them: each value trimmed of Unicode spaces, a value that
// is empty or spaces only (or missing: the row is shorter than n) named as
// a column without a header is (column0, column1, ... zero-padded to the
// width of n-1), and a name met before, compared without regard to ASCII
// case, given the suffix _1, _2, ... With normalize (DuckDB's
// normalize_names), each name is normalized first (NormalizeName), and
// only an empty value is named as a column without a header; one of spaces
// only normalizes to "_".
//
// The front door names the columns of a header it reads without sniffing
// with it, so that both ways of reading a file give the same names.
func HeaderNames(row [][]byte, n int, normalize bool) []string {
	out := make([]string, n)
	seen := make(map[string]int, n)
	width := nameWidth(n)
	for i := range out {
		name := ""
		if i < len(row) {
			name = string(row[i])
		}
		switch {
		case name == "":
			name = generatedName(i, width)
		case normalize:
			name = NormalizeName(name)
		default:
			// Trimmed first: a name of Unicode spaces alone (U+3000) is no
			// name either.
			if name = trimZs(name); strings.TrimFunc(name, isSpaceASCII) == "" {
				name = generatedName(i, width)
			}
		}
		for {
			k := lowerASCII(name)
			n, dup := seen[k]
			if !dup {
				break
			}
			seen[k] = n + 1
			name = name + "_" + strconv.Itoa(n+1)
		}
		seen[lowerASCII(name)] = 0
		out[i] = name
	}
	return out
}

// NormalizeName is DuckDB's normalize_names rule for one column name: the
// name is decomposed (Unicode NFKD, so that "é" becomes "e" and a
// combining accent, and "ﬁ" becomes "fi"), every byte but the ASCII
// letters, digits and '_' is dropped except ASCII white space, which
// becomes a space; the spaces around are trimmed and each run of them
// inside becomes one '_'; the letters are put in lower case; a name left
// empty is "_"; and a name that starts with a digit or is one of DuckDB's
// keywords (keywordNames) gets a leading '_'.
//
//	"First Name" → "first_name"   "Total $" → "total"   "x.y-z" → "xyz"
//	"Ünïcode"    → "unicode"      "2020"    → "_2020"   "select" → "_select"
func NormalizeName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	space := false // a space is pending: written before the next kept byte
	for _, c := range []byte(norm.NFKD.String(name)) {
		switch {
		case c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z':
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c == ' ' || '\t' <= c && c <= '\r':
			space = b.Len() > 0 // leading spaces are trimmed
			continue
		default:
			continue
		}
		if space {
			b.WriteByte('_')
			space = false
		}
		b.WriteByte(c)
	}
	s := b.String()
	switch {
	case s == "":
		return "_"
	case '0' <= s[0] && s[0] <= '9' || keywordNames[s]:
		return "_" + s
	}
	return s
}
