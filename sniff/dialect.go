package sniff

// Dialect detection: delimiter, quote, escape, comment and newline.
//
// Every combination of the candidate characters is a dialect; each dialect
// gets its transition table from the statemachine cache, and a counter runs
// that table over the first chunk of the sample, counting the values of
// each row. A dialect whose table reaches INVALID, whose quote never closes
// or whose row grows past the maximum line size is out. The others are
// compared by the shape of their rows (skip.go): the best reads the most
// rows with one consistent number of columns, preferring more columns,
// less padding, and quotes that actually occur. Equally good dialects are
// kept and read over the rest of the sample (refine); of the survivors the
// first one whose quote occurs wins, with the quote doubling as escape
// preferred. This is DuckDB's CSVSniffer::DetectDialect
// (sniffer/dialect_detection.cpp), candidate order and tie-breaks included,
// so that csvscan and DuckDB agree on what a file is.
//
// Where csvscan departs from it: doubled quotes inside quoted values make
// the candidate whose escape is its quote win over those that differ from
// it only in the escape, also in lenient mode, where DuckDB keeps the
// first candidate and so reads `"Round 48"""` as `Round 48""` (see
// preferDoubling). The newline is the first line end outside quoted
// values, per quote candidate (detectNewlineOutside), where DuckDB takes the
// file's first line end even inside quotes. A sample no dialect reads is
// tried again with every line end accepted: in lenient mode that reading
// is the result (NewlineAuto), in strict mode the error says the sample
// mixes line ends, which strict mode refuses as DuckDB's does.
//
// DuckDB tries the delimiters , | ; and tab. csvscan tries them first, with
// DuckDB's rules; when they find no dialect, only one text column, or a
// weak table (lines taken for notes, rows that do not fit), it tries
// : space = ~ * # and the multi-byte ", " and "||", in that order, and
// takes their answer only if it reads every sampled row with the same
// number of columns from the first line on, at least three (two with a
// multi-byte delimiter), some column is not text (see believable), and,
// over a weak table, at least as many columns. A file DuckDB reads as a
// consistent table from its first line is therefore always read as
// DuckDB reads it. Whatever the delimiter, one that always comes doubled
// ("||", "::"), or padded with spaces (", ", " | ") with a quoted value
// after it, is then widened to that (delims.go).
//
// Cost: one pass over the first chunk (2,048 rows) per candidate, 48
// candidates with DuckDB's characters (4 delimiters × 6 quote/escape pairs
// × 2 comments), then one pass over the rest of the sample for each
// survivor when there is more than one.

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	sm "github.com/csvscan/csvscan/statemachine"
)

// candidate is one dialect under consideration.
type candidate struct {
	d     dialect.Dialect
	ctr   *counter
	first []line // the rows of the first chunk
	sh    shape
	skip  int     // rows before the table (DuckDB's skip_rows)
	score float64 // share of consistent rows
	// shortHead says the table's first row names fewer columns than its
	// rows have values, their last values empty (shortHeader): it may be
	// narrower than the table without padding.
	shortHead bool
	// end, when not 0, is the offset in the sample where the table ends
	// and rows of another shape begin (firstTable): the types and the
	// header come from the rows before it.
	end int
}

// everQuoted says the dialect has a quote and some value used it.
func (c *candidate) everQuoted() bool { return c.d.Quote.IsSet() && c.ctr.everQuoted }

// dataRow is the index of the first row of the table in c.first: the header
// or the first data row.
func (c *candidate) dataRow() int { return max(c.skip, c.sh.header) }

var (
	duckDelimiters = []string{",", "|", ";", "\t"}
	wideDelimiters = []string{":", " ", "=", "~", "*", "#", ", ", "||"}
)

// dialectSpace lists the candidate dialects in the order DuckDB 1.5.6
// tries them (its sniffing error prints the search space): quote (none,
// '"', '\”), delimiter, escape (none, the quote itself, the other quote,
// backslash), comment (none, '#'). Fixed parts of opts.Dialect narrow the
// lists; a fixed quote other than '"' and '\” may also escape itself.
func dialectSpace(opts Options, wide bool) []dialect.Dialect {
	dq, sq, bs := dialect.Some('"'), dialect.Some('\''), dialect.Some('\\')
	quotes := []dialect.Char{dialect.None, dq, sq}
	if opts.Fixed&Quote != 0 {
		quotes = []dialect.Char{opts.Dialect.Quote}
	}
	escapes := func(q dialect.Char) []dialect.Char {
		if !q.IsSet() {
			return []dialect.Char{dialect.None}
		}
		if opts.Fixed&Escape != 0 {
			return []dialect.Char{opts.Dialect.Escape}
		}
		out := []dialect.Char{dialect.None, q}
		for _, e := range []dialect.Char{dq, sq, bs} {
			if e != q {
				out = append(out, e)
			}
		}
		return out
	}
	delims := duckDelimiters
	if wide {
		delims = wideDelimiters
	}
	if opts.Fixed&Delimiter != 0 {
		delims = []string{opts.Dialect.Delimiter}
	}
	comments := []dialect.Char{dialect.None, dialect.Some('#')}
	if opts.Fixed&Comment != 0 {
		comments = []dialect.Char{opts.Dialect.Comment}
	}
	var out []dialect.Dialect
	seen := map[dialect.Dialect]bool{}
	for _, q := range quotes {
		for _, dl := range delims {
			for _, e := range escapes(q) {
				for _, c := range comments {
					d := dialect.Dialect{Delimiter: dl, Quote: q, Escape: e, Comment: c, Lenient: opts.Dialect.Lenient}
					if d.Validate() != nil || seen[d] {
						continue
					}
					seen[d] = true
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// detectDialect runs every dialect of space over the first chunk, keeps the
// best, and refines them over the rest of the sample. Each dialect reads
// with the newline its quote sees (detectNewlineOutside), unless the
// caller fixed it; when newline is NewlineAuto, with that.
func (s *session) detectDialect(space []dialect.Dialect, auto bool) ([]*candidate, error) {
	sample := s.head[s.start:]
	nls := map[dialect.Char]dialect.Newline{}
	newline := func(q dialect.Char) dialect.Newline {
		switch {
		case s.opts.Fixed&Newline != 0:
			return s.opts.Dialect.Newline
		case auto:
			return dialect.NewlineAuto
		}
		nl, ok := nls[q]
		if !ok {
			if b, set := q.Byte(); set {
				nl = detectNewlineOutside(sample, b)
			} else {
				nl = detectNewline(sample)
			}
			nls[q] = nl
		}
		return nl
	}
	// Dialects that differ only in characters the sample does not hold
	// read it identically: they share one count (see canonical).
	shared := map[dialect.Dialect]*candidate{}
	s.first = s.firstRows(sample)
	for _, d := range space {
		d.Newline = newline(d.Quote)
		key := s.canonical(d)
		if first, ok := shared[key]; ok {
			c := &candidate{d: d, ctr: first.ctr, first: first.first}
			s.analyzeTraced(c)
			s.keep(c)
			continue
		}
		t, err := sm.For(key)
		if err != nil {
			continue
		}
		c := &candidate{d: d, ctr: newCounter(t, s.head[s.start:], s.start == 0, s.final, s.opts.maxLine())}
		c.first = c.ctr.next(nil, s.first)
		shared[key] = c
		s.analyzeTraced(c)
		s.keep(c)
	}
	s.cands = s.readingFirstChunk(s.cands)
	if s.opts.Trace != nil {
		for _, c := range s.cands {
			s.tracef("after the first chunk: %s\n", short(c.d))
		}
	}
	s.refine()
	if len(s.cands) == 0 {
		return nil, ErrNoDialect
	}
	return s.cands, nil
}

// keep records c in s.all when its table read the first chunk, and notes
// the delimiters after which a value opened with a quote, whether the
// table then read the chunk or failed.
func (s *session) keep(c *candidate) {
	if !c.ctr.failed {
		s.all = append(s.all, c)
	}
	if c.everQuoted() {
		if s.quotedAfter == nil {
			s.quotedAfter = map[string]bool{}
		}
		s.quotedAfter[c.d.Delimiter] = true
	}
}

// analyzeTraced is analyze, telling Options.Trace what it decided.
func (s *session) analyzeTraced(c *candidate) {
	s.analyze(c)
	if s.opts.Trace == nil {
		return
	}
	sh := c.sh
	verdict := "dropped: not better than the best"
	switch {
	case c.ctr.strictFailed():
		verdict = "dropped: the table fails (INVALID, an open quote or a long line)"
	case len(s.cands) == 1 && s.cands[0] == c:
		verdict = "the best so far"
	case slices.Contains(s.cands, c):
		verdict = "kept beside the best"
	case sh.padding > 0 && !s.opts.NullPadding:
		verdict = "dropped: short rows, and padding is off"
	case !sh.rowsConsistent(len(c.first)):
		verdict = "dropped: rows of several widths"
	case !commentsAcceptable(c.first, sh.cols, c.d.Comment.IsSet(), s.opts.Fixed&Comment != 0):
		verdict = "dropped: the comment character is not believable"
	}
	flags := ""
	if c.everQuoted() {
		flags += " quoted"
	}
	if c.ctr.everEscape && c.d.Quote.IsSet() {
		flags += " escaped"
	}
	s.tracef("%-32s rows %4d  width %2d  fit %4d  short %d  notes %d  comments %d%s -> %s\n",
		short(c.d), len(c.first), sh.cols, sh.consistent-sh.padding, sh.padding, sh.dirty, sh.comments, flags, verdict)
}

// short spells a dialect's sniffed characters compactly.
func short(d dialect.Dialect) string {
	ch := func(c dialect.Char) string {
		if b, ok := c.Byte(); ok {
			return strconv.QuoteRune(rune(b))
		}
		return "-"
	}
	return fmt.Sprintf("delim %-6s quote %s escape %s comment %s", strconv.Quote(d.Delimiter), ch(d.Quote), ch(d.Escape), ch(d.Comment))
}

// tracef writes to Options.Trace.
func (s *session) tracef(format string, args ...any) {
	if s.opts.Trace != nil {
		fmt.Fprintf(s.opts.Trace, format, args...)
	}
}

// analyze compares one candidate with the best so far and keeps it, in
// place of them or beside them, or drops it.
func (s *session) analyze(c *candidate) {
	if c.ctr.strictFailed() {
		return
	}
	o := &s.opts
	rows := c.first
	sh := walk(rows, o)
	c.sh = sh

	moreValues := sh.consistent > s.bestConsistent && sh.cols >= s.maxCols
	moreColumns := sh.consistent == s.bestConsistent && sh.cols > s.maxCols
	morePadding := sh.padding > s.prevPadding
	lessPadding := sh.padding < s.prevPadding
	singleColumnBefore := s.maxCols < 2 && sh.cols > s.maxCols*len(s.cands)
	consistent := sh.rowsConsistent(len(rows))
	startGood := len(s.cands) > 0 && sh.dirty <= s.cands[0].skip
	badPadding := !o.NullPadding && sh.padding > 0
	commentsOK := commentsAcceptable(rows, sh.cols, c.d.Comment.IsSet(), o.Fixed&Comment != 0)
	quoted := c.everQuoted()
	userSkip := o.SkipRows > 0

	skipFor := func() (int, bool) {
		if userSkip {
			// The caller skipped the preamble: notes after it are only
			// tolerated when rows may be padded or skipped, or are comments.
			if sh.dirty != 0 && !o.NullPadding && !o.IgnoreErrors && sh.comments == 0 {
				return 0, false
			}
			return 0, true
		}
		if o.NullPadding {
			// Short rows are padded, not notes, as in DuckDB; but lines
			// without a delimiter at the top, before the first row of the
			// full width, are a preamble (DuckDB keeps them as rows).
			for _, r := range rows[:sh.dirty] {
				if r.cols != 1 && !r.comment {
					return 0, true
				}
			}
		}
		return sh.dirty, true
	}

	if consistent && (singleColumnBefore || ((moreValues || moreColumns) && !morePadding) ||
		(sh.cols > 1 && lessPadding) || quoted) && !badPadding && commentsOK {
		if len(s.cands) > 0 && s.cands[0].everQuoted() {
			// Quotes that occur beat quotes that do not.
			if !quoted {
				return
			}
			if !c.ctr.everEscape && s.cands[0].ctr.everEscape {
				return
			}
			if sh.consistent < s.bestConsistent {
				// Both quote; this one reads fewer rows consistently (a
				// header taken for a comment, say). DuckDB 1.5.6 keeps
				// the best here.
				return
			}
			if s.bestConsistent == sh.consistent && sh.cols >= s.maxCols {
				skip, ok := skipFor()
				if !ok {
					return
				}
				c.skip = skip
				s.cands = append(s.cands, c)
				s.maxCols = sh.cols
				return
			}
		}
		if s.maxCols == sh.cols && sh.ignored > s.minIgnored {
			return
		}
		if s.maxCols > 1 && sh.cols > s.maxCols && sh.consistent < s.bestConsistent/2 && o.NullPadding {
			return
		}
		if quoted && sh.cols < s.maxCols {
			for _, b := range s.cands {
				if b.everQuoted() {
					return
				}
			}
		}
		skip, ok := skipFor()
		if !ok {
			return
		}
		s.bestConsistent = sh.consistent
		s.maxCols = sh.cols
		s.prevPadding = sh.padding
		s.minIgnored = sh.ignored
		c.skip = skip
		s.cands = []*candidate{c}
		return
	}
	if sh.consistent > 1 && sh.cols > 1 && startGood && consistent && !morePadding && !badPadding &&
		sh.cols == s.maxCols && commentsOK {
		skip, ok := skipFor()
		if !ok {
			return
		}
		c.skip = skip
		s.cands = append(s.cands, c)
	}
}

// refine reads the rest of the sample with each remaining candidate and
// drops those that stop reading consistently; then it picks the first
// survivor whose quote occurs (preferring one whose escape is its quote).
func (s *session) refine() {
	for _, c := range s.cands {
		c.score = scoreOf(c)
	}
	defer s.preferDoubling()
	if len(s.cands) <= 1 || s.cands[0].ctr.done {
		// Nothing more to read: the candidates stay in order, and type
		// detection takes the first that types best.
		return
	}
	for i := 1; i <= s.chunks; i++ {
		var kept []*candidate
		done := len(s.cands) == 0
		chunk := map[*counter][]line{} // this chunk, per shared counter
		for _, c := range s.cands {
			if c.ctr.done || i == s.chunks {
				if !c.ctr.strictFailed() {
					kept = append(kept, c)
				}
				done = true
				continue
			}
			rows, ok := chunk[c.ctr]
			if !ok {
				rows = c.ctr.next(nil, chunkRows)
				chunk[c.ctr] = rows
			}
			if s.fits(rows) && !c.ctr.strictFailed() {
				kept = append(kept, c)
			} else {
				s.tracef("refine: chunk %d drops %s\n", i+1, short(c.d))
			}
		}
		s.cands = kept
		if done {
			break
		}
	}
	s.pickQuoted()
}

// fits reports whether every row of a further chunk still fits the table.
func (s *session) fits(rows []line) bool {
	for _, r := range rows {
		if r.cols != s.maxCols && !s.opts.NullPadding && !s.opts.IgnoreErrors && !r.comment {
			return false
		}
	}
	return true
}

// canonical returns the dialect that reads the sample exactly as d does,
// with every character the sample does not hold taken out: a quote that
// never occurs is no quote (and its escape no escape, unless the escape
// occurs and lenient mode honours it outside quotes), an absent comment is
// none, and an absent delimiter is the first byte (from 1 up)
// that the sample and the dialect do not use. The transition table only
// differs on bytes that never come, so the rows, the failures and the
// quote and escape flags are the same; only the cost differs. An absent
// escape beside a quote that occurs is not taken out (with a quote,
// whether there is an escape changes what a quote after a closing quote
// does) but becomes the first byte from 1 up that the sample and the
// dialect do not use, so that a single quote and a backslash as the
// escape of '"' share one count when neither occurs. FuzzCounter checks the equivalence.
func (s *session) canonical(d dialect.Dialect) dialect.Dialect {
	k := d
	if q, ok := d.Quote.Byte(); ok && !s.has(q) {
		k.Quote = dialect.None
		if e, ok := d.Escape.Byte(); ok && !(d.Lenient && s.has(e)) {
			k.Escape = dialect.None
		}
	}
	if c, ok := d.Comment.Byte(); ok && !s.has(c) {
		k.Comment = dialect.None
	}
	unused := func() (byte, bool) {
		for b := 1; b < 256; b++ {
			c := byte(b)
			if !s.has(c) && c != '\r' && c != '\n' && !k.Quote.Is(c) && !k.Escape.Is(c) && !k.Comment.Is(c) &&
				strings.IndexByte(k.Delimiter, c) < 0 {
				return c, true
			}
		}
		return 0, false
	}
	if !s.has(d.Delimiter[0]) {
		k.Delimiter = "\n" // a placeholder the search below skips
		if c, ok := unused(); ok {
			k.Delimiter = string([]byte{c})
		} else {
			k.Delimiter = d.Delimiter
		}
	}
	if e, ok := k.Escape.Byte(); ok && k.Quote.IsSet() && !k.Quote.Is(e) && !s.has(e) {
		k.Escape = dialect.None // out of the way of the search
		if c, ok := unused(); ok {
			k.Escape = dialect.Some(c)
		} else {
			k.Escape = d.Escape
		}
	}
	if k.Validate() != nil {
		return d
	}
	return k
}

// has reports whether the sample holds byte b. The answer is looked up
// once per byte (bytes.IndexByte over the sample) and kept in a table the
// sessions over the same sample share.
func (s *session) has(b byte) bool {
	if s.present == nil {
		s.present = new([256]uint8)
	}
	switch s.present[b] {
	case 1:
		return false
	case 2:
		return true
	}
	v := bytes.IndexByte(s.head[s.start:], b) >= 0
	s.present[b] = 1
	if v {
		s.present[b] = 2
	}
	return v
}

// preferDoubling puts a candidate whose escape is its quote, and whose
// sample holds that quote doubled inside quoted values ("Round 48"""),
// before the candidates that differ from it only in the escape. In strict
// mode those others fail on such a sample anyway; in lenient mode they
// read it just as consistently (keeping both quotes of every pair, and
// losing the last one's closing quote), which is how DuckDB comes to
// drop the escape when strict_mode is off. Doubled quotes inside quoted
// values are RFC 4180's escape: the sniffer prefers it whatever the
// strictness. A lone quote inside an unquoted value is no doubling
// (the counter sees a doubled quote only right after a closing quote), so
// such a sample is sniffed as DuckDB sniffs it.
func (s *session) preferDoubling() {
	for i, c := range s.cands {
		if c.d.Escape == c.d.Quote {
			continue
		}
		for j := i + 1; j < len(s.cands); j++ {
			o := s.cands[j]
			if o.d.Quote == c.d.Quote && o.d.Escape == o.d.Quote && o.d.Delimiter == c.d.Delimiter &&
				o.d.Comment == c.d.Comment && o.everQuoted() && o.ctr.everEscape {
				s.tracef("doubled quotes inside quoted values: %s before %s\n", short(o.d), short(c.d))
				copy(s.cands[i+1:j+1], s.cands[i:j])
				s.cands[i] = o
				break
			}
		}
	}
}

// pickQuoted keeps, of several candidates, the first whose quote occurs,
// or, when its escape is not its quote, a later one with the same quote
// whose escape is the quote; when no quote occurs it keeps them all, in
// order. A first candidate whose escape is already its quote stays: a
// later one may differ in its comment ('#' beside none, both reading
// "# notes" lines above the table), and the first is DuckDB's, as it is
// when the sample holds one chunk and this is not reached.
func (s *session) pickQuoted() {
	for i, c := range s.cands {
		if !c.everQuoted() {
			continue
		}
		best := c
		for _, o := range s.cands[i+1:] {
			if c.d.Escape == c.d.Quote {
				break
			}
			if o.d.Quote == c.d.Quote && o.d.Escape == o.d.Quote {
				best = o
				break
			}
		}
		s.cands = []*candidate{best}
		return
	}
}

// scoreOf is the share of c's first-chunk rows, after the notes, that have
// exactly the table's width.
func scoreOf(c *candidate) float64 {
	sh := c.sh
	n := len(c.first) - sh.dirtyNoComm - sh.comments
	if n <= 0 {
		return 0
	}
	good := sh.consistent - sh.padding - sh.ignored
	if good < 0 {
		good = 0
	}
	return min(1, float64(good)/float64(n))
}
