package sniff

// Type detection: the type of each column, over the first chunk.
//
// Each column starts with every candidate type, ordered from the most
// general to the most specific:
//
//	VARCHAR, DOUBLE, BIGINT, TIMESTAMP, DATE, TIME, BOOLEAN, (null)
//
// and each value, in row order, removes the specific candidates it cannot
// be cast to, until one fits (empty values fit every type). The casts are
// DuckDB's strict ones (internal/cast.Sniff), so "007", "+5" and "1." stay
// text. A column with no value at all ends as VARCHAR.
//
// Dates and timestamps may be written in a local format. When a DATE or
// TIMESTAMP candidate meets a value that starts like a numeric date (digits,
// a separator, digits, the same separator, digits), the sniffer tries
// DuckDB's format candidates for that separator in DuckDB's order and keeps
// the first that reads the value; later values that do not fit it move on
// to the next format, and when none fits the type is dropped. A column
// that has settled on BOOLEAN, DATE, TIME or TIMESTAMP and meets a value
// that does not fit becomes VARCHAR at once. ISO 8601
// values need no format. One format holds for all DATE columns, one for all
// TIMESTAMP columns, as in DuckDB. This is CSVSniffer::DetectTypes and
// SniffTypes (sniffer/type_detection.cpp).
//
// The first row of the chunk is left out when the chunk has more than one
// row: it may be a header, and header detection (header.go) decides by
// checking it against the types the other rows gave.

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/csvscan/csvscan/internal/cast"
)

// sticky says a column that has settled on t becomes VARCHAR, rather than
// a more general type, at the first value that does not fit t: a column of
// dates with one "1" in it is not a column of numbers. DuckDB has this rule
// for BOOLEAN and, since its issue 15473, for DATE, TIME and TIMESTAMP.
func sticky(t cast.Type) bool {
	switch t {
	case cast.TypeBoolean, cast.TypeDate, cast.TypeTime, cast.TypeTimestamp, cast.TypeTimestampTZ:
		return true
	}
	return false
}

// hasOffset reports whether v is a value TIMESTAMP WITH TIME ZONE reads
// and the sniffer's TIMESTAMP refuses: an ISO timestamp that carries a
// UTC offset, or a special value ("infinity", "-inf", "epoch"), which
// DuckDB 1.5.6's sniffer refuses as TIMESTAMP too.
func hasOffset(v []byte) bool {
	if _, ok := cast.Sniff.TimestampTZ(v); !ok {
		return false
	}
	_, ok := cast.Sniff.Timestamp(v)
	return !ok
}

// typeNull is DuckDB's SQLNULL candidate: the type of a column that has
// held only empty values so far.
const typeNull cast.Type = 255

// defaultTypes are DuckDB's auto_type_candidates, general to specific.
// TIMESTAMP WITH TIME ZONE sits just before TIMESTAMP: a column of
// timestamps becomes it when a value carries a UTC offset ("+02", "Z").
var defaultTypes = []cast.Type{
	cast.TypeVarchar, cast.TypeDouble, cast.TypeBigInt, cast.TypeTimestampTZ, cast.TypeTimestamp,
	cast.TypeDate, cast.TypeTime, cast.TypeBoolean, typeNull,
}

// column is one column's remaining candidate types and how many values it
// was checked against. The candidates are always the first n of the
// session's list (defaultTypes, or Options.AutoTypeCandidates; the last is
// the current guess), which every column shares: a column is one small
// value, whatever the number of columns.
type column struct {
	types  []cast.Type
	n      uint8
	values int
}

func newColumn(types []cast.Type) column { return column{types: types, n: uint8(len(types))} }

func (c *column) top() cast.Type { return c.types[c.n-1] }

// more says a more general candidate than the top is left.
func (c *column) more() bool { return c.n > 1 }

// pop drops the top candidate.
func (c *column) pop() { c.n-- }

// popTo drops candidates until t is on top.
func (c *column) popTo(t cast.Type) {
	for c.n > 1 && c.top() != t {
		c.n--
	}
}

// formatState is the search for one DATE or TIMESTAMP format.
type formatState struct {
	user       string      // the caller's format, if any
	userFormat cast.Format // parsed
	init       bool        // candidates generated
	hadMatch   bool        // some value fit a candidate
	list       []string    // candidates left; list[0] is the current one
	origLen    int         // number of candidates generated
	current    cast.Format // the format casts use; zero for ISO 8601
}

// newCandidate readies f for the next dialect candidate: the format in
// use goes back to the caller's (or none), the candidates left stay.
func (f *formatState) newCandidate() { f.current = f.userFormat }

// sameSearch says a and b hold the same format search: the same
// candidates left and the same flags (the format in use aside).
func sameSearch(a, b *[2]formatState) bool {
	for i := range a {
		x, y := &a[i], &b[i]
		if x.init != y.init || x.hadMatch != y.hadMatch || x.origLen != y.origLen || !slices.Equal(x.list, y.list) {
			return false
		}
	}
	return true
}

func (f *formatState) set(text string) {
	if text == "" {
		f.current = cast.Format{}
		return
	}
	if p, ok := parsedFormats.Load(text); ok {
		f.current = p.(cast.Format)
		return
	}
	p, err := cast.ParseFormat(text)
	if err != nil {
		// The candidates are DuckDB's templates and always parse.
		panic("sniff: bad format candidate " + text + ": " + err.Error())
	}
	parsedFormats.Store(text, p)
	f.current = p
}

// candidateFormats returns cast.FormatCandidates(t, sep) and the formats
// they parse to, computed once per type and separator. The slices are
// shared: callers reslice them but never write to them.
func candidateFormats(t cast.Type, sep string) ([]string, []cast.Format) {
	key := candidateKey{t, sep}
	if c, ok := candidateCache.Load(key); ok {
		e := c.(candidateEntry)
		return e.names, e.formats
	}
	names := cast.FormatCandidates(t, sep)
	formats := make([]cast.Format, len(names))
	for i, n := range names {
		p, err := cast.ParseFormat(n)
		if err != nil {
			panic("sniff: bad format candidate " + n + ": " + err.Error())
		}
		formats[i] = p
	}
	candidateCache.Store(key, candidateEntry{names, formats})
	return names, formats
}

type (
	candidateKey struct {
		t   cast.Type
		sep string
	}
	candidateEntry struct {
		names   []string
		formats []cast.Format
	}
)

var candidateCache sync.Map // candidateKey -> candidateEntry

// parsedFormats holds the format candidates parsed so far, by their text:
// the search tries the current candidate on every value that looks like a
// date, and parsing it each time cost more than the casts.
var parsedFormats sync.Map // string -> cast.Format

// detect runs one value that starts like a numeric date with separator sep
// through the format search, as DuckDB's DetectDateAndTimeStampFormats.
func (f *formatState) detect(t cast.Type, sep string, v []byte) {
	switch sep {
	case "-", ".", "/", " ":
	default:
		return // not one of DuckDB's date separators (cast.FormatCandidates)
	}
	if f.init && f.user == "" && len(f.list) > 0 && f.current.Matches(v) {
		// The current candidate reads it: what the search below would
		// find first, without building and copying the candidate list.
		f.hadMatch = true
		return
	}
	if !f.init && !f.hadMatch && f.user == "" {
		// A fresh search: the first candidate that reads v, if any, is
		// where the search below would stop; when none does, it would
		// forget them all again. (ISO dates, which no candidate reads,
		// come here for every value.)
		names, formats := candidateFormats(t, sep)
		for k := range formats {
			if formats[k].Matches(v) {
				f.init, f.hadMatch = true, true
				f.list, f.origLen, f.current = names[k:], len(names), formats[k]
				return
			}
		}
		if names != nil {
			f.list, f.current = nil, cast.Format{}
		}
		return
	}
	cands := cast.FormatCandidates(t, sep)
	if cands == nil {
		return
	}
	if !f.init {
		f.init = true
		if f.user != "" {
			f.list = []string{f.user}
		} else {
			f.list = cands
		}
		f.origLen = len(f.list)
	}
	if len(f.list) > 0 {
		f.set(f.list[0])
	}
	if f.user != "" {
		return
	}
	saved := slices.Clone(f.list)
	initial := len(saved) == f.origLen
	for len(f.list) > 0 {
		if f.current.Matches(v) {
			f.hadMatch = true
			return
		}
		f.list = f.list[1:]
		if len(f.list) > 0 {
			f.set(f.list[0])
		}
	}
	if len(saved) == 0 {
		return
	}
	if initial && !f.hadMatch {
		// Not a date at all: forget the candidates this value generated.
		f.init = false
		f.list = nil
		f.set("")
		return
	}
	f.list = saved
	f.set(f.list[0])
}

// chosen is the format the result reports for type t when some column of
// res has type t: the current one, or iso when the values are ISO 8601.
func (f *formatState) chosen(res *Result, t cast.Type, iso string) string {
	for _, col := range res.Columns {
		if col.Type == t {
			if f.current.IsZero() {
				return iso
			}
			return f.current.String()
		}
	}
	return ""
}

func (s *session) format(t cast.Type) *formatState {
	if t == cast.TypeDate {
		return &s.formats[0]
	}
	return &s.formats[1]
}

// canCast says whether v fits t with the sniffer's rules; a null (the
// empty value, or one of Options.NullStr) fits every type.
func (s *session) canCast(t cast.Type, v []byte) bool {
	if s.null(v) {
		return true
	}
	c := s.caster
	switch t {
	case cast.TypeVarchar:
		return true
	case typeNull:
		return false
	case cast.TypeBoolean:
		_, ok := c.Bool(v)
		return ok
	case cast.TypeBigInt:
		_, ok := c.Int64(v)
		return ok
	case cast.TypeDouble:
		_, ok := c.Float64(v)
		return ok
	case cast.TypeInteger:
		_, ok := c.Int32(v)
		return ok
	case cast.TypeSmallInt:
		_, ok := c.Int16(v)
		return ok
	case cast.TypeTinyInt:
		// DuckDB 1.5.6's sniffer casts TINYINT, alone of its types, with
		// the reader's rules, not the strict ones (CanYouCastIt in
		// type_detection.cpp): "1.5" is a TINYINT, 2.
		c.Strict = false
		_, ok := c.Int8(v)
		return ok
	case cast.TypeFloat:
		_, ok := c.Float32(v)
		return ok
	case cast.TypeDecimal:
		// DuckDB's decimal cast has no strict rules.
		d := s.typeCands.decimal
		_, ok := c.Decimal(v, d.Width, d.Scale)
		return ok
	case cast.TypeDate:
		if f := s.formats[0].current; !f.IsZero() {
			_, ok := f.Date(v)
			return ok
		}
		_, ok := c.Date(v)
		return ok
	case cast.TypeTimestamp:
		if f := s.formats[1].current; !f.IsZero() {
			_, ok := f.Timestamp(v)
			return ok
		}
		_, ok := c.Timestamp(v)
		return ok
	case cast.TypeTime:
		_, ok := c.Time(v)
		return ok
	case cast.TypeTimestampTZ:
		_, ok := c.TimestampTZ(v)
		return ok
	}
	return false
}

// null says v means NULL: the empty value, or one of Options.NullStr,
// unless it was quoted under Options.QuotedNotNull (quotedNotNull).
func (s *session) null(v []byte) bool {
	return !quotedNotNull(v) && s.opts.nullText(v)
}

// nullText says the text v means NULL when it is not quoted (or quoted
// nulls are allowed): the empty value, or one of o.NullStr.
func (o *Options) nullText(v []byte) bool {
	if len(v) == 0 {
		return true
	}
	for _, n := range o.NullStr {
		if string(v) == n {
			return true
		}
	}
	return false
}

// detectTypes reads the first chunk of each candidate dialect and keeps the
// one that leaves the fewest VARCHAR columns (the first of equals). It
// returns the winner, its rows, and leaves its column candidates in s.
//
// As in DuckDB (CSVSniffer::DetectTypes), the search for date and
// timestamp formats is not started afresh for each candidate: the format
// candidates one candidate's values left (formatState, less the format
// in use, which is the candidate's own) are where the next one starts. So
// a candidate that reads the sample exactly as an earlier one (they share
// a count, see canonical) can type it otherwise: after `13/01/2020` in
// one column settled %d/%m/%Y, a column of ISO dates before it, which
// a timestamp among them made VARCHAR, fails that format on its first
// date and is TIMESTAMP in the next candidate, which then wins with one
// text column less. Such a candidate is typed again only when the input
// fit in the first chunk and the format candidates differ from those its
// count last started with; otherwise its types are the earlier ones and
// it cannot win.
func (s *session) detectTypes(cands []*candidate) (*candidate, *table, error) {
	var (
		best      *candidate
		bestRows  *table
		bestCols  []column
		bestForms [2]formatState
		minText   = s.maxCols + 1
	)
	type run struct {
		rows       *table
		start, end [2]formatState
	}
	typed := map[*counter]*run{}
	// DuckDB 1.5.6 types such a candidate again only when its first
	// chunk held the whole input: with 2,046 rows below the header the
	// second candidate wins, with 2,047 (a full chunk of 2,048 rows) the
	// first stays.
	whole := false
	for _, c := range cands {
		var rows *table
		if r := typed[c.ctr]; r != nil {
			if !whole || sameSearch(&r.start, &s.formats) {
				// The same rows and the same format search as the
				// last time: the same types, which do not win, and the
				// same format candidates after.
				s.formats = r.end
				continue
			}
			rows = r.rows
		} else {
			var err error
			rows, err = s.readRows(c)
			if err != nil && !s.opts.IgnoreErrors {
				continue
			}
			typed[c.ctr] = &run{rows: rows}
			if len(typed) == 1 {
				whole = len(rows.rows) < rows.chunk
			}
		}
		r := typed[c.ctr]
		for i := range s.formats {
			s.formats[i].newCandidate()
		}
		r.start = s.formats
		cols := make([]column, c.sh.cols)
		for i := range cols {
			cols[i] = newColumn(s.typeCands.types)
		}
		first := rows.rows
		from := 0
		if len(first) > 1 && s.opts.Header != HeaderNo {
			from = 1
		}
		s.sniffTypes(first, from, cols)
		r.end = s.formats
		text := 0
		for i := range cols {
			if cols[i].top() == cast.TypeVarchar {
				text++
			}
		}
		if len(cands) > 1 && !s.opts.DecimalComma && strings.IndexByte(c.d.Delimiter, ',') < 0 {
			text -= decimalCommaColumns(first[from:], cols)
		}
		if best == nil || (text < minText && float64(len(cols)) > 0.7*float64(s.maxCols)) {
			best, bestRows, bestCols, minText = c, rows, cols, text
			bestForms = s.formats
		}
	}
	if best == nil {
		return nil, nil, ErrNoDialect
	}
	s.formats = bestForms
	if rows := bestRows.rows; len(rows) > 1 && s.opts.Header != HeaderNo {
		s.recheckFormats(bestCols, rows[1:])
	} else {
		s.recheckFormats(bestCols, rows)
	}
	bestRows.cols = bestCols
	return best, bestRows, nil
}

// decimalCommaColumns counts the VARCHAR columns of cols whose values in
// rows are all numbers with a decimal comma ("28,8", "-1.234,5"; NULLs
// left out, at least one comma), for detectTypes to count as typed when
// it compares a dialect whose delimiter is not ',' with others. Rows of a
// timestamp and two such numbers ("17.03.2022 22:03;28,8;37,4") read as
// three columns with ';' and with ',' alike, each with two text columns,
// and the first, ',', won: but a comma between digits in every value of
// a column is a decimal separator, not a delimiter. DuckDB compares the
// two readings as csvscan did and reads such a file with ','; with a
// header of names the ',' reading fails anyway.
func decimalCommaColumns(rows [][][]byte, cols []column) int {
	n := 0
	for i := range cols {
		if cols[i].top() == cast.TypeVarchar && decimalCommaColumn(rows, i) {
			n++
		}
	}
	return n
}

// decimalComma reads numbers with a decimal comma, as DuckDB's
// decimal_separator=',' does.
var decimalComma = cast.Caster{Strict: true, DecimalComma: true}

// decimalCommaColumn says the values of column i in rows are all numbers
// with a decimal comma, and at least one of them has one; NULLs (empty
// values) are left out.
func decimalCommaColumn(rows [][][]byte, i int) bool {
	comma := false
	for _, r := range rows {
		v := cell(r, i)
		if len(v) == 0 {
			continue
		}
		if _, ok := decimalComma.Float64(v); !ok {
			return false
		}
		comma = comma || bytes.IndexByte(v, ',') >= 0
	}
	return comma
}

// recheckFormats makes VARCHAR each DATE or TIMESTAMP column of cols, read
// with a detected format, that a value of rows does not cast to with it.
// A later value can change the format (sniffTypes): "0-1-1" reads with
// %y-%m-%d, then "1-1-00" only with %d-%m-%y, which does not read
// "0-1-1" (day 0), and the column was DATE with a format that failed the
// read on the sniffer's own sample.
func (s *session) recheckFormats(cols []column, rows [][][]byte) {
	for ci := range cols {
		col := &cols[ci]
		t := col.top()
		if t != cast.TypeDate && t != cast.TypeTimestamp || s.format(t).current.IsZero() {
			continue
		}
		if !s.castsAll(t, rows, ci) {
			col.popTo(cast.TypeVarchar)
		}
	}
}

// sniffTypes narrows the candidates of cols with rows[from:].
func (s *session) sniffTypes(rows [][][]byte, from int, cols []column) {
	hasDate, hasTimestamp := false, false
	for ci := range cols {
		col := &cols[ci]
		for ri := from; ri < len(rows); ri++ {
			v := cell(rows[ri], ci)
			null := s.null(v)
			if !null {
				col.values++
			}
			startTop := col.top()
			for col.more() {
				t := col.top()
				if !null && ((t == cast.TypeTimestamp && !hasTimestamp) || (t == cast.TypeDate && !hasDate)) {
					if sep, ok := cast.DateSeparator(v); ok {
						s.format(t).detect(t, sep, v)
					}
				}
				if s.canCast(t, v) {
					break
				}
				if ri != from && sticky(startTop) {
					// It was a boolean (or date, time, timestamp) column and
					// this value is not one: text; but a timestamp with a
					// UTC offset (or "infinity", "epoch") among ISO
					// timestamps makes the column TIMESTAMP WITH TIME ZONE.
					// Not among timestamps read with a detected format
					// ("01/02/2020 10:00:00"): that type's cast reads ISO
					// 8601 only, so the column's earlier values would not
					// read. DuckDB 1.5.6 takes TIMESTAMP WITH TIME ZONE
					// there too and reads those values as NULL
					// (docs/10-sniffing.md); csvscan keeps them as text.
					if t == cast.TypeTimestamp && s.formats[1].current.IsZero() && hasOffset(v) {
						col.popTo(cast.TypeTimestampTZ)
						break
					}
					col.popTo(cast.TypeVarchar)
					break
				}
				col.pop()
			}
		}
		switch col.top() {
		case cast.TypeDate:
			hasDate = true
		case cast.TypeTimestamp:
			hasTimestamp = true
		}
	}
}
