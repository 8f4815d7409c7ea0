package csvscan

// The wording of a read's errors: the input named once, positions moved
// past a preamble read around, and advice in the front door's options
// (wrap, inputError, and the hints for the kinds of error that have one).

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// wrap names the input in err, moves its positions past a preamble read
// around, and adds the encoding advice to an encoding error.
func (r *Reader) wrap(err error) error {
	var pe *scanner.ParseError
	var re *typed.RowError
	var rd *scanner.ReadError
	switch {
	case errors.As(err, &pe):
		c := *pe
		c.Offset += r.shift.offset
		c.RowOffset += r.shift.offset
		c.Line += r.shift.lines // skipped lines are lines, not rows
		err = &c
	case errors.As(err, &rd):
		c := *rd
		c.Offset += r.shift.offset
		c.Line += r.shift.lines
		err = &c
	case errors.As(err, &re):
		c := *re
		if c.Line > 0 { // 0: the row source could not tell
			c.Line += r.shift.lines
		}
		if c.Offset >= 0 {
			c.Offset += r.shift.offset
		}
		if c.RowOffset >= 0 {
			c.RowOffset += r.shift.offset
		}
		err = &c
		if errors.Is(err, typed.ErrInvalidUnicode) {
			return &inputError{name: r.name, err: err, hint: "set Options.Encoding to the file's encoding, for example \"latin-1\""}
		}
	}
	hint := r.quoteHint(err)
	if hint == "" {
		hint = r.tableEndHint(err)
	}
	if hint == "" {
		hint = r.rowHint(err)
	}
	return &inputError{name: r.name, err: err, hint: hint}
}

// rowHint is the advice for a row that does not fit the table when no
// more particular advice applies: a typed read's errors had none, and a
// row with too many values was told to set NullPadding, which pads only
// short rows. "" leaves a parse error its doorHints. The advice is the
// same whether the types were sniffed or given, as FuzzOpen compares.
func (r *Reader) rowHint(err error) string {
	const tooMany = "the row has more values than the table has columns, which NullPadding does not change; IgnoreErrors skips the row"
	var pe *scanner.ParseError
	switch {
	case errors.As(err, &pe):
		if pe.Kind == scanner.ErrFieldCount && len(r.schema) > 0 && pe.Field > len(r.schema) {
			if pe.Field == len(r.schema)+1 && !r.read.TrailingDelimiter && endsInDelimiter(pe.Text, r.read.Dialect.Delimiter) {
				return "the row ends with a delimiter, which makes one empty value more than the table has columns: set Options.TrailingDelimiter if the rows end so; IgnoreErrors skips the row"
			}
			return tooMany
		}
	case errors.Is(err, typed.ErrTooManyColumns):
		return tooMany
	case errors.Is(err, typed.ErrMissingColumns):
		return doorHints[scanner.ErrFieldCount]
	case errors.Is(err, typed.ErrCast):
		// (Types overrides the types Columns gives too.)
		return "set Options.Types to read the column as another type (VARCHAR reads any value), or IgnoreErrors to skip the row"
	}
	return ""
}

// endsInDelimiter reports whether text, a row through its line end
// (ParseError.Text), ends with delim before the line end.
func endsInDelimiter(text []byte, delim string) bool {
	text = bytes.TrimRight(text, "\r\n")
	return delim != "" && bytes.HasSuffix(text, []byte(delim))
}

// tableEndHint is the advice for a bad row at or past the line where the
// sniffer found the table to end (sniff.Result.TableEnd: notes or a
// second table below it), whose rows the sniffer counted as rejects: ""
// for another row, or when the sniffer found no such end.
func (r *Reader) tableEndHint(err error) string {
	d := r.detected
	if d.Sniff == nil || d.Sniff.TableEnd == 0 {
		return ""
	}
	line := 0
	var pe *scanner.ParseError
	var re *typed.RowError
	switch {
	case errors.As(err, &pe):
		line = pe.Line
	case errors.As(err, &re):
		line = re.Line
	}
	if line < d.Sniff.TableEnd {
		return ""
	}
	return fmt.Sprintf("the sniffer found the table to end at line %d, with notes or another table below it; IgnoreErrors skips the rows from there on that do not fit it", d.Sniff.TableEnd)
}

// quoteHint is the advice for a row that breaks the table when the sniffer
// chose a dialect without a quote: the sample it read had no quoted value,
// and a quote that first appears later (issue 13, class 6) makes a row
// wider than the table. It says which option reads such a file; "" when
// the error is of another kind or the quote was not the sniffer's choice.
func (r *Reader) quoteHint(err error) string {
	d := r.detected
	if d.Sniff == nil || d.Dialect.Quote.IsSet() || r.opts.Quote != "" {
		return ""
	}
	var pe *scanner.ParseError
	switch {
	case errors.As(err, &pe):
		// A row without a quote is not this case; a parallel scan keeps no
		// text for width errors, so the advice then says "if".
		if !errors.Is(err, scanner.ErrFieldCount) || pe.Text != nil && !bytes.ContainsRune(pe.Text, '"') {
			return ""
		}
	case errors.Is(err, typed.ErrTooManyColumns), errors.Is(err, typed.ErrMissingColumns):
		// The typed reader keeps no text: the advice says "if".
	default:
		return ""
	}
	return "the sniffer found no quoted value in its sample and read the file without a quote character; " +
		"if values are quoted further on, set Options.Quote to '\"'"
}

// inputError is an error in reading one input: its message names it.
type inputError struct {
	name string
	err  error
	hint string
}

func (e *inputError) Error() string {
	inner, hint := e.err.Error(), e.hint
	if pe, ok := e.err.(*scanner.ParseError); ok {
		// The scanner's advice names the scanner's options: the front
		// door gives its own.
		inner = pe.Summary()
		if hint == "" {
			hint = doorHints[pe.Kind]
		}
	}
	// (An error that names the input itself, a *buffer.FaultError, is
	// not named twice.)
	inner = strings.TrimPrefix(strings.TrimPrefix(inner, "csvscan: "), e.name+": ")
	if rd, ok := e.err.(*scanner.ReadError); ok {
		cause := strings.TrimPrefix(strings.TrimPrefix(rd.Err.Error(), "csvscan: "), e.name+": ")
		if _, ok := rd.Err.(*decode.Error); ok {
			// The decoder gives its byte in the encoded input; the
			// scan's offset, in the decoded text, would be a second
			// number.
			inner = rd.Place() + ": " + cause
		} else {
			inner = rd.Where() + ": reading the input: " + cause
		}
	}
	msg := "csvscan: " + e.name + ": " + inner
	if hint != "" {
		msg += " (" + hint + ")"
	}
	return msg
}

// doorHints is the advice for each kind of parse error in the front
// door's options, as scanner.ParseError.Hint gives it in the scanner's.
var doorHints = map[error]string{
	scanner.ErrUnterminatedQuote: "the input may be cut short; if quotes are not special in it, set Options.Quote to csvscan.None; IgnoreErrors skips the row",
	scanner.ErrUnquotedValue:     "set Options.StrictMode to Off to keep the text after the quote, or IgnoreErrors to skip the row",
	scanner.ErrInvalidState:      "set Options.NewLine to the input's line ends, or StrictMode to Off; IgnoreErrors skips the row",
	scanner.ErrLineTooLong:       "raise Options.MaxLineSize if rows are this long, or look for a quote that never closes; IgnoreErrors skips the row",
	scanner.ErrFieldCount:        "set Options.NullPadding to read short rows with NULLs, or IgnoreErrors to skip the row",
}

func (e *inputError) Unwrap() error { return e.err }
