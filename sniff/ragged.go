package sniff

// Ragged rows: a table some of whose rows are short or long.
//
// DuckDB compares dialects by "every row fits or nothing": a candidate
// that reads 83 of 84 rows with 9 columns and one with 8 is dropped
// (short rows, and padding is off), and a dialect that reads every line as
// one text column wins, or one that reads a narrower table. csvscan
// scores every candidate that read the first chunk by how consistently it
// reads it, as table-uniformity and CleverCSV's pattern score do:
//
//   - the dominant width W is the most common number of values, over the
//     rows that are not comment lines; when two widths are equally common
//     none dominates, and the candidate is no table (four lines "foo",
//     "12,5", "145,00", "5.25" are one column of decimal commas);
//   - the table starts at the first row at least W wide (narrower lines
//     above it are a preamble, as in DuckDB, but for rows one value
//     narrower, as some of the table's rows are: shortAbove); that row
//     is the header row;
//   - consistency is the share of the table's rows that are W wide;
//   - the score is consistency × (1 − 1/W): one column scores 0, and a
//     wider consistent table beats a narrower one.
//
// When DuckDB's method ends in one text column or no dialect, and no
// first table stands above rows of another shape (firstTable), the best
// believable reading is the answer. When it finds a table, a reading with
// another delimiter replaces it only from the first line on and only when
// it is clearly better (raggedOver): more columns with at least 90% of
// the rows at W, or every row at W while DuckDB's table took lines at the
// top for notes.
//
// A candidate is believable when W is at least 2, the table has at least
// three rows, at least two of them W wide, and consistency is at least
// raggedMinConsistency (a short sample of prose split at its commas is
// not a table). Of the believable candidates the best scores wins (ties:
// DuckDB's order, a quote that occurs first). Its width is that of its widest
// row up to 2W (a header wider than the data, a row with an extra value),
// so that no value is lost, and the narrower rows are padded with NULLs:
// what DuckDB reads with null_padding=true. Empty values at the end of a
// row do not count ("5,6," among rows of two values is a stray delimiter,
// and a column that no row fills is no column); a row one such value
// wider than the table sets TrailingDelimiter, which drops it. A row
// wider than 2W is a reject, and a first line that wide a preamble, as
// is a first line less wide above a typed table with a header of its own
// (belowTitle). The
// result says what reading it takes: NullPadding and ShortRows for the
// rows with fewer values, IgnoreErrors and LongRows for the rejects, so
// that reading the file with the detected options does not fail on its
// first short row.

import "strings"

// raggedMinConsistency is the least share of a table's rows that must have
// its dominant width for a ragged reading to be believable.
const raggedMinConsistency = 0.6

// raggedShape is what a ragged reading of a candidate's first chunk finds.
type raggedShape struct {
	start       int  // index in the rows of the first table row (the header row)
	comments    int  // comment lines before start
	dominant    int  // the most common width
	width       int  // the table's width: its widest row up to 2 × dominant, empty values at its end left out
	rows        int  // table rows, from start on, comment lines left out
	exact       int  // table rows of the dominant width
	trailing    bool // some row is one empty value wider than the table: a stray delimiter at its end
	end         int  // offset in the sample where the table ends (firstTable), or 0
	consistency float64
	// shortened says the table's first row is its widest, at least three
	// values wide, two more rows have its width, and every row has at
	// least two values and a third of it: rows that leave out trailing
	// values (see believable); or every row has width or width-1 values,
	// three or more of each (optionalLast).
	shortened bool
}

// raggedOf computes the ragged shape of rows.
func raggedOf(rows []line) raggedShape {
	var r raggedShape
	var small [64]int     // rows per width, for the usual widths
	wide := map[int]int{} // and the others
	for _, l := range rows {
		switch {
		case l.comment:
		case l.cols < len(small):
			small[l.cols]++
		default:
			wide[l.cols]++
		}
	}
	best, tie := 0, false
	see := func(w, n int) {
		switch {
		case n == 0:
		case n > best || (n == best && w > r.dominant):
			tie = n == best
			r.dominant, best = w, n
		case n == best:
			tie = true
		}
	}
	for w, n := range small {
		see(w, n)
	}
	for w, n := range wide {
		see(w, n)
	}
	if tie && !shortenedRows(withoutComments(rows), r.dominant) {
		// No width dominates, unless the widest of the most common is
		// the first row's, below which rows leave out trailing values
		// (as many rows of 5 values as of 7 under a header of 7).
		return raggedShape{}
	}
	r.start = -1
	for i, l := range rows {
		if l.comment || l.cols < r.dominant {
			continue
		}
		if l.cols > 2*r.dominant {
			continue // a title wider than the table: preamble
		}
		r.start = i
		break
	}
	if r.start < 0 {
		return raggedShape{}
	}
	r.start = shortAbove(rows, r.start, r.dominant)
	for _, l := range rows[:r.start] {
		if l.comment {
			r.comments++
		}
	}
	r.width = r.dominant
	for _, l := range rows[r.start:] {
		if l.comment {
			continue
		}
		r.rows++
		if l.cols == r.dominant {
			r.exact++
		}
		if l.cols <= 2*r.dominant {
			// Empty values at the end of a wide row ("5,6," among rows
			// of two values) widen nothing: a column no row fills is
			// no column.
			r.width = max(r.width, l.filled)
		}
	}
	for _, l := range rows[r.start:] {
		if !l.comment && l.cols == r.width+1 && l.emptyLast {
			r.trailing = true
			break
		}
	}
	r.consistency = float64(r.exact) / float64(r.rows)
	r.shortened = shortenedRows(rows[r.start:], r.width) || optionalLast(rows[r.start:], r.width)
	return r
}

// shortAbove returns where the table starts when its first row of the
// dominant width d is rows[start]: a row right above it one value
// narrower, as at least two of the table's rows are, is a row of the
// table that leaves out its last value, not a note. A list whose fourth
// value is an optional remark ("AD<tab>+4230+00131<tab>Europe/Andorra"
// above "AE,OM<tab>+2518+05518<tab>Asia/Dubai<tab>Crozet", as tzdata's
// zone1970.tab has it) starts at its first row, which DuckDB's walk (a
// wider row makes the rows above it notes) skipped, taking the second row
// for the header.
func shortAbove(rows []line, start, d int) int {
	if d < 3 {
		return start
	}
	same := 0
	for _, l := range rows[start:] {
		if !l.comment && l.cols == d-1 {
			same++
		}
	}
	for same >= 2 && start > 0 && !rows[start-1].comment && rows[start-1].cols == d-1 {
		start--
	}
	return start
}

// optionalLast says rows (the table's, from its first) hold w or w-1
// values each, w at least 3, at least three rows of each width: a list
// whose last value is optional (a remark that half the rows have). Such
// a table is believable whichever width is the more common.
func optionalLast(rows []line, w int) bool {
	if w < 3 {
		return false
	}
	full, short := 0, 0
	for _, l := range rows {
		switch {
		case l.comment:
		case l.cols == w:
			full++
		case l.cols == w-1:
			short++
		default:
			return false
		}
	}
	return full >= 3 && short >= 3
}

// withoutComments returns rows from the first that is not a comment line.
func withoutComments(rows []line) []line {
	for i, l := range rows {
		if !l.comment {
			return rows[i:]
		}
	}
	return nil
}

// shortenedRows says rows (the table's, from its first) are rows of
// width w that leave out trailing values: the first is w wide, no row is
// wider, every row has at least two values and a third of w, and at
// least three are w wide, w at least three.
func shortenedRows(rows []line, w int) bool {
	if w < 3 || len(rows) == 0 || rows[0].comment || rows[0].cols != w {
		return false
	}
	full := 0
	for _, l := range rows {
		switch {
		case l.comment:
		case l.cols > w || l.cols < 2 || 3*l.cols < w:
			return false
		case l.cols == w:
			full++
		}
	}
	return full >= 3
}

// believable says whether the ragged reading is a table: at least
// raggedMinConsistency of its rows at the most common width, or rows that
// leave out trailing values below a header that names them all (a list of
// releases whose later dates only the newer ones have: 10 of 23 rows at
// the most common width, 6 of 8), or rows some of which leave out an
// optional last value (optionalLast).
func (r raggedShape) believable() bool {
	return r.dominant >= 2 && r.rows >= 3 && r.exact >= 2 && (r.consistency >= raggedMinConsistency || r.shortened)
}

// score is the reading's consistency weighted by its width.
func (r raggedShape) score() float64 {
	return r.consistency * (1 - 1/float64(r.dominant))
}

// raggedBest returns the candidate of p (a session after dialect
// detection) whose ragged reading scores best among those accept allows
// (nil: all), and that reading, or nil.
func (p *session) raggedBest(accept func(*candidate, raggedShape) bool) (*candidate, raggedShape) {
	var (
		best *candidate
		bsh  raggedShape
		bsc  float64
	)
	// When values open with a quote after this delimiter in some
	// candidate's reading (whether that table then read the chunk or
	// failed), a candidate that does not read the quote would split the
	// quoted values at the delimiters they hold ("Dec 8, 2022"): it is no
	// ragged table. Quotes inside unquoted values (JSON in a tab file)
	// open no value and do not count.
	shapes := map[*counter]raggedShape{} // candidates that share a count read alike
	for _, c := range p.allRead() {
		if p.quotedAfter[c.d.Delimiter] && !c.everQuoted() {
			continue
		}
		r, ok := shapes[c.ctr]
		if !ok {
			r = raggedOf(c.first)
			shapes[c.ctr] = r
		}
		if !r.believable() || !commentsAcceptable(c.first, r.dominant, c.d.Comment.IsSet(), p.opts.Fixed&Comment != 0) ||
			accept != nil && !accept(c, r) {
			continue
		}
		sc := r.score()
		better := best == nil || sc > bsc+1e-9
		if !better && sc > bsc-1e-9 {
			// A tie: a quote that occurs beats one that does not, and the
			// quote as its own escape, when doubled quotes occur, beats
			// another escape.
			better = c.everQuoted() && !best.everQuoted() ||
				c.everQuoted() && best.everQuoted() && c.d.Quote == best.d.Quote &&
					c.d.Escape == c.d.Quote && c.ctr.everEscape && best.d.Escape != best.d.Quote
		}
		if better {
			best, bsh, bsc = c, r, sc
		}
	}
	if best != nil {
		p.tracef("ragged rows: %s reads %d of %d rows at width %d (score %.3f), table width %d from row %d\n",
			short(best.d), bsh.exact, bsh.rows, bsh.dominant, bsc, bsh.width, bsh.start+1)
	}
	return best, bsh
}

// ragged reads the sample with the best ragged candidate of p, padding the
// short rows and leaving out the long ones, and returns its result, or nil
// when no candidate is believable (and allowed by accept, when not nil).
func (s *session) ragged(p *session, accept func(*candidate, raggedShape) bool) *Result {
	c, r := p.raggedBest(accept)
	if c == nil {
		return nil
	}
	if tres := s.belowTitle(p, c, r); tres != nil {
		return tres
	}
	return s.readRagged(p, c, r)
}

// belowTitle returns the reading of c's rows below its first, when that
// row is a title wider than the table, or nil. A ragged reading takes
// its width from its widest row up to twice the most common width, so
// that a header with more names than the rows have values keeps them;
// but a title split at its commas ("Sales report, Q1 2024, North, by
// J. Smith") above a table of three columns made a table of its width,
// the title its header, the table's header a row of data and every
// column text. The first row is a title when it is the first line that
// is not a comment, it has more filled values than the table's most
// common width, no later row is wider than that width, and the rows
// below it, read on their own, are a believable table whose typed
// columns tell its first row for a header (Scores.Header above one
// half); otherwise the wider first row stays the header. DuckDB reads
// such a file as one text column.
func (s *session) belowTitle(p *session, c *candidate, r raggedShape) *Result {
	if s.skipFixed() || s.opts.Header != HeaderAuto || r.start != r.comments || r.end > 0 {
		return nil
	}
	rows := c.first
	if rows[r.start].filled <= r.dominant {
		return nil
	}
	for _, l := range rows[r.start+1:] {
		if !l.comment && l.cols > r.dominant {
			return nil
		}
	}
	below := r.start + 1
	r2 := raggedOf(rows[below:])
	if !r2.believable() || r2.dominant != r.dominant || r2.end > 0 {
		return nil
	}
	r2.start += below
	r2.comments += r.comments
	res := s.readRagged(p, c, r2)
	if res == nil || !res.HasHeader || res.Scores.Header <= 0.5 {
		return nil
	}
	p.tracef("the first row, wider than the table, is a title: the table starts at row %d\n", r2.start+1)
	return res
}

// raggedOverride is the least consistency of a ragged reading that
// replaces a narrower table DuckDB's method found.
const raggedOverride = 0.9

// raggedOver returns a reading that beats res, a table DuckDB's method
// found, or nil. It must use another delimiter and read the sample from
// its first line (no preamble), either
//
//   - with more columns than res and at least raggedOverride of its rows
//     at its dominant width: a comma table with one short row, where
//     DuckDB drops the comma and takes the two columns a semicolon inside
//     one text column gives; or
//   - every row at one width of at least 2, when res took lines at the
//     top for notes: "name;tags" above rows of "item;red, green, blue",
//     where DuckDB's comma reads three columns and skips the header.
func (s *session) raggedOver(p *session, res *Result) *Result {
	notes := res.SkipRows > s.opts.SkipRows
	c, r := p.raggedBest(func(c *candidate, r raggedShape) bool {
		if r.start != 0 || c.d.Delimiter == res.Dialect.Delimiter {
			return false
		}
		return r.consistency >= raggedOverride && r.dominant > len(res.Columns) ||
			notes && r.consistency == 1
	})
	if c == nil {
		return nil
	}
	return s.readRagged(p, c, r)
}

// readRagged reads the sample with c's ragged reading r.
func (s *session) readRagged(p *session, c *candidate, r raggedShape) *Result {
	o := s.opts
	o.NullPadding, o.IgnoreErrors = true, true
	q := &session{opts: o, head: s.head, final: s.final, long: s.long, windows: s.windows, rest: s.rest, start: s.start,
		large: s.large, chunks: s.chunks, caster: s.caster, typeCands: s.typeCands, present: s.present, maxCols: r.width, sepSkip: s.sepSkip}
	q.formats[0].user, q.formats[0].userFormat = s.formats[0].user, s.formats[0].userFormat
	q.formats[1].user, q.formats[1].userFormat = s.formats[1].user, s.formats[1].userFormat
	rc := &candidate{d: c.d, ctr: c.ctr, first: c.first, skip: r.start, score: r.consistency, end: r.end,
		sh: shape{cols: r.width, consistent: r.exact, header: r.start, dirty: r.start, dirtyNoComm: r.start - r.comments,
			trailing: r.trailing}}
	res, err := q.finish([]*candidate{rc}, nil)
	if err != nil {
		p.tracef("ragged rows: %s: %v\n", short(c.d), err)
		return nil
	}
	if r.end > 0 {
		q.readAfter(rc, res)
	}
	if res.ShortRows+res.LongRows > 0 {
		p.tracef("ragged rows: %d short rows (null padding), %d long rows (rejects)\n", res.ShortRows, res.LongRows)
	}
	return res
}

// firstTable finds, when no dialect reads the sample as one table, a table
// at the top followed by rows of another shape: a second table, or a
// block of notes, after the first. It comes before the ragged reading,
// whose most common width is the second table's when that is the longer. The candidate's
// rows (comment lines aside) must start with at least firstTableRows rows
// of one width W of at least 2 (a header and two rows), followed by rows
// of one other width: two or more of them (a second table), or rows of
// one value (a block of notes). The shape changes once. The first table is
// the answer, typed from its own rows, the later rows padded or rejected
// (readAfter), and
// Result.TableEnd says where it ends, so that the read neither fails on
// the second table nor takes it for rows of the first without a word.
// DuckDB reads such a file as one text column.
func (s *session) firstTable(p *session) *Result {
	for _, c := range p.allRead() {
		if p.quotedAfter[c.d.Delimiter] && !c.everQuoted() || c.d.Delimiter == " " || c.ctr.bad > 0 {
			continue
		}
		w, run, end := 0, 0, -1
		w2, run2, mixed := 0, 0, false // the rows after the first table
		for i, l := range c.first {
			if l.comment {
				continue
			}
			switch {
			case w == 0:
				w, run = l.cols, 1
			case l.cols == w && end < 0:
				run++
			case l.cols != w && end < 0:
				end, w2, run2 = i, l.cols, 1
			case l.cols == w2:
				run2++
			default:
				mixed = true // the first shape comes back, or a third: ragged, not two tables
			}
			if mixed {
				break
			}
		}
		// The rest is a second table (two rows or more of one width) or
		// a block of notes (rows of one value).
		if mixed || end < 0 || w2 >= 2 && run2 < 2 {
			continue
		}
		if w < 2 || run < firstTableRows ||
			!commentsAcceptable(c.first, w, c.d.Comment.IsSet(), p.opts.Fixed&Comment != 0) {
			continue
		}
		r := raggedShape{start: 0, dominant: w, width: w, rows: len(c.first), exact: run, end: c.first[end].start,
			consistency: float64(run) / float64(len(c.first))}
		res := s.readRagged(p, c, r)
		if res == nil {
			continue
		}
		res.TableEnd = s.opts.SkipRows + countLines(s.head[s.start:c.first[end].start]) + 1
		p.tracef("a first table: %s reads %d rows at width %d, then rows of another shape from line %d\n",
			short(c.d), run, w, res.TableEnd)
		return res
	}
	return nil
}

// readAfter counts the rows of the sample from c.end on, the rows after
// the first table, into res: a row that fits the table's types is a row
// of the table, padded when it is short (ShortRows); a row with a value
// that does not cast to its column's type, or with too many values, is a
// reject (LongRows). The types and the header came from the table's rows
// alone: a footer ("Source: national statistics office") below a column
// of numbers made it VARCHAR.
func (s *session) readAfter(c *candidate, res *Result) {
	data := s.head[s.start:]
	to := len(data)
	if !s.final {
		to = lastLineEnd(data)
	}
	if c.end >= to {
		return
	}
	o := s.opts
	o.NullPadding, o.IgnoreErrors = true, true
	rr, err := newRowReader(data[c.end:to], c.d, len(res.Columns), &o, max(0, s.chunks*chunkRows-res.Rows), !s.final)
	if err != nil {
		return
	}
	for !rr.done {
		rows, _ := rr.next(nil, chunkRows, false)
		for _, row := range rows {
			fits := true
			for i, col := range res.Columns {
				if !s.canCast(col.Type, cell(row, i)) {
					fits = false
					break
				}
			}
			switch {
			case !fits:
				res.LongRows++
			case len(row) < len(res.Columns):
				res.ShortRows++
			}
		}
	}
	res.Rows += rr.total
	res.LongRows += rr.skipped
	if !res.TrailingDelimiter {
		res.LongRows += rr.dropped
	}
	res.NullPadding, res.IgnoreErrors = res.ShortRows > 0, res.LongRows > 0
}

// firstTableRows is the least number of rows of a first table.
const firstTableRows = 3

// rate sets res.Scores.Confidence from the runner-up among the candidates
// of the passes of choose (see Scores.Confidence), and tells Options.Trace
// why the result beat it.
func (s *session) rate(res *Result) {
	win := res.Scores.Dialect
	if len(res.Columns) < 2 {
		win = 1 // no table: as sure as no rival is a table
	}
	var (
		rival *candidate
		rsh   raggedShape
	)
	seen := map[*counter]bool{}
	for _, p := range s.seen {
		if p == nil {
			continue
		}
		for _, c := range p.allRead() {
			// A delimiter inside the result's (',' in ", ", '|' in " || ")
			// splits the rows wherever the result's does: it reads the
			// same table, or that table with empty columns or values cut
			// at their spaces, and is no rival.
			if seen[c.ctr] || strings.Contains(res.Dialect.Delimiter, c.d.Delimiter) ||
				p.quotedAfter[c.d.Delimiter] && !c.everQuoted() {
				continue
			}
			seen[c.ctr] = true
			r := raggedOf(c.first)
			if r.dominant < 2 || r.start != 0 || r.rows < 2 {
				continue
			}
			if rival == nil || r.consistency > rsh.consistency+1e-9 ||
				r.consistency > rsh.consistency-1e-9 && r.dominant > rsh.dominant {
				rival, rsh = c, r
			}
		}
	}
	res.Scores.Confidence = win
	if rival == nil {
		s.tracef("confidence %.3f: no reading with another delimiter has two columns from the first line on\n", win)
		return
	}
	res.Scores.Confidence = win * (1 - rsh.consistency)
	why := "it reads its rows more consistently"
	switch {
	case len(res.Columns) < 2:
		why = "the runner-up is no consistent table"
	case win+1e-9 >= rsh.consistency && len(res.Columns) > rsh.dominant:
		why = "it reads more columns, at least as consistently"
	case win+1e-9 >= rsh.consistency && len(res.Columns) == rsh.dominant:
		why = "both read the same table: DuckDB's order of delimiters decides"
	case win < rsh.consistency:
		why = "DuckDB's rules, which the winner meets and the runner-up does not (see the candidate lines above)"
	}
	s.tracef("winner %s: %d columns, %.3f of rows at its width; runner-up %s: %d of %d rows at width %d (%.3f): %s; confidence %.3f\n",
		short(res.Dialect), len(res.Columns), res.Scores.Dialect, short(rival.d), rsh.exact, rsh.rows, rsh.dominant,
		rsh.consistency, why, res.Scores.Confidence)
}
