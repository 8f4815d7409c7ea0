package sniff

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/internal/iocheck"
	"github.com/csvscan/csvscan/scanner"
)

// Sniff sniffs an input of known size with random access. It reads the
// first rows and, for a large input, a few windows from later in the file
// to refine the column types, as DuckDB samples seekable files. A read
// error is returned as it is (an input shorter than size is
// io.ErrUnexpectedEOF), never taken for the end of the input.
func Sniff(r io.ReaderAt, size int64, opts Options) (*Result, error) {
	r = iocheck.ReaderAt{R: r}
	h, err := readHead(io.NewSectionReader(r, 0, size), size, opts.sampleRows(), opts.sampleBytes(size), opts.maxLine())
	if err != nil {
		return nil, err
	}
	if enc := decode.Detect(h.data); enc != "" {
		res, _, err := sniffUTF16(io.NewSectionReader(r, 0, size), enc, opts)
		return res, err
	}
	if h.final && int64(len(h.data)) < size {
		return nil, fmt.Errorf("csvscan: the input ended after %d of its %d bytes: %w", len(h.data), size, io.ErrUnexpectedEOF)
	}
	s := newSession(opts, h)
	s.large = opts.sampleBytes(size) > 0
	if !h.final && opts.SampleSize >= 0 {
		if s.windows, err = readWindows(r, size, int64(len(h.data))); err != nil {
			return nil, err
		}
		lines, nl := bytes.Count(h.data, []byte{'\n'}), byte('\n')
		if lines == 0 {
			lines, nl = bytes.Count(h.data, []byte{'\r'}), '\r'
		}
		if s.large && lines < opts.sampleRows() {
			s.rest = &rest{r: r, size: size, after: int64(len(h.data)), lines: lines, rows: opts.sampleRows(), nl: nl}
		}
		if s.large && opts.Fixed&Quote == 0 && bytes.IndexByte(h.data, '"') < 0 {
			w, err := quoteWindow(r, size, int64(len(h.data)), lines, opts.sampleRows())
			if err != nil {
				return nil, err
			}
			if w != nil {
				s.windows = append(s.windows, w)
			}
		}
	}
	res, err := s.run()
	if res != nil {
		res.Sampled = int64(len(h.data))
		for _, w := range s.windows {
			res.Sampled += int64(len(w))
		}
		res.Encoding = encodingOf(h)
	}
	return res, err
}

// sniffUTF16 sniffs the UTF-8 text of r, a UTF-16 input (enc, as
// decode.Detect names it: with a byte order mark, or without one but
// plainly UTF-16), from its head (no windows: a UTF-16 offset is no UTF-8
// one). The result's Encoding is enc; its dialect reads the decoded text
// (csvscan.Decode), as csvscan.Open reads such a file. DuckDB reads the
// raw bytes with encoding utf-8 and finds the delimiter '|' among NUL
// bytes, or nothing. It also returns the decoded bytes it read.
func sniffUTF16(r io.Reader, enc string, opts Options) (*Result, []byte, error) {
	dec, err := decode.Reader(r, enc)
	if err != nil {
		return nil, nil, err
	}
	h, err := readHead(dec, -1, opts.sampleRows(), 0, opts.maxLine())
	if err != nil {
		return nil, h.buf, err
	}
	res, err := newSession(opts, h).run()
	if res != nil {
		res.Sampled = int64(len(h.data))
		res.Encoding = enc
	}
	return res, h.buf, err
}

// encodingOf is "utf-8" when the head is valid UTF-8 (a character cut by
// the head's end aside), else "latin-1": a file that is not UTF-8 is
// most often ISO 8859-1 or a Windows code page close to it, and every
// byte sequence is valid latin-1. DuckDB stops such a sample with an
// "invalid unicode" error; the sniffer reads it and says so.
func encodingOf(h head) string {
	b := h.data
	if !h.final {
		// Up to 3 bytes of a character the cut split.
		for i := 0; i < 3 && len(b) > 0 && !utf8.RuneStart(b[len(b)-1]); i++ {
			b = b[:len(b)-1]
		}
		if len(b) > 0 && b[len(b)-1] >= 0xC0 {
			b = b[:len(b)-1]
		}
	}
	if utf8.Valid(b) {
		return "utf-8"
	}
	return "latin-1"
}

// SniffReader sniffs the first rows of a sequential input, such as a pipe
// or a decompressed stream. It returns the result and a reader that yields
// the whole input again, the sampled bytes included. A read error ends the
// sniff with that error (and the returned reader gives the bytes read
// before it, then the error); a reader that makes no progress in 100 calls
// is io.ErrNoProgress.
func SniffReader(r io.Reader, opts Options) (*Result, io.Reader, error) {
	h, err := readHead(r, -1, opts.sampleRows(), 0, opts.maxLine())
	if err != nil {
		return nil, io.MultiReader(bytes.NewReader(h.buf), errReader{err}), err
	}
	if enc := decode.Detect(h.buf); enc != "" {
		// The decoder reads on past the raw head: keep what it reads, so
		// the replay gives the raw input whole.
		var more bytes.Buffer
		res, _, err := sniffUTF16(io.MultiReader(bytes.NewReader(h.buf), io.TeeReader(r, &more)), enc, opts)
		return res, io.MultiReader(bytes.NewReader(h.buf), &more, r), err
	}
	replay := io.MultiReader(bytes.NewReader(h.buf), r)
	res, err := newSession(opts, h).run()
	if res != nil {
		res.Sampled = int64(len(h.data))
		res.Encoding = encodingOf(h)
	}
	return res, replay, err
}

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// SniffBytes sniffs data, the whole input. It samples data as Sniff and
// SniffReader sample their input's head (without copying it), so the three
// agree on the same bytes.
func SniffBytes(data []byte, opts Options) (*Result, error) {
	if enc := decode.Detect(data); enc != "" {
		res, _, err := sniffUTF16(bytes.NewReader(data), enc, opts)
		return res, err
	}
	h := headOf(data, opts.sampleRows(), 0, opts.maxLine())
	res, err := newSession(opts, h).run()
	if res != nil {
		res.Sampled = int64(len(h.data))
		res.Encoding = encodingOf(h)
	}
	return res, err
}

func (o Options) sampleRows() int {
	switch {
	case o.SampleSize < 0:
		return -1
	case o.SampleSize == 0:
		return DefaultSampleSize
	}
	return o.SampleSize
}

// sampleBytes bounds the head of an input of the given size with random
// access: DefaultSampleBytes with the default sample size when the input
// is larger than largeInput, no bound (0) otherwise.
func (o Options) sampleBytes(size int64) int {
	if o.SampleSize == 0 && size > largeInput {
		return DefaultSampleBytes
	}
	return 0
}

func (o Options) maxLine() int {
	if o.MaxLineSize > 0 {
		return o.MaxLineSize
	}
	return scanner.DefaultMaxLineSize
}

// session holds one sniff's state across the phases.
type session struct {
	opts    Options
	head    []byte     // the first bytes of the input
	final   bool       // head is the whole input
	long    int        // offset in head of a line longer than the maximum, or -1
	windows [][]byte   // samples from later in the input
	rest    *rest      // the rest of DuckDB's sample past a head cut at DefaultSampleBytes, or nil
	restErr error      // the error reading rest (refineTypes)
	start   int        // offset in head after the user's SkipRows
	sepSkip bool       // the line opts.SkipRows skips is Excel's "sep=" line (sepLine), not the caller's: see skipFixed
	large   bool       // a large input: the head is cut at DefaultSampleBytes (see detectBytes)
	seen    []*session // the passes of choose, whose candidates rate the result
	chunks  int        // chunks of chunkRows rows in the sample
	// first is the rows the candidates were compared on (firstRows);
	// restRead the counters that also read the rest of the first chunk
	// after them (readFirstChunk), allChecked that all holds only those
	// whose tables read it.
	first      int
	restRead   map[*counter]bool
	allChecked bool

	caster    cast.Caster
	typeCands candidates     // the candidate types, from opts.AutoTypeCandidates
	formats   [2]formatState // DATE, TIMESTAMP

	// Dialect detection.
	present        *[256]uint8 // which bytes the sample holds: 0 not looked up, 1 absent, 2 present
	cands          []*candidate
	all            []*candidate    // every candidate whose table read the first chunk
	quotedAfter    map[string]bool // delimiters after which some candidate's value opened with a quote
	maxCols        int
	bestConsistent int
	prevPadding    int
	minIgnored     int
}

func newSession(opts Options, h head) *session {
	s := &session{opts: opts, head: h.data, final: h.final, long: h.long}
	rows := opts.sampleRows()
	if rows < 0 {
		s.chunks = int(^uint(0) >> 1)
	} else {
		s.chunks = (rows + chunkRows - 1) / chunkRows
		if s.chunks < 1 {
			s.chunks = 1
		}
	}
	s.caster = cast.Caster{Strict: true, DecimalComma: opts.DecimalComma, Thousands: opts.Thousands}
	s.typeCands, _ = parseCandidates(opts.AutoTypeCandidates) // an error is validate's
	if s.typeCands.types == nil {
		s.typeCands.types = defaultTypes
	}
	s.formats[0].user = opts.DateFormat
	s.formats[1].user = opts.TimestampFormat
	return s
}

// run sniffs the sample; when no dialect reads it and the head ends in a
// line longer than the maximum, the error says so.
func (s *session) run() (*Result, error) {
	res, err := s.sniff()
	if errors.Is(err, ErrNoDialect) && s.long >= 0 {
		err = fmt.Errorf("%w: the line at byte %d is longer than the maximum line size of %d bytes (Options.MaxLineSize)",
			err, s.long, s.opts.maxLine())
	}
	return res, err
}

func (s *session) sniff() (*Result, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	if s.opts.SkipRows > 0 {
		s.start = skipLines(s.head, s.opts.SkipRows)
	} else if d, ok := sepLine(s.head); ok {
		// The first line names the delimiter, as spreadsheets write it:
		// the table is below it, read with that delimiter.
		o := s.opts
		o.SkipRows = 1
		if o.Fixed&Delimiter == 0 {
			o.Dialect.Delimiter, o.Fixed = d, o.Fixed|Delimiter
		}
		w := newSession(o, head{data: s.head, final: s.final, long: s.long})
		w.windows, w.rest, w.large, w.sepSkip = s.windows, s.rest, s.large, true
		s.tracef("the first line names the delimiter %q: the table starts on line 2\n", d)
		return w.sniff()
	}
	res, err := s.choose()
	if err == nil {
		res = s.widen(res)
		if bres := s.belowBlank(res); bres != nil {
			return bres, nil
		}
		if bres := s.belowPairs(res); bres != nil {
			return bres, nil
		}
		s.quoteLater(res)
		s.rate(res)
	}
	return res, err
}

// choose picks the dialect and reads the sample with it. DuckDB's method
// comes first. When it ends in one text column or nothing, the
// delimiters DuckDB does not try come next, then a first table above rows
// of another shape (firstTable), then a reading with ragged rows. When it
// finds a table but a weak one (lines taken for notes, or
// rows that do not fit), the delimiters DuckDB does not try are compared
// too, and one that reads every row of the sample, from the first line
// on, as one believable table wins ("a~b~c" above rows of "1~2,5~x",
// where DuckDB's comma takes the first line for a note).
func (s *session) choose() (*Result, error) {
	p, res, err := s.passes(false)
	if err != nil && !errors.Is(err, ErrNoDialect) {
		return nil, err
	}
	s.seen = append(s.seen, p)
	if rres := s.quotedOver(p, res, err); rres != nil {
		return rres, nil
	}
	table := err == nil && (len(res.Columns) > 1 || res.Columns[0].Type != cast.TypeVarchar)
	if table && p != nil && s.opts.Fixed&Delimiter == 0 {
		if rres := s.raggedOver(p, res); rres != nil {
			return rres, nil
		}
	}
	if table && (res.SkipRows == s.opts.SkipRows && res.Scores.Dialect >= 1 || s.opts.Fixed&Delimiter != 0) {
		return res, nil
	}
	var w *session
	if s.opts.Fixed&Delimiter == 0 {
		s.tracef("a weak table or one text column: trying the delimiters DuckDB does not\n")
		var wres *Result
		var werr error
		w, wres, werr = s.passes(true)
		s.seen = append(s.seen, w)
		if werr == nil && believable(wres) && (!table || len(wres.Columns) >= len(res.Columns)) && !s.colonsInValues(wres.Dialect.Delimiter) {
			return wres, nil
		}
	}
	if table {
		return res, nil
	}
	// A first table above rows of one other shape, before a ragged
	// reading: the ragged reading takes the most common width, which is
	// the second table's when that one is longer, and pads the other
	// table's rows into it with no word of where it ends.
	if p != nil {
		if fres := s.firstTable(p); fres != nil {
			return fres, nil
		}
	}
	// Ragged rows: DuckDB's delimiters first, then the others, but space
	// (lines of words are no table), and only from the first line on (a
	// column of times under its header splits at the colons), and not ':'
	// in a list of times, URLs, paths or addresses (colonInValues).
	if p != nil {
		if rres := s.ragged(p, nil); rres != nil {
			return rres, nil
		}
	}
	if w != nil {
		if rres := s.ragged(w, func(c *candidate, r raggedShape) bool {
			return c.d.Delimiter != " " && r.start == 0 && !s.colonsInValues(c.d.Delimiter)
		}); rres != nil {
			return rres, nil
		}
	}
	return res, err
}

// quotedOver returns, when the options let rows be skipped or padded
// (IgnoreErrors, NullPadding), a reading with the quote in place of res,
// DuckDB's answer, when res reads without a quote a sample in which values
// open with one after res's delimiter. Such a reading splits each quoted
// value that holds the delimiter or a line end into pieces of other
// widths, which those options skip or pad, so that it looks consistent
// while it loses the rows: a file of multi-line quoted values with one bad
// row (`"q"z`, which fails the quote's strict reading) was read by DuckDB
// 1.5.6 with ignore_errors=true as a table without a quote, a third of its
// rows rejected and the others cut at their line feeds. The answer is then
// the best ragged reading (raggedBest) of the candidates that read the
// quote with the same delimiter, from the same first row, more
// consistently than every reading of that delimiter without a quote (one
// without it may be wider: NullPadding pads the rows whose quoted values
// held no delimiter); it skips (or pads) the bad rows alone. quotedOver
// returns nil when there is none, or when the quote or the delimiter was
// given.
func (s *session) quotedOver(p *session, res *Result, err error) *Result {
	o := s.opts
	if err != nil || p == nil || !o.IgnoreErrors && !o.NullPadding || o.Fixed&(Quote|Delimiter) != 0 ||
		res.Dialect.Quote.IsSet() || !p.quotedAfter[res.Dialect.Delimiter] {
		return nil
	}
	// How consistently the readings without a quote read the chunk, the
	// rows they skip or pad counted.
	plain := 0.0
	for _, c := range p.allRead() {
		if c.d.Delimiter == res.Dialect.Delimiter && !c.everQuoted() {
			plain = max(plain, raggedOf(c.first).consistency)
		}
	}
	c, r := p.raggedBest(func(c *candidate, r raggedShape) bool {
		return c.d.Delimiter == res.Dialect.Delimiter && c.everQuoted() && r.start == res.SkipRows-o.SkipRows &&
			r.consistency > plain
	})
	if c == nil {
		return nil
	}
	p.tracef("quoted values after %q: %s in place of a reading without the quote\n", res.Dialect.Delimiter, short(c.d))
	return s.readRagged(p, c, r)
}

// passes sniffs the sample with DuckDB's delimiters, or the wide ones,
// with the newline each quote sees. When no dialect reads the sample and
// the newline is not fixed, it tries again with every line end accepted
// (NewlineAuto): a sample that mixes LF, CRLF and CR rows. Strict mode
// refuses such a file, as DuckDB's does (its strict_mode fails on mixed
// line ends by design): the error then says so and names the option
// that reads it. In lenient mode the result reads with NewlineAuto. The
// session returned is the one whose candidates the result comes from
// (nil for the strict refusal).
func (s *session) passes(wide bool) (*session, *Result, error) {
	p, res, err := s.pass(wide, false)
	if !errors.Is(err, ErrNoDialect) || s.opts.Fixed&Newline != 0 {
		return p, res, err
	}
	s.tracef("no dialect: trying again with every line end accepted (new_line auto)\n")
	a, ares, aerr := s.pass(wide, true)
	switch {
	case aerr != nil:
		return p, res, err
	case !s.opts.Dialect.Lenient && s.crWithLoneLF():
		return nil, nil, fmt.Errorf("%w: the rows end in CR and some values hold a lone LF outside quotes, "+
			"which ends a row in every dialect (as in DuckDB) and which strict mode refuses; "+
			"quote those values, or sniff and read with strict mode off (Dialect.Lenient, strict_mode=false), "+
			"where each such LF starts a row", err)
	case !s.opts.Dialect.Lenient && !mixesNewlinesOutside(s.head[s.start:], '"'):
		// Every line outside quotes ends alike: the line ends that differ
		// are inside quoted values (a CRLF export whose values hold LFs,
		// which the readings without the quote end rows at). The sample
		// reads with its own line end; no dialect of DuckDB's rules does,
		// and the readings that follow (ragged rows) start from these.
		return p, res, err
	case !s.opts.Dialect.Lenient:
		return nil, nil, fmt.Errorf("%w: the sample mixes line ends (LF, CRLF, CR), which strict mode refuses; "+
			"sniff and read it with strict mode off (Dialect.Lenient, strict_mode=false)", err)
	}
	return a, ares, nil
}

// crWithLoneLF says the sample's first line end outside '"' quotes is a
// CR not followed by LF, and the sample also holds an LF that no CR
// precedes: rows ending in CR, with LF inside some unquoted values.
func (s *session) crWithLoneLF() bool {
	b := s.head[s.start:]
	if detectNewlineOutside(b, '"') != dialect.NewlineCR {
		return false
	}
	for i := bytes.IndexByte(b, '\n'); i >= 0; {
		if i == 0 || b[i-1] != '\r' {
			return true
		}
		j := bytes.IndexByte(b[i+1:], '\n')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// pass runs dialect detection and the phases after it in a fresh session
// over s's sample, and returns that session.
func (s *session) pass(wide, auto bool) (*session, *Result, error) {
	p := &session{opts: s.opts, head: s.head, final: s.final, long: s.long, windows: s.windows, rest: s.rest, start: s.start,
		large: s.large, chunks: s.chunks, caster: s.caster, typeCands: s.typeCands, present: s.present, sepSkip: s.sepSkip}
	p.formats[0].user, p.formats[0].userFormat = s.formats[0].user, s.formats[0].userFormat
	p.formats[1].user, p.formats[1].userFormat = s.formats[1].user, s.formats[1].userFormat
	defer func() { s.present = p.present }()
	best, err := p.detectDialect(dialectSpace(s.opts, wide), auto)
	if err != nil {
		return p, nil, err
	}
	res, err := p.finish(best, nil)
	return p, res, err
}

// colonsInValues says d is ':' and the colons of the sample are inside
// its values (colonInValues): no reading with ':' is taken.
func (s *session) colonsInValues(d string) bool {
	return d == ":" && colonInValues(s.head[s.start:])
}

// believable says whether a dialect found with the delimiters DuckDB does
// not try is worth more than DuckDB's single text column: every row, from
// the first line on, has the same number of columns, at least three (or
// two with a multi-byte delimiter, or two of which neither is text with a
// delimiter other than ':'), and
// some column is not text. A sentence split at its spaces, or times split
// at their colons, are not; two columns of numbers between spaces
// ("-0.00313258 0.083", as JMulTi's data files are written) are.
func believable(r *Result) bool {
	if r.SkipRows != 0 || r.Scores.Dialect < 1 {
		return false
	}
	if len(r.Columns) < 2 {
		return false
	}
	if len(r.Columns) == 2 && len(r.Dialect.Delimiter) < 2 && (r.Dialect.Delimiter == ":" ||
		r.Columns[0].Type == cast.TypeVarchar || r.Columns[1].Type == cast.TypeVarchar) {
		// Two numbers around a colon are a time or a ratio ("12:0").
		return false
	}
	for _, c := range r.Columns {
		if c.Type != cast.TypeVarchar {
			return true
		}
	}
	return false
}

func (s *session) validate() error {
	if s.opts.Fixed&Delimiter != 0 {
		if err := (dialect.Dialect{Delimiter: s.opts.Dialect.Delimiter}).Validate(); err != nil {
			return fmt.Errorf("csvscan: fixed delimiter: %w", err)
		}
	}
	if _, err := parseCandidates(s.opts.AutoTypeCandidates); err != nil {
		return fmt.Errorf("csvscan: AutoTypeCandidates: %w", err) // err names the type
	}
	if err := cast.CheckThousands(s.opts.Thousands, s.opts.DecimalComma); err != nil {
		return err
	}
	for i, f := range []string{s.opts.DateFormat, s.opts.TimestampFormat} {
		if f == "" {
			continue
		}
		p, err := cast.ParseFormat(f)
		if err != nil {
			return fmt.Errorf("csvscan: %w", err)
		}
		s.formats[i].userFormat = p
	}
	return nil
}

// finish runs the phases after dialect detection: types, refinement,
// header and names.
func (s *session) finish(best []*candidate, derr error) (*Result, error) {
	if derr != nil {
		return nil, derr
	}
	for _, c := range best {
		s.skipSparse(c)
		s.shortHeader(c)
	}
	c, rows, err := s.detectTypes(best)
	if err != nil {
		return nil, err
	}
	s.tracef("chosen: %s (table from row %d, width %d)\n", short(c.d), c.dataRow()+1, c.sh.cols)
	rows.firstTypes = make([]cast.Type, len(rows.cols))
	for i := range rows.cols {
		rows.firstTypes[i] = rows.cols[i].top()
	}
	s.refineTypes(c, rows)
	if s.restErr != nil {
		return nil, s.restErr
	}
	res := &Result{Dialect: c.d, SkipRows: c.skip}
	s.detectHeader(c, rows, res)
	rr := rows.rr
	res.Rows = rr.total
	res.Scores.Dialect = c.score
	res.TrailingDelimiter = c.sh.trailing
	res.ShortRows, res.LongRows = rr.padded, rr.skipped
	if !res.TrailingDelimiter {
		// The reader keeps the empty last value the sniffer dropped: a row
		// with too many values.
		res.LongRows += rr.dropped
	}
	if c.shortHead && !res.HasHeader {
		res.ShortRows++ // the narrower first row is data: padded
	}
	res.NullPadding, res.IgnoreErrors = res.ShortRows > 0, res.LongRows > 0
	res.DateFormat = s.formats[0].chosen(res, cast.TypeDate, "%Y-%m-%d")
	res.TimestampFormat = s.formats[1].chosen(res, cast.TypeTimestamp, "")
	return res, nil
}
