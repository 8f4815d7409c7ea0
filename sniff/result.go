package sniff

import (
	"errors"
	"io"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/scanner/typed"
)

// What a caller gives the sniffer (Options) and what it returns (Result,
// Scores): the package's vocabulary, apart from how it sniffs (sniff.go).

// DefaultSampleSize is the number of rows the sniffer reads by default, as
// DuckDB's sample_size.
const DefaultSampleSize = 20480

// DefaultSampleBytes bounds the head of the default sample of a large
// input with random access (Sniff of more than 16 MiB): the head ends at
// the first line end past this many bytes, or after DefaultSampleSize
// rows, whichever comes first, and windows from the middle and the end of
// the file follow (sample.go). DuckDB samples 20,480 rows whatever their
// length, which for rows of 1 KB is 20 MB read, counted by every
// candidate dialect and cast: more than the 5% of a read of a 200 MB file
// that sniffing may cost. A smaller input, a stream (SniffReader),
// SniffBytes, and any input when Options.SampleSize is set are sampled by
// rows alone, as DuckDB samples them: every file of DuckDB's test suite is
// sniffed from the same rows as DuckDB sniffs it.
const DefaultSampleBytes = 1 << 20

// largeInput is the size above which Sniff bounds the head by
// DefaultSampleBytes.
const largeInput = 16 << 20

// chunkRows is the number of rows of one sniffing chunk (DuckDB's
// STANDARD_VECTOR_SIZE): dialect candidates are compared on the first
// chunk, and types are detected on it and refined on the next ones.
const chunkRows = typed.ChunkSize

// Part names the parts of a dialect that a caller can fix.
type Part uint8

// The parts of a dialect; combine them with |.
const (
	Delimiter Part = 1 << iota
	Quote
	Escape
	Comment
	Newline
	// Strictness is the Dialect's Lenient flag. It is never sniffed: the
	// sniffer always uses Options.Dialect.Lenient, so fixing it changes
	// nothing; it exists so that "everything" is expressible.
	Strictness
)

// HeaderMode says whether the file has a header, or asks the sniffer.
type HeaderMode uint8

const (
	// HeaderAuto lets the sniffer decide.
	HeaderAuto HeaderMode = iota
	// HeaderYes says the first row after the skipped rows is a header.
	HeaderYes
	// HeaderNo says there is no header.
	HeaderNo
)

// Options configure Sniff. The zero value sniffs everything over
// DefaultSampleSize rows with DuckDB's defaults.
type Options struct {
	// SampleSize is the number of rows to read. Zero means
	// DefaultSampleSize rows, and for Sniff of an input over 16 MiB at
	// most DefaultSampleBytes bytes of the head; a negative value reads
	// the whole input.
	SampleSize int
	// Dialect holds the parts of the dialect the caller knows; Fixed says
	// which of them the sniffer must take as given. Dialect.Lenient is
	// always taken as given (DuckDB's strict_mode).
	Dialect dialect.Dialect
	Fixed   Part
	// SkipRows, when positive, skips that many lines at the top of the input
	// before sniffing (DuckDB's skip); zero lets the sniffer find a
	// preamble.
	SkipRows int
	// Header fixes whether there is a header row.
	Header HeaderMode
	// NullPadding and IgnoreErrors are DuckDB's null_padding and
	// ignore_errors: rows with too few values may be padded, and rows that
	// do not fit may be skipped. They change how the sniffer scores
	// dialects, as they do in DuckDB.
	NullPadding  bool
	IgnoreErrors bool
	// DateFormat and TimestampFormat, when set, are the only formats tried
	// for DATE and TIMESTAMP columns.
	DateFormat, TimestampFormat string
	// DecimalComma reads DOUBLE values with ',' as the decimal separator.
	DecimalComma bool
	// Thousands is the thousands separator of numbers (DuckDB's
	// thousands), or 0 for none, the default: it is removed from a value
	// before the numeric types are tried, so that with ',' a column of
	// "1,234" is BIGINT and one of "1,234.5" DOUBLE
	// (typed.Options.Thousands reads them so). It must pass the typed
	// reader's check: an ASCII byte other than a digit, '+', '-', 'e', 'E'
	// and the decimal separator.
	Thousands byte
	// AutoTypeCandidates are the types a column may be given (DuckDB's
	// auto_type_candidates), by DuckDB's names (ParseTypeCandidates):
	// VARCHAR is always one, the order given does not matter, and nil
	// means DuckDB's default candidates (VARCHAR, DOUBLE, BIGINT,
	// TIMESTAMP WITH TIME ZONE, TIMESTAMP, DATE, TIME, BOOLEAN). They may
	// add FLOAT, DECIMAL (with its width and scale), INTEGER, SMALLINT and
	// TINYINT.
	AutoTypeCandidates []string
	// NullStr lists the values that mean NULL (DuckDB's nullstr): like
	// the empty value, which always fits, they fit every type and count
	// as no value. Nil: the empty value only.
	NullStr []string
	// QuotedNotNull makes a quoted value never NULL (DuckDB's
	// allow_quoted_nulls = false; the default, false, is DuckDB's true):
	// a quoted "" (or quoted null string) is then a value, which fits
	// VARCHAR only, as in DuckDB's sniffer, so a column of numbers with
	// a quoted "" in it is VARCHAR (typed.Options.QuotedNotNull reads it
	// the same way).
	QuotedNotNull bool
	// NormalizeNames is DuckDB's normalize_names: the names of a header
	// are normalized (NormalizeName) before duplicates get their suffixes.
	// Generated names (no header) are left as they are, as in DuckDB.
	NormalizeNames bool
	// MaxLineSize bounds a row's length; a candidate dialect that reads a
	// longer row is rejected. Zero means scanner.DefaultMaxLineSize. The
	// sample ends MaxLineSize bytes past its last line end, so a stream
	// without line ends is read no further; when no dialect is left, the
	// error (ErrNoDialect) names the line and MaxLineSize.
	MaxLineSize int
	// Trace, when set, receives one line per candidate dialect and
	// decision: what each dialect read, and why it was kept or dropped.
	// It is for learning and debugging; the format may change.
	Trace io.Writer
}

// Result is what the sniffer found: DuckDB's sniff_csv row, plus how sure
// it is of each decision.
type Result struct {
	// Dialect reads the file. Its Newline is the first line end outside
	// quoted values (LF, CRLF or CR), or, in lenient mode, NewlineAuto
	// when the sample mixes line ends and only reads with all of them
	// accepted.
	Dialect dialect.Dialect
	// SkipRows is the number of lines before the header (or the first data
	// row): a preamble, notes or comments.
	SkipRows int
	// HasHeader says the first row after SkipRows names the columns.
	HasHeader bool
	// Columns are the column names (from the header, or column0, column1,
	// ...) and types.
	Columns typed.Schema
	// TrailingDelimiter says the data rows end with a delimiter that the
	// first row lacks ("a|b" then "1|2|"), or, in a ragged table, that
	// some rows do ("5,6," among rows of two values): their last, empty
	// value is not a column, and a reader should drop it.
	TrailingDelimiter bool
	// NullPadding says some rows of the sample have fewer values than the
	// table (ShortRows of them): read the file with null padding
	// (typed.Options.NullPadding, DuckDB's null_padding), or those
	// rows are bad rows. IgnoreErrors says some rows have more values
	// than the table, or do not parse, or, from TableEnd on, do not fit
	// the column types (LongRows of them): read with IgnoreErrors (or
	// StoreRejects) and they become rejects, each with its position. Both are false for a sample every row of which fits.
	NullPadding, IgnoreErrors bool
	ShortRows, LongRows       int
	// TableEnd, when not 0, is the line (1-based, from the start of the
	// input) where the rows of the table end and rows of another shape
	// begin: a second table, or a block of notes, below the first. The
	// result describes the first table, its types and header from its
	// own rows; the rows from TableEnd on are read as its short rows
	// (NullPadding) where they fit its types, and are rejects
	// (IgnoreErrors) where they do not.
	TableEnd int
	// DateFormat and TimestampFormat are the strptime formats of the DATE
	// and TIMESTAMP columns, "" when there are none. ISO 8601 dates are
	// reported as %Y-%m-%d, ISO timestamps as "", as DuckDB's sniff_csv
	// does; both are read with DuckDB's ISO cast, not with a format
	// (ApplyTyped).
	DateFormat, TimestampFormat string
	// Rows is the number of rows of the sample after SkipRows (header
	// included); Sampled is the number of bytes of the sample, the head
	// and the windows (Sniff's search for a first '"' reads more, and
	// keeps only its window).
	Rows    int
	Sampled int64
	// Encoding is the sample's text encoding: "utf-8"; "utf-16" for an
	// input that starts with a UTF-16 byte order mark, which the sniffer
	// decodes (its Dialect reads the decoded text, see csvscan.Decode);
	// or "latin-1" for a sample that is not valid UTF-8, sniffed as it
	// is (latin-1 reads every byte; csvscan.Options.Encoding).
	Encoding string
	// Scores says how well the data supports each decision.
	Scores Scores
}

// Scores grade the sniffer's decisions, each from 0 (a guess) to 1 (every
// sampled row agrees).
type Scores struct {
	// Dialect is the share of sampled rows that have the chosen number of
	// columns (rows padded or skipped under NullPadding or IgnoreErrors,
	// comment lines and skipped rows do not count as agreeing). For a
	// ragged table (Result.NullPadding or IgnoreErrors set by the
	// sniffer) it is the share of the first chunk's table rows that have
	// its most common width, which the chosen width may exceed.
	Dialect float64
	// Header is the share of typed (non-VARCHAR) columns whose first row
	// agrees with the decision: its cell does not cast to the column type
	// when there is a header, does when there is none. When every column
	// is VARCHAR the header is assumed, as DuckDB does, and Header is 0.5.
	Header float64
	// Confidence says how sure the sniffer is of the delimiter, from 0 to
	// 1: the share of the sample's rows the result reads at its width
	// (Dialect), times one less the share of rows that the best reading
	// with another delimiter and at least two columns (the runner-up)
	// reads at its own most common width, from the first line on; a
	// delimiter inside the chosen one (',' in ", ") reads the same table
	// and is no runner-up. A
	// clean table scores 1; a file that two delimiters read equally well
	// ("a;b,c" above "1;2,3") scores 0; a single text column scores one
	// less how well a table reading does, so a ragged table read as one
	// column scores low, where Dialect says 1.
	Confidence float64
	// Types holds, per column, the number of non-empty values of the
	// sample that the column's type was checked against. A column typed
	// from no value at all is VARCHAR by default.
	Types []int
}

// ErrNoDialect is returned when no candidate dialect reads the sample
// consistently (DuckDB's sniffing error).
var ErrNoDialect = errors.New("csvscan: no dialect reads the sample consistently")

// ErrDecoding is the cause of the error for an input that is UTF-16 (by
// its byte order mark, or by its pairs of an ASCII byte and a NUL) and is
// not valid UTF-16 in the sample: an unpaired surrogate, or an odd last
// byte. It is csvscan.ErrDecoding.
var ErrDecoding = decode.ErrInvalid
