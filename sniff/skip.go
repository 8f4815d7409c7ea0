package sniff

// Skip-rows detection: where the table starts.
//
// A file may open with lines that are not part of the table: a title, notes,
// an export banner. Those lines have fewer values than the table's rows. The
// sniffer walks a candidate dialect's rows in order and takes the widest row
// seen so far as the table's width; when a row is wider than every row
// before it, the rows before it are "dirty notes" and the table starts
// there. Rows narrower than the width are counted as needing padding; rows
// of the width are consistent. This is DuckDB's walk in
// CSVSniffer::AnalyzeDialectCandidate (sniffer/dialect_detection.cpp),
// comment lines and the "C1|C2 / 1|2|" trailing-delimiter exception
// included.
//
// A preamble as wide as the table (a spreadsheet's title row and blank
// rows above the header) is csvscan's addition: see skipSparse.

import (
	"bytes"
	"strings"

	"github.com/csvscan/csvscan/internal/cast"
)

// shape is what one walk over a candidate's rows finds.
type shape struct {
	cols        int  // the table's width
	consistent  int  // rows of that width (plus padded ones, see score)
	padding     int  // rows with fewer values than the width
	ignored     int  // rows of another width accepted under IgnoreErrors
	comments    int  // comment lines
	dirty       int  // index of the row where the table starts
	dirtyNoComm int  // dirty rows that are not comment lines
	header      int  // index of the first row of the table (DuckDB's rows_until_header)
	trailing    bool // the rows after the first end with a delimiter the first lacks
}

// walk computes the shape of rows as DuckDB does.
func walk(rows []line, opts *Options) shape {
	var sh shape
	sh.cols = 1
	if len(rows) > 0 {
		sh.cols = rows[0].cols
	}
	mostFrequent := opts.IgnoreErrors && !opts.NullPadding
	if mostFrequent {
		sh.cols = mostFrequentWidth(rows)
	}
	userSkip := opts.SkipRows > 0
	always := lastAlwaysEmpty(rows)
	headerIdx, firstValid := 0, false
	for i, r := range rows {
		switch {
		case r.comment:
			sh.comments++
		case always[i] && r.cols == rows[headerIdx].cols+1:
			// The data rows end with a delimiter the header lacks.
			sh.consistent++
			sh.trailing = true
		case sh.cols < r.cols && (!userSkip || sh.comments > 0) && (!firstValid || !mostFrequent):
			// A wider row: everything before it is notes.
			if !firstValid {
				firstValid = true
				sh.header = i
			}
			sh.padding = 0
			sh.cols = r.cols
			sh.dirty = i
			sh.dirtyNoComm = i - sh.comments
			headerIdx = i
			sh.consistent = 1
		case r.cols == sh.cols || mostFrequent:
			if !firstValid {
				firstValid = true
				sh.header = i
				sh.dirty = i
				if mostFrequent && i+1 < len(rows) && rows[i+1].emptyLast && rows[i+1].cols == r.cols+1 {
					// The data rows end with a delimiter the header
					// lacks: the table has the header's width, not the
					// most frequent one (DuckDB's walk takes the first
					// valid row's width here).
					sh.cols = r.cols
				}
			}
			if r.cols != sh.cols {
				sh.ignored++
			}
			sh.consistent++
		case sh.cols >= r.cols:
			sh.padding++
		}
	}
	sh.consistent += sh.padding
	return sh
}

// rowsConsistent says every row is accounted for: notes before the table,
// comment lines, and consistent (or padded) rows.
func (sh shape) rowsConsistent(n int) bool {
	return sh.consistent+sh.dirtyNoComm+sh.comments == n
}

// mostFrequentWidth is the most common number of values, the larger on a
// tie; 1 for no rows.
func mostFrequentWidth(rows []line) int {
	if len(rows) == 0 {
		return 1
	}
	count := map[int]int{}
	best, bestN := 0, 0
	for _, r := range rows {
		count[r.cols]++
	}
	for w, n := range count {
		if n > bestN || (n == bestN && w > best) {
			best, bestN = w, n
		}
	}
	return best
}

// lastAlwaysEmpty[i] says rows i..end all end with an empty value.
func lastAlwaysEmpty(rows []line) []bool {
	out := make([]bool, len(rows))
	all := true
	for i := len(rows) - 1; i >= 0; i-- {
		all = all && rows[i].emptyLast
		out[i] = all
	}
	return out
}

// commentsAcceptable says whether a candidate's comment character is
// believable: at least one full comment line must not look like a row, and
// three fifths of the lines with a comment must not fit the table (or be
// rows a comment ends). A row of the table's width whose comment stands
// where a value starts ("1,#a") counts against it: that row has the width
// only because the comment is taken for an empty value, and the value it
// would drop is one that opens with the character ("#a", "#12", a colour
// "#ff0000"); DuckDB counts it for the comment and reads the value as
// NULL. A candidate without a comment character is always acceptable, as
// is a comment the caller fixed.
func commentsAcceptable(rows []line, cols int, hasComment, fixed bool) bool {
	if fixed {
		return true
	}
	detected, valid, full := 0, 0, false
	for _, r := range rows {
		if !r.comment && !r.midComment {
			continue
		}
		detected++
		if r.comment && r.cols != cols {
			full = true
			valid++
		}
		if r.midComment && r.cols == cols && !r.commentOpens {
			valid++
		}
	}
	if valid == 0 || !full {
		return !hasComment
	}
	return float64(valid)/float64(detected) >= 0.6
}

// skipLines returns the offset after the first n lines of b, counting LF,
// CRLF and a lone CR as line ends regardless of quotes (a preamble is not
// CSV), or len(b) when b has fewer lines.
func skipLines(b []byte, n int) int {
	i := 0
	for ; n > 0 && i < len(b); i++ {
		switch b[i] {
		case '\n':
			n--
		case '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
			n--
		}
	}
	return i
}

// countLines counts the line ends in b as skipLines does.
func countLines(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\n':
			n++
		case '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
			n++
		}
	}
	return n
}

// sparseRows is the number of rows at the top of a table that
// skipSparse looks at.
const sparseRows = 10

// sparseCols is the widest table skipSparse looks at.
const sparseCols = 1024

// skipSparse moves c's table start past a preamble as wide as the table:
// rows of mostly empty cells ("PREAMBLE,,,," then ",,,,") above a row
// whose every cell is filled, as a spreadsheet exports a title and blank
// lines above its header. DuckDB counts such rows as rows of the table,
// since they have its width, and takes the title for the header. The
// rows are skipped when every one of them has at most one non-empty cell
// (a fifth of the columns in a table of ten or more: scikit-learn's
// boston_house_prices.csv opens with "506,13" and twelve empty cells,
// the counts of its rows and features, above its header; sparseMost),
// the table is three to sparseCols columns wide (the look costs reading
// its first rows once more), and the row after them has no empty cell and
// no number, as a header, and is followed by at least one more row. (An
// empty first row above rows of data is DuckDB's empty header, and stays
// one.) It does nothing when the
// caller fixed the rows to skip or the header.
func (s *session) skipSparse(c *candidate) {
	if s.skipFixed() || s.opts.Header != HeaderAuto || c.sh.cols < 3 || c.sh.cols > sparseCols {
		return
	}
	data := s.head[s.start:]
	r := c.dataRow()
	if r >= len(c.first) {
		return
	}
	// The table's first rows, as the reader reads them.
	rows, _ := readTable(data[c.first[r].start:], c.d, c.sh.cols, &Options{NullPadding: true, MaxLineSize: s.opts.MaxLineSize}, sparseRows)
	k, most := 0, sparseMost(c.sh.cols)
	for k < len(rows) && filled(rows[k]) <= most {
		k++
	}
	if k == 0 || k+1 >= len(rows) || filled(rows[k]) != c.sh.cols {
		return
	}
	for _, v := range rows[k] {
		if _, ok := cast.Sniff.Float64(v); ok {
			return // a row of data, not a header: the sparse rows are its table's
		}
	}
	// Row k of the table is line index j of c.first (comment lines are
	// not rows of the reader).
	j := r
	for n := 0; j < len(c.first); j++ {
		if c.first[j].comment {
			continue
		}
		if n == k {
			break
		}
		n++
	}
	if j >= len(c.first) {
		return
	}
	s.tracef("preamble as wide as the table: %d row(s) of at most %d value(s) above a full row: the table starts at row %d\n", k, most, j+1)
	c.skip, c.sh.header = j, j
}

// shortHeader moves c's table start up to the line above it when that
// line is a header that names fewer columns than the rows have values,
// the rows' values past it all empty: an export whose header has 12
// names above rows of 16 values, the last 4 empty. DuckDB's walk takes
// a wider row for the start of the table and the narrower lines above it
// for notes, so the names were skipped and the columns named column00 to
// column15. The line must not be a comment line, must have at least two
// values with its last filled, and no row of the first chunk (two or
// more) may fill a value past its width, while some row fills more than
// half of it. The table keeps the rows' width, the columns past the
// header's named as a header of no name is (column12, ...), so that no
// value is lost; when the header detection then finds the line to be
// data, it is a row padded with NULLs (Result.NullPadding). It does
// nothing when the caller fixed the rows to skip or the header.
func (s *session) shortHeader(c *candidate) {
	if s.skipFixed() || s.opts.Header != HeaderAuto {
		return
	}
	r := c.dataRow()
	if r < 1 || r >= len(c.first) {
		return
	}
	h := c.first[r-1]
	if h.comment || h.cols < 2 || h.cols >= c.sh.cols || h.filled != h.cols {
		return
	}
	most, n := 0, 0
	for _, l := range c.first[r:] {
		if l.comment {
			continue
		}
		if l.filled > h.cols {
			return
		}
		most, n = max(most, l.filled), n+1
	}
	if n < 2 || 2*most <= h.cols {
		return
	}
	s.tracef("the line above the table names %d of its %d columns, the rows' values past them empty: the header\n", h.cols, c.sh.cols)
	c.skip, c.sh.header, c.shortHead = r-1, r-1, true
}

// sparseMost is the most non-empty cells a row of a preamble as wide as
// a table of cols columns has (skipSparse): one, or a fifth of the
// columns when they are ten or more.
func sparseMost(cols int) int {
	return max(1, cols/5)
}

// filled is the number of non-empty values of a row.
func filled(row [][]byte) int {
	n := 0
	for _, v := range row {
		if len(v) > 0 {
			n++
		}
	}
	return n
}

// blockLines is the most lines of a block above an empty line that
// belowBlank takes for a preamble.
const blockLines = 10

// belowBlank returns the result of sniffing the sample from below the
// first empty line under the table's first row, when the lines above it
// are a block of at most blockLines lines of the table's width or another
// and what stands below is a better table: a header that its typed
// columns tell from the data (Scores.Header above one half), more typed
// columns than res has, and every row at its width. Instruments and
// weather stations write "Station,Berlin" and "Latitude,52.47" above an
// empty line and the table: rows as wide as the table, which DuckDB and
// the sniffer read as its header and first rows, every column then text.
// It returns nil when the caller fixed the rows to skip or the header,
// when res is a first table above another (TableEnd), or when the lines
// below are fewer than twice the block and three.
func (s *session) belowBlank(res *Result) *Result {
	if s.skipFixed() || s.opts.Header != HeaderAuto || res.TableEnd > 0 {
		return nil
	}
	data := s.head[s.start:]
	i := skipLines(data, res.SkipRows-s.opts.SkipRows)
	block, blank := 0, false
	for i < len(data) && block <= blockLines {
		e := skipLines(data[i:], 1)
		if isEmptyLine(data[i : i+e]) {
			blank = true
			break
		}
		block++
		i += e
	}
	if !blank || block == 0 || block > blockLines {
		return nil
	}
	for i < len(data) {
		e := skipLines(data[i:], 1)
		if !isEmptyLine(data[i : i+e]) {
			break
		}
		i += e
	}
	if below := countLines(data[i:]); below < 3 || below < 2*block {
		return nil
	}
	bres := s.betterFrom(res, s.opts.SkipRows+countLines(data[:i]), typedColumns(res)+1)
	if bres != nil {
		s.tracef("a block of %d line(s) above an empty line: the table below it, from line %d, types better\n", block, bres.SkipRows+1)
	}
	return bres
}

// betterFrom sniffs the sample from line skip on (the user's skipped
// lines included) and returns that result when it is a better table than
// res: a header its typed columns tell from the data (Scores.Header above
// one half), at least two columns, every row at its width, no second
// table, and at least minTyped typed columns. Otherwise it returns nil.
func (s *session) betterFrom(res *Result, skip, minTyped int) *Result {
	o := s.opts
	o.SkipRows = skip
	b := newSession(o, head{data: s.head, final: s.final, long: s.long})
	b.windows, b.rest, b.large = s.windows, s.rest, s.large
	bres, err := b.sniff()
	if err != nil || !bres.HasHeader || bres.Scores.Header <= 0.5 || len(bres.Columns) < 2 ||
		bres.Scores.Dialect < 1 || bres.NullPadding || bres.IgnoreErrors || bres.TableEnd > 0 ||
		typedColumns(bres) < minTyped {
		return nil
	}
	return bres
}

// belowPairs returns the result of sniffing the sample from below a block
// of key/value lines or a title at the top of res's table, when that is a
// better table, or nil. A bank or card statement opens with
// "Account,12345," and "Period,2024-01," above its header, a report with
// "Sales report 2024,,," above "region,2022,2023,2024": lines padded to
// the table's width, as a spreadsheet saves its rectangle, which DuckDB
// and the sniffer read as the header and first rows, the columns then
// text, or named after the title and column1, column2, .... The block is
// one to blockLines lines of res's table whose only values are the first
// one or two (one in a table of two columns), the first line's first
// filled, or lines of nothing but delimiters, right above a line whose
// every value is filled, as a header's are. The sample from that line
// on must be a table whose typed columns tell its first row for a header
// (betterFrom) and that types at least as many columns as res: the names
// of every column are better than a title's one (the header of years
// over columns of numbers types as many columns either way), while a
// real header that names only the first columns ("id,name,,") has a row
// of data below it, which the types do not tell for a header. It returns
// nil when the caller fixed the rows to skip or the header, when res is
// a first table above another (TableEnd), or when res has fewer than two
// columns.
func (s *session) belowPairs(res *Result) *Result {
	ncols := len(res.Columns)
	if s.skipFixed() || s.opts.Header != HeaderAuto || res.TableEnd > 0 || ncols < 2 {
		return nil
	}
	data := s.head[s.start:]
	i := skipLines(data, res.SkipRows-s.opts.SkipRows)
	o := Options{NullPadding: true, MaxLineSize: s.opts.MaxLineSize}
	most := min(2, ncols-1)
	block := 0
	for ; block <= blockLines && i < len(data); block++ {
		e := skipLines(data[i:], 1)
		rows, err := readTable(data[i:i+e], res.Dialect, ncols, &o, 1)
		if err != nil || len(rows) != 1 {
			return nil
		}
		r := rows[0]
		n := filled(r)
		if n == ncols {
			break // the header
		}
		if n == 0 && block > 0 {
			i += e
			continue // a line of delimiters under the title
		}
		if len(cell(r, 0)) == 0 || n > most || n == 2 && len(cell(r, 1)) == 0 {
			return nil
		}
		i += e
	}
	if block == 0 || block > blockLines || i >= len(data) {
		return nil
	}
	bres := s.betterFrom(res, s.opts.SkipRows+countLines(data[:i]), typedColumns(res))
	if bres != nil {
		s.tracef("%d line(s) of key and value, or a title, above the header: the table from line %d types better\n", block, bres.SkipRows+1)
	}
	return bres
}

// skipFixed says the caller fixed the rows to skip (Options.SkipRows),
// and the rules that look for a preamble do not look: the line Excel
// writes with the delimiter ("sep=;"), which the sniffer skips itself,
// does not count.
func (s *session) skipFixed() bool {
	return s.opts.SkipRows > 0 && !s.sepSkip
}

// isEmptyLine says line (with its line end) holds nothing else.
func isEmptyLine(line []byte) bool {
	for _, c := range line {
		if c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// typedColumns counts the columns of res that are not VARCHAR.
func typedColumns(res *Result) int {
	n := 0
	for _, c := range res.Columns {
		if c.Type != cast.TypeVarchar {
			n++
		}
	}
	return n
}

// sepLine returns the delimiter that the first line of b names, when it
// is "sep=" and one byte (any case; after a UTF-8 byte order mark) and a
// line end: the line Excel reads as the file's delimiter and writes above
// the table so that another locale opens the file with it. DuckDB takes it
// for the table's first row, its header when the table has two columns
// ("sep=" and an empty name, split at ';').
func sepLine(b []byte) (string, bool) {
	b = bytes.TrimPrefix(b, []byte{0xEF, 0xBB, 0xBF})
	if len(b) < 6 || !strings.EqualFold(string(b[:4]), "sep=") {
		return "", false
	}
	d := b[4]
	if d == '\n' || d == '\r' || (b[5] != '\n' && b[5] != '\r') {
		return "", false
	}
	return string(d), true
}
