package typed

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// Reject is one error of a bad row, with the fields of DuckDB's
// reject_errors table (store_rejects); a row with several errors (two
// values that do not cast, a cast failure and a missing column) gives one
// Reject per error, in the order of the row. MarshalJSON writes it with
// reject_errors' column names.
//
// Byte offsets are 0-based offsets into the input, as everywhere in this
// package, and -1 when the row source cannot tell (see
// Options.Locator). DuckDB's tests show its line_byte_position and
// byte_position one higher than these offsets (a line starting at byte 88
// has line_byte_position 89), except that for TOO MANY COLUMNS its
// byte_position equals ByteOffset: it points at the delimiter before the
// value, plus one.
type Reject struct {
	// Line is the line where the row starts, counting line ends outside
	// quotes from 1 as DuckDB does (empty and comment lines count), when
	// the source reports it (Scanner, Parallel and Block do: LineNumber);
	// otherwise the row's number in the raw scan.
	Line int
	// LineByteOffset is where the row starts.
	LineByteOffset int64
	// ByteOffset is where the error is: the value that did not cast or is
	// not UTF-8, the value past the schema; for missing columns the end of
	// the row's last value (the row's line end when that value is not
	// quoted: the raw scanner does not report line ends yet).
	ByteOffset int64
	// ColumnIndex is DuckDB's column_idx: the 1-based number of the value
	// at fault (past the schema, not counting the NULLs DuckDB lets
	// through there); for MISSING COLUMNS, DuckDB gives the missing column the
	// number of the column before it (a row of 2 values for 4 columns has
	// errors with ColumnIndex 2 and 3, naming the third and fourth
	// columns). 0 means none.
	ColumnIndex int
	// ColumnName is the column's name, "" (DuckDB's NULL) past the schema.
	ColumnName string
	// ErrorType is DuckDB's name of the kind: "CAST", "MISSING COLUMNS",
	// "TOO MANY COLUMNS" or "INVALID ENCODING".
	ErrorType string
	// CSVLine is the row written back as CSV in the reader's dialect: its
	// values joined by the delimiter, quoted where they must be, with
	// invalid UTF-8 bytes shown as '?'. DuckDB gives the line as it was in
	// the file; the two differ where the file quoted a value that needs no
	// quotes, or put spaces or text around quotes. For a row the raw scan
	// could not parse it is the row's text through the byte at fault
	// (ParseError.Text). Either is at most scanner.MaxErrorText bytes.
	CSVLine string
	// Message is DuckDB's error_message, such as
	// `Error when converting column "age". Could not convert string "bla" to 'BIGINT'`;
	// it quotes at most scanner.MaxErrorText bytes of the value.
	Message string
	// Kind is the sentinel error of the kind: ErrCast and so on.
	Kind error
	// Row is the row's number in the raw scan (the header is row 1), which
	// numbers the rows of the chunks (Chunk.RowNumbers); not in the JSON.
	Row int
}

// errorTypes are DuckDB's names of the kinds (CSVErrorType in reject_errors).
var errorTypes = map[error]string{
	ErrCast:           "CAST",
	ErrMissingColumns: "MISSING COLUMNS",
	ErrTooManyColumns: "TOO MANY COLUMNS",
	ErrInvalidUnicode: "INVALID ENCODING",
	// Parse errors of the raw scan, skipped with Options.IgnoreErrors.
	scanner.ErrUnterminatedQuote: "UNQUOTED VALUE",
	scanner.ErrUnquotedValue:     "UNQUOTED VALUE",
	scanner.ErrInvalidState:      "INVALID STATE",
	scanner.ErrLineTooLong:       "LINE SIZE OVER MAXIMUM",
	// scanner.ErrFieldCount is TOO MANY COLUMNS or MISSING COLUMNS
	// (ParseReject).
}

// MarshalJSON writes the Reject as one JSON object with reject_errors'
// column names and values: line, line_byte_position, byte_position,
// column_idx, column_name, error_type, csv_line and error_message. The
// positions are DuckDB's, 1-based: LineByteOffset+1 and ByteOffset+1
// (ByteOffset for TOO MANY COLUMNS; see Reject), as DuckDB 1.5.6's
// reject_errors shows them. Unknown positions, a missing column index and
// a column past the schema are null.
func (rj Reject) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 128+len(rj.CSVLine)+len(rj.Message))
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(rj.Line), 10)
	b = append(b, `,"line_byte_position":`...)
	b = appendPosition(b, rj.LineByteOffset, 1)
	b = append(b, `,"byte_position":`...)
	if rj.Kind == ErrTooManyColumns {
		// DuckDB points at the delimiter before the value, 1-based.
		b = appendPosition(b, rj.ByteOffset, 0)
	} else {
		b = appendPosition(b, rj.ByteOffset, 1)
	}
	b = append(b, `,"column_idx":`...)
	if rj.ColumnIndex > 0 {
		b = strconv.AppendInt(b, int64(rj.ColumnIndex), 10)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"column_name":`...)
	if rj.ColumnName != "" {
		b = appendJSONString(b, rj.ColumnName)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"error_type":`...)
	b = appendJSONString(b, rj.ErrorType)
	b = append(b, `,"csv_line":`...)
	b = appendJSONString(b, rj.CSVLine)
	b = append(b, `,"error_message":`...)
	b = appendJSONString(b, rj.Message)
	return append(b, '}'), nil
}

// appendPosition writes a 0-based offset as DuckDB's 1-based byte
// position (plus add), or null for an unknown one.
func appendPosition(b []byte, off, add int64) []byte {
	if off < 0 {
		return append(b, "null"...)
	}
	return strconv.AppendInt(b, off+add, 10)
}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

// badRow is what the reports of one bad row share, worked out once: where
// it is and its line.
type badRow struct {
	number    int // Rows.RowNumber of the row; 0 for none yet
	rowOffset int64
	offsets   []int64 // where each value starts; nil when unknown
	line      string  // CSVLine
}

// report handles one error of the current row: kind, the schema column it
// concerns (-1 past the schema), the index of the value at fault (-1 for a
// missing column) and DuckDB's column_idx. It returns whether the read goes
// on: without IgnoreErrors the first error ends it, with r.err a *RowError.
func (r *Reader) report(kind error, col, value, duckIdx int, row [][]byte) bool {
	if r.ignore && (!r.opts.StoreRejects || r.opts.RejectsLimit > 0 && r.kept() >= r.opts.RejectsLimit) {
		return true
	}
	b := r.badRow(row)
	line := b.number
	if ln, ok := r.src.(LineCounter); ok {
		line = ln.LineNumber()
	}
	rj := Reject{
		Row:            b.number,
		Line:           line,
		LineByteOffset: b.rowOffset,
		ByteOffset:     -1,
		ColumnIndex:    duckIdx,
		ErrorType:      errorTypes[kind],
		CSVLine:        b.line,
		Kind:           kind,
	}
	if col >= 0 {
		rj.ColumnName = r.opts.Schema[col].Name
	}
	width := len(r.opts.Schema)
	switch kind {
	case ErrCast:
		// DuckDB quotes the name and the value without escaping them.
		rj.Message = fmt.Sprintf(`Error when converting column "%s". Could not convert string "%s" to '%v'`,
			rj.ColumnName, printable(row[value][:min(len(row[value]), scanner.MaxErrorText)]), r.opts.Schema[col].Type)
	case ErrInvalidUnicode:
		rj.Message = "Invalid unicode (byte sequence mismatch) detected."
	case ErrMissingColumns, ErrTooManyColumns:
		rj.Message = fmt.Sprintf("Expected Number of Columns: %d Found: %d", width, duckIdx)
	}
	switch {
	case b.offsets == nil:
	case value >= 0 && value < len(b.offsets):
		rj.ByteOffset = b.offsets[value]
	case value < 0 && len(row) > 0 && len(row) <= len(b.offsets):
		// A missing column: the end of the last value.
		last := len(row) - 1
		rj.ByteOffset = b.offsets[last] + int64(len(row[last]))
	}
	if r.ignore {
		r.rejects = append(r.rejects, rj)
		return true
	}
	e := &RowError{Kind: kind, Row: rj.Row, Line: rj.Line, Column: value + 1, Name: rj.ColumnName,
		Offset: rj.ByteOffset, RowOffset: rj.LineByteOffset, Msg: rj.Message}
	if value < 0 {
		e.Column = col + 1 // the first missing column
	}
	r.err = e
	return false
}

// badRow returns the shared facts of the current row, working them out on
// its first error.
func (r *Reader) badRow(row [][]byte) *badRow {
	n := r.src.RowNumber()
	b := &r.bad
	if b.number == n && n != 0 {
		return b
	}
	*b = badRow{number: n, rowOffset: -1}
	switch {
	case r.raw != nil:
		b.rowOffset = r.raw.RowOffset()
		b.offsets = r.valueOffsets(b.offsets, len(row))
	case r.pos != nil:
		b.rowOffset = r.pos.RowOffset()
		if offs := r.pos.FieldOffsets(); len(offs) > 0 {
			b.offsets = append(b.offsets, offs...)
		}
	case r.opts.Locator != nil:
		if ro, offs, ok := r.opts.Locator.Locate(n); ok {
			b.rowOffset = ro
			b.offsets = append(b.offsets, offs...)
		}
	}
	b.line = string(printableBytes(r.appendLine(nil, row, scanner.MaxErrorText)))
	return b
}

// rawRowSource is a row source that hands out the bytes of the current
// row and the options it reads with: *scanner.Scanner.
type rawRowSource interface {
	RowBytes() []byte
	RowOffset() int64
	Options() scanner.Options
}

// valueOffsets appends to dst[:0] where each of the n values of the current
// row starts, as 0-based offsets into the input, as the scanner's
// FieldOffsets would give them had it tracked them (the byte after each
// delimiter): it walks the row's bytes again through the transition table
// of the source's dialect, from a line start to the row's line end. The
// source's fitting is redone here: a value dropped (TrailingDelimiter) is
// cut, a padded one (NullPadding) starts at the row's end. It returns nil
// when the bytes hold no row (an empty line). (A scanner made for each bad
// row did the same at 4.5 KB of allocation a row: a million rejects took
// 4.5 GB of garbage, whose collections marked the rejects kept again and
// again.)
func (r *Reader) valueOffsets(dst []int64, n int) []int64 {
	raw := r.raw.RowBytes()
	base := r.raw.RowOffset()
	d := r.raw.Options().Dialect
	if r.offTable == nil || r.offTable.Dialect() != d {
		t, err := sm.For(d)
		if err != nil {
			return nil
		}
		r.offTable = t
	}
	next := r.offTable.Transitions()
	if len(raw) == 0 {
		return nil
	}
	dst = append(dst[:0], base)
	st := sm.RecordSeparator // a line start
walk:
	for i, c := range raw {
		switch st = next[c][st]; st {
		case sm.Delimiter:
			if len(dst) == n {
				break walk
			}
			dst = append(dst, base+int64(i)+1)
		case sm.RecordSeparator, sm.CarriageReturn:
			if i == 0 {
				return nil // an empty line: no value starts to tell
			}
			break walk
		case sm.Invalid:
			break walk
		}
	}
	dst = dst[:min(len(dst), n)]
	for len(dst) < n {
		dst = append(dst, base+int64(len(raw)))
	}
	return dst
}

// appendLine writes row as one CSV line in the reader's dialect: values
// joined by the delimiter, a value quoted (its quotes and escapes escaped)
// when it holds the delimiter, the quote, the escape or a line end; at
// most limit bytes of it, as a scan's errors keep at most
// scanner.MaxErrorText bytes of a row (a reject of a row of 2 MB held it
// whole, and its cast message the value whole again).
func (r *Reader) appendLine(dst []byte, row [][]byte, limit int) []byte {
	limit += len(dst)
	d := r.opts.Dialect
	quote, hasQuote := d.Quote.Byte()
	esc, hasEsc := d.Escape.Byte()
	if !hasEsc {
		esc = quote
	}
	for i, v := range row {
		if len(dst) >= limit {
			return dst[:limit]
		}
		if i > 0 {
			dst = append(dst, d.Delimiter...)
		}
		needs := hasQuote && (bytes.Contains(v, []byte(d.Delimiter)) || bytes.IndexByte(v, quote) >= 0 ||
			hasEsc && bytes.IndexByte(v, esc) >= 0 || bytes.ContainsAny(v, "\r\n"))
		if !needs {
			dst = append(dst, v[:min(len(v), max(0, limit-len(dst)))]...)
			continue
		}
		dst = append(dst, quote)
		for _, c := range v {
			if len(dst) >= limit {
				break
			}
			if c == quote || hasEsc && c == esc {
				dst = append(dst, esc)
			}
			dst = append(dst, c)
		}
		dst = append(dst, quote)
	}
	return dst[:min(len(dst), limit)]
}

// printableBytes replaces every byte of b that is not part of valid UTF-8
// with '?', in place, as DuckDB shows such lines (Utf8Proc::MakeValid).
func printableBytes(b []byte) []byte {
	for i := 0; i < len(b); {
		c, size := utf8.DecodeRune(b[i:])
		if c == utf8.RuneError && size == 1 {
			b[i] = '?'
		}
		i += size
	}
	return b
}

// printable is printableBytes on a copy of v, as a string.
func printable(v []byte) string {
	if utf8.Valid(v) {
		return string(v)
	}
	return string(printableBytes(bytes.Clone(v)))
}

// Locator finds rows of an input again by their number, with a second,
// sequential scan of the same input, for row sources that do not report
// positions: a *Parallel does not yet. It reads forward only, so rows must
// be asked for in increasing order, as a Reader does; the cost is one
// sequential read of the input up to the last row asked for, paid only when
// there are bad rows.
type Locator struct {
	s *scanner.Scanner
}

// NewLocator returns a Locator reading r, which must hold the same input,
// read with the same Options, as the row source (FieldsPerRow is set to
// -1 here, as the Reader's source has it).
func NewLocator(r io.Reader, opts scanner.Options) (*Locator, error) {
	opts.FieldsPerRow = -1
	s, err := scanner.New(r, opts)
	if err != nil {
		return nil, err
	}
	s.TrackFieldOffsets()
	return &Locator{s: s}, nil
}

// Locate returns where row number row (Rows.RowNumber) and its values
// start, and false when the input has no such row, or when it lies before
// the last row located. The offsets are valid until the next call.
func (l *Locator) Locate(row int) (rowOffset int64, fieldOffsets []int64, ok bool) {
	for l.s.RowNumber() < row {
		if !l.s.Scan() {
			return -1, nil, false
		}
	}
	if l.s.RowNumber() != row {
		return -1, nil, false
	}
	return l.s.RowOffset(), l.s.FieldOffsets(), true
}

// parseReject keeps a row the raw scan skipped with Options.IgnoreErrors
// as a Reject (ParseReject), within RejectsLimit.
func (r *Reader) parseReject(pe *scanner.ParseError) {
	if !r.opts.StoreRejects || r.opts.RejectsLimit > 0 && r.kept() >= r.opts.RejectsLimit {
		return
	}
	r.rejects = append(r.rejects, ParseReject(pe, r.opts.Schema))
}

// ParseReject returns the Reject of a row a scan skipped with IgnoreErrors
// (scanner.Scanner.TakeBadRows): an unterminated quote, text after a
// closing quote, a forbidden byte, a line over the maximum size, or a row
// of another width than the scan's FieldsPerRow, whose error type is TOO
// MANY COLUMNS or MISSING COLUMNS as its field is past the schema's width
// or not (its Kind stays scanner.ErrFieldCount: the scan's one record of
// the row, where a typed read over rows of any width records DuckDB's,
// one per missing or extra value; it is numbered and worded as the first
// of those, a MISSING COLUMNS reject by the column before the first
// missing one, as DuckDB numbers them, but its ByteOffset is the row's
// end, where a typed read names each extra value's start). The values were never made, so CSVLine is the row's
// text as the scan kept it (ParseError.Text): from its start through the
// byte at fault (the whole row, for a row of another width), at most
// scanner.MaxErrorText bytes. The schema names the column at fault (the
// first missing one, for MISSING COLUMNS).
func ParseReject(pe *scanner.ParseError, schema Schema) Reject {
	rj := Reject{
		Row:            pe.Row,
		Line:           pe.Line,
		LineByteOffset: pe.RowOffset,
		ByteOffset:     pe.Offset,
		ColumnIndex:    pe.Field,
		ErrorType:      errorTypes[pe.Kind],
		Message:        pe.Summary(),
		Kind:           pe.Kind,
		CSVLine:        printable(bytes.TrimRight(pe.Text, "\r\n")),
	}
	name := rj.ColumnIndex
	if pe.Kind == scanner.ErrFieldCount {
		rj.ErrorType = errorTypes[ErrTooManyColumns]
		if pe.Field <= len(schema) {
			// DuckDB numbers a missing column by the column before it,
			// as a typed read's MISSING COLUMNS rejects do, and names the
			// missing one.
			rj.ErrorType = errorTypes[ErrMissingColumns]
			rj.ColumnIndex = pe.Field - 1
		}
		if len(schema) > 0 {
			// DuckDB's message, as a typed read's first reject of the
			// row has it.
			rj.Message = fmt.Sprintf("Expected Number of Columns: %d Found: %d", len(schema), rj.ColumnIndex)
		}
	}
	if name >= 1 && name <= len(schema) {
		rj.ColumnName = schema[name-1].Name
	}
	return rj
}
