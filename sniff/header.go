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
// share ('@' in a list of e-mail addresses: sharedMarks), or that is
// a list of one column whose first value is words shaped as the others
// are (phraseList), unless a
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
		numeric[i] = isNumeric(ty) ||
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
				{func() bool { return phraseList(t.rows, ncols) }, "a list of one column whose first value is words shaped as the others are, none of them one that names a column"},
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
		names = HeaderNames(header, ncols, s.opts.NormalizeNames)
	} else {
		names = generatedNames(ncols)
	}
	for i := range res.Columns {
		res.Columns[i] = typed.Column{Name: names[i], Type: types[i]}
		if types[i] == cast.TypeDecimal {
			res.Columns[i].Width, res.Columns[i].Scale = s.typeCands.decimal.Width, s.typeCands.decimal.Scale
		}
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
