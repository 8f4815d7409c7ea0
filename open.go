package csvscan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

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
		return emptyReader(path, p, opts, err), nil
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
		return emptyReader(name, p, opts, err), nil
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
// columns, or one VARCHAR column named column0, and no rows. err, the
// errEmpty that said so, gives its compression.
func emptyReader(name string, p plan, opts Options, err error) *Reader {
	comp := "none"
	if e, ok := errors.AsType[*emptyError](err); ok {
		comp = e.compression
	}
	r := &Reader{name: name, opts: opts, src: &source{name: name, compression: comp, encoding: "utf-8"}}
	r.schema = opts.Columns
	if len(r.schema) == 0 {
		r.schema = typed.Schema{{Name: "column0", Type: typed.TypeVarchar}}
	}
	r.detected = Detected{Dialect: p.read.Dialect, Columns: r.schema, Compression: comp, Encoding: "utf-8", Empty: true}
	r.empty = true
	return r
}

// newReader sniffs src and starts the raw and typed reads. The reading
// options are the plan's, with the sniffer's result applied to them
// (sniff.Result.Apply and ApplyTyped); Detected reports them.
func newReader(src *source, p plan, opts Options) (*Reader, error) {
	r := &Reader{name: src.name, src: src, opts: opts, read: p.read}
	r.cast = typed.Options{DateFormat: opts.DateFormat, TimestampFormat: opts.TimestampFormat,
		DecimalComma: opts.DecimalSeparator == ",", Thousands: opts.thousands()}
	d := &r.detected
	d.Compression, d.Encoding = src.compression, src.encoding
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
			return nil, r.sniffError(err, p.sniff)
		}
		d.Sniff = res
		// Short rows in the sample turn null padding on (the read pads them
		// as the sniffer did); rows that do not fit leave IgnoreErrors as
		// the caller set it: skipping rows is not a thing to decide for them.
		res.Apply(&r.read)
		res.ApplyTyped(&r.cast)
	}
	if err := r.checkUTF8(); err != nil {
		return nil, err
	}
	d.Dialect, d.Skip, d.Header = r.read.Dialect, r.read.SkipRows, r.read.Header
	d.NullPadding, d.TrailingDelimiter = r.read.NullPadding, r.read.TrailingDelimiter
	d.DateFormat, d.TimestampFormat = r.cast.DateFormat, r.cast.TimestampFormat
	d.Columns = r.cast.Schema
	if err := r.schemaFrom(p); err != nil {
		return nil, err
	}
	r.cast.Schema = nil // r.schema is the read's (a row of a million columns made each copy 40 MB)
	if len(r.schema) == 0 {
		if err := r.firstRow(p); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// schemaFrom settles the columns: given ones, or the sniffed ones, with
// the options that change them (settle). A read with neither settles
// them from the first row when it starts (firstRow).
func (r *Reader) schemaFrom(p plan) error {
	d := &r.detected
	switch {
	case len(r.opts.Columns) > 0:
		d.Columns = r.opts.Columns
	case !p.autoDetect:
		// No sniffing and no columns: the first row's width, all VARCHAR,
		// named as DuckDB names them; worked out by firstRow.
		d.Columns = nil
	}
	if len(d.Columns) == 0 {
		r.schema = nil
		return nil
	}
	return r.settle(d.Columns, p)
}

// settle makes cols, a copy of them, the read's schema: renamed by Names,
// then all VARCHAR with AllVarchar, then typed by Types.
func (r *Reader) settle(cols typed.Schema, p plan) error {
	cols = slices.Clone(cols)
	cols, err := r.rename(cols, p)
	if err != nil {
		return err
	}
	used := map[string]bool{}
	for i := range cols {
		if r.opts.AllVarchar {
			cols[i].Type, cols[i].Width, cols[i].Scale = typed.TypeVarchar, 0, 0
		}
		if c, ok := p.types[cols[i].Name]; ok {
			cols[i].Type, cols[i].Width, cols[i].Scale = c.Type, c.Width, c.Scale
			used[cols[i].Name] = true
		}
	}
	for name := range p.types {
		if !used[name] && !p.anyTypes {
			return optionError("Types", "%q is no column of %s (%s)", name, r.name, columnNames(cols))
		}
	}
	r.detected.Columns = cols
	r.schema = cols
	return nil
}

// rename gives the first columns of cols the names of Options.Names. With
// more names than columns, NullPadding adds VARCHAR columns for the rest,
// and for a file of several (p.looseNames) the rest are not used; else it
// is an error, as a name that is now the name of another column is.
func (r *Reader) rename(cols typed.Schema, p plan) (typed.Schema, error) {
	names := r.opts.Names
	if len(names) == 0 {
		return cols, nil
	}
	if len(names) > len(cols) {
		switch {
		case p.looseNames:
			names = names[:len(cols)]
		case r.opts.NullPadding:
			for len(cols) < len(names) {
				cols = append(cols, typed.Column{Type: typed.TypeVarchar})
			}
		default:
			return nil, optionError("Names", "%d names for the %d columns of %s (%s): give at most %d, or set NullPadding to add columns for the others",
				len(names), len(cols), r.name, columnNames(cols), len(cols))
		}
	}
	for i, n := range names {
		cols[i].Name = n
	}
	at := make(map[string]int, len(cols))
	for i, c := range cols {
		k := nameKey(c.Name)
		if j, ok := at[k]; ok {
			return nil, optionError("Names", "%q names column %d, and column %d of %s is %q: give it a name too, or another name",
				cols[min(i, j)].Name, min(i, j)+1, max(i, j)+1, r.name, cols[max(i, j)].Name)
		}
		at[k] = i
	}
	return cols, nil
}

// columnNames lists the names of s for an error, at most listNames of them.
func columnNames(s typed.Schema) string {
	names := make([]string, 0, min(len(s), listNames))
	for _, c := range s[:min(len(s), listNames)] {
		names = append(names, c.Name)
	}
	return nameList(names, len(s))
}

// listNames is the most names an error lists: a file of a million
// columns made errors of megabytes that named them all.
const listNames = 20

// nameList joins the first names of a list of total names, and says how
// many more there are.
func nameList(names []string, total int) string {
	s := strings.Join(names[:min(len(names), listNames)], ", ")
	if total > listNames {
		s += fmt.Sprintf(" and %d more", total-listNames)
	}
	return s
}

// How a read takes its rows, which decides how start reads the input.
type readKind int

// wideSchema is the most columns a typed read casts on several goroutines:
// a wider one is read sequentially (start).
const wideSchema = 1 << 14

const (
	readTyped readKind = iota // Values, Chunks, Next: cast on the scan's workers
	readCount                 // Count: counted on the scan's workers
	readRows                  // Raw: every row to the caller's goroutine, in file order
)

// start opens the raw read, at the first read: in parallel for a file
// (from the first row after the preamble), sequentially for a stream,
// with one thread, or for Raw with fewer than scanner.MinScanThreads
// (its rows go to one goroutine in file order, which a sequential scan
// does faster there; Count and the typed read work on the workers). A typed
// read lets rows of any width through (the typed.Reader judges them); a
// raw one holds them to the schema's width, in the scanner itself unless
// padding or a trailing delimiter asks the Raw loop to fit them (fit).
func (r *Reader) start(kind readKind) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed.Load() {
		return ErrClosed // Close came first: nothing is opened
	}
	raw := kind != readTyped
	// A typed read lets rows of any width through (the typed.Reader judges
	// them, and pads short ones); a raw one holds them to the schema's
	// width, the scanner fitting them (NullPadding, TrailingDelimiter).
	so := r.read
	so.FieldsPerRow = -1
	if raw {
		so.FieldsPerRow = len(r.schema)
	}
	// A one-column table's empty lines are NULL rows, those before its
	// first row too, as DuckDB reads them: the typed read, which fixes no
	// width, says so (a raw read's FieldsPerRow 1 does).
	so.EmptyLineRows = len(r.schema) == 1
	threads := r.opts.Threads
	if !raw && r.opts.AllowQuotedNulls == Off {
		threads = 1 // only a sequential scan says which values were quoted
	}
	if !raw && len(r.schema) > wideSchema {
		// Every chunk costs a vector per column, whatever its rows, and a
		// parallel read holds several: a row of a million columns held
		// gigabytes of them (the sequential read holds one chunk).
		threads = 1
	}
	so.Threads = threads
	if raw && so.Header && so.MaxBadRows > 0 {
		// The header's own width error, which the scan holds as a bad row
		// and keepRejects drops, takes none of the RejectsLimit places.
		so.MaxBadRows++
	}
	if kind == readRows && so.Goroutines() < scanner.MinScanThreads {
		so.Threads = 1
	}
	skip := so.SkipRows
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	switch {
	case r.src.file != nil && so.Threads != 1:
		off, err := lineOffset(r.src.file, r.src.size, skip)
		if err != nil {
			return &inputError{name: r.name, err: err}
		}
		if off > 0 && bomAt(r.src.file, off) {
			// Bytes of a byte order mark right after the skipped lines
			// are data (a mark is only the file's first bytes), where a
			// parallel scan of the section past those lines would take
			// them for the section's mark: read sequentially.
			return r.sequential(so)
		}
		r.shift = position{offset: off, lines: skip}
		so.SkipRows = 0 // the section starts past them
		var p *scanner.Parallel
		if off == 0 {
			// Each (the typed read's workers, Count) reads the file's pages
			// in place where they can be mapped; Scan (Raw) reads them.
			p, err = scanner.ScanFileSize(ctx, r.src.file, r.src.size, so)
		} else {
			// A FileSection, so that each buffer read is checked against a
			// file that shrank (an io.SectionReader has no Stat).
			section := buffer.NewFileSection(r.src.file, off, r.src.size-off)
			p, err = scanner.ScanReaderAt(ctx, section, r.src.size-off, so)
		}
		if err != nil {
			return &inputError{name: r.name, err: err}
		}
		r.src.closers = append(r.src.closers, p.Close)
		r.raw = p
	default:
		return r.sequential(so)
	}
	return nil
}

// sequential makes the raw read a sequential Scanner with options so.
func (r *Reader) sequential(so scanner.Options) error {
	var in io.Reader = r.src.stream
	if r.src.file != nil {
		in = buffer.NewFileReader(r.src.file, 0, r.src.size)
	}
	s, err := scanner.New(in, so)
	if err != nil {
		return &inputError{name: r.name, err: err}
	}
	r.raw = s
	return nil
}

// bomAt reports whether f holds a UTF-8 byte order mark at offset off.
func bomAt(f *os.File, off int64) bool {
	var b [3]byte
	n, _ := f.ReadAt(b[:], off)
	return n == 3 && b == [3]byte{0xEF, 0xBB, 0xBF}
}

// typedReader makes the typed read at the first one: a typed.Reader over
// a sequential scan, or, for a file read in parallel, castWorkers, which
// cast on the scan's workers and hand the chunks out in file order.
func (r *Reader) typedReader() error {
	if err := r.start(readTyped); err != nil {
		return err
	}
	// The dialect, null padding and ignore_errors come from the scanner
	// (typed.OptionsSource); the formats from the sniffer or the options.
	topts := r.cast
	topts.Schema = r.schema
	topts.QuotedNotNull = r.opts.AllowQuotedNulls == Off
	topts.ForceNotNull, topts.NullStr = r.opts.ForceNotNull, r.opts.NullStr
	topts.StoreRejects, topts.RejectsLimit = r.opts.StoreRejects, r.opts.RejectsLimit
	if p, parallel := r.raw.(*scanner.Parallel); parallel && r.src.file != nil {
		// A read by ranges where it pays (planned.go): each worker scans
		// and casts its own ranges. The parallel scan is then not used.
		so := p.Options()
		section := buffer.NewFileSection(r.src.file, r.shift.offset, r.src.size-r.shift.offset)
		if rangeSize := planFor(section.Size(), so, topts, r.opts.BufferSize); rangeSize > 0 {
			w, err := newPlanWorkers(section, section.Size(), rangeSize, so, topts)
			if err != nil {
				return fmt.Errorf("csvscan: %w: %w", ErrOption, err)
			}
			return r.setCasts(w)
		}
		// A parallel read does not say where rows start: a sequential read
		// of the same bytes finds the ones an error or a reject names.
		lo := r.read
		lo.SkipRows = 0 // the section starts past them
		// The rows numbered as the scan numbers them: of any width, and
		// a one-column table's empty lines rows (start).
		lo.FieldsPerRow, lo.EmptyLineRows = so.FieldsPerRow, so.EmptyLineRows
		file, off, size := r.src.file, r.shift.offset, r.src.size-r.shift.offset
		open := func() (*typed.Locator, error) {
			return typed.NewLocator(io.NewSectionReader(file, off, size), lo)
		}
		loc, err := open()
		if err != nil {
			return err
		}
		// The workers cast (castWorkers); their Locators are made as bad
		// rows need them, the one made here checks the options now.
		locs := &locators{open: open, max: so.Goroutines() + 2, idle: []locator{{l: loc}}}
		w, err := newCastWorkers(p, topts, locs)
		if err != nil {
			return fmt.Errorf("csvscan: %w: %w", ErrOption, err)
		}
		return r.setCasts(w)
	}
	t, err := typed.NewReader(r.raw, topts)
	if err != nil {
		return fmt.Errorf("csvscan: %w: %w", ErrOption, err)
	}
	r.typed = t
	return nil
}

// setCasts makes w the typed read, unless the Reader was closed meanwhile.
func (r *Reader) setCasts(w *castWorkers) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed.Load() {
		w.close()
		return ErrClosed
	}
	r.src.closers = append(r.src.closers, w.close)
	r.typed = w
	return nil
}

// firstRow is for a read without sniffing or columns: the first row
// gives the number of columns, named as DuckDB names them (column0,
// column1, ...) or by the header. A file is read again from its start; a
// stream's bytes read here are kept and read again.
func (r *Reader) firstRow(p plan) error {
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
	fo := r.read
	fo.FieldsPerRow = -1
	// The header is the first row: read as a row, so that the scan stops
	// there and does not read the first data row too (a header above a
	// row of 80 MB took 256 MB here).
	fo.Header = false
	s, err := scanner.New(in, fo)
	if err != nil {
		return &inputError{name: r.name, err: err}
	}
	n := 0
	var header [][]byte
	if s.Scan() {
		n = len(s.Row())
		if r.read.Header {
			for _, v := range s.Row() {
				header = append(header, bytes.Clone(v))
			}
		}
	} else if err := s.Err(); err != nil && !errors.Is(err, scanner.ErrLineTooLong) {
		return r.wrap(err)
	}
	if n == 0 {
		n = 1 // no row within the limit: one column, as DuckDB reads such a file
	}
	if kept != nil {
		r.src.stream = io.MultiReader(kept, r.src.stream)
	}
	// Named as the sniffer names them: the header's values trimmed and
	// made unique, generated names (column0, ...) without a header.
	schema := make(typed.Schema, n)
	for i, name := range sniff.HeaderNames(header, n, r.opts.NormalizeNames) {
		schema[i] = typed.Column{Name: name, Type: typed.TypeVarchar}
	}
	return r.settle(schema, p)
}

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
