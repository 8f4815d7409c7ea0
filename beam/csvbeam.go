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
//	rows, errs := csvbeam.Read(s, "/data/*.csv", csvbeam.Options{Scanner: scanner.Options{Header: true}})
//	... // rows: PCollection<csvbeam.Row>, errs: PCollection<csvbeam.Error>
package csvbeam

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths for MatchFiles
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
	"github.com/csvscan/csvscan/split"
)

// Options say how the files are written and how finely they are cut.
type Options struct {
	// Scanner is how every file is read: dialect, header, row width,
	// maximum line size. IgnoreErrors and SkipRows are refused (see
	// split.ErrIgnoreErrors, split.ErrSkipRows).
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
	Cfg   config
}

func init() {
	register.DoFn3x1[context.Context, fileio.FileMetadata, func(rangeTask), error](&planFn{})
	register.Emitter1[rangeTask]()
	register.DoFn3x1[context.Context, rangeTask, func(string, summaryRec), error](&summarizeFn{})
	register.Emitter2[string, summaryRec]()
	register.DoFn4x1[context.Context, string, func(*summaryRec) bool, func(readTask), error](&composeFn{})
	register.Iter1[summaryRec]()
	register.Emitter1[readTask]()
	register.DoFn4x1[context.Context, readTask, func(Row), func(string, Error), error](&readFn{})
	register.Emitter1[Row]()
	register.Emitter2[string, Error]()
	register.Function2x1[Error, Error, Error](firstError)
	register.Function2x1[string, Error, Error](dropKey)
	register.DoFn3x0[Row, func(*Error) bool, func(Row)](&beforeErrorFn{})
	register.Iter1[Error]()
}

// Read reads every file matching glob (any filesystem Beam has registered
// for its scheme: local paths, gs://, s3://) and returns its rows
// (PCollection<Row>) and, for each file whose sequential scan ends in an
// error, that error (PCollection<Error>) and only the rows before it
// (unless Options.Unfiltered).
func Read(s beam.Scope, glob string, opts Options) (rows, errs beam.PCollection) {
	s = s.Scope("csvbeam.Read")
	return ReadFiles(s, fileio.MatchFiles(s, glob), opts)
}

// ReadFiles is Read over files already matched (PCollection of
// fileio.FileMetadata).
func ReadFiles(s beam.Scope, files beam.PCollection, opts Options) (rows, errs beam.PCollection) {
	s = s.Scope("csvbeam.ReadFiles")
	cfg := newConfig(opts)
	ranges := beam.ParDo(s, &planFn{Cfg: cfg}, files)
	ranges = beam.Reshuffle(s, ranges)
	sums := beam.ParDo(s, &summarizeFn{}, ranges)
	starts := beam.ParDo(s, &composeFn{}, beam.GroupByKey(s, sums))
	starts = beam.Reshuffle(s, starts)
	all, rangeErrs := beam.ParDo2(s, &readFn{}, starts)
	first := beam.CombinePerKey(s, firstError, rangeErrs)
	errs = beam.ParDo(s, dropKey, first)
	if opts.Unfiltered {
		return all, errs
	}
	rows = beam.ParDo(s, &beforeErrorFn{}, all, beam.SideInput{Input: errs})
	return rows, errs
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
func (fn *planFn) ProcessElement(ctx context.Context, f fileio.FileMetadata, emit func(rangeTask)) error {
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

// readFn is stage 3.
type readFn struct{}

// ProcessElement reads the rows that start in one range.
func (fn *readFn) ProcessElement(ctx context.Context, t readTask, emit func(Row), emitErr func(string, Error)) error {
	var st split.Start
	if err := st.UnmarshalBinary(t.Start); err != nil {
		return fmt.Errorf("csvbeam: %s: %w", t.File, err)
	}
	p, r, c, err := t.Cfg.plan(ctx, t.File, t.Size)
	if err != nil {
		return err
	}
	defer c.Close()
	s, err := p.Read(r, st)
	if err != nil {
		return fmt.Errorf("csvbeam: %s: %w", t.File, err) // a read error: the runner retries
	}
	for s.Scan() {
		row := Row{File: t.File, Row: s.RowNumber(), Line: s.LineNumber(), Offset: s.RowOffset(), Values: make([]string, len(s.Row()))}
		for i, v := range s.Row() {
			row.Values[i] = string(v)
		}
		emit(row)
	}
	err = s.Err()
	var pe *scanner.ParseError
	switch {
	case errors.As(err, &pe):
		emitErr(t.File, errorOf(t.File, pe))
	case err != nil:
		return fmt.Errorf("csvbeam: %s: %w", t.File, err) // a read error: the runner retries
	}
	return nil
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

// beforeErrorFn drops the rows a sequential scan never reaches: those of
// a file after its first error. The side input holds one error per file
// that has one, so it is read for each row.
type beforeErrorFn struct{}

// ProcessElement emits row unless its file's first error comes before it.
func (fn *beforeErrorFn) ProcessElement(row Row, errs func(*Error) bool, emit func(Row)) {
	var e Error
	for errs(&e) {
		if e.File == row.File && row.Row >= e.Row {
			return
		}
	}
	emit(row)
}

// openAt opens file for random access: a local file directly, any other
// through Beam's filesystem (sequential reads, reopened to go back).
func openAt(ctx context.Context, file string, size int64) (interface {
	io.ReaderAt
	io.Closer
}, error) {
	if !strings.Contains(file, "://") {
		return os.Open(file)
	}
	fs, err := filesystem.New(ctx, file)
	if err != nil {
		return nil, err
	}
	return &streamAt{ctx: ctx, fs: fs, file: file, size: size}, nil
}

// streamAt reads a file of a Beam filesystem at offsets, through one
// stream that moves forward; going back reopens it. A range is read
// forward, so each worker opens a file about once per range.
type streamAt struct {
	ctx  context.Context
	fs   filesystem.Interface
	file string
	size int64
	rc   io.ReadCloser
	pos  int64
}

// ReadAt implements io.ReaderAt.
func (s *streamAt) ReadAt(p []byte, off int64) (int, error) {
	if off >= s.size {
		return 0, io.EOF
	}
	if s.rc == nil || off < s.pos {
		if s.rc != nil {
			s.rc.Close()
		}
		rc, err := s.fs.OpenRead(s.ctx, s.file)
		if err != nil {
			return 0, err
		}
		s.rc, s.pos = rc, 0
	}
	if off > s.pos {
		n, err := io.CopyN(io.Discard, s.rc, off-s.pos)
		s.pos += n
		if err != nil {
			return 0, err
		}
	}
	n, err := io.ReadFull(s.rc, p)
	s.pos += int64(n)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// Close closes the stream and the filesystem.
func (s *streamAt) Close() error {
	if s.rc != nil {
		s.rc.Close()
	}
	return s.fs.Close()
}
