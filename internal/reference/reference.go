package reference

import (
	"bytes"
	"fmt"

	"github.com/csvscan/csvscan/dialect"
)

// DefaultMaxLineSize is the longest line, in bytes, when Options.MaxLineSize
// is zero or negative.
const DefaultMaxLineSize = 2_000_000

// Options says how to read the input.
type Options struct {
	// Dialect gives the bytes their meaning. It is assumed valid
	// (dialect.Dialect.Validate returns nil).
	Dialect dialect.Dialect
	// Header makes the first row the header.
	Header bool
	// FieldsPerRow is the number of values every row must have when it is
	// positive; zero takes the count of the first row; a negative value
	// accepts any count.
	FieldsPerRow int
	// MaxLineSize is the longest line in bytes, line end excluded; zero or
	// negative means DefaultMaxLineSize.
	MaxLineSize int
	// IgnoreErrors skips a row with an error and reads on, by the rule of
	// "Bad rows" in docs/reading-rules.md; ReadAll returns the skipped rows.
	IgnoreErrors bool
}

// Kind names what went wrong.
type Kind string

// The kinds of error, one per row of the table in docs/reading-rules.md.
const (
	// UnterminatedQuote: the input ends inside quotes.
	UnterminatedQuote Kind = "unterminated quote"
	// UnquotedValue: strict mode found text after a closing quote.
	UnquotedValue Kind = "unquoted value"
	// InvalidState: any other byte the dialect forbids, such as a lone LF
	// after unquoted text with strict NewlineCRLF.
	InvalidState Kind = "invalid state"
	// LineTooLong: a line is longer than Options.MaxLineSize.
	LineTooLong Kind = "line too long"
	// FieldCount: a row has a value count other than the row width.
	FieldCount Kind = "field count"
)

// Error is the error Read returns: a kind and where it happened.
type Error struct {
	Kind   Kind  // what went wrong
	Row    int   // 1-based row number; the header is row 1; dropped lines do not count
	Field  int   // 1-based field number within the row
	Offset int64 // 0-based byte offset from the start of the input, byte order mark included
}

// Error returns the kind and the position, such as
// "unquoted value at row 2, field 3, offset 17".
func (e *Error) Error() string {
	return fmt.Sprintf("%s at row %d, field %d, offset %d", e.Kind, e.Row, e.Field, e.Offset)
}

// BadRow is a row skipped with Options.IgnoreErrors: the error it would
// have stopped the reading with, the 1-based line where it starts (line ends
// outside quotes before it, plus one) and the offset of its first byte.
type BadRow struct {
	Error
	Line      int
	RowOffset int64
}

// bom is the UTF-8 byte order mark, skipped at offset 0.
var bom = []byte{0xEF, 0xBB, 0xBF}

// Read reads the whole input. It returns the header (nil unless
// Options.Header is set and the first row was read), the data rows read
// before any error, and the first error, an *Error, or nil.
func Read(input []byte, opts Options) (header []string, rows [][]string, err error) {
	header, rows, _, err = ReadAll(input, opts)
	return header, rows, err
}

// ReadAll is Read that also returns, with Options.IgnoreErrors, the rows
// it skipped, in input order. With IgnoreErrors the error is always nil.
func ReadAll(input []byte, opts Options) (header []string, rows [][]string, bad []BadRow, err error) {
	r := newReader(input, opts)
	e := r.run()
	if e != nil {
		return r.header, r.rows, r.bad, e
	}
	return r.header, r.rows, r.bad, nil
}

// reader holds everything Read tracks while it walks the input.
type reader struct {
	in      []byte
	opts    Options
	rules   rules
	maxLine int

	// The value being read.
	vs      int  // offset of its first byte
	quoted  bool // it opened with a quote (rule 3)
	escaped bool // it holds an escape to remove (rule 4)
	qopen   int  // offset of the opening quote
	qclose  int  // offset of the last closing-quote candidate (rule 5)

	// The line being read.
	rowStart int      // offset right after the previous line end
	comment  int      // offset of the open comment, or -1
	values   []string // the values that ended on this row

	// The file.
	width  int // the row width, once known (a row has at least one value)
	rowNum int // rows ended so far, the header and bad rows included
	header []string
	rows   [][]string

	// Bad rows (Options.IgnoreErrors).
	lines int      // line ends read outside quotes (a CRLF is one)
	qlast int      // offset of the last byte that took the machine into quotes
	bad   []BadRow // the rows skipped
}

// pass is what the reader does with the next byte.
type pass uint8

const (
	reading   pass = iota // rows and values, by the events of docs/reading-rules.md
	skipping              // a bad row: the table runs on, to the first line end outside quotes
	skipBytes             // a bad row at its limit: the first line-end byte ends it
)

func newReader(in []byte, opts Options) *reader {
	r := &reader{in: in, opts: opts, rules: newRules(opts.Dialect), maxLine: opts.MaxLineSize, comment: -1}
	if r.maxLine <= 0 {
		r.maxLine = DefaultMaxLineSize
	}
	if opts.FieldsPerRow > 0 {
		r.width = opts.FieldsPerRow
	}
	return r
}

// run walks the input one byte at a time and applies the events of
// docs/reading-rules.md in the order the document lists them. It returns
// the first error, or, with Options.IgnoreErrors, keeps each one as a bad
// row and reads on.
func (r *reader) run() *Error {
	start := 0
	if bytes.HasPrefix(r.in, bom) {
		start = len(bom)
	}
	r.vs, r.rowStart = start, start
	delimLen := len(r.opts.Dialect.Delimiter)

	cur := stNotSet
	mode := reading
	for i := start; i < len(r.in); i++ {
		if mode == skipBytes {
			// The bytes read as unquoted text until one ends the line.
			if st := r.rules.next(stStandard, r.in[i]); st == stRecordSeparator || st == stCarriageReturn {
				cur, mode = st, reading
				r.newLine(i)
			}
			continue
		}
		prev := cur
		cur = r.rules.next(prev, r.in[i])
		lineEnd := cur == stRecordSeparator || cur == stCarriageReturn
		if cur == stQuoted && !inQuotes(prev) {
			r.qlast = i
		}

		if mode == skipping {
			switch {
			case lineEnd: // the bad row ends here
				mode = reading
				r.newLine(i)
			case i == r.rowStart+r.maxLine: // the bad row reached its limit
				mode = skipBytes
				if inQuotes(cur) {
					i = r.qlast // the quote is taken for a stray one: look again after it
				}
			}
			continue
		}

		var err *Error
		switch {
		case cur == stDelimiter: // rule 1: the value ends before the delimiter
			r.endValue(i + 1 - delimLen)
			r.vs = i + 1

		case lineEnd: // rule 2
			switch {
			case prev == stCarriageReturn && cur == stRecordSeparator:
				// The LF of a CRLF: the line already ended at the CR.
				r.vs, r.rowStart = i+1, i+1
				continue
			case prev == stRecordSeparator || prev == stCarriageReturn || prev == stNotSet:
				err = r.emptyLine(i)
			case r.comment >= 0:
				err = r.endComment(i)
			default:
				r.endValue(i)
				err = r.endRow(i)
			}
			if err != nil && !r.skip(err) {
				return err
			}
			r.newLine(i)
			continue

		case cur == stQuoted:
			switch prev {
			case stUnquoted: // rule 4: `""`, a doubled quote
				r.escaped = true
			case stQuoted, stQuotedNewLine, stEscape, stMaybeQuoted:
				// still inside the same quotes
			default: // rule 3: the opening quote
				r.quoted = true
				r.qopen = i
			}

		case cur == stEscape || cur == stUnquotedEscape || cur == stEscapedReturn: // rule 4
			r.escaped = true

		case cur == stUnquoted: // rule 5
			if prev == stQuoted || prev == stQuotedNewLine {
				r.qclose = i
			}

		case cur == stComment: // rule 6
			if prev != stComment {
				r.comment = i
			}

		case cur == stInvalid: // rule 7
			kind := InvalidState
			if prev == stUnquoted {
				kind = UnquotedValue
			}
			err = r.errorAt(kind, i)
			if !r.skip(err) {
				return err
			}
			mode = skipping // the row's end is found by the table
		}

		// A line may not run past maxLine bytes: the byte at
		// rowStart+maxLine must be the line end.
		if i == r.rowStart+r.maxLine {
			if mode == reading {
				err = r.errorAt(LineTooLong, i)
				if !r.skip(err) {
					return err
				}
			}
			mode = skipBytes
			if inQuotes(cur) {
				i = r.qlast
			}
		}
	}

	if mode != reading {
		return nil // the bad row ran to the end of input
	}
	end := len(r.in)
	var err *Error
	switch cur {
	case stQuoted, stQuotedNewLine, stEscape:
		err = r.errorAt(UnterminatedQuote, r.qopen)
	case stDelimiterFirstByte, stDelimiterSecondByte, stDelimiterThirdByte:
		// A partial multi-byte delimiter after a closing quote (strict).
		if r.quoted && !r.opts.Dialect.Lenient {
			err = r.errorAt(UnquotedValue, r.qclose+1)
			break
		}
		r.endValue(end)
		err = r.endRow(end)
	case stComment:
		err = r.endComment(end)
	case stRecordSeparator, stCarriageReturn, stNotSet:
	default:
		r.endValue(end)
		err = r.endRow(end)
	}
	if err != nil && !r.skip(err) {
		return err
	}
	return nil
}

// inQuotes reports whether st is inside a quoted value.
func inQuotes(st state) bool {
	return st == stQuoted || st == stQuotedNewLine || st == stEscape
}

// newLine starts a new line after the line end at offset i.
func (r *reader) newLine(i int) {
	r.vs, r.rowStart = i+1, i+1
	r.comment = -1
	r.values = nil
	r.clearValue()
	r.lines++
}

// skip keeps err as a bad row when Options.IgnoreErrors is set: the row
// takes its number and its values are dropped. It reports whether reading
// goes on.
func (r *reader) skip(err *Error) bool {
	if !r.opts.IgnoreErrors {
		return false
	}
	r.bad = append(r.bad, BadRow{Error: *err, Line: r.lines + 1, RowOffset: int64(r.rowStart)})
	r.rowNum++
	r.values = nil
	r.clearValue()
	r.comment = -1
	return true
}

// errorAt is an error of the given kind at offset off, in the current row
// and field.
func (r *reader) errorAt(kind Kind, off int) *Error {
	return &Error{Kind: kind, Row: r.rowNum + 1, Field: len(r.values) + 1, Offset: int64(off)}
}

// emptyLine handles a line end right after another line end or at the
// start: a row of one empty value when the row width is 1 (given, or the
// first row's), else nothing. Before the first row the width is known only
// when it is given, so a leading empty line is a row only then.
func (r *reader) emptyLine(i int) *Error {
	if r.width != 1 {
		return nil
	}
	r.values = append(r.values, "")
	return r.endRow(i)
}

// endComment applies the comment rule when the line holding the comment
// ends at offset end.
func (r *reader) endComment(end int) *Error {
	before := r.in[r.vs:r.comment]
	if len(r.values) == 0 && len(bytes.Trim(before, " ")) == 0 {
		r.clearValue()
		return nil // a comment line: dropped
	}
	r.endValue(r.comment)
	return r.endRow(end)
}

// endValue ends the value with bytes [vs, e) and appends its text to the
// row.
func (r *reader) endValue(e int) {
	r.values = append(r.values, r.text(e))
	r.clearValue()
}

func (r *reader) clearValue() {
	r.quoted, r.escaped = false, false
	r.qopen, r.qclose = 0, 0
}

// text is the text of the value with bytes [vs, e).
func (r *reader) text(e int) string {
	if !r.quoted {
		if r.escaped {
			return r.unescape(r.in[r.vs:e])
		}
		return string(r.in[r.vs:e])
	}
	inner := string(r.in[r.qopen+1 : r.qclose])
	if r.escaped {
		inner = r.unescape(r.in[r.qopen+1 : r.qclose])
	}
	tail := bytes.TrimRight(r.in[r.qclose+1:e], " ")
	return inner + string(tail)
}

// unescape drops every escape byte that is not itself escaped and keeps the
// byte after it, whatever it is.
func (r *reader) unescape(b []byte) string {
	esc, ok := r.opts.Dialect.Escape.Byte()
	if !ok {
		return string(b)
	}
	out := make([]byte, 0, len(b))
	literal := false
	for _, c := range b {
		if c == esc && !literal {
			literal = true
			continue
		}
		literal = false
		out = append(out, c)
	}
	return string(out)
}

// endRow ends the row whose line end is at offset end (the input length at
// the end of input): it checks the field count and delivers the row.
func (r *reader) endRow(end int) *Error {
	values := r.values
	r.values = nil
	n := len(values)
	if r.width == 0 && r.opts.FieldsPerRow <= 0 {
		r.width = n
	}
	if r.opts.FieldsPerRow >= 0 && n != r.width {
		field := n + 1
		if n > r.width {
			field = r.width + 1
		}
		return &Error{Kind: FieldCount, Row: r.rowNum + 1, Field: field, Offset: int64(end)}
	}
	r.rowNum++
	if r.opts.Header && r.rowNum == 1 {
		r.header = values
		return nil
	}
	r.rows = append(r.rows, values)
	return nil
}
