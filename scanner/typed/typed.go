package typed

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	sm "github.com/csvscan/csvscan/statemachine"
)

// ChunkSize is the most rows a Chunk holds: DuckDB's vector size
// (STANDARD_VECTOR_SIZE). A Reader of more than 512 columns makes its
// chunks smaller (ChunkRows), so that a chunk of a very wide file stays
// megabytes, not gigabytes.
const ChunkSize = 2048

// The column types and the values of DATE, TIME and TIMESTAMP columns,
// DuckDB's: see package internal/cast, whose names these are.
type (
	// Type is a column type: one of the Type constants.
	Type = cast.Type
	// Date is a DATE value: days since 1970-01-01.
	Date = cast.Date
	// Time is a TIME value: microseconds since midnight.
	Time = cast.Time
	// Timestamp is a TIMESTAMP value: microseconds since 1970-01-01 00:00:00.
	Timestamp = cast.Timestamp
)

// The column types, with DuckDB's names (Type.String), and the slice of
// Vector that holds their values. Every integer type is kept in Ints, FLOAT
// in Floats: the Vector's Type says how to read and render them.
const (
	TypeBoolean   = cast.TypeBoolean   // BOOLEAN: Vector.Bools
	TypeBigInt    = cast.TypeBigInt    // BIGINT: Vector.Ints
	TypeDouble    = cast.TypeDouble    // DOUBLE: Vector.Floats
	TypeDate      = cast.TypeDate      // DATE: Vector.Dates
	TypeTime      = cast.TypeTime      // TIME: Vector.Times
	TypeTimestamp = cast.TypeTimestamp // TIMESTAMP: Vector.Timestamps
	// TIMESTAMP WITH TIME ZONE: Vector.Timestamps, as instants in UTC; a
	// value's offset ("+02", "Z") is applied, one without is UTC.
	TypeTimestampTZ = cast.TypeTimestampTZ
	TypeVarchar     = cast.TypeVarchar   // VARCHAR: Vector.Data and Vector.Offsets
	TypeTinyInt     = cast.TypeTinyInt   // TINYINT: Vector.Ints, each in [-128, 127]
	TypeSmallInt    = cast.TypeSmallInt  // SMALLINT: Vector.Ints, each in [-32768, 32767]
	TypeInteger     = cast.TypeInteger   // INTEGER: Vector.Ints, each an int32
	TypeUTinyInt    = cast.TypeUTinyInt  // UTINYINT: Vector.Ints, each in [0, 255]
	TypeUSmallInt   = cast.TypeUSmallInt // USMALLINT: Vector.Ints, each in [0, 65535]
	TypeUInteger    = cast.TypeUInteger  // UINTEGER: Vector.Ints, each a uint32
	TypeUBigInt     = cast.TypeUBigInt   // UBIGINT: Vector.Ints holding the bits of a uint64: read uint64(Ints[i]) (Vector.Uint64)
	TypeFloat       = cast.TypeFloat     // FLOAT: Vector.Floats, each a float32 (float32(Floats[i]) is exact)
	TypeDecimal     = cast.TypeDecimal   // DECIMAL(w,s): Vector.Ints, each the value times 10^s (Column and Vector give w and s)
)

// The kinds of bad row. A *RowError unwraps to one of them; a Reject
// carries one in Kind and DuckDB's name for it in ErrorType.
var (
	// ErrCast: a value does not cast to its column's type (DuckDB's CAST).
	ErrCast = errors.New("cast error")
	// ErrMissingColumns: a row has fewer values than the schema has
	// columns, and NullPadding is off (DuckDB's MISSING COLUMNS).
	ErrMissingColumns = errors.New("missing columns")
	// ErrTooManyColumns: a row has more values than the schema has
	// columns (DuckDB's TOO MANY COLUMNS).
	ErrTooManyColumns = errors.New("too many columns")
	// ErrInvalidUnicode: a value of a VARCHAR column is not valid UTF-8
	// (DuckDB's INVALID ENCODING).
	ErrInvalidUnicode = errors.New("invalid unicode")
)

// Options configure a Reader. Their names are read_csv's.
type Options struct {
	// Schema names and types the columns; it must not be empty.
	Schema Schema
	// NullStr lists the values that mean NULL (nullstr). nil means one
	// entry, "": the empty value is NULL, as in DuckDB. An empty non-nil
	// slice makes no value NULL.
	//
	// As in DuckDB, the test is the same for every type, VARCHAR included
	// (the empty value of a VARCHAR column is NULL, not ""), and for
	// quoted values: a quoted "" is NULL too, which is DuckDB's default
	// allow_quoted_nulls = true (see QuotedNotNull).
	//
	// One difference remains: in a one-column file an empty line reaches
	// the reader as a row of one empty value, so with NullStr lacking ""
	// it is a row holding "" (or a cast error), where DuckDB skips the
	// line. Telling such rows apart needs the raw scanner to mark them.
	NullStr []string
	// QuotedNotNull makes a quoted value never NULL ("" is the empty
	// string): DuckDB's allow_quoted_nulls = false. It needs a source that
	// says which values were quoted (a Quoter: a sequential *Scanner);
	// NewReader refuses it over another one.
	QuotedNotNull bool
	// ForceNotNull names the columns whose values are never NULL
	// (force_not_null): a null string there reads as the empty value.
	ForceNotNull []string
	// DateFormat and TimestampFormat are strptime formats (dateformat,
	// timestampformat), such as "%d/%m/%Y", for the DATE and TIMESTAMP
	// columns; empty means DuckDB's ISO casts. See cast.ParseFormat.
	DateFormat, TimestampFormat string
	// DecimalComma makes ',' the decimal separator of DOUBLE and FLOAT
	// values (decimal_separator = ',').
	DecimalComma bool
	// Thousands is the thousands separator of numeric values (thousands),
	// or 0 for none, the default: every such byte is removed from a value
	// of an integer, DOUBLE, FLOAT or DECIMAL column before it is cast,
	// wherever it is ("1,234" and "12,,3" read 1234 and 123), as DuckDB
	// does; a null string is matched first. It must be an ASCII byte other
	// than a digit, '+', '-', 'e', 'E' and the decimal separator
	// (NewReader's error otherwise).
	Thousands byte
	// IgnoreErrors drops bad rows and goes on (ignore_errors); without it
	// the first bad row ends the read with a *RowError. It is on too when
	// the source's scanner.Options have it (see OptionsSource).
	IgnoreErrors bool
	// NullPadding reads a row with too few values as if the missing ones
	// were NULL (null_padding) instead of rejecting it. It is on too when
	// the source's scanner.Options have it (see OptionsSource).
	NullPadding bool
	// StoreRejects records every bad row's errors as Rejects (store_rejects)
	// and, as in DuckDB, implies IgnoreErrors.
	StoreRejects bool
	// RejectsLimit is the most Rejects kept (rejects_limit); 0 keeps all.
	RejectsLimit int
	// Dialect is the dialect of the raw rows. Its delimiter, quote and
	// escape write Reject.CSVLine back; a lenient dialect (DuckDB's
	// strict_mode = false) drops the values past the schema instead of
	// rejecting the row, as DuckDB does. Leave it zero over a source that
	// says its options (an OptionsSource, such as a *scanner.Scanner): the
	// source's dialect is taken, and a different one given here is an
	// error. Over another source, zero means dialect.Default().
	Dialect dialect.Dialect
	// Locator, when the raw rows cannot say where a row and its values
	// start (a *Parallel), finds them for errors and Rejects by reading the
	// input again; see Locator. Without one such positions are -1.
	Locator *Locator
}

// RowError reports a bad row that ended a read without IgnoreErrors.
//
// Row, Line and Column are 1-based: Row is the raw scan's row number (the
// header is row 1), Line the input line the row starts on (it differs from
// Row after empty lines, comment lines and quoted line ends; the row
// number when the row source does not count lines), Column the number of the value at
// fault (for missing columns, the first missing one; for too many, the
// first value past the schema).
// Offset is the 0-based byte offset of that value in the input, or for
// missing columns of the end of the row's last value; RowOffset that of
// the row. Either is -1 when the row source cannot tell (see
// Options.Locator).
type RowError struct {
	Kind      error  // ErrCast, ErrMissingColumns, ErrTooManyColumns or ErrInvalidUnicode
	Row       int    // the row's number
	Line      int    // the line the row starts on
	Column    int    // the column's number
	Name      string // the column's name; "" past the schema
	Offset    int64  // where the value starts
	RowOffset int64  // where the row starts
	Msg       string // DuckDB's message
}

// Error says where the row is and what is wrong with it, in one line:
// the row, the column (its name when it has one), the byte offset when it
// is known, the kind and DuckDB's message.
func (e *RowError) Error() string {
	at := fmt.Sprintf("row %d", e.Row)
	if e.Line > 0 && e.Line != e.Row {
		at += fmt.Sprintf(" (line %d)", e.Line)
	}
	at += fmt.Sprintf(", column %d", e.Column)
	if e.Name != "" {
		at += fmt.Sprintf(" (%q)", e.Name)
	}
	if e.Offset >= 0 {
		at += fmt.Sprintf(", byte %d", e.Offset)
	}
	return fmt.Sprintf("csvscan: %s: %v: %s", at, e.Kind, e.Msg)
}

// Unwrap returns the kind, for errors.Is.
func (e *RowError) Unwrap() error { return e.Kind }

// Reader casts the rows of a raw scan to a Schema and hands them out
// in Chunks. It is not safe for concurrent use.
type Reader struct {
	src Rows
	pos Positions // nil when src cannot tell where rows start
	// raw, when src can hand out a row's bytes (a *scanner.Scanner), finds
	// where a bad row's values start by reading its bytes again (see
	// valueOffsets), so that the scan need not track every value's start.
	raw            rawRowSource
	offTable       *sm.Table // valueOffsets' table, of the source's dialect
	opts           Options
	ignore         bool
	caster         cast.Caster
	dateFmt, tsFmt cast.Format
	nulls          []string
	quoter         Quoter // the source, when it tells quoted values
	notNull        []bool // the ForceNotNull columns
	// emptyNull: NullStr is DuckDB's default, so a value is NULL exactly
	// when it is empty.
	emptyNull bool
	// fastRows: no QuotedNotNull or ForceNotNull, so that addRow's loop
	// may decide NULLs by the value alone.
	fastRows bool
	kinds    []uint8 // addRow's kind of each column
	nullLens uint64  // the lengths of the null strings (nullLengths)
	sep      byte    // the decimal separator of DOUBLE and FLOAT values

	rows   int // the rows a chunk holds: ChunkSize, fewer for a wide schema (ChunkRows)
	chunk  Chunk
	keep   []uint8 // 1 for a good row of the chunk being filled, 0 for a bad one
	sel    []int32 // scratch of compact
	starts []int32

	bad     badRow // the bad row being reported
	rejects []Reject
	taken   int // rejects TakeRejects handed out, which count toward RejectsLimit

	headerChecked bool  // the header's names were checked for UTF-8
	pending       bool  // the source's current row was read by checkHeader, not yet used
	err           error // why the read ended: io.EOF, the source's error or a *RowError
}

// NewReader returns a Reader over src. Call it before the first
// src.Scan: it asks a *Scanner to track field offsets, for positions.
func NewReader(src Rows, opts Options) (*Reader, error) {
	if len(opts.Schema) == 0 {
		return nil, errors.New("csvscan: a typed reader needs a schema of at least one column")
	}
	for i, col := range opts.Schema {
		if !col.Type.Valid() {
			return nil, fmt.Errorf("csvscan: column %d (%q): unknown type %v", i+1, col.Name, col.Type)
		}
		if col.Type == TypeDecimal && col.Width != 0 && (col.Width < 1 || col.Width > cast.MaxDecimalWidth || col.Scale < 0 || col.Scale > col.Width) {
			return nil, fmt.Errorf("csvscan: column %d (%q): DECIMAL(%d,%d): the width must be 1 to %d and the scale at most the width",
				i+1, col.Name, col.Width, col.Scale, cast.MaxDecimalWidth)
		}
	}
	if err := cast.CheckThousands(opts.Thousands, opts.DecimalComma); err != nil {
		return nil, err
	}
	if opts.RejectsLimit < 0 {
		return nil, errors.New("csvscan: RejectsLimit must not be negative")
	}
	if so, ok := src.(OptionsSource); ok {
		o := so.Options()
		if opts.Dialect.Delimiter != "" && opts.Dialect != o.Dialect {
			return nil, fmt.Errorf("csvscan: Options.Dialect %v differs from the dialect the rows are read with, %v: leave it zero", opts.Dialect, o.Dialect)
		}
		opts.Dialect = o.Dialect
		opts.NullPadding = opts.NullPadding || o.NullPadding
		opts.IgnoreErrors = opts.IgnoreErrors || o.IgnoreErrors
	}
	if opts.Dialect.Delimiter == "" {
		opts.Dialect = dialect.Default()
	}
	opts.Schema = slices.Clone(opts.Schema)
	opts.NullStr = slices.Clone(opts.NullStr) // nil stays nil
	r := &Reader{
		src:    src,
		opts:   opts,
		ignore: opts.IgnoreErrors || opts.StoreRejects,
		caster: cast.Caster{DecimalComma: opts.DecimalComma, Thousands: opts.Thousands},
		rows:   ChunkRows(len(opts.Schema)),
	}
	r.chunk = newChunk(opts.Schema, r.rows)
	r.keep, r.sel, r.starts = make([]uint8, r.rows), make([]int32, r.rows), make([]int32, r.rows)
	var err error
	if opts.DateFormat != "" {
		if r.dateFmt, err = cast.ParseFormat(opts.DateFormat); err != nil {
			return nil, fmt.Errorf("csvscan: dateformat: %w", err)
		}
	}
	if opts.TimestampFormat != "" {
		if r.tsFmt, err = cast.ParseFormat(opts.TimestampFormat); err != nil {
			return nil, fmt.Errorf("csvscan: timestampformat: %w", err)
		}
	}
	r.nulls = opts.NullStr
	if r.nulls == nil {
		r.nulls = []string{""}
	}
	r.emptyNull = len(r.nulls) == 1 && r.nulls[0] == ""
	if err := r.bind(src); err != nil {
		return nil, err
	}
	if len(opts.ForceNotNull) > 0 {
		r.notNull = make([]bool, len(opts.Schema))
		for _, name := range opts.ForceNotNull {
			i := slices.IndexFunc(opts.Schema, func(c Column) bool { return strings.EqualFold(c.Name, name) })
			if i < 0 {
				return nil, fmt.Errorf("csvscan: ForceNotNull: no column %q in the schema", name)
			}
			r.notNull[i] = true
		}
	}
	r.fastRows = !opts.QuotedNotNull && r.notNull == nil && !forceSlowRows
	r.kinds = r.columnKinds()
	r.nullLens = nullLengths(r.nulls)
	r.sep = '.'
	if opts.DecimalComma {
		r.sep = ','
	}
	return r, nil
}

// forceTrackOffsets makes a Reader over a *scanner.Scanner ask it to track
// every value's start, as over any other OffsetTracker: the tests set it to
// hold valueOffsets to the scanner's own offsets.
var forceTrackOffsets = false

// forceSlowRows makes every row take addRowSlow: the tests set it to hold
// addRow's loop to the value-by-value path.
var forceSlowRows = false

// bind makes src the reader's source, with what it can tell.
func (r *Reader) bind(src Rows) error {
	r.src, r.pos, r.raw, r.quoter = src, nil, nil, nil
	if raw, ok := src.(rawRowSource); ok && !forceTrackOffsets {
		// Tracking every value's start would keep the scanner off its
		// fastest row loop (laneRow) for the sake of the rare bad row.
		r.raw = raw
	} else {
		if t, ok := src.(OffsetTracker); ok {
			t.TrackFieldOffsets()
		}
		if p, ok := src.(Positions); ok {
			r.pos = p
		}
	}
	if q, ok := src.(Quoter); ok {
		r.quoter = q
	}
	if r.opts.QuotedNotNull && r.quoter == nil {
		return fmt.Errorf("csvscan: QuotedNotNull needs rows that say which values were quoted (a *scanner.Scanner), not a %T", src)
	}
	return nil
}

// Reset makes r read src from its start, with the same options, as a new
// Reader would, but keeping the memory of its chunk (a chunk of
// ChunkSize rows, whose text columns grow to the longest values seen): one
// Reader per worker can read block after block of Parallel.Each. The
// chunk and rejects returned before are no longer valid.
func (r *Reader) Reset(src Rows) error {
	r.bad = badRow{}
	r.rejects, r.taken = nil, 0
	r.headerChecked, r.pending, r.err = false, false, nil
	return r.bind(src)
}

// Next returns the next chunk of good rows; at the end it returns nil and
// io.EOF, and after an error nil and that error: the source's, or a
// *RowError for the first bad row without IgnoreErrors (the good rows before
// it come first, in the chunk Next returned before). The chunk and its
// slices are the reader's own and are overwritten by the next call; copy
// what you keep.
//
// A chunk holds the good rows of up to a chunk's worth of rows read
// (ChunkRows), bad ones included: with StoreRejects, a chunk whose rows
// were all rejected is returned with no rows, so that a caller taking
// the rejects after each chunk (TakeRejects) holds at most a chunk's worth
// of them, however many bad rows come in a run. Without StoreRejects a
// chunk has at least one row.
func (r *Reader) Next() (*Chunk, error) {
	for r.err == nil {
		before := r.kept()
		if n := r.fill(); n > 0 || r.kept() > before {
			return &r.chunk, nil
		}
	}
	return nil, r.err
}

// Keep makes the chunk the last Next returned the caller's: the returned
// chunk holds its rows and stays valid after later calls, as a Clone of
// it would, without the copy. The Reader goes on in spare's memory: a
// chunk an earlier Keep of a Reader with the same schema returned, which
// the caller no longer reads, or nil (or a chunk of another schema) for
// new memory. Keep before any Next, or after Next returned no chunk,
// returns a chunk of no rows.
//
// A consumer that keeps chunks while the Reader goes on (the front door's
// parallel typed read hands each worker's chunks to the caller in file
// order) recycles a few of them this way instead of copying each.
func (r *Reader) Keep(spare *Chunk) *Chunk {
	if spare == nil || !r.fits(spare) {
		spare = &Chunk{}
		*spare = newChunk(r.opts.Schema, r.rows)
	}
	*spare, r.chunk = r.chunk, *spare
	return spare
}

// fits reports whether c's memory can hold a chunk of r's schema: the
// same columns, types and decimal widths, and room for r's rows in
// every slice r's own chunk uses (those newChunk made for the schema's
// storage kinds), so that Chunk.reset can take it.
func (r *Reader) fits(c *Chunk) bool {
	n := r.rows
	if len(c.Columns) != len(r.chunk.Columns) || cap(c.RowNumbers) < n {
		return false
	}
	for i := range c.Columns {
		v, w := &c.Columns[i], &r.chunk.Columns[i]
		if v.Type != w.Type || v.Width != w.Width || v.Scale != w.Scale ||
			!room(v.Validity, w.Validity, (n+63)/64) || !room(v.Bools, w.Bools, n) ||
			!room(v.Ints, w.Ints, n) || !room(v.Floats, w.Floats, n) ||
			!room(v.Dates, w.Dates, n) || !room(v.Times, w.Times, n) ||
			!room(v.Timestamps, w.Timestamps, n) || !room(v.Offsets, w.Offsets, n+1) {
			return false
		}
	}
	return true
}

// room reports whether have can hold n elements where the Reader's own
// chunk uses the slice (want is not nil).
func room[E any](have, want []E, n int) bool { return want == nil || cap(have) >= n }

// Chunks returns an iterator over the chunks, for a range loop: each chunk
// is valid during its step only; an error ends the loop with (nil, err),
// and at the end of input the loop just ends.
func (r *Reader) Chunks() iter.Seq2[*Chunk, error] {
	return func(yield func(*Chunk, error) bool) {
		for {
			c, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(c, nil) {
				return
			}
		}
	}
}

// Rejects returns the Rejects recorded so far and not taken (TakeRejects),
// in the order of the input, at most Options.RejectsLimit of them in all.
// The slice is the reader's own.
func (r *Reader) Rejects() []Reject { return r.rejects }

// TakeRejects returns the Rejects recorded since the last call (as Rejects
// does) and forgets them, so that a caller that writes them out as it
// reads (a loader, the command's --rejects) holds at most a chunk's worth
// in memory, not every bad row of the input. The ones taken still count
// toward Options.RejectsLimit.
func (r *Reader) TakeRejects() []Reject {
	rj := r.rejects
	r.rejects, r.taken = nil, r.taken+len(rj)
	return rj
}

// kept is how many Rejects the reader recorded, taken or not.
func (r *Reader) kept() int { return r.taken + len(r.rejects) }

// Schema returns the reader's schema.
func (r *Reader) Schema() Schema { return r.opts.Schema }

// fill reads rows into the chunk until it is full or the source ends, drops
// the bad ones, and returns how many rows the chunk holds.
func (r *Reader) fill() int {
	if !r.headerChecked {
		r.headerChecked = true
		if r.checkHeader() {
			return 0
		}
	}
	c := &r.chunk
	c.reset(r.rows)
	n, bad := 0, 0
	taker, _ := r.src.(BadRowTaker)
	if so, ok := r.src.(OptionsSource); ok && !so.Options().IgnoreErrors {
		taker = nil // a source that stops at a parse error skips no row
	}
	for n < r.rows {
		more := r.pending || r.src.Scan()
		r.pending = false
		if taker != nil {
			for _, pe := range taker.TakeBadRows() {
				r.parseReject(pe)
			}
		}
		if !more {
			r.err = r.src.Err()
			if r.err == nil {
				r.err = io.EOF
			}
			break
		}
		c.RowNumbers[n] = r.src.RowNumber()
		k := r.addRow(n, r.src.Row())
		r.keep[n] = k
		if k == 0 {
			if !r.ignore {
				break // r.err is the *RowError; row n is not part of the chunk
			}
			bad++
		}
		n++
	}
	if bad > 0 {
		n = c.compact(r.keep[:n], r.sel, r.starts)
	}
	c.setLen(n)
	return n
}

// checkHeader fails the read, as DuckDB does, when a header name is not
// valid UTF-8. The header is known after the source's first Scan, so the
// check runs when the first chunk (whose first row it read) is filled;
// it reports whether it set r.err.
func (r *Reader) checkHeader() bool {
	h, ok := r.src.(HeaderSource)
	if !ok {
		return false
	}
	names := h.Header()
	if names == nil {
		// Read the first row now to learn the header; fill takes the row.
		r.pending = r.src.Scan()
		names = h.Header()
	}
	for i, name := range names {
		if !utf8.ValidString(name) {
			r.err = &RowError{Kind: ErrInvalidUnicode, Row: 1, Column: i + 1, Offset: -1, RowOffset: -1,
				Msg: "Invalid unicode (byte sequence mismatch) detected in the header."}
			return true
		}
	}
	return false
}

// nullAt reports whether value c of the current row, v, is NULL: one of
// the null strings, unless the value was quoted under QuotedNotNull. In a
// ForceNotNull column a null string is no NULL but the empty value, as in
// DuckDB: nullAt returns false and the value to read instead.
func (r *Reader) nullAt(c int, v []byte) (bool, []byte) {
	if r.opts.QuotedNotNull && r.quoter.Quoted(c) {
		return false, v
	}
	if !r.isNull(v) {
		return false, v
	}
	if r.notNull != nil && c < len(r.notNull) && r.notNull[c] {
		return false, v[:0]
	}
	return true, v
}

// isNull reports whether v is one of the null strings.
func (r *Reader) isNull(v []byte) bool {
	if r.emptyNull {
		return len(v) == 0
	}
	for _, s := range r.nulls {
		if string(v) == s {
			return true
		}
	}
	return false
}
