package csvbeam

// This file is the one place that knows the front door (csvscan.Open and
// what it detects) and the typed reader (typed.Reader, its options,
// chunks, vectors and rejects). When the typed reader moves to another
// package, the import below and the names in this file change; nothing
// else in the module does.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/split"
)

// TypedOptions are how ReadTyped opens and reads each file.
type TypedOptions struct {
	// Front is what csvscan.Open is given for each file: its dialect,
	// header, columns and types are detected by the front door (once per
	// file, in the planning stage) as a sequential read with csvscan.Open
	// detects them, and every range is cast with them. Refused: Trace,
	// RejectsLimit, and Filename, HivePartitioning On and UnionByName
	// (Record.File names the file); a compressed or non-UTF-8 file, or one
	// with lines of notes before its table (Detected.Skip), fails the
	// pipeline. With IgnoreErrors (or StoreRejects) the rows that do not
	// parse, cast or fit the schema go to Typed.Rejects, as csvscan.Open's
	// Rejects (a file that split cannot cut exactly then, one with a line
	// near the maximum line size, is read whole by one worker:
	// split.ErrSequential).
	Front csvscan.Options
	// RangeSize is the size of a range in bytes; 0 means
	// split.DefaultRangeSize (64 MiB).
	RangeSize int64
	// Unfiltered is Options.Unfiltered: the records of the ranges after a
	// file's first error are kept, numbered above it.
	Unfiltered bool
}

// Typed is what ReadTyped returns.
type Typed struct {
	// Records is PCollection<Record>: every row of every file, cast.
	Records beam.PCollection
	// Rejects is PCollection<Reject>: with Front.IgnoreErrors, one per
	// error of every row skipped.
	Rejects beam.PCollection
	// Errors is PCollection<Error>: the error that ends a file's
	// sequential read, if any (a *typed.RowError or a parse error).
	Errors beam.PCollection
	// Schemas is PCollection<Schema>: one per file, its columns as
	// detected; Record.Values follow them.
	Schemas beam.PCollection
}

// Record is one row of a file cast to the file's schema.
type Record struct {
	File   string // the file's path, as matched
	Row    int    // the 1-based row number of a sequential scan (the header is row 1)
	Line   int    // the 1-based line where the row starts
	Offset int64  // the byte offset where the row starts
	Values []Value
}

// Value is one value of a Record, in the field its column's type uses:
// Bool for BOOLEAN; Int for the integer types (a UBIGINT's bits), DECIMAL
// (the value times 10^scale), DATE (days since 1970-01-01), TIME
// (microseconds since midnight), TIMESTAMP and TIMESTAMP WITH TIME ZONE
// (microseconds since 1970-01-01 00:00:00 UTC); Float for DOUBLE and
// FLOAT; Text for VARCHAR. Null is a NULL, with every other field zero.
type Value struct {
	Null  bool
	Bool  bool
	Int   int64
	Float float64
	Text  string
}

// Schema is the columns of one file, as the front door detected them.
type Schema struct {
	File    string
	Columns []Column
}

// Column is one column of a Schema.
type Column struct {
	Name string
	// Type is DuckDB's name of the type: "BIGINT", "DECIMAL(15,2)",
	// "VARCHAR", ...
	Type string
}

// typedConfig is what a range's reader needs to cast its rows: the
// TypedReader's options, as plain fields.
type typedConfig struct {
	On      bool
	Columns []typedColumn
	// NullStr, unless DefaultNull (the empty value is NULL, NullStr nil).
	NullStr                     []string
	DefaultNull                 bool
	ForceNotNull                []string
	QuotedNotNull, NullPadding  bool
	IgnoreErrors, StoreRejects  bool
	DateFormat, TimestampFormat string
	// DecimalComma: Front.DecimalSeparator is ",".
	DecimalComma bool
	// Thousands: Front.Thousands's byte, 0 for none.
	Thousands byte
}

// typedColumn is a typed.Column as plain fields.
type typedColumn struct {
	Name         string
	Type         int
	Width, Scale int
}

func init() {
	register.DoFn4x1[context.Context, File, func(rangeTask), func(Schema), error](&typedPlanFn{})
	register.Emitter1[Schema]()
	register.DoFn6x1[context.Context, readTask, func(*Error) bool, func(Record), func(Reject), func(string, Error), error](&recordsFn{})
	register.Emitter1[Record]()
}

// ReadTyped reads every file matching glob as Read does, and casts its
// rows to the schema the front door (csvscan.Open with opts.Front)
// detects in the file: the records, rejects and errors are those of a
// sequential read of the file with csvscan.Open, with the row numbers,
// line numbers and byte offsets of a sequential scan.
func ReadTyped(s beam.Scope, glob string, opts TypedOptions) Typed {
	s = s.Scope("csvbeam.ReadTyped")
	return ReadTypedFiles(s, beam.Create(s, glob), opts)
}

// ReadTypedFiles is ReadTyped over a PCollection<string> of globs (or
// paths).
func ReadTypedFiles(s beam.Scope, globs beam.PCollection, opts TypedOptions) Typed {
	s = s.Scope("csvbeam.ReadTypedFiles")
	var out Typed
	var ranges beam.PCollection
	files := beam.ParDo(s, &matchFn{}, globs)
	ranges, out.Schemas = beam.ParDo2(s, &typedPlanFn{Front: opts.Front, RangeSize: opts.RangeSize}, files)
	starts := planStages(s, ranges)
	out.Records, out.Rejects, out.Errors = readStage(s, starts, opts.Unfiltered, &recordsFn{})
	return out
}

// typedPlanFn is planFn for ReadTyped: the front door detects the file's
// dialect, header and schema, then the file is cut into ranges.
type typedPlanFn struct {
	Front     csvscan.Options
	RangeSize int64
}

// ProcessElement emits the file's schema and one rangeTask per range.
func (fn *typedPlanFn) ProcessElement(ctx context.Context, f File, emit func(rangeTask), emitSchema func(Schema)) error {
	r, err := openAt(ctx, f.Path, f.Size)
	if err != nil {
		return err
	}
	cfg, schema, err := detect(f.Path, r, f.Size, fn.Front, fn.RangeSize)
	r.Close()
	if err != nil {
		return err
	}
	emitSchema(schema)
	return emitRanges(ctx, f, cfg, emit)
}

// detect opens file with the front door and returns the configuration
// every range of it is read with, and its schema.
func detect(file string, r io.ReaderAt, size int64, front csvscan.Options, rangeSize int64) (config, Schema, error) {
	fail := func(format string, args ...any) (config, Schema, error) {
		return config{}, Schema{}, fmt.Errorf("csvbeam: %s: "+format, append([]any{file}, args...)...)
	}
	switch {
	case front.Trace != nil:
		return fail("TypedOptions.Front.Trace is not supported (the options travel to the workers)")
	case front.RejectsLimit != 0:
		return fail("TypedOptions.Front.RejectsLimit is not supported: every range keeps its rejects")
	case front.Filename || front.UnionByName || front.HivePartitioning == csvscan.On:
		return fail("TypedOptions.Front.Filename, UnionByName and HivePartitioning are not supported: Record.File names the file")
	}
	front.HivePartitioning = csvscan.Off
	var rd *csvscan.Reader
	var err error
	if strings.Contains(file, "://") {
		rd, err = csvscan.OpenReader(io.NewSectionReader(r, 0, size), front)
	} else {
		rd, err = csvscan.Open(file, front)
	}
	if err != nil {
		return config{}, Schema{}, fmt.Errorf("csvbeam: %w", err)
	}
	defer rd.Close()
	d := rd.Detected()
	switch {
	case d.Compression != "none":
		return fail("a %s file cannot be cut into byte ranges", d.Compression)
	case d.Encoding != "utf-8":
		return fail("a %s file cannot be cut into byte ranges of UTF-8", d.Encoding)
	case d.Skip > 0:
		return fail("%d lines of notes before the table: %w", d.Skip, split.ErrSkipRows)
	}
	cfg := newConfig(Options{Scanner: scanner.Options{Dialect: d.Dialect, Header: d.Header, FieldsPerRow: -1, MaxLineSize: front.MaxLineSize,
		IgnoreErrors: front.IgnoreErrors || front.StoreRejects}, RangeSize: rangeSize})
	t := typedConfig{
		On:              true,
		NullStr:         front.NullStr,
		DefaultNull:     front.NullStr == nil,
		ForceNotNull:    front.ForceNotNull,
		QuotedNotNull:   front.AllowQuotedNulls == csvscan.Off,
		NullPadding:     front.NullPadding || d.Sniff != nil && d.Sniff.NullPadding,
		IgnoreErrors:    front.IgnoreErrors || front.StoreRejects,
		StoreRejects:    front.StoreRejects || front.IgnoreErrors,
		DateFormat:      d.DateFormat,
		TimestampFormat: d.TimestampFormat,
		DecimalComma:    front.DecimalSeparator == ",",
	}
	if front.Thousands != "" {
		t.Thousands = front.Thousands[0]
	}
	schema := Schema{File: file}
	for _, col := range rd.Schema() {
		t.Columns = append(t.Columns, typedColumn{Name: col.Name, Type: int(col.Type), Width: col.Width, Scale: col.Scale})
		schema.Columns = append(schema.Columns, Column{Name: col.Name, Type: col.TypeName()})
	}
	cfg.Typed = t
	return cfg, schema, nil
}

// typedReader returns the typed reader of one range's rows: the one
// function that makes a TypedReader.
func typedReader(src typed.Rows, cfg config) (*typed.Reader, error) {
	t := cfg.Typed
	schema := make(typed.Schema, len(t.Columns))
	for i, c := range t.Columns {
		schema[i] = typed.Column{Name: c.Name, Type: typed.Type(c.Type), Width: c.Width, Scale: c.Scale}
	}
	nulls := t.NullStr
	switch {
	case t.DefaultNull:
		nulls = nil
	case nulls == nil:
		nulls = []string{} // no value is NULL (an empty list may come back nil)
	}
	return typed.NewReader(src, typed.Options{
		Schema:          schema,
		NullStr:         nulls,
		QuotedNotNull:   t.QuotedNotNull,
		ForceNotNull:    t.ForceNotNull,
		DateFormat:      t.DateFormat,
		TimestampFormat: t.TimestampFormat,
		DecimalComma:    t.DecimalComma,
		Thousands:       t.Thousands,
		IgnoreErrors:    t.IgnoreErrors,
		NullPadding:     t.NullPadding,
		StoreRejects:    t.StoreRejects,
		Dialect:         cfg.options().Dialect,
	})
}

// tracked is a range's Scanner that remembers where the rows it gave
// since the last forget start: a chunk says only its rows' numbers.
type tracked struct {
	*scanner.Scanner
	rows, lines []int
	offsets     []int64
}

// Scan implements typed.Rows.
func (t *tracked) Scan() bool {
	if !t.Scanner.Scan() {
		return false
	}
	t.rows = append(t.rows, t.RowNumber())
	t.lines = append(t.lines, t.LineNumber())
	t.offsets = append(t.offsets, t.RowOffset())
	return true
}

// at returns the line and offset of row number n, given since the last
// forget.
func (t *tracked) at(n int) (int, int64) {
	i := sort.SearchInts(t.rows, n)
	if i == len(t.rows) || t.rows[i] != n {
		return 0, -1 // not reached: every chunk row was given by Scan
	}
	return t.lines[i], t.offsets[i]
}

func (t *tracked) forget() { t.rows, t.lines, t.offsets = t.rows[:0], t.lines[:0], t.offsets[:0] }

// readTyped casts s's rows into out's records and rejects.
func readTyped(file string, cfg config, s *scanner.Scanner, out *sink) error {
	src := &tracked{Scanner: s}
	tr, err := typedReader(src, cfg)
	if err != nil {
		return err
	}
	// The rejects of each chunk are given and forgotten (TakeRejects): a
	// range of bad rows held every reject to its end.
	giveRejects := func() {
		for _, rj := range tr.TakeRejects() {
			if out.reject != nil && out.keeps(rj.Row) {
				out.reject(rejectOf(file, rj))
			}
		}
	}
	for {
		src.forget()
		c, err := tr.Next()
		giveRejects()
		if err == io.EOF {
			return nil
		}
		var re *typed.RowError
		switch {
		case errors.As(err, &re):
			if out.err != nil {
				// The bad row is the scanner's current one.
				out.err(Error{File: file, Row: s.RowNumber(), Line: s.LineNumber(), Field: re.Column, Offset: re.Offset,
					RowOffset: re.RowOffset, Kind: re.Kind.Error(), Message: re.Error()})
			}
			return nil
		case err != nil:
			return out.parseError(file, err)
		}
		for i := 0; i < c.Len(); i++ {
			n := c.RowNumbers[i]
			if !out.keeps(n) {
				return nil
			}
			if out.record == nil {
				continue
			}
			line, off := src.at(n)
			rec := Record{File: file, Row: n, Line: line, Offset: off, Values: make([]Value, len(c.Columns))}
			for j := range c.Columns {
				rec.Values[j] = valueOf(&c.Columns[j], i)
			}
			out.record(rec)
		}
	}
}

// valueOf is value i of v.
func valueOf(v *typed.Vector, i int) Value {
	if v.IsNull(i) {
		return Value{Null: true}
	}
	switch v.Type {
	case typed.TypeBoolean:
		return Value{Bool: v.Bools[i]}
	case typed.TypeDouble, typed.TypeFloat:
		return Value{Float: v.Floats[i]}
	case typed.TypeDate:
		return Value{Int: int64(v.Dates[i])}
	case typed.TypeTime:
		return Value{Int: int64(v.Times[i])}
	case typed.TypeTimestamp, typed.TypeTimestampTZ:
		return Value{Int: int64(v.Timestamps[i])}
	case typed.TypeVarchar:
		return Value{Text: string(v.Bytes(i))}
	}
	return Value{Int: v.Ints[i]} // the integer types and DECIMAL
}

// rejectOf is rj, met reading file.
func rejectOf(file string, rj typed.Reject) Reject {
	return Reject{File: file, Row: rj.Row, Line: rj.Line, RowOffset: rj.LineByteOffset, Offset: rj.ByteOffset,
		Column: rj.ColumnIndex, ColumnName: rj.ColumnName, Kind: rj.ErrorType, CSVLine: rj.CSVLine, Message: rj.Message}
}

// recordsFn is stage 3 of ReadTyped.
type recordsFn struct{}

// ProcessElement emits the records and rejects of one range that come
// before its file's first error (errs holds at most one per file), and
// the range's error (which ReadTyped uses only when the errors are not
// known before).
func (fn *recordsFn) ProcessElement(ctx context.Context, t readTask, errs func(*Error) bool, emit func(Record), emitRej func(Reject), emitErr func(string, Error)) error {
	return readRange(ctx, t, sink{record: emit, reject: emitRej, err: func(e Error) { emitErr(t.File, e) }, before: firstRow(t.File, errs)})
}
