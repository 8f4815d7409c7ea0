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
// rows a comment ends). A candidate without a comment character is always
// acceptable, as is a comment the caller fixed.
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
		if r.midComment && r.cols == cols {
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
