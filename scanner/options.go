package scanner

import (
	"runtime"

	"github.com/csvscan/csvscan/dialect"
)

// DefaultMaxLineSize is DuckDB's default maximum_line_size, in bytes.
const DefaultMaxLineSize = 2_000_000

// MaxMaxLineSize is the largest MaxLineSize: 1 GiB.
const MaxMaxLineSize = 1 << 30

// DefaultBufferSize is how much the scanner asks an io.Reader for at a time.
const DefaultBufferSize = 256 << 10

// Options configure a Scanner. The zero value reads RFC 4180 CSV without a
// header, with the row width set by the first row.
type Options struct {
	// Dialect is how the input is written. A zero Dialect (no delimiter)
	// means dialect.Default().
	Dialect dialect.Dialect
	// Header says the first row names the columns: Header returns it and
	// Scan does not.
	Header bool
	// FieldsPerRow is the number of values every row must have. Zero means
	// the number in the first row; a negative value accepts any number.
	FieldsPerRow int
	// MaxLineSize bounds a row's length in bytes (line end excluded); a
	// longer row is an ErrLineTooLong error, so memory stays bounded. Zero
	// means DefaultMaxLineSize; at most MaxMaxLineSize.
	MaxLineSize int
	// BufferSize is the size of each read from an io.Reader in a sequential
	// scan (zero: DefaultBufferSize), and the size of the buffers of a
	// parallel one (zero: DefaultParallelBufferSize where a file's pages
	// are mapped, DefaultReadBufferSize where the input is read into
	// memory). It never changes the result, only the speed and the memory
	// used.
	BufferSize int
	// IgnoreErrors skips a row with a parse error (an unterminated quote,
	// text after a closing quote, a byte the dialect forbids, a line over
	// the maximum size, the wrong number of fields) instead of stopping:
	// reading resumes after the row's line end, and TakeBadRows returns
	// the errors. DuckDB's ignore_errors. A row that reaches MaxLineSize
	// inside quotes ends at the line end after its last opening quote,
	// which is taken for a stray one, so one stray quote costs one row
	// (docs/reading-rules.md, "Bad rows").
	IgnoreErrors bool
	// MaxBadRows bounds the rows skipped under IgnoreErrors that the scan
	// holds for TakeBadRows between two of its calls: 0 holds them all,
	// n > 0 holds the first n and skips the rest without a record, and a
	// negative value holds none (a reader that keeps no rejects). Without
	// it a run of bad rows between two good ones is held whole, a
	// ParseError each, until the next good row: memory that grows with
	// the run. A reader that keeps the first n rejects of the file sets n
	// (and takes them once; the blocks of Parallel.Each hold the file's
	// first n together whenever their takes come).
	// A row skipped without a record costs nothing to hold and makes no
	// garbage: the scan makes no ParseError for it, and a parallel scan's
	// workers count such rows rather than keeping a record of each.
	MaxBadRows int
	// SkipRows drops that many lines at the top of the input before the
	// first row (DuckDB's skip): a title, notes, an export banner. Lines
	// end at LF, CRLF or a lone CR, and quotes are not looked at, since a
	// preamble is not CSV. Skipped lines count in LineNumber; byte offsets
	// stay offsets into the whole input. Only a sequential Scanner skips
	// rows: a parallel scan refuses a positive SkipRows.
	SkipRows int
	// Threads is the number of goroutines of a parallel scan; zero means
	// runtime.GOMAXPROCS(0) (see Goroutines). A sequential Scanner ignores
	// it.
	Threads int

	// NullPadding and TrailingDelimiter fit rows to the row width where
	// one is enforced (FieldsPerRow zero or positive), before the width is
	// checked; with a negative FieldsPerRow rows come as they are.
	//
	// NullPadding gives a row with fewer values than the width nil values
	// up to it (DuckDB's null_padding): a caller reads them as NULL.
	NullPadding bool
	// TrailingDelimiter says the data rows end with a delimiter that is no
	// column ("a|b" then "1|2|", as the sniffer reports it): a row with one
	// value more than the width, the last one empty, loses that value.
	TrailingDelimiter bool
	// EmptyLineRows makes every empty line a row of one empty value, as
	// it is in a one-column table, from the first line on, whatever
	// FieldsPerRow says: a reader of a one-column table that judges row
	// widths itself (FieldsPerRow -1) gets the empty lines before its
	// first row too, as DuckDB reads them (NULL rows), where the scan
	// otherwise knows a one-column table only from its first row.
	EmptyLineRows bool
}

// Options returns the options the Scanner reads with, defaults filled in.
func (s *Scanner) Options() Options { return s.opts }

// Options returns the options the scan reads with, defaults filled in
// (BufferSize as given).
func (p *Parallel) Options() Options { return p.opts }

// Options returns the options the file is read with.
func (f *File) Options() Options { return f.p.opts }

func (o Options) withDefaults() Options {
	if o.Dialect.Delimiter == "" {
		o.Dialect = dialect.Default()
	}
	if o.MaxLineSize <= 0 {
		o.MaxLineSize = DefaultMaxLineSize
	}
	o.MaxLineSize = min(o.MaxLineSize, MaxMaxLineSize)
	if o.BufferSize <= 0 {
		o.BufferSize = DefaultBufferSize
	}
	return o
}

// Goroutines returns the number of goroutines a parallel scan with these
// options runs: Threads, or runtime.GOMAXPROCS(0) when Threads is zero or
// less.
func (o Options) Goroutines() int {
	if o.Threads > 0 {
		return o.Threads
	}
	return runtime.GOMAXPROCS(0)
}
