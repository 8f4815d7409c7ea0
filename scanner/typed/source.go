package typed

import "github.com/csvscan/csvscan/scanner"

// The row source's contracts: Rows is what a Reader needs; the other
// interfaces are what it uses when the source has them (Quoter and
// Positions for QuotedNotNull and positions, and the four below).

// Rows is the raw row source of a Reader: *Scanner, *Parallel, *File
// and *Block (one Reader per block, inside Parallel.Each, casts on the
// workers) satisfy it. Open the source with Options.FieldsPerRow = -1, so
// that rows of any length reach the Reader, which judges the count
// itself.
type Rows interface {
	Scan() bool
	Row() [][]byte
	Err() error
	// RowNumber is the 1-based number of the current row, the header
	// counted.
	RowNumber() int
}

// Quoter is implemented by row sources that know which values of the
// current row were quoted: *Scanner.
type Quoter interface {
	Quoted(i int) bool
}

// Positions is implemented by row sources that know where the current row
// and its values start, as 0-based byte offsets into the input, once
// TrackFieldOffsets was called (NewReader calls it). A *Scanner is not
// asked to track them: the Reader finds a bad row's value starts by
// reading the row's bytes again (Scanner.RowBytes), so that the scan of
// the good rows keeps its fastest loop.
type Positions interface {
	RowOffset() int64
	FieldOffsets() []int64
}

// OffsetTracker is implemented by row sources that find where values
// start only when asked (*scanner.Scanner): NewReader and Reset call
// TrackFieldOffsets so that Positions has something to tell, except over
// a *Scanner (see Positions).
type OffsetTracker interface {
	TrackFieldOffsets()
}

// BadRowTaker is implemented by row sources that skip rows with parse
// errors under IgnoreErrors and keep them (*scanner.Scanner,
// *scanner.Parallel, *scanner.Block): the Reader takes them after each
// Scan and turns them into Rejects, so that a skipped row is reported, not
// dropped. A source that is also an OptionsSource is asked only when its
// Options have IgnoreErrors: without it a parse error ends the scan and no
// row is skipped.
type BadRowTaker interface {
	TakeBadRows() []*scanner.ParseError
}

// HeaderSource is implemented by row sources that read a header: the
// Reader checks the names are valid UTF-8, as DuckDB does.
type HeaderSource interface {
	Header() []string
}

// LineCounter is implemented by row sources that count input lines
// (*scanner.Scanner): Rejects and RowError then give the line a row starts
// on besides its row number.
type LineCounter interface {
	LineNumber() int
}

// OptionsSource is implemented by row sources that say how they read
// (*scanner.Scanner, *scanner.Parallel, *scanner.Block, *scanner.File):
// NewReader takes the dialect, null padding and ignore_errors from there,
// so that a caller says each once, in the scanner's options.
type OptionsSource interface {
	Options() scanner.Options
}
