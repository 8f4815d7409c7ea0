package csv

import "encoding/csv"

// The errors are encoding/csv's own values, so that code written for
// encoding/csv matches them unchanged (errors.Is(err, csv.ErrFieldCount)
// and errors.As(err, &pe) with pe a *csv.ParseError, whichever of the two
// packages csv names).

// ParseError is encoding/csv's ParseError: a parse error with encoding/csv's
// 1-based line and column (columns count bytes).
type ParseError = csv.ParseError

// The causes of a ParseError, as in encoding/csv.
var (
	// ErrBareQuote: a quote in an unquoted field (without LazyQuotes).
	ErrBareQuote = csv.ErrBareQuote
	// ErrQuote: a quoted field not closed, or text after its closing
	// quote. The Err of such a ParseError is not ErrQuote itself but a
	// value errors.Is matches to it (see Reader).
	ErrQuote = csv.ErrQuote
	// ErrFieldCount: a record with a number of fields other than
	// FieldsPerRecord.
	ErrFieldCount = csv.ErrFieldCount
	// Deprecated: ErrTrailingComma is no longer used, as in encoding/csv.
	ErrTrailingComma = csv.ErrTrailingComma
)
