package csvscan

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// Flag is an option that is on, off, or left to the default (for most
// flags: to the sniffer). Its zero value is Auto.
type Flag int8

// The values of a Flag.
const (
	Auto Flag = iota // the default: detected, or the option's documented default
	On
	Off
)

// ErrOption is the cause of every error an option's value gives: an
// unknown name, a character that is more than one byte, a format that does
// not parse, a type DuckDB does not have, a column Types names that the
// file lacks. errors.Is(err, csvscan.ErrOption) tells a caller's mistake
// from a file's.
var ErrOption = errors.New("invalid option")

// optionError is an error in the value of the option name.
func optionError(name, format string, args ...any) error {
	return fmt.Errorf("csvscan: Options.%s: %w: %s", name, ErrOption, fmt.Sprintf(format, args...))
}

// None, as Quote, Escape or Comment, means the dialect has no such
// character (DuckDB's empty quote string).
const None = "none"

// Options say how to read a file. The zero value auto-detects everything,
// as DuckDB's read_csv('file') does; every field given is taken as given
// and not sniffed. The names are read_csv's (delim is Delim, new_line is
// NewLine, and so on).
type Options struct {
	// AutoDetect runs the sniffer (auto_detect). Auto and On sniff what the
	// other fields leave open; Off sniffs nothing: the dialect is RFC 4180
	// with DuckDB's defaults unless given, there is no header unless Header
	// is On, and every column is VARCHAR unless Columns gives the types.
	AutoDetect Flag

	// Delim separates values (delim, sep): 1 to 4 bytes; "" detects it.
	Delim string
	// Quote, Escape and Comment are one byte each, None for no such
	// character, or "" to detect them (quote, escape, comment).
	Quote, Escape, Comment string
	// NewLine is the line end (new_line): "\n", "\r\n", "\r" (or "lf",
	// "crlf", "cr"); "" or "auto" reads all three.
	NewLine string
	// StrictMode (strict_mode, default On) makes text after a closing quote
	// an error; Off keeps it.
	StrictMode Flag

	// Header says the first row (after Skip) names the columns (header);
	// Auto detects it.
	Header Flag
	// Skip is the number of lines to skip before the header or the first
	// row (skip): a title or notes. 0 lets the sniffer find such a
	// preamble (none with AutoDetect Off); a negative value skips none and
	// does not look for one.
	Skip int

	// Columns names and types every column (columns), in order; it turns
	// off the detection of names and types.
	Columns typed.Schema
	// Types overrides the detected type of some columns (types), by name:
	// DuckDB's type names, such as "BIGINT", "DATE" or "DECIMAL(15,2)".
	Types map[string]string
	// AllVarchar reads every column as VARCHAR (all_varchar): names are
	// still detected, types are not.
	AllVarchar bool
	// Names renames the columns (names, column_names): the first
	// len(Names) columns take these names, in order, in place of the
	// header's or the generated ones. Their types are still detected, and
	// Types names them by the new names. Each name must be non-empty and
	// the names unique, ASCII case aside, and Names cannot be given with
	// Columns, which names every column itself (ErrOption). More names than
	// the file has columns is an error, unless NullPadding, which adds a
	// VARCHAR column for each name more; of several files (OpenFiles) each
	// takes as many as it has columns.
	Names []string
	// NormalizeNames (normalize_names) normalizes the header's names as
	// DuckDB does (sniff.NormalizeName): "First Name" reads as first_name,
	// "Total $" as total, "2020" as _2020. Default false: the names are
	// the header's values, trimmed of spaces.
	NormalizeNames bool
	// SampleSize is the number of rows the sniffer reads (sample_size);
	// 0 means 20,480, -1 the whole file.
	SampleSize int
	// DateFormat and TimestampFormat are strptime formats (dateformat,
	// timestampformat) such as "%d/%m/%Y"; "" detects them.
	DateFormat, TimestampFormat string
	// DecimalSeparator is the decimal separator of DOUBLE, FLOAT and
	// DECIMAL values (decimal_separator): "" (the default) and "." mean
	// '.', and "," a decimal comma, the only other one DuckDB accepts
	// ("1,5" is 1.5, and "1.5" is no number); any other value is an
	// ErrOption. The sniffer detects types with it too: with "," a column
	// of "1,5" and "2,25" is DOUBLE. A value holding the delimiter must be
	// quoted, or the delimiter given.
	DecimalSeparator string
	// Thousands is the thousands separator of numbers (thousands): one
	// ASCII character, "" (the default) for none. It is removed from a
	// value of an integer, DOUBLE, FLOAT or DECIMAL column wherever it is,
	// before the value is cast, as DuckDB does: with "," the values
	// "1,234", "-1,234.5" and "1,2e3" read as 1234, -1234.5 and 12000, and
	// ",5" and "12,,3" as 5 and 123 (not checked to group by three). A null
	// string is matched first. The sniffer detects types with it too: with
	// "," a column of "1,234" is BIGINT. It may be the delimiter (the
	// values holding it are then quoted, "1,234" in a comma-separated
	// file), and must not be the decimal separator (DuckDB's binder error),
	// a digit, '+', '-', 'e' or 'E' (which DuckDB takes, reading "-5" as 5
	// with "-"), nor a given Quote or Escape, which a value holds only
	// escaped (DuckDB types such a column and then fails to read it); each
	// is an ErrOption.
	Thousands string
	// AutoTypeCandidates are the types the sniffer may give a column
	// (auto_type_candidates), by DuckDB's names and aliases (ASCII case
	// ignored): VARCHAR, DOUBLE, FLOAT, DECIMAL or DECIMAL(w,s), BIGINT,
	// INTEGER, SMALLINT, TINYINT, TIMESTAMP WITH TIME ZONE (TIMESTAMPTZ),
	// TIMESTAMP, DATE, TIME, BOOLEAN. nil (the default) means DuckDB's
	// default candidates: VARCHAR, DOUBLE, BIGINT, TIMESTAMPTZ, TIMESTAMP,
	// DATE, TIME, BOOLEAN. As in DuckDB, VARCHAR is always a candidate
	// (["BIGINT"] types a column of numbers BIGINT and any other VARCHAR),
	// the order given does not matter (each column takes the most
	// specific candidate its values fit: TINYINT before SMALLINT before
	// INTEGER before BIGINT before DECIMAL before FLOAT before DOUBLE;
	// BOOLEAN, TIME, DATE, TIMESTAMP, TIMESTAMPTZ), a type given twice
	// counts once, and another type (UBIGINT, HUGEINT, INTERVAL ...) or
	// an unknown name is an ErrOption. Columns and AllVarchar, which give
	// the types, leave it nothing to do; Types overrides what it chose.
	AutoTypeCandidates []string
	// NullStr lists the values that mean NULL (nullstr); nil means the
	// empty value only, as in DuckDB.
	NullStr []string

	// ForceNotNull names the columns whose values are never NULL
	// (force_not_null): a null string there reads as the empty value.
	ForceNotNull []string
	// AllowQuotedNulls (allow_quoted_nulls, default On) lets a quoted value
	// match a null string (a quoted "" is NULL); Off makes quoted values
	// never NULL, in type detection too (a quoted "" among numbers makes
	// the column VARCHAR, as in DuckDB), and reads sequentially, since
	// only a sequential scan tells quoted values apart.
	AllowQuotedNulls Flag

	// IgnoreErrors skips the rows that cannot be read or cast
	// (ignore_errors) instead of stopping at the first.
	IgnoreErrors bool
	// NullPadding reads missing values at the end of a short row as NULL
	// (null_padding).
	NullPadding bool
	// StoreRejects keeps the errors of the skipped rows, for Rejects
	// (store_rejects); it implies IgnoreErrors. RejectsLimit bounds how many
	// are kept (rejects_limit) per file, as DuckDB's documentation says
	// (OpenFiles keeps up to RejectsLimit of each file's); 0 keeps all,
	// and a negative one is an ErrOption.
	StoreRejects bool
	RejectsLimit int

	// Encoding is the file's encoding (encoding): "utf-8", "latin-1",
	// "windows-1252", "utf-16" (the byte order by its mark, else
	// little-endian), "utf-16le" or "utf-16be" (Decode). "" is UTF-8
	// unless the input is UTF-16 by its byte order mark or, without one,
	// by its pairs of an ASCII byte and a NUL (DuckDB needs encoding
	// 'utf-16' for either).
	Encoding string
	// Compression is "" or "auto" (gzip and zstd recognised by their magic
	// bytes), "none", "gzip" or "zstd" (compression).
	Compression string
	// ZstdWindow bounds the window a zstd frame may ask for, in bytes: the
	// decoder holds the whole window from the frame's first byte, so a
	// 21-byte file could make it allocate 512 MiB. 0 means 8 MiB, the
	// size RFC 8878 recommends decoders accept and zstd's levels 1 to 19
	// keep to; files made with zstd --ultra or --long ask for up to 128
	// MiB (2^N bytes with --long=N), and need it set that high. It must
	// be 0, or from 1 KiB to zstd's largest window, 3.75 TiB (csvscan's
	// own option).
	ZstdWindow int

	// MaxLineSize bounds a row's length in bytes (max_line_size); 0 means
	// 2,000,000.
	MaxLineSize int
	// BufferSize is the size of the read buffers (buffer_size); 0 means
	// 32 MiB for a parallel read of a file's mapped pages, 4 MiB for a
	// parallel read into memory (when the maximum line size is at most
	// 2 MiB; 32 MiB otherwise) and for the ranges of a typed read by
	// ranges (which a smaller BufferSize makes smaller, down to 64 KiB),
	// 256 KiB for a sequential one.
	BufferSize int
	// Threads is the number of goroutines reading a file (threads); 0 means
	// GOMAXPROCS, 1 reads sequentially. A stream is always read
	// sequentially, and so is a file read with Raw with fewer than 3:
	// Raw's rows go to one goroutine in order, and with two the parallel
	// read measured slower than one (docs/11-front-door.md).
	Threads int

	// UnionByName, for OpenFiles, matches the files' columns by name into
	// one schema of every column of every file, in order of appearance
	// (union_by_name; names match ignoring ASCII case, as DuckDB's
	// identifiers do, spelled as they first appear); a file's missing columns are NULL, a column whose
	// types differ between files takes their common super type, as in
	// DuckDB (BIGINT and DOUBLE: DOUBLE; DATE and TIMESTAMP: TIMESTAMP;
	// anything and VARCHAR, or types with none: VARCHAR), and a column a
	// file has no value in takes the others' type. Without it the first file's
	// columns are the schema: later files' columns are matched by name,
	// their other columns dropped, and a missing one is an error.
	UnionByName bool
	// Filename, for Open and OpenFiles, adds a VARCHAR column "filename"
	// holding each row's file path (filename); a file with a column of
	// that name is an ErrOption, as in DuckDB.
	Filename bool
	// HivePartitioning adds a column for each key=value folder of the
	// paths (hive_partitioning), after the file's columns, in the order of
	// their names: Auto does so when every path has the same keys (a
	// single path included, as DuckDB does), On requires them, Off never
	// does. A value is URL-decoded ("a%20b" is "a b"); NULL in any case
	// and __HIVE_DEFAULT_PARTITION__ are NULL, and "k=" is the empty
	// string. A column is BIGINT when every other value is an integer,
	// DATE when every other value is a date (2024-01-31), else VARCHAR,
	// judged on the values as written, as DuckDB does. A key that names
	// a column of the files replaces it, as in DuckDB: the column holds
	// the partition's value, and the files' values are not read.
	HivePartitioning Flag

	// Trace, when set, receives the sniffer's account of every candidate
	// dialect and decision (sniff.Options.Trace): csvscan's own, for
	// learning and debugging.
	Trace io.Writer

	// TrailingDelimiter says the data rows end with a delimiter that is no
	// column ("a|b" then "1|2|"), as the sniffer detects; Raw then drops
	// each row's last, empty value. csvscan's own option: DuckDB's sniffer
	// decides it without saying so. A typed read needs no option: an empty
	// value past the schema is a NULL, which DuckDB lets through.
	TrailingDelimiter bool
}

// newline parses NewLine.
func (o Options) newline() (dialect.Newline, error) {
	return dialect.ParseNewline(o.NewLine)
}

// char parses Quote, Escape or Comment: given says it is fixed.
func char(name, v string) (c dialect.Char, given bool, err error) {
	switch {
	case v == "":
		return dialect.None, false, nil
	case v == None:
		return dialect.None, true, nil
	case len(v) == 1:
		return dialect.Some(v[0]), true, nil
	}
	return dialect.None, false, optionError(name, "must be one byte, None or empty, got %q", v)
}

// plan is Options worked out into the options of the packages below:
// read says each fact of reading once (the dialect, the header, the lines
// to skip, the row fitting, the bad rows, the sizes); the sniffer's options
// are derived from it, and its result applied back to it.
type plan struct {
	read       scanner.Options
	sniff      sniff.Options
	autoDetect bool
	types      map[string]typed.Column
	// anyTypes lets types name columns the file lacks: the types of a
	// later file of several, taken from the first file's schema.
	anyTypes bool
	// looseNames lets Names hold more names than a file has columns: the
	// names of a file of several, which may be narrower than the first.
	looseNames bool
}

// resolve checks the options and turns them into a plan.
func (o Options) resolve() (plan, error) {
	var p plan
	p.autoDetect = o.AutoDetect != Off
	d := dialect.Default()
	var fixed sniff.Part
	if o.Delim != "" {
		d.Delimiter = o.Delim
		fixed |= sniff.Delimiter
	}
	for _, c := range []struct {
		name string
		v    string
		dst  *dialect.Char
		part sniff.Part
	}{{"Quote", o.Quote, &d.Quote, sniff.Quote}, {"Escape", o.Escape, &d.Escape, sniff.Escape}, {"Comment", o.Comment, &d.Comment, sniff.Comment}} {
		ch, given, err := char(c.name, c.v)
		if err != nil {
			return p, err
		}
		if given {
			*c.dst = ch
			fixed |= c.part
		}
	}
	if o.Quote == None && o.Escape == "" {
		d.Escape = dialect.None // no quote, no escape
	}
	nl, err := o.newline()
	if err != nil {
		return p, optionError("NewLine", "%v", err)
	}
	d.Newline = nl
	if nl != dialect.NewlineAuto {
		fixed |= sniff.Newline
	}
	d.Lenient = o.StrictMode == Off
	if err := d.Validate(); err != nil {
		return p, fmt.Errorf("csvscan: %w: %w", ErrOption, err)
	}
	if err := o.checkNames(); err != nil {
		return p, err
	}
	if o.RejectsLimit < 0 {
		return p, optionError("RejectsLimit", "%d is negative: 0 keeps every reject", o.RejectsLimit)
	}
	for _, f := range []struct{ name, v string }{{"DateFormat", o.DateFormat}, {"TimestampFormat", o.TimestampFormat}} {
		if f.v == "" {
			continue
		}
		if _, err := cast.ParseFormat(f.v); err != nil {
			return p, optionError(f.name, "%v", err)
		}
	}
	switch o.DecimalSeparator {
	case "", ".", ",":
	default:
		return p, optionError("DecimalSeparator", "%q is no decimal separator: it must be \".\" (or \"\", the default) or \",\", as DuckDB's decimal_separator", o.DecimalSeparator)
	}
	if err := o.checkThousands(); err != nil {
		return p, err
	}
	if _, err := sniff.ParseTypeCandidates(o.AutoTypeCandidates); err != nil {
		return p, optionError("AutoTypeCandidates", "%s", strings.TrimPrefix(err.Error(), "csvscan: "))
	}
	p.read = scanner.Options{
		Dialect:           d,
		Header:            o.Header == On,
		SkipRows:          max(o.Skip, 0),
		MaxLineSize:       o.MaxLineSize,
		BufferSize:        o.BufferSize,
		IgnoreErrors:      o.IgnoreErrors || o.StoreRejects,
		MaxBadRows:        maxBadRows(o),
		Threads:           o.Threads,
		NullPadding:       o.NullPadding,
		TrailingDelimiter: o.TrailingDelimiter,
	}
	p.sniff = sniff.OptionsFor(p.read)
	p.sniff.SampleSize, p.sniff.Fixed, p.sniff.Trace = o.SampleSize, fixed, o.Trace
	p.sniff.DateFormat, p.sniff.TimestampFormat = o.DateFormat, o.TimestampFormat
	p.sniff.NullStr = o.NullStr
	p.sniff.QuotedNotNull = o.AllowQuotedNulls == Off
	p.sniff.DecimalComma = o.DecimalSeparator == ","
	p.sniff.Thousands = o.thousands()
	p.sniff.AutoTypeCandidates = o.AutoTypeCandidates
	p.sniff.NormalizeNames = o.NormalizeNames
	switch o.Header {
	case On:
		p.sniff.Header = sniff.HeaderYes
	case Off:
		p.sniff.Header = sniff.HeaderNo
	}
	if len(o.Types) > 0 {
		p.types = map[string]typed.Column{}
		for name, typ := range o.Types {
			col, err := typed.ParseColumn(name, typ)
			if err != nil {
				return p, optionError("Types", "%v", err)
			}
			p.types[name] = col
		}
	}
	if _, err := compression(o.Compression, nil); err != nil {
		return p, err // the one list of names, in source.go
	}
	if o.ZstdWindow != 0 && o.ZstdWindow < zstd.MinWindowSize {
		return p, optionError("ZstdWindow", "%d is under zstd's smallest window, %d bytes (0 means %d MiB)", o.ZstdWindow, zstd.MinWindowSize, defaultZstdWindow>>20)
	}
	if uint64(o.ZstdWindow) > maxZstdWindow {
		return p, optionError("ZstdWindow", "%d is over zstd's largest window, %d bytes (3.75 TiB)", o.ZstdWindow, uint64(maxZstdWindow))
	}
	return p, nil
}

// checkThousands checks Thousands: one byte that cast.CheckThousands
// takes, and not the quote or the escape when they are given.
func (o Options) checkThousands() error {
	t := o.Thousands
	switch {
	case t == "":
		return nil
	case len(t) > 1:
		return optionError("Thousands", "%q is more than one byte: a thousands separator is one ASCII character (DuckDB: \"should be max one character\")", t)
	case t == o.Quote || t == o.Escape:
		return optionError("Thousands", "%q is the quote or the escape, which a value holds only escaped", t)
	}
	if err := cast.CheckThousands(t[0], o.DecimalSeparator == ","); err != nil {
		return optionError("Thousands", "%s", strings.TrimPrefix(err.Error(), "csvscan: thousands separator: "))
	}
	return nil
}

// thousands is Thousands as the casts take it: its byte, or 0 for none.
func (o Options) thousands() byte {
	if o.Thousands == "" {
		return 0
	}
	return o.Thousands[0]
}

// checkNames checks Names: names that are not empty, each once (ASCII
// case aside, as column names compare), and not with Columns.
func (o Options) checkNames() error {
	if len(o.Names) == 0 {
		return nil
	}
	if len(o.Columns) > 0 {
		return optionError("Names", "given with Columns, which names every column: give the names in Columns")
	}
	seen := make(map[string]bool, len(o.Names))
	for i, n := range o.Names {
		if strings.TrimSpace(n) == "" {
			return optionError("Names", "name %d is empty", i+1)
		}
		k := nameKey(n)
		if seen[k] {
			return optionError("Names", "%q is given twice", n)
		}
		seen[k] = true
	}
	return nil
}

// maxBadRows is the scan's MaxBadRows for o: the skipped rows the read
// keeps as rejects and no more (none without StoreRejects, the first
// RejectsLimit with it), so that a long run of bad rows is not held.
func maxBadRows(o Options) int {
	switch {
	case !o.StoreRejects:
		return -1
	case o.RejectsLimit > 0:
		return o.RejectsLimit
	}
	return 0
}
