package sniff

// Header detection and column names.
//
// The first row of the table is a header when it does not fit the column
// types the other rows gave: in a column of numbers, "price" is a name; in
// a column whose other values are all empty, any text is a name. When
// every column is VARCHAR there is nothing to tell a header from a row by,
// and the sniffer assumes a header, as DuckDB does; likewise when the first
// row is all empty. This is CSVSniffer::DetectHeader
// (sniffer/header_detection.cpp), but for one thing: an empty (NULL) cell
// of the first row fits every type, so csvscan counts it as no sign either
// way, where DuckDB counts it as a row of data fitting: the empty name over
// pandas' or R's column of row numbers, or over the empty column of a
// trailing delimiter, made DuckDB read the names as a row. Nor does
// csvscan assume a header for an all-text first row one of whose values
// comes again in its column (recurs), that has the shape of the rows
// below it (dataShaped), whose value in a column of fixed-length codes is
// one of them (fixedCodes), that leaves out its last values as other
// rows do (shortAsRows), or that holds the marks its column's values
// share ('@' in a list of e-mail addresses: sharedMarks), unless a
// column the first chunk typed tells otherwise (namedInFirstChunk). And
// a first row that fits every type is still a header when its numbers
// are years in order or count 0, 1, 2 where no other row's do
// (numberedHeader): columns named by year; or when it is a data frame's
// empty index name above row numbers and the names 0, 1, ...
// (indexHeader).
//
// Names come from the header, with an empty (or all-space) name replaced by
// the generated one, surrounding spaces trimmed, and duplicates made unique
// with a suffix: a, a, A becomes a, a_1, A_2 (the comparison ignores ASCII
// case). Without a header the names are column0, column1, ..., zero-padded
// to the width of the largest index (column00 ... column15 for 16 columns).

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner/typed"
)

// detectHeader decides whether the first row of t is a header and fills in
// res's header, columns, skip rows and header score.
func (s *session) detectHeader(c *candidate, t *table, res *Result) {
	ncols := len(t.cols)
	types := make([]cast.Type, ncols)
	for i := range t.cols {
		types[i] = t.cols[i].top()
	}
	defer func() {
		// A column of nothing but empty values is VARCHAR; until now it
		// was the null type, which no header cell fits.
		for i := range res.Columns {
			if res.Columns[i].Type == typeNull {
				res.Columns[i].Type = cast.TypeVarchar
			}
		}
	}()
	res.Scores.Types = make([]int, ncols)
	for i := range t.cols {
		res.Scores.Types[i] = t.cols[i].values
	}

	var header [][]byte
	if len(t.rows) > 0 {
		header = t.rows[0]
	}
	has := false
	nTyped, agree := 0, 0
	// Columns of numbers with a decimal comma ("28,8"), text to a reader
	// without decimal_separator=',', tell a name from a value as a DOUBLE
	// column does.
	numeric := make([]bool, ncols)
	for i, ty := range types {
		numeric[i] = ty == cast.TypeBigInt || ty == cast.TypeDouble ||
			ty == cast.TypeVarchar && len(t.rows) > 1 && decimalCommaColumn(t.rows[1:], i)
	}
	if header != nil {
		allText, allNull, fits := true, true, true
		for i, v := range header {
			if len(v) > 0 {
				allNull = false
			}
			if types[i] == cast.TypeVarchar && numeric[i] && !s.null(v) {
				allText = false
				nTyped++
				if _, ok := decimalComma.Float64(v); ok {
					agree++
				} else {
					fits = false
				}
				continue
			}
			if types[i] == cast.TypeVarchar || s.null(v) {
				// A NULL cell fits every type, so it tells a name from
				// a value no better than a text column does: the empty
				// name over a column of row numbers (pandas' and R's
				// index), or over an empty column that a trailing
				// delimiter makes, is no sign of data.
				continue
			}
			allText = false
			nTyped++
			if s.canCast(types[i], v) {
				agree++
			} else {
				fits = false
			}
		}
		has = allText || allNull || !fits
		if has {
			agree = nTyped - agree
		}
		res.Scores.Header = 0.5
		if nTyped > 0 && !allNull {
			res.Scores.Header = float64(agree) / float64(nTyped)
		}
		if !has && len(t.rows) > 1 && s.numberedHeader(t.rows, numeric) {
			s.tracef("header: the first row numbers the numeric columns (2019, 2020, ...), as no other row does\n")
			has = true
			res.Scores.Header = 1
		}
		if !has && s.indexHeader(t.rows, numeric) {
			s.tracef("header: an empty name over a column of row numbers, the other columns named 0, 1, ... (a data frame's index)\n")
			has = true
			res.Scores.Header = 1
		}
		if allText && !allNull && s.namedInFirstChunk(t, header) {
			s.tracef("header: the first row does not fit a column the first chunk typed\n")
		} else if allText && !allNull {
			// The signs that the first row of an all-text table is data,
			// in turn; DuckDB assumes a header.
			for _, sign := range []struct {
				data func() bool
				why  string
			}{
				{func() bool { return dataShaped(t.rows, ncols) }, "every value of the first row has the shape of its column's values"},
				{func() bool { return fixedCodes(t.rows, ncols) }, "the first row's value in a column of fixed-length codes is one of them"},
				{func() bool { return s.recurs(t.rows, ncols) }, "a value of the first row comes again in its column"},
				{func() bool { return shortAsRows(t.rows, ncols) }, "the first row leaves out the last values, as other rows do"},
				{func() bool { return sharedMarks(t.rows, ncols) }, "the first row holds the marks its column's values share (@ in e-mail addresses, :// in URLs)"},
			} {
				if sign.data() {
					s.tracef("no header: %s\n", sign.why)
					has = false
					res.Scores.Header = 1
					break
				}
			}
		}
	}
	// A sample of nothing but line ends (past the lines skipped) holds no
	// row to sniff: DuckDB reads such a file as one text column whose
	// header is the first empty line and whose rows are the others, each
	// NULL, which the read does with these settings (a one-column table
	// reads its empty lines as NULL rows). The sniffer had skipped every
	// line as a preamble, so that a file of 10 line ends read as no rows,
	// and one of more than emptyLines of them as NULL rows.
	blank := len(t.rows) == 0 && len(c.first) == 0 && len(s.head) > s.start && onlyLineEnds(s.head[s.start:])
	if blank {
		has = true
	}
	switch s.opts.Header {
	case HeaderYes:
		has = header != nil || blank
	case HeaderNo:
		has = false
	}
	if has && len(t.rows) == 1 {
		// Only a header: nothing to type.
		for i := range types {
			types[i] = cast.TypeVarchar
		}
	}

	res.HasHeader = has
	res.Columns = make(typed.Schema, ncols)
	var names []string
	if has {
		names = headerNames(header, ncols)
	} else {
		names = generatedNames(ncols)
	}
	for i := range res.Columns {
		res.Columns[i] = typed.Column{Name: names[i], Type: types[i]}
	}

	// The lines before the table, counted from the start of the input,
	// less the comment lines right before it: the reader drops comment
	// lines by itself (DuckDB does not count them either).
	data := s.head[s.start:]
	lines := c.first
	end := len(data)
	if blank {
		res.SkipRows = s.opts.SkipRows
		return
	}
	r := min(c.dataRow(), len(lines))
	if r < len(lines) {
		end = lines[r].start
	}
	for k := r - 1; k >= 0 && lines[k].comment && afterCRLF(data, lines[k].end) == end; k-- {
		end = lines[k].start
	}
	res.SkipRows = s.opts.SkipRows + countLines(data[:end])
}

// namedInFirstChunk says a value of header does not fit the type its
// column had over the first chunk of rows, a type refinement then dropped
// (a column of numbers that holds "hello" from row 10,002 on): the first
// row is a header by DuckDB's rule, which decides it on those types, and
// the signs that an all-text first row is data (recurs and the others)
// are not asked. A name that is also a value of its text column ("i,'world'"
// above 13,400 rows of "world", the first column numbers for the first
// 10,000) was taken for data.
func (s *session) namedInFirstChunk(t *table, header [][]byte) bool {
	for i, ty := range t.firstTypes {
		if ty == cast.TypeVarchar || ty == typeNull {
			continue
		}
		if v := cell(header, i); !s.null(v) && !s.canCast(ty, v) {
			return true
		}
	}
	return false
}

// afterCRLF returns end, or end+1 when the row that ends at end ended at
// the CR of a CRLF: the counter ends a row at its CR, and the next row
// starts past the LF (a comment line above the table counted as a
// preamble in a CRLF file, and not in the same file with LF or CR).
func afterCRLF(data []byte, end int) int {
	if end > 0 && end < len(data) && data[end-1] == '\r' && data[end] == '\n' {
		return end + 1
	}
	return end
}

// onlyLineEnds reports whether b holds nothing but LF and CR bytes.
func onlyLineEnds(b []byte) bool {
	for _, x := range b {
		if x != '\n' && x != '\r' {
			return false
		}
	}
	return true
}

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
// columns, as at least two other rows have. A header names every
// column; a row that leaves out an optional last value, as the rows
// below it do, is one of them.
func shortAsRows(rows [][][]byte, ncols int) bool {
	if len(rows) < 3 || len(rows[0]) >= ncols {
		return false
	}
	same := 0
	for _, r := range rows[1:] {
		if len(r) == len(rows[0]) {
			same++
		}
	}
	return same >= 2
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

// generatedNames are column0, column1, ... zero-padded to the width of
// n-1, DuckDB's GenerateColumnName.
func generatedNames(n int) []string {
	out := make([]string, n)
	width := nameWidth(n)
	for i := range out {
		out[i] = generatedName(i, width)
	}
	return out
}

// nameWidth is the number of digits of the generated names of n columns.
func nameWidth(n int) int { return len(strconv.Itoa(max(n-1, 0))) }

// generatedName is the name of column i, its number zero-padded to width
// digits.
func generatedName(i, width int) string {
	d := strconv.Itoa(i)
	return "column" + strings.Repeat("0", max(width-len(d), 0)) + d
}

// headerNames turns a header row into unique names.
func headerNames(row [][]byte, n int) []string {
	out := make([]string, n)
	seen := make(map[string]int, n)
	width := nameWidth(n)
	for i := range out {
		name := ""
		if i < len(row) {
			name = string(row[i])
		}
		// Trimmed first: a name of Unicode spaces alone (U+3000) is no
		// name either.
		if name = trimZs(name); strings.TrimFunc(name, isSpaceASCII) == "" {
			name = generatedName(i, width)
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

func isSpaceASCII(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
}

// trimZs trims the Unicode space separators (category Zs) around s, as
// DuckDB trims header names.
func trimZs(s string) string {
	if !utf8.ValidString(s) {
		return strings.Trim(s, " ")
	}
	return strings.TrimFunc(s, func(r rune) bool { return unicode.Is(unicode.Zs, r) })
}

// lowerASCII is s with ASCII letters in lower case (s itself when it has
// no upper-case letter).
func lowerASCII(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }) < 0 {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
