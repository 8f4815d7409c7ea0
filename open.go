package csvscan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"sync/atomic"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// Reader reads one CSV input as typed chunks, as DuckDB's read_csv does.
// Open, OpenReader and OpenFiles return one. A Reader is not safe for
// concurrent use; Close may be called from any goroutine.
//
// Read it one way: Chunks (or Next) for typed column vectors, Values for
// rows of Go values, or Raw for the rows' bytes without casting. The
// first read fixes the way; another one then fails with an error.
type Reader struct {
	name     string
	src      *source
	raw      scanner.Rows
	typed    *scanner.TypedReader
	schema   scanner.Schema
	detected Detected
	opts     Options // as given
	shift    position
	mode     string // "", "typed" or "raw"
	err      error
	closed   bool
	cancel   context.CancelFunc
	multi    *multi // several files (OpenFiles), or nil
	empty    bool   // the input has no bytes: no rows
}

// position is where a parallel read of a file with a preamble starts: the
// read sees the file from there on, and its positions are moved back by
// that much (lines, and rows: the sequential scanner numbers the skipped
// lines as rows too).
type position struct {
	offset int64
	lines  int
}

// Detected is what a Reader found out about its input: what the sniffer
// detected, or what the options fixed, and how the input was opened.
type Detected struct {
	// Dialect reads the input.
	Dialect dialect.Dialect
	// Skip is the number of lines before the header or the first row.
	Skip int
	// Header says the first row after Skip names the columns.
	Header bool
	// Columns are the names and types the rows are cast to.
	Columns scanner.Schema
	// DateFormat and TimestampFormat are the strptime formats of the DATE
	// and TIMESTAMP columns ("" for ISO 8601).
	DateFormat, TimestampFormat string
	// TrailingDelimiter says the data rows end with a delimiter that is no
	// column: their last, empty value is dropped.
	TrailingDelimiter bool
	// Compression ("none", "gzip", "zstd") and Encoding ("utf-8", "utf-16",
	// "latin-1") say how the bytes were read.
	Compression, Encoding string
	// Sniff is the sniffer's whole result, with its scores; nil when
	// AutoDetect was Off.
	Sniff *sniff.Result
}

// Open opens the file at path and prepares to read it: it decompresses,
// decodes and sniffs what the options leave open, and reads an
// uncompressed UTF-8 file with Options.Threads goroutines.
func Open(path string, opts Options) (*Reader, error) {
	if opts.Filename || opts.HivePartitioning == On || opts.HivePartitioning == Auto && len(hiveFolders(path)) > 0 {
		return OpenFiles([]string{path}, opts)
	}
	p, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	src, err := openPath(path, opts)
	if errors.Is(err, errEmpty) {
		return emptyReader(path, p, opts), nil
	}
	if err != nil {
		return nil, err
	}
	r, err := newReader(src, p, opts)
	if err != nil {
		src.close()
		return nil, err
	}
	return r, nil
}

// OpenReader prepares to read a stream, such as standard input or a
// network body: it is decompressed, decoded and sniffed as a file is (the
// sniffer's sample is kept and read again), and read sequentially. Errors
// name the stream by its Name method when it has one (an *os.File does).
func OpenReader(r io.Reader, opts Options) (*Reader, error) {
	p, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	name := "the stream"
	if n, ok := r.(interface{ Name() string }); ok && n.Name() != "" {
		name = n.Name() // an *os.File, or a reader that names itself
	}
	src, err := openStream(r, name, opts)
	if errors.Is(err, errEmpty) {
		return emptyReader(name, p, opts), nil
	}
	if err != nil {
		return nil, err
	}
	rd, err := newReader(src, p, opts)
	if err != nil {
		src.close()
		return nil, err
	}
	return rd, nil
}

// emptyReader reads an input of no bytes as DuckDB does: the given
// columns, or one VARCHAR column named column0, and no rows.
func emptyReader(name string, p plan, opts Options) *Reader {
	r := &Reader{name: name, opts: opts, src: &source{name: name, compression: "none", encoding: "utf-8"}}
	r.schema = opts.Columns
	if len(r.schema) == 0 {
		r.schema = scanner.Schema{{Name: "column0", Type: scanner.TypeVarchar}}
	}
	r.detected = Detected{Dialect: p.dialect, Columns: r.schema, Compression: "none", Encoding: "utf-8"}
	r.mode, r.empty = "", true
	return r
}

// newReader sniffs src and starts the raw and typed reads.
func newReader(src *source, p plan, opts Options) (*Reader, error) {
	r := &Reader{name: src.name, src: src, opts: opts}
	d := &r.detected
	d.Dialect, d.Compression, d.Encoding = p.dialect, src.compression, src.encoding
	d.Header = opts.Header == On
	d.Skip = max(opts.Skip, 0)
	d.DateFormat, d.TimestampFormat = opts.DateFormat, opts.TimestampFormat
	d.TrailingDelimiter = opts.TrailingDelimiter
	if p.autoDetect {
		var res *sniff.Result
		var err error
		if src.file != nil {
			res, err = sniff.Sniff(src.file, src.size, p.sniff)
		} else {
			var replay io.Reader
			res, replay, err = sniff.SniffReader(src.stream, p.sniff)
			src.stream = replay
		}
		if err != nil {
			return nil, &inputError{name: src.name, err: err}
		}
		d.Sniff = res
		d.Dialect, d.Skip, d.Header = res.Dialect, res.SkipRows, res.HasHeader
		if res.NullPadding {
			// The sniffer read ragged rows with their missing values NULL:
			// the read does the same, so that its first short row does not
			// fail (res.IgnoreErrors, rows that will not fit, is left to
			// the caller: skipping rows is not a thing to decide for them).
			r.opts.NullPadding = true
		}
		d.TrailingDelimiter = d.TrailingDelimiter || res.TrailingDelimiter
		if d.DateFormat == "" {
			d.DateFormat = res.DateFormat
		}
		if d.TimestampFormat == "" {
			d.TimestampFormat = res.TimestampFormat
		}
		d.Columns = res.Columns
	}
	if err := r.schemaFrom(p); err != nil {
		return nil, err
	}
	if len(r.schema) == 0 {
		if err := r.firstRow(); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// schemaFrom settles the columns: given ones, the sniffed ones with the
// Types overrides, or all VARCHAR.
func (r *Reader) schemaFrom(p plan) error {
	d := &r.detected
	switch {
	case len(r.opts.Columns) > 0:
		d.Columns = r.opts.Columns
	case !p.autoDetect:
		// No sniffing and no columns: the first row's width, all VARCHAR,
		// named as DuckDB names them; worked out when reading starts.
		d.Columns = nil
	}
	cols := make(scanner.Schema, len(d.Columns))
	copy(cols, d.Columns)
	used := map[string]bool{}
	for i := range cols {
		if r.opts.AllVarchar {
			cols[i].Type, cols[i].Width, cols[i].Scale = scanner.TypeVarchar, 0, 0
		}
		if c, ok := p.types[cols[i].Name]; ok {
			cols[i].Type, cols[i].Width, cols[i].Scale = c.Type, c.Width, c.Scale
			used[cols[i].Name] = true
		}
	}
	for name := range p.types {
		if !used[name] && len(cols) > 0 && !p.anyTypes {
			return optionError("Types", "%q is no column of %s (%s)", name, r.name, columnNames(cols))
		}
	}
	d.Columns = cols
	r.schema = cols
	return nil
}

func columnNames(s scanner.Schema) string {
	names := make([]string, len(s))
	for i, c := range s {
		names[i] = c.Name
	}
	return strings.Join(names, ", ")
}

// start opens the raw read, at the first read: in parallel for a file
// (from the first row after the preamble), sequentially for a stream or
// with one thread. A typed read lets rows of any width through (the
// TypedReader judges them); a raw one holds them to the schema's width,
// in the scanner itself unless padding or a trailing delimiter asks the
// Raw loop to fit them (fit).
func (r *Reader) start(raw bool) error {
	d := r.detected
	width := -1
	if raw && !r.fit() {
		width = len(r.schema)
	}
	threads := r.opts.Threads
	if !raw && r.opts.AllowQuotedNulls == Off {
		threads = 1 // only a sequential scan says which values were quoted
	}
	so := scanner.Options{
		Dialect:      d.Dialect,
		Header:       d.Header,
		FieldsPerRow: width,
		MaxLineSize:  r.opts.MaxLineSize,
		BufferSize:   r.opts.BufferSize,
		IgnoreErrors: r.opts.IgnoreErrors || r.opts.StoreRejects,
		Threads:      threads,
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	switch {
	case r.src.file != nil && threads != 1:
		off, err := lineOffset(r.src.file, r.src.size, d.Skip)
		if err != nil {
			return fmt.Errorf("csvscan: %s: %w", r.name, err)
		}
		r.shift = position{offset: off, lines: d.Skip}
		section := io.NewSectionReader(r.src.file, off, r.src.size-off)
		p, err := scanner.ScanReaderAt(ctx, section, r.src.size-off, so)
		if err != nil {
			return fmt.Errorf("csvscan: %s: %w", r.name, err)
		}
		r.src.closers = append(r.src.closers, p.Close)
		r.raw = p
	default:
		so.SkipRows = d.Skip
		var in io.Reader = r.src.stream
		if r.src.file != nil {
			in = io.NewSectionReader(r.src.file, 0, r.src.size)
		}
		s, err := scanner.New(in, so)
		if err != nil {
			return fmt.Errorf("csvscan: %w", err)
		}
		r.raw = s
	}
	return nil
}

// fit reports whether the Raw loop fits rows to the schema's width.
func (r *Reader) fit() bool { return r.opts.NullPadding || r.detected.TrailingDelimiter }

// typedReader makes the TypedReader at the first typed read.
func (r *Reader) typedReader() error {
	if err := r.start(false); err != nil {
		return err
	}
	topts := scanner.TypedOptions{
		QuotedNotNull:   r.opts.AllowQuotedNulls == Off,
		ForceNotNull:    r.opts.ForceNotNull,
		Schema:          r.schema,
		NullStr:         r.opts.NullStr,
		DateFormat:      r.detected.DateFormat,
		TimestampFormat: r.detected.TimestampFormat,
		IgnoreErrors:    r.opts.IgnoreErrors || r.opts.StoreRejects,
		NullPadding:     r.opts.NullPadding,
		StoreRejects:    r.opts.StoreRejects,
		RejectsLimit:    r.opts.RejectsLimit,
		Dialect:         r.detected.Dialect,
	}
	if _, parallel := r.raw.(*scanner.Parallel); parallel && r.src.file != nil {
		// A parallel read does not say where rows start: a sequential read
		// of the same bytes finds the ones an error or a reject names.
		section := io.NewSectionReader(r.src.file, r.shift.offset, r.src.size-r.shift.offset)
		loc, err := scanner.NewLocator(section, scanner.Options{Dialect: r.detected.Dialect, Header: r.detected.Header,
			MaxLineSize: r.opts.MaxLineSize, IgnoreErrors: topts.IgnoreErrors})
		if err != nil {
			return err
		}
		topts.Locator = loc
	}
	t, err := scanner.NewTypedReader(r.raw, topts)
	if err != nil {
		return fmt.Errorf("csvscan: %w: %w", ErrOption, err)
	}
	r.typed = t
	return nil
}

// firstRow is for a read without sniffing or columns: the first row
// gives the number of columns, named as DuckDB names them (column0,
// column1, ...) or by the header. A file is read again from its start; a
// stream's bytes read here are kept and read again.
func (r *Reader) firstRow() error {
	var in io.Reader
	var kept *bytes.Buffer
	// At most this much is read to find the first row: a stream's bytes
	// read here are kept, and a first row longer than the maximum line
	// size is an error (or, with IgnoreErrors, skipped) anyway.
	limit := int64(max(r.opts.MaxLineSize, scanner.DefaultMaxLineSize))*2 + 1<<20
	if r.src.file != nil {
		in = io.NewSectionReader(r.src.file, 0, min(r.src.size, limit))
	} else {
		kept = &bytes.Buffer{}
		in = io.LimitReader(io.TeeReader(r.src.stream, kept), limit)
	}
	s, err := scanner.New(in, scanner.Options{Dialect: r.detected.Dialect, Header: r.detected.Header, SkipRows: r.detected.Skip,
		FieldsPerRow: -1, MaxLineSize: r.opts.MaxLineSize, IgnoreErrors: r.opts.IgnoreErrors || r.opts.StoreRejects})
	if err != nil {
		return fmt.Errorf("csvscan: %w", err)
	}
	n := 0
	names := []string(nil)
	if s.Scan() {
		n = len(s.Row())
	} else if err := s.Err(); err != nil && !errors.Is(err, scanner.ErrLineTooLong) {
		return r.wrap(err)
	}
	if n == 0 {
		n = 1 // no row within the limit: one column, as DuckDB reads such a file
	}
	if h := s.Header(); h != nil {
		names, n = h, len(h)
	}
	if kept != nil {
		r.src.stream = io.MultiReader(kept, r.src.stream)
	}
	r.schema = make(scanner.Schema, n)
	for i := range r.schema {
		name := fmt.Sprintf("column%d", i)
		if i < len(names) && names[i] != "" {
			name = names[i]
		}
		r.schema[i] = scanner.Column{Name: name, Type: scanner.TypeVarchar}
	}
	r.detected.Columns = r.schema
	return nil
}

// Schema returns the columns' names and types.
func (r *Reader) Schema() scanner.Schema { return r.schema }

// Detected returns what was detected, or fixed by the options.
func (r *Reader) Detected() Detected { return r.detected }

// Next returns the next chunk of typed rows, or io.EOF after the last. The
// chunk is valid until the next call; Chunk.Clone keeps one.
func (r *Reader) Next() (*scanner.Chunk, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.closed {
		return nil, ErrClosed
	}
	if r.empty {
		return nil, io.EOF
	}
	if r.multi != nil {
		r.mode = "typed"
		if r.multi.cur == nil {
			return nil, io.EOF
		}
		c, err := r.multi.next()
		if err != nil && err != io.EOF {
			r.err = err
		}
		return c, err
	}
	if r.mode == "" {
		r.mode = "typed"
		if err := r.typedReader(); err != nil {
			r.err = err
			return nil, err
		}
	}
	if r.mode != "typed" {
		return nil, errors.New("csvscan: Next after Raw: read a Reader one way")
	}
	c, err := r.typed.Next()
	if err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		r.err = r.wrap(err)
		return nil, r.err
	}
	return c, nil
}

// ErrClosed is returned by a read after Close.
var ErrClosed = errors.New("csvscan: the Reader is closed")

// Chunks returns an iterator over the typed chunks, for a range loop. Each
// chunk is valid during its step (Chunk.Clone keeps one); an error ends the
// loop with (nil, err), and the end of input just ends it.
func (r *Reader) Chunks() iter.Seq2[*scanner.Chunk, error] {
	return func(yield func(*scanner.Chunk, error) bool) {
		for {
			c, err := r.Next()
			if err == io.EOF {
				return
			}
			if !yield(c, err) || err != nil {
				return
			}
		}
	}
}

// Values returns an iterator over the rows as Go values (see
// scanner.Vector.Value for the Go type of each column type; NULL is nil).
// The slice is reused: copy it to keep it.
func (r *Reader) Values() iter.Seq2[[]any, error] {
	return func(yield func([]any, error) bool) {
		var row []any
		for c, err := range r.Chunks() {
			if err != nil {
				yield(nil, err)
				return
			}
			if row == nil {
				row = make([]any, len(c.Columns))
			}
			for i := 0; i < c.Len(); i++ {
				for j := range c.Columns {
					row[j] = c.Columns[j].Value(i)
				}
				if !yield(row, nil) {
					return
				}
			}
		}
	}
}

// Raw returns an iterator over the rows' bytes, uncast: the fast path of
// the raw scanner. A row's values are valid during its step. Rows are held
// to the schema's width (NullPadding pads short ones, a trailing
// delimiter's empty value is dropped); the header is not a row. For
// several files, each file's values are matched to the table's columns by
// name, nil where a file lacks one.
func (r *Reader) Raw() iter.Seq2[[][]byte, error] {
	return func(yield func([][]byte, error) bool) {
		if r.closed {
			yield(nil, ErrClosed)
			return
		}
		if r.mode == "typed" {
			yield(nil, errors.New("csvscan: Raw after Next: read a Reader one way"))
			return
		}
		if r.multi != nil {
			if r.multi.cur != nil {
				r.mode = "raw"
				r.multi.raw(yield)
			}
			return
		}
		if r.empty {
			return
		}
		if r.mode == "" {
			r.mode = "raw"
			if err := r.start(true); err != nil {
				r.err = err
				yield(nil, err)
				return
			}
		}
		f := fitter{on: r.fit(), pad: r.opts.NullPadding, trailing: r.detected.TrailingDelimiter,
			skip: r.opts.IgnoreErrors || r.opts.StoreRejects, width: len(r.schema)}
		for r.raw.Scan() {
			row, ok, err := f.row(r.raw)
			if err != nil {
				r.err = r.wrap(err)
				yield(nil, r.err)
				return
			}
			if ok && !yield(row, nil) {
				return
			}
		}
		if err := r.raw.Err(); err != nil {
			r.err = r.wrap(err)
			yield(nil, r.err)
		}
	}
}

// Count reads the input to its end and returns the number of rows Raw
// would give, without making their values; a file read in parallel is
// counted by the workers.
func (r *Reader) Count() (int64, error) {
	if r.closed {
		return 0, ErrClosed
	}
	if r.mode != "" {
		return 0, errors.New("csvscan: Count reads the whole input: call it on a Reader not read yet")
	}
	if r.multi != nil {
		r.mode = "raw"
		return r.multi.count()
	}
	if r.empty {
		return 0, nil
	}
	r.mode = "raw"
	if err := r.start(true); err != nil {
		r.err = err
		return 0, err
	}
	if p, ok := r.raw.(*scanner.Parallel); ok && !r.fit() {
		var n atomic.Int64
		err := p.Each(func(b *scanner.Block) error {
			k := 0
			for b.Scan() {
				k++
			}
			n.Add(int64(k))
			return nil
		})
		if err != nil {
			r.err = r.wrap(err)
			return n.Load(), r.err
		}
		return n.Load(), nil
	}
	var n int64
	for _, err := range r.Raw() {
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// fitter fits raw rows to the schema's width where the scanner cannot:
// with NullPadding a short row gets empty values, with a trailing
// delimiter a row's last, empty value is dropped; a row of another width
// is then an error, or left out when errors are ignored.
type fitter struct {
	on, pad, trailing, skip bool
	width                   int
	buf                     [][]byte
}

func (f *fitter) row(src scanner.Rows) ([][]byte, bool, error) {
	row := src.Row()
	if !f.on || f.width == 0 {
		return row, true, nil
	}
	switch {
	case len(row) == f.width:
		return row, true, nil
	case f.trailing && len(row) == f.width+1 && len(row[f.width]) == 0:
		return row[:f.width], true, nil
	case f.pad && len(row) < f.width:
		f.buf = append(f.buf[:0], row...)
		for len(f.buf) < f.width {
			f.buf = append(f.buf, nil)
		}
		return f.buf, true, nil
	case f.skip:
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("csvscan: row %d has %d values, not the %d columns (IgnoreErrors skips such rows)", src.RowNumber(), len(row), f.width)
}

// Rejects returns the errors of the rows skipped so far, with StoreRejects,
// as DuckDB's reject_errors has them.
func (r *Reader) Rejects() []scanner.Reject {
	if r.multi != nil {
		rj := r.multi.rejects
		if r.multi.cur != nil {
			rj = append(rj[:len(rj):len(rj)], r.multi.cur.Rejects()...)
		}
		return rj
	}
	if r.typed == nil {
		return nil
	}
	rj := r.typed.Rejects()
	if r.shift == (position{}) {
		return rj
	}
	out := make([]scanner.Reject, len(rj))
	for i, x := range rj {
		x.Line += r.shift.lines
		x.Row += r.shift.lines
		if x.LineByteOffset >= 0 {
			x.LineByteOffset += r.shift.offset
		}
		if x.ByteOffset >= 0 {
			x.ByteOffset += r.shift.offset
		}
		out[i] = x
	}
	return out
}

// Err returns the error that ended the read, nil at the end of input.
func (r *Reader) Err() error { return r.err }

// Close stops the read and releases the input. It may be called from
// another goroutine; a read after it returns ErrClosed.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	if r.cancel != nil {
		r.cancel()
	}
	if r.multi != nil {
		if r.multi.cur != nil {
			return r.multi.cur.Close()
		}
		return nil
	}
	return r.src.close()
}

// wrap names the input in err, moves its positions past a preamble read
// around, and adds the encoding advice to an encoding error.
func (r *Reader) wrap(err error) error {
	var pe *scanner.ParseError
	var re *scanner.RowError
	switch {
	case errors.As(err, &pe):
		c := *pe
		c.Offset += r.shift.offset
		c.RowOffset += r.shift.offset
		c.Line += r.shift.lines
		c.Row += r.shift.lines
		err = &c
	case errors.As(err, &re):
		c := *re
		c.Row += r.shift.lines
		if c.Offset >= 0 {
			c.Offset += r.shift.offset
		}
		if c.RowOffset >= 0 {
			c.RowOffset += r.shift.offset
		}
		err = &c
		if errors.Is(err, scanner.ErrInvalidUnicode) {
			return &inputError{name: r.name, err: err, hint: "set Options.Encoding to the file's encoding, for example \"latin-1\""}
		}
	}
	return &inputError{name: r.name, err: err}
}

// inputError is an error in reading one input: its message names it.
type inputError struct {
	name string
	err  error
	hint string
}

func (e *inputError) Error() string {
	msg := "csvscan: " + e.name + ": " + strings.TrimPrefix(e.err.Error(), "csvscan: ")
	if e.hint != "" {
		msg += " (" + e.hint + ")"
	}
	return msg
}

func (e *inputError) Unwrap() error { return e.err }

// lineOffset returns the offset of the first byte after n lines (and a
// byte order mark) of f, as the sequential scanner's SkipRows counts
// them: lines end at LF, CRLF or a lone CR, quotes are not looked at.
func lineOffset(f io.ReaderAt, size int64, n int) (int64, error) {
	if n <= 0 {
		return 0, nil
	}
	br := bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 64<<10)
	var off int64
	if head, _ := br.Peek(3); len(head) == 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF {
		br.Discard(3)
		off = 3
	}
	for lines := 0; lines < n; {
		b, err := br.ReadByte()
		if err == io.EOF {
			return off, nil
		}
		if err != nil {
			return 0, err
		}
		off++
		switch b {
		case '\n':
			lines++
		case '\r':
			lines++
			if next, err := br.Peek(1); err == nil && next[0] == '\n' {
				br.Discard(1)
				off++
			}
		}
	}
	return off, nil
}
