package sniff

// The signs the header detection reads in an all-text first row
// (dataShaped, fixedCodes, sharedMarks, shortAsRows, recurs, phraseList:
// the row is data) and in a first row of numbers (numberedHeader, indexHeader: the
// row names the columns); header.go says when each is asked.

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// dataShaped says the first of rows (every column text) is a row of
// data rather than a header: in every column its value has the shape of
// the column's other values (letters, digits and other bytes, runs of a
// kind counted once: "~29" and "~31" are both "~9"), and in some column
// that shape does not start with a letter, as a column name does. DuckDB
// takes the first row of an all-text file for a header whatever it holds,
// so "Pedro;~29" above "Juan;~31" names the columns "Pedro" and "~29";
// its maintainers agree that such a file has no header.
func dataShaped(rows [][][]byte, ncols int) bool {
	if len(rows) < 2 {
		return false
	}
	nonWord := false
	var a, b []byte
	for i := range ncols {
		a = shapeOf(a[:0], cell(rows[0], i))
		if len(a) == 0 {
			return false
		}
		for _, r := range rows[1:] {
			if b = shapeOf(b[:0], cell(r, i)); string(a) != string(b) {
				return false
			}
		}
		nonWord = nonWord || a[0] != 'a'
	}
	return nonWord
}

// fixedCodes says the first of rows (every column text) is a row of
// data rather than a header: in some column every value, the first
// included, is a code of one length of at least fixedCodeLen bytes with
// the same kinds of bytes (lower and upper case letters, digits, other),
// digits among them, as checksums, UUIDs and account numbers are. A
// column name is no such code: "sha256" does not have the 64 hex digits
// of the values below it. A list of Go modules, versions and their
// hashes ("9fans.net/go,v0.0.2,h1:RYM6...=,2c42aad9...") has no header,
// where DuckDB names its columns after the first module.
func fixedCodes(rows [][][]byte, ncols int) bool {
	if len(rows) < 3 {
		return false
	}
	for i := range ncols {
		v := cell(rows[0], i)
		if len(v) < fixedCodeLen {
			continue
		}
		kinds := byteKinds(v)
		if kinds&kindDigit == 0 {
			continue
		}
		same := 0
		for _, r := range rows[1:] {
			w := cell(r, i)
			if len(w) == 0 {
				continue
			}
			if len(w) != len(v) || byteKinds(w) != kinds {
				same = -1
				break
			}
			same++
		}
		if same >= 2 {
			return true
		}
	}
	return false
}

// fixedCodeLen is the least length of the codes fixedCodes looks for.
const fixedCodeLen = 8

// The kinds of bytes byteKinds reports.
const (
	kindLower = 1 << iota
	kindUpper
	kindDigit
	kindOther
)

// byteKinds returns the kinds of bytes v holds.
func byteKinds(v []byte) int {
	k := 0
	for _, c := range v {
		switch {
		case c >= 'a' && c <= 'z':
			k |= kindLower
		case c >= 'A' && c <= 'Z':
			k |= kindUpper
		case c >= '0' && c <= '9':
			k |= kindDigit
		default:
			k |= kindOther
		}
	}
	return k
}

// dataMarks are the bytes sharedMarks looks for: the marks of e-mail
// addresses, URLs, domain and file names, Windows paths and key=value
// pairs, which column names seldom hold. Spaces, '-', '_', '/', '#',
// '%' and parentheses are common in names ("Weight (kg)", "Date/Time")
// and are left out.
const dataMarks = "@:.=\\"

// marksOf returns a bit for each byte of dataMarks that v holds.
func marksOf(v []byte) uint8 {
	var m uint8
	for _, c := range v {
		if i := strings.IndexByte(dataMarks, c); i >= 0 {
			m |= 1 << i
		}
	}
	return m
}

// sharedMarks says the first of rows (every column text) is a row of
// data rather than a header: in some column every other value holds the
// same marks (dataMarks: '@' and '.' in e-mail addresses, ':' and '.' in
// URLs), and so does the first, which holds no kind of byte (lower or
// upper case letters, digits, other) that none of them holds and starts
// with a kind that one of them starts with ("pkg.version" above "1.2.3"
// and "2.0.0-rc1" is a name); and in no
// column do the other values share marks the first value lacks. A list
// of e-mail addresses or URLs, one a line, varies in shape (dataShaped
// wants one shape), but its first line is an address as every other is,
// where a name ("email", "URL") holds no '@' or ':'. DuckDB takes the
// first line of every all-text file for a header.
func sharedMarks(rows [][][]byte, ncols int) bool {
	if len(rows) < 3 {
		return false
	}
	some := false
	for i := range ncols {
		common, kinds, starts, n := ^uint8(0), 0, 0, 0
		for _, r := range rows[1:] {
			if w := cell(r, i); len(w) > 0 {
				common &= marksOf(w)
				kinds |= byteKinds(w)
				starts |= byteKinds(w[:1])
				n++
			}
		}
		v := cell(rows[0], i)
		if n < 2 || common == 0 || len(v) == 0 {
			continue
		}
		if marksOf(v)&common != common || byteKinds(v)&^kinds != 0 || byteKinds(v[:1])&^starts != 0 {
			return false // a name over values that share marks it lacks
		}
		some = true
	}
	return some
}

// shortAsRows says the first of rows (every column text) is a row of
// data rather than a header: it has fewer values than the table has
// columns, as at least two other rows have, and at least two rows have
// them all. A header names every column; a row that leaves out an
// optional last value, as the rows below it do, is one of them. One row
// longer than the rest (a stray delimiter in a value) makes the table
// wider than its header, which is no sign.
func shortAsRows(rows [][][]byte, ncols int) bool {
	if len(rows) < 3 || len(rows[0]) >= ncols {
		return false
	}
	same, full := 0, 0
	for _, r := range rows[1:] {
		switch len(r) {
		case len(rows[0]):
			same++
		case ncols:
			full++
		}
	}
	return same >= 2 && full >= 2
}

// numberedHeader says the first of rows is a header although every
// value of it fits its column's type: its values in the numeric columns
// are years in order (2019, 2020, 2021; 1990, 2000, 2010), or count by
// one (0, 1, 2), and no other row of the chunk is such a run. Wide tables
// of statistics name their columns by year, and a data frame written
// without names names them 0, 1, 2 (",0,1,2" over rows of decimals);
// DuckDB reads that row as data, since the numbers fit. Two years need
// two rows below them, a count of three values four: "1;2" above "5;3"
// is two rows of data.
func (s *session) numberedHeader(rows [][][]byte, numeric []bool) bool {
	years, count := s.numberRun(rows[0], numeric)
	if !(years && len(rows) >= 3 || count && len(rows) >= 5) {
		return false
	}
	for _, r := range rows[1:] {
		if y, c := s.numberRun(r, numeric); y || c {
			return false
		}
	}
	return true
}

// indexHeader says the first of rows is the header a data frame writes
// without names: its first value is empty over a column of row numbers
// (every later row's first value a whole number, each one more than the
// last: pandas' index), and its other values count 0, 1, 2 from the
// second column on, the names pandas gives unnamed columns. A Series
// written with to_csv is ",0" above "0,1.5", "1,2.5": DuckDB reads the
// first row as data, since 0 fits the column of decimals, and so did
// numberedHeader, which wants three numbers. It asks for three rows
// below.
func (s *session) indexHeader(rows [][][]byte, numeric []bool) bool {
	if len(rows) < 4 || len(numeric) < 2 || !numeric[0] || !s.null(cell(rows[0], 0)) {
		return false
	}
	for i := 1; i < len(numeric); i++ {
		x, ok := s.caster.Int64(cell(rows[0], i))
		if !ok || x != int64(i-1) {
			return false
		}
	}
	var prev int64
	for k, r := range rows[1:] {
		x, ok := s.caster.Int64(cell(r, 0))
		if !ok || k > 0 && x != prev+1 {
			return false
		}
		prev = x
	}
	return true
}

// numberRun says whether row's values in the numeric columns (NULLs left
// out) are at least two years from 1800 to 2200 in strictly
// rising or falling order, and whether they are at least three whole
// numbers that count up or down by one.
func (s *session) numberRun(row [][]byte, numeric []bool) (years, count bool) {
	var n, prev int64
	up, down, one, inYears := true, true, true, true
	for i, num := range numeric {
		if !num {
			continue
		}
		v := cell(row, i)
		if s.null(v) {
			continue
		}
		x, ok := s.caster.Int64(v)
		if !ok {
			return false, false
		}
		if n > 0 {
			up = up && x > prev
			down = down && x < prev
			one = one && (x-prev == 1 || x-prev == -1)
		}
		inYears = inYears && x >= 1800 && x <= 2200
		prev = x
		n++
	}
	return n >= 2 && inYears && (up || down), n >= 3 && one && (up || down)
}

// recurs says the first of rows (every column text) is a row of data
// because one of its values comes again in the same column of a later row:
// a column's name is not among its values, while the values of a column
// of categories (a status, a country, a product) come again and again.
// A later row that repeats the first whole is no such sign when the table
// has two or more columns, as a header repeated down a file (files of
// rows appended one to another, each with its header) repeats whole; but
// a first row that every later row repeats is data. DuckDB takes the
// first row of an all-text file for a header whatever it holds, so that
// "active,Oslo" above "closed,Oslo" names a column "Oslo".
func (s *session) recurs(rows [][][]byte, ncols int) bool {
	if len(rows) < 2 {
		return false
	}
	first := rows[0]
	same := 0
	for _, r := range rows[1:] {
		whole := ncols > 1 && sameRow(r, first, ncols)
		if whole {
			same++
			continue
		}
		for i := range ncols {
			if v := cell(first, i); !s.null(v) && string(cell(r, i)) == string(v) {
				return true
			}
		}
	}
	return same == len(rows)-1
}

// sameRow reports whether rows a and b hold the same ncols values.
func sameRow(a, b [][]byte, ncols int) bool {
	for i := range ncols {
		if string(cell(a, i)) != string(cell(b, i)) {
			return false
		}
	}
	return true
}

// shapeOf appends the shape of v to dst: each ASCII letter is 'a', each
// digit '9', other bytes themselves, and a run of one kind one byte.
// Spaces around v are left out: a file written with ", " between its
// values, read with ',', has a space before every value but the first,
// names and data alike.
func shapeOf(dst, v []byte) []byte {
	for _, c := range bytes.Trim(v, " ") {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			c = 'a'
		case '0' <= c && c <= '9':
			c = '9'
		}
		if len(dst) == 0 || dst[len(dst)-1] != c {
			dst = append(dst, c)
		}
	}
	return dst
}

// phraseList says the first of rows, a list of one text column, is a
// row of data: its value is two words or more, as two thirds of the
// other values are, it starts with the kind of character (upper or
// lower case letter, digit, other) that two thirds of them start with,
// and none of its words is one that names a column (nameWords). A list
// of people ("Alice Smith" above "Bruno Costa"), places or products, one
// a line, has no header when its first line is shaped as the others,
// where a header names the column in one word ("name", "Kunde") or with
// a word that names ("Full Name", "Street Address"). DuckDB takes the
// first line of every all-text file for a header. A header of two words
// without such a word ("Customer Feedback" above sentences) reads as a
// row: nothing in its shape tells it from the values.
func phraseList(rows [][][]byte, ncols int) bool {
	if ncols != 1 || len(rows) < 3 {
		return false
	}
	v := bytes.TrimSpace(cell(rows[0], 0))
	if len(bytes.Fields(v)) < 2 {
		return false
	}
	for _, w := range bytes.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if nameWords[strings.ToLower(string(w))] {
			return false
		}
	}
	start := startKind(v)
	n, words, same := 0, 0, 0
	for _, r := range rows[1:] {
		w := bytes.TrimSpace(cell(r, 0))
		if len(w) == 0 {
			continue
		}
		n++
		if len(bytes.Fields(w)) >= 2 {
			words++
		}
		if startKind(w) == start {
			same++
		}
	}
	return n >= 2 && 3*words >= 2*n && 3*same >= 2*n
}

// nameWords are words that name a column of a list, which phraseList
// looks for in a first line of two words or more ("Full Name", "E-mail
// Address", "Item description"): English only.
var nameWords = map[string]bool{
	"name": true, "names": true, "title": true, "address": true, "street": true, "city": true,
	"town": true, "country": true, "location": true, "place": true, "description": true,
	"comment": true, "comments": true, "note": true, "notes": true, "remark": true,
	"remarks": true, "text": true, "message": true, "mail": true, "email": true, "phone": true,
	"product": true, "item": true, "label": true, "value": true, "list": true, "type": true,
	"category": true, "id": true, "code": true, "date": true,
}

// startKind is the kind of v's first character: 1 an upper case letter,
// 2 a lower case letter, 3 a digit, 4 another.
func startKind(v []byte) int {
	r, _ := utf8.DecodeRune(v)
	switch {
	case unicode.IsUpper(r):
		return 1
	case unicode.IsLower(r):
		return 2
	case unicode.IsDigit(r):
		return 3
	}
	return 4
}
