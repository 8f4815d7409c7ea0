// Package csvbeam reads CSV files in an Apache Beam pipeline with csvscan's
// split plan (package split): every file is cut into byte ranges, each
// range is summarised on its own, the summaries of a file are composed in
// file order, and each range is read from its exact start state. The rows
// are exactly those of a sequential scan of each file, with the same row
// numbers, line numbers and byte offsets, wherever the ranges cut the
// file: inside quoted values holding line ends, between the CR and the LF
// of a CRLF, inside a multi-byte delimiter.
//
// The pipeline, for each file that matches the pattern:
//
//	MatchFiles ─► plan: one element per range ─► Reshuffle
//	  ─► stage 1: Summarize each range (in parallel) ─► GroupByKey(file)
//	  ─► stage 2: Compose the file's summaries ─► one Start per range ─► Reshuffle
//	  ─► stage 3: Read each range from its Start (in parallel) ─► rows, errors
//	  ─► the first error of each file (in file order), and the rows before it
//
// It is a module of its own (github.com/csvscan/csvscan/beam), so that the
// library's go.sum does not carry the Beam SDK and its dependencies.
//
// Basic use:
//
//	p, s := beam.NewPipelineWithRoot()
//	rows, rejects, errs := csvbeam.Read(s, "/data/*.csv", csvbeam.Options{Scanner: scanner.Options{Header: true}})
//	... // rows: PCollection<csvbeam.Row>, rejects: PCollection<csvbeam.Reject>, errs: PCollection<csvbeam.Error>
//
// ReadTyped casts the rows to the schema the front door (csvscan.Open)
// detects in each file.
package csvbeam

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
	"github.com/csvscan/csvscan/split"
)

// Options say how the files are written and how finely they are cut.
type Options struct {
	// Scanner is how every file is read: dialect, header, row width,
	// maximum line size, IgnoreErrors (the rows skipped go to Read's
	// rejects; a file that split cannot cut exactly with it, one with a
	// line near the maximum line size, is read whole by one worker:
	// split.ErrSequential). SkipRows is refused (split.ErrSkipRows), and
	// so are TrailingDelimiter and EmptyLineRows (split.ErrRowRules).
	Scanner scanner.Options
	// RangeSize is the size of a range in bytes; 0 means
	// split.DefaultRangeSize (64 MiB).
	RangeSize int64
	// Sniff detects each file's dialect and header from its head, once per
	// file, with the front door's sniffer (package sniff), in the stage
	// that plans the file; the parts of Scanner.Dialect that are set are
	// not taken as given (Scanner.FieldsPerRow and MaxLineSize are). A file
	// with lines of notes before its table (sniff.Result.SkipRows) fails
	// the pipeline: a plan does not skip rows.
	Sniff bool
	// Unfiltered keeps the rows that a file's ranges after its first error
	// read (a sequential scan stops at the error; those rows' numbers are
	// above the error's Row, so a consumer can drop them itself). Dropping
	// them needs every file's first error before any row goes on: a side
	// input that the runner waits for, holding or writing out the rows
	// meanwhile (the direct runner holds them in memory).
	Unfiltered bool
}

// Row is one row of a file.
type Row struct {
	File   string   // the file's path, as matched
	Row    int      // the 1-based row number of a sequential scan (the header is row 1)
	Line   int      // the 1-based line where the row starts (DuckDB's line)
	Offset int64    // the byte offset where the row starts
	Values []string // the row's values
}

// Error is the parse error that ends a file's sequential scan, with its
// row, line, field and byte offsets. (An error reading a file fails the
// bundle, which the runner retries.)
type Error struct {
	File      string
	Row       int
	Line      int
	Field     int
	Offset    int64
	RowOffset int64
	Kind      string // the scanner.Err* sentinel's text, "" for other errors
	Message   string // the error's whole message
}

// Reject is one error of a row skipped with IgnoreErrors, with the
// positions of a sequential read (typed.Reject's fields).
type Reject struct {
	File       string
	Row        int    // the row's number (the header is row 1)
	Line       int    // the line where the row starts
	RowOffset  int64  // the byte offset where the row starts
	Offset     int64  // the byte offset of the value at fault (-1: unknown)
	Column     int    // DuckDB's column_idx: the 1-based number of the value at fault, 0 for none
	ColumnName string // "" past the schema
	Kind       string // DuckDB's error_type: "CAST", "MISSING COLUMNS", ...
	CSVLine    string // the row written back as CSV
	Message    string // DuckDB's error_message
}

// rangeTask is one range of one file, for stage 1, with the options the
// file is read with (sniffed or given).
type rangeTask struct {
	File  string
	Size  int64
	Index int
	Cfg   config
}

// summaryRec is a stage-1 result.
type summaryRec struct {
	Index   int
	Summary []byte // split.Summary.MarshalBinary
	Cfg     config
}

// readTask is one range with its start, for stage 3.
type readTask struct {
	File  string
	Size  int64
	Start []byte // split.Start.MarshalBinary
	// Whole says the file is read by this one task, sequentially: with
	// IgnoreErrors, Compose's split.ErrSequential.
	Whole bool
	Cfg   config
}

func init() {
	register.DoFn3x1[context.Context, string, func(File), error](&matchFn{})
	register.Emitter1[File]()
	register.DoFn3x1[context.Context, File, func(rangeTask), error](&planFn{})
	register.Emitter1[rangeTask]()
	register.DoFn3x1[context.Context, rangeTask, func(string, summaryRec), error](&summarizeFn{})
	register.Emitter2[string, summaryRec]()
	register.DoFn4x1[context.Context, string, func(*summaryRec) bool, func(readTask), error](&composeFn{})
	register.Iter1[summaryRec]()
	register.Emitter1[readTask]()
	register.DoFn3x1[context.Context, readTask, func(string, Error), error](&checkFn{})
	register.DoFn6x1[context.Context, readTask, func(*Error) bool, func(Row), func(Reject), func(string, Error), error](&rowsFn{})
	register.Emitter1[Row]()
	register.Emitter1[Reject]()
	register.Emitter2[string, Error]()
	register.Function2x1[Error, Error, Error](firstError)
	register.Function2x1[string, Error, Error](dropKey)
	register.Iter1[Error]()
}

// Read reads every file matching glob (any filesystem Beam has registered
// for its scheme: local paths, gs://, s3://) and returns its rows
// (PCollection<Row>), with Scanner.IgnoreErrors the rows skipped
// (PCollection<Reject>), and, for each file whose sequential scan ends in
// an error, that error (PCollection<Error>) and only the rows before it
// (unless Options.Unfiltered).
func Read(s beam.Scope, glob string, opts Options) (rows, rejects, errs beam.PCollection) {
	s = s.Scope("csvbeam.Read")
	return ReadFiles(s, beam.Create(s, glob), opts)
}

// ReadFiles is Read over a PCollection<string> of globs (or paths), which
// may come from an earlier stage.
func ReadFiles(s beam.Scope, globs beam.PCollection, opts Options) (rows, rejects, errs beam.PCollection) {
	s = s.Scope("csvbeam.ReadFiles")
	files := beam.ParDo(s, &matchFn{}, globs)
	starts := planStages(s, beam.ParDo(s, &planFn{Cfg: newConfig(opts)}, files))
	return readStage(s, starts, opts.Unfiltered, &rowsFn{})
}

// File is a file that a glob matched, and its size.
type File struct {
	Path string
	Size int64
}

// matchFn lists the files of a glob through Beam's filesystem for its
// scheme. (The module does not use fileio.MatchFiles: that package and
// the periodic transforms it needs were a quarter of the module's cold
// build.)
type matchFn struct{}

// ProcessElement emits every file glob matches, in name order; a glob
// without wildcards must match its file.
func (fn *matchFn) ProcessElement(ctx context.Context, glob string, emit func(File)) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", glob, err)
	}
	defer fs.Close()
	paths, err := fs.List(ctx, glob)
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", glob, err)
	}
	if len(paths) == 0 && !strings.ContainsAny(glob, "*?[") {
		return fmt.Errorf("csvbeam: %s: no such file", glob)
	}
	slices.Sort(paths)
	for _, p := range paths {
		size, err := fs.Size(ctx, p)
		if err != nil {
			return fmt.Errorf("csvbeam: %s: %w", p, err)
		}
		emit(File{Path: p, Size: size})
	}
	return nil
}

// planStages are stages 1 and 2, from the ranges of the files (rangeTask)
// to the start of each (readTask).
func planStages(s beam.Scope, ranges beam.PCollection) beam.PCollection {
	ranges = beam.Reshuffle(s, ranges)
	sums := beam.ParDo(s, &summarizeFn{}, ranges)
	starts := beam.ParDo(s, &composeFn{}, beam.GroupByKey(s, sums))
	return beam.Reshuffle(s, starts)
}

// readStage is stage 3: fn (rowsFn or recordsFn) reads every range and
// gives its rows or records and its rejects. Unless unfiltered, a first
// pass (checkFn) reads every range for its errors only, and the first
// error of each file, a side input of a few values, tells the second pass
// where the file's sequential scan ends: nothing waits for a side input
// while holding rows, at the price of reading the bytes once more.
func readStage(s beam.Scope, starts beam.PCollection, unfiltered bool, fn any) (out, rejects, errs beam.PCollection) {
	var side beam.PCollection
	if unfiltered {
		side = beam.CreateList(s, []Error{})
	} else {
		errs = beam.ParDo(s, dropKey, beam.CombinePerKey(s, firstError, beam.ParDo(s, &checkFn{}, starts)))
		side = errs
	}
	out, rejects, rangeErrs := beam.ParDo3(s, fn, starts, beam.SideInput{Input: side})
	if unfiltered {
		errs = beam.ParDo(s, dropKey, beam.CombinePerKey(s, firstError, rangeErrs))
	}
	return out, rejects, errs
}

// config is what every stage needs, serialised with its DoFn (Beam
// encodes a DoFn's exported fields; dialect.Char keeps its byte in
// unexported ones, so the dialect travels as plain fields).
type config struct {
	Delimiter                 string
	Quote, Escape, Comment    int // the byte, or -1 for none
	Newline                   int
	Lenient, Header           bool
	FieldsPerRow, MaxLineSize int
	IgnoreErrors              bool
	SkipRows                  int
	RangeSize                 int64
	Sniff                     bool
	// Typed is how ReadTyped casts the rows (typed.go); Typed.On is false
	// for Read.
	Typed typedConfig
}

func newConfig(opts Options) config {
	d := opts.Scanner.Dialect
	if d.Delimiter == "" {
		d = dialect.Default()
	}
	char := func(c dialect.Char) int {
		if b, ok := c.Byte(); ok {
			return int(b)
		}
		return -1
	}
	return config{
		Delimiter: d.Delimiter, Quote: char(d.Quote), Escape: char(d.Escape), Comment: char(d.Comment),
		Newline: int(d.Newline), Lenient: d.Lenient, Header: opts.Scanner.Header,
		FieldsPerRow: opts.Scanner.FieldsPerRow, MaxLineSize: opts.Scanner.MaxLineSize,
		IgnoreErrors: opts.Scanner.IgnoreErrors, SkipRows: opts.Scanner.SkipRows, RangeSize: opts.RangeSize,
		Sniff: opts.Sniff,
	}
}

// sniffed is c with the dialect and header the sniffer finds in file.
func (c config) sniffed(file string, r io.ReaderAt, size int64) (config, error) {
	res, err := sniff.Sniff(r, size, sniff.Options{})
	if err != nil {
		return c, fmt.Errorf("csvbeam: %s: %w", file, err)
	}
	if res.SkipRows > 0 {
		return c, fmt.Errorf("csvbeam: %s: %d lines of notes before the table: %w", file, res.SkipRows, split.ErrSkipRows)
	}
	o := c.options()
	o.Dialect, o.Header = res.Dialect, res.HasHeader
	out := newConfig(Options{Scanner: o, RangeSize: c.RangeSize})
	return out, nil
}

// options are the scanner's options c stands for.
func (c config) options() scanner.Options {
	char := func(v int) dialect.Char {
		if v < 0 {
			return dialect.None
		}
		return dialect.Some(byte(v))
	}
	d := dialect.Dialect{Delimiter: c.Delimiter, Quote: char(c.Quote), Escape: char(c.Escape), Comment: char(c.Comment),
		Newline: dialect.Newline(c.Newline), Lenient: c.Lenient}
	return scanner.Options{Dialect: d, Header: c.Header, FieldsPerRow: c.FieldsPerRow, MaxLineSize: c.MaxLineSize,
		IgnoreErrors: c.IgnoreErrors, SkipRows: c.SkipRows}
}

func (c config) plan(ctx context.Context, file string, size int64) (*split.Plan, io.ReaderAt, io.Closer, error) {
	r, err := openAt(ctx, file, size)
	if err != nil {
		return nil, nil, nil, err
	}
	p, err := split.New(r, size, c.RangeSize, c.options())
	if err != nil {
		r.Close()
		return nil, nil, nil, fmt.Errorf("csvbeam: %s: %w", file, err)
	}
	return p, r, r, nil
}

// planFn cuts a file into ranges.
type planFn struct{ Cfg config }

// ProcessElement emits one rangeTask per range of the file.
func (fn *planFn) ProcessElement(ctx context.Context, f File, emit func(rangeTask)) error {
	cfg := fn.Cfg
	if cfg.Sniff {
		r, err := openAt(ctx, f.Path, f.Size)
		if err != nil {
			return err
		}
		cfg, err = cfg.sniffed(f.Path, r, f.Size)
		r.Close()
		if err != nil {
			return err
		}
	}
	return emitRanges(ctx, f, cfg, emit)
}

// emitRanges plans f with cfg and emits one rangeTask per range.
func emitRanges(ctx context.Context, f File, cfg config, emit func(rangeTask)) error {
	p, _, c, err := cfg.plan(ctx, f.Path, f.Size)
	if err != nil {
		return err
	}
	c.Close()
	for i := 0; i < p.NumRanges(); i++ {
		emit(rangeTask{File: f.Path, Size: f.Size, Index: i, Cfg: cfg})
	}
	return nil
}

// summarizeFn is stage 1.
type summarizeFn struct{}

// ProcessElement summarises one range.
func (fn *summarizeFn) ProcessElement(ctx context.Context, t rangeTask, emit func(string, summaryRec)) error {
	p, r, c, err := t.Cfg.plan(ctx, t.File, t.Size)
	if err != nil {
		return err
	}
	defer c.Close()
	sum, err := p.Summarize(r, p.Range(t.Index))
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", t.File, err)
	}
	enc, err := sum.MarshalBinary()
	if err != nil {
		return err
	}
	emit(t.File, summaryRec{Index: t.Index, Summary: enc, Cfg: t.Cfg})
	return nil
}

// composeFn is stage 2: all the summaries of one file, in any order.
type composeFn struct{}

// ProcessElement composes a file's summaries and emits each range's start.
func (fn *composeFn) ProcessElement(ctx context.Context, file string, iter func(*summaryRec) bool, emit func(readTask)) error {
	var recs []summaryRec
	var rec summaryRec
	for iter(&rec) {
		recs = append(recs, rec)
	}
	sums := make([]split.Summary, len(recs))
	seen := make([]bool, len(recs))
	var size int64
	for _, rec := range recs {
		if rec.Index < 0 || rec.Index >= len(recs) || seen[rec.Index] {
			return fmt.Errorf("csvbeam: %s: summaries of ranges %d of %d", file, rec.Index, len(recs))
		}
		seen[rec.Index] = true
		if err := sums[rec.Index].UnmarshalBinary(rec.Summary); err != nil {
			return fmt.Errorf("csvbeam: %s: %w", file, err)
		}
		size = max(size, sums[rec.Index].Range.End)
	}
	if len(recs) == 0 {
		return nil
	}
	cfg := recs[0].Cfg
	p, _, c, err := cfg.plan(ctx, file, size)
	if err != nil {
		return err
	}
	c.Close()
	starts, err := p.Compose(sums)
	if errors.Is(err, split.ErrSequential) {
		emit(readTask{File: file, Size: size, Whole: true, Cfg: cfg})
		return nil
	}
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", file, err)
	}
	for _, st := range starts {
		enc, err := st.MarshalBinary()
		if err != nil {
			return err
		}
		emit(readTask{File: file, Size: size, Start: enc, Cfg: cfg})
	}
	return nil
}

// sink is where the read of a range puts what it finds; a nil func drops
// it. Only rows, records and rejects numbered below before are given
// (before 0: all of them).
type sink struct {
	row    func(Row)
	record func(Record)
	reject func(Reject)
	err    func(Error)
	before int
}

// keeps reports whether row number n is given.
func (o *sink) keeps(n int) bool { return o.before <= 0 || n < o.before }

// readRange reads the rows that start in t's range into out: Rows, or
// Records when the file is read typed.
func readRange(ctx context.Context, t readTask, out sink) error {
	var st split.Start
	if !t.Whole {
		if err := st.UnmarshalBinary(t.Start); err != nil {
			return fmt.Errorf("csvbeam: %s: %w", t.File, err)
		}
		if !out.keeps(st.Row) {
			return nil // the file's sequential scan ends before this range
		}
	}
	p, r, c, err := t.Cfg.plan(ctx, t.File, t.Size)
	if err != nil {
		return err
	}
	defer c.Close()
	var s *scanner.Scanner
	if t.Whole {
		s, err = p.ReadAll(r)
	} else {
		s, err = p.Read(r, st)
	}
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", t.File, err) // a read error: the runner retries
	}
	if t.Cfg.Typed.On {
		err = readTyped(t.File, t.Cfg, s, &out)
	} else {
		err = readRaw(t.File, s, &out)
	}
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", t.File, err) // a read error: the runner retries
	}
	return nil
}

// readRaw reads s's rows as Rows, and its bad rows as Rejects.
func readRaw(file string, s *scanner.Scanner, out *sink) error {
	for s.Scan() {
		out.badRows(file, s)
		if !out.keeps(s.RowNumber()) {
			return nil
		}
		if out.row == nil {
			continue
		}
		row := Row{File: file, Row: s.RowNumber(), Line: s.LineNumber(), Offset: s.RowOffset(), Values: make([]string, len(s.Row()))}
		for i, v := range s.Row() {
			row.Values[i] = string(v)
		}
		out.row(row)
	}
	out.badRows(file, s)
	return out.parseError(file, s.Err())
}

// badRows gives out the rows s skipped with IgnoreErrors since the last
// call.
func (o *sink) badRows(file string, s *scanner.Scanner) {
	for _, pe := range s.TakeBadRows() {
		if o.reject != nil && o.keeps(pe.Row) {
			o.reject(Reject{File: file, Row: pe.Row, Line: pe.Line, RowOffset: pe.RowOffset, Offset: pe.Offset,
				Column: pe.Field, Kind: pe.Kind.Error(), CSVLine: string(pe.Text), Message: pe.Error()})
		}
	}
}

// parseError gives err to out when it is a parse error, and returns it
// otherwise (a read error, which fails the bundle).
func (o *sink) parseError(file string, err error) error {
	var pe *scanner.ParseError
	if errors.As(err, &pe) {
		if o.err != nil {
			o.err(errorOf(file, pe))
		}
		return nil
	}
	return err
}

// checkFn is stage 3's first pass: the errors of each range, no rows.
type checkFn struct{}

// ProcessElement reads one range and emits its first error, if any.
func (fn *checkFn) ProcessElement(ctx context.Context, t readTask, emitErr func(string, Error)) error {
	return readRange(ctx, t, sink{err: func(e Error) { emitErr(t.File, e) }})
}

// rowsFn is stage 3 of Read.
type rowsFn struct{}

// ProcessElement emits the rows of one range that come before its file's
// first error (errs holds at most one per file), and the range's error
// (which Read uses only when the errors are not known before).
func (fn *rowsFn) ProcessElement(ctx context.Context, t readTask, errs func(*Error) bool, emit func(Row), emitRej func(Reject), emitErr func(string, Error)) error {
	return readRange(ctx, t, sink{row: emit, reject: emitRej, err: func(e Error) { emitErr(t.File, e) }, before: firstRow(t.File, errs)})
}

// firstRow is the row of file's error in errs, 0 for none.
func firstRow(file string, errs func(*Error) bool) int {
	var e Error
	for errs(&e) {
		if e.File == file {
			return e.Row
		}
	}
	return 0
}

// errorOf describes pe, met reading file.
func errorOf(file string, pe *scanner.ParseError) Error {
	return Error{File: file, Message: pe.Error(), Row: pe.Row, Line: pe.Line, Field: pe.Field,
		Offset: pe.Offset, RowOffset: pe.RowOffset, Kind: pe.Kind.Error()}
}

// firstError keeps the error of a file that a sequential scan meets first:
// the one of the lowest row.
func firstError(a, b Error) Error {
	if b.Row < a.Row || b.Row == a.Row && b.Offset < a.Offset {
		return b
	}
	return a
}

func dropKey(_ string, e Error) Error { return e }
