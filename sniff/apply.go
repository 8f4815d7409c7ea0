package sniff

import (
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// The sniffer's result and the reading options meet here, in one
// direction: sniff knows the options of package scanner and
// scanner/typed, reading never knows sniff. A caller says each fact once,
// in the reading options (scanner.Options), derives the sniffer's options
// from them (OptionsFor), and lets the result fill in what was detected
// (Apply, ApplyTyped); the typed reader takes the dialect, null padding
// and ignore_errors from its scanner (typed.OptionsSource).

// OptionsFor returns the sniffer's options for an input that will be read
// with read: the dialect (as the parts to start from; say in Fixed which
// are given), the lines to skip, null padding, ignore_errors and the
// maximum line size. The sample size, the fixed parts, the header mode
// and the formats are the caller's to add.
func OptionsFor(read scanner.Options) Options {
	return Options{
		Dialect:      read.Dialect,
		SkipRows:     max(read.SkipRows, 0),
		NullPadding:  read.NullPadding,
		IgnoreErrors: read.IgnoreErrors,
		MaxLineSize:  read.MaxLineSize,
	}
}

// Apply sets the options of a scan of the sniffed input to what the
// sniffer found: the dialect, the header, the lines to skip (SkipRows: a
// parallel scan refuses them, so a caller reading in parallel starts past
// them instead), the trailing-delimiter rule and, when the sample has
// short rows, NullPadding, so that the first short row does not end the
// read. IgnoreErrors is left as it is even when rows of the sample do not
// fit (r.IgnoreErrors): skipping rows is the caller's decision. The other
// fields (width, buffers, threads, maximum line size) are the caller's.
func (r *Result) Apply(o *scanner.Options) {
	o.Dialect = r.Dialect
	o.Header = r.HasHeader
	o.SkipRows = r.SkipRows
	o.TrailingDelimiter = o.TrailingDelimiter || r.TrailingDelimiter
	o.NullPadding = o.NullPadding || r.NullPadding
}

// isoDateFormat is how a result reports DATE columns of ISO 8601 dates,
// as DuckDB's sniff_csv does; they have no format.
const isoDateFormat = "%Y-%m-%d"

// ApplyTyped sets what a typed read of the sniffed input needs and o
// leaves open: the schema (the detected names and types, when o.Schema is
// empty) and the date and timestamp formats (when empty). The dialect,
// null padding and ignore_errors come from the scanner the typed reader
// reads (see Apply and typed.OptionsSource).
//
// ISO 8601 dates, which the result reports as %Y-%m-%d (DuckDB's
// sniff_csv does), get no format: the typed reader reads them with
// DuckDB's ISO cast, as DuckDB's reader does when it detected no format,
// and that cast also reads what the strptime format %Y-%m-%d refuses
// (12024-01-31, -0044-03-15, 2024\01\31, 2024-01-31 (BC)). The sniffer
// never detects %Y-%m-%d as a format of its own (DuckDB leaves it to the
// ISO cast, cast.FormatCandidates); a caller who gives that format reads
// with strptime by putting it in o, as the front door does.
func (r *Result) ApplyTyped(o *typed.Options) {
	if len(o.Schema) == 0 {
		o.Schema = append(typed.Schema(nil), r.Columns...)
	}
	if o.DateFormat == "" && r.DateFormat != isoDateFormat {
		o.DateFormat = r.DateFormat
	}
	if o.TimestampFormat == "" {
		o.TimestampFormat = r.TimestampFormat
	}
}
