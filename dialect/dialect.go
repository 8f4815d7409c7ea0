package dialect

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Char is an optional single-byte character of a dialect: a quote, an escape
// or a comment marker. The zero value is None.
type Char struct {
	b  byte
	ok bool
}

// Some returns the Char holding b. Any byte is allowed here, including 0;
// Validate rejects the ones that clash with the rest of the dialect.
func Some(b byte) Char { return Char{b: b, ok: true} }

// None is the absent Char.
var None = Char{}

// Byte returns the character and whether it is set.
func (c Char) Byte() (byte, bool) { return c.b, c.ok }

// IsSet reports whether the character is present.
func (c Char) IsSet() bool { return c.ok }

// Is reports whether the character is set and equal to b.
func (c Char) Is(b byte) bool { return c.ok && c.b == b }

// String returns the character as DuckDB's sniff_csv prints it: the byte
// itself (escaped when it is not printable), or "" when absent.
func (c Char) String() string {
	if !c.ok {
		return ""
	}
	return printable(string([]byte{c.b}))
}

// Newline says which byte sequences end a row.
type Newline uint8

const (
	// NewlineAuto accepts LF, CRLF and a lone CR as row ends.
	NewlineAuto Newline = iota
	// NewlineLF is DuckDB's '\n' setting: LF ends a row, and so does CR
	// (DuckDB builds the same table for '\n' and '\r'); CRLF therefore reads
	// as a row end followed by an empty line.
	NewlineLF
	// NewlineCRLF is DuckDB's '\r\n' setting: CRLF ends a row, a lone CR
	// too; in strict mode a lone LF outside quotes is an error.
	NewlineCRLF
	// NewlineCR is DuckDB's '\r' setting; its table equals NewlineLF's.
	NewlineCR
)

// String returns the newline as DuckDB's sniff_csv prints it.
func (n Newline) String() string {
	switch n {
	case NewlineAuto:
		return "auto"
	case NewlineLF:
		return `\n`
	case NewlineCRLF:
		return `\r\n`
	case NewlineCR:
		return `\r`
	}
	return "Newline(" + strconv.Itoa(int(n)) + ")"
}

// ParseNewline reads the names accepted on the command line: "auto", "lf",
// "crlf", "cr", and DuckDB's spellings `\n`, `\r\n`, `\r`.
func ParseNewline(s string) (Newline, error) {
	switch strings.ToLower(s) {
	case "auto", "":
		return NewlineAuto, nil
	case "lf", `\n`, "\n":
		return NewlineLF, nil
	case "crlf", `\r\n`, "\r\n":
		return NewlineCRLF, nil
	case "cr", `\r`, "\r":
		return NewlineCR, nil
	}
	return 0, fmt.Errorf("csvscan: unknown newline %q (want auto, lf, crlf or cr)", s)
}

// MaxDelimiterLen is the longest delimiter, in bytes, that a table can
// follow: the table has states for the first three bytes of a partial match.
const MaxDelimiterLen = 4

// Dialect is everything that shapes the transition table. It is comparable:
// == tells whether two dialects read bytes the same way.
type Dialect struct {
	// Delimiter separates fields: 1 to 4 arbitrary bytes, such as ",",
	// "\t", "||" or "🦆".
	Delimiter string
	// Quote opens and closes a quoted field, or None.
	Quote Char
	// Escape, inside a quoted field, makes the next byte literal. When it
	// equals Quote, a doubled quote ("") stands for one quote. None means
	// there is no escape.
	Escape Char
	// Comment starts a comment that runs to the end of the line, or None.
	Comment Char
	// Newline says which byte sequences end a row.
	Newline Newline
	// Lenient turns DuckDB's strict_mode off: text after a closing quote is
	// kept instead of being an error, an escape outside quotes is honoured,
	// and with NewlineCRLF a lone LF ends a row. The zero value is strict,
	// as DuckDB's default.
	Lenient bool
}

// Default returns the RFC 4180 dialect: comma, '"' quotes, "" as the escape,
// no comment, any line end, strict.
func Default() Dialect { return RFC4180 }

// RFC4180 is the dialect of RFC 4180 with DuckDB's defaults: comma
// delimiter, '"' quote and escape, no comment, auto newline, strict mode.
var RFC4180 = Dialect{Delimiter: ",", Quote: Some('"'), Escape: Some('"')}

// TSV is tab-separated values without quoting: every byte but the tab and
// the line ends is content.
var TSV = Dialect{Delimiter: "\t"}

// ErrInvalid is the cause of every error Validate returns.
var ErrInvalid = errors.New("invalid dialect")

// Error is returned by Validate; it names the fields in conflict.
type Error struct {
	Field string // the option at fault, as read_csv names it: delim, quote, escape, comment, new_line
	Msg   string
}

// Error returns the message: "csvscan: dialect: " and the field at fault,
// then why.
func (e *Error) Error() string { return "csvscan: dialect: " + e.Field + ": " + e.Msg }

// Unwrap returns ErrInvalid so that errors.Is(err, dialect.ErrInvalid) holds.
func (e *Error) Unwrap() error { return ErrInvalid }

// Validate reports the first contradiction in d: a delimiter that is empty,
// longer than MaxDelimiterLen, or holds a line-end, quote, escape or comment
// byte; a quote, escape or comment that is a line-end byte or a space; a
// quote equal
// to the comment; an escape equal to the comment; an escape without a quote;
// an unknown newline.
func (d Dialect) Validate() error {
	n := len(d.Delimiter)
	if n == 0 || n > MaxDelimiterLen {
		return &Error{"delim", fmt.Sprintf("must be 1 to %d bytes, got %d", MaxDelimiterLen, n)}
	}
	for i := 0; i < n; i++ {
		c := d.Delimiter[i]
		switch {
		case c == '\n' || c == '\r':
			return &Error{"delim", "must not hold a line-end byte (\\n or \\r)"}
		case d.Quote.Is(c):
			return &Error{"delim", fmt.Sprintf("must not hold the quote %s", quoteByte(c))}
		case d.Escape.Is(c):
			return &Error{"delim", fmt.Sprintf("must not hold the escape %s", quoteByte(c))}
		case d.Comment.Is(c):
			return &Error{"delim", fmt.Sprintf("must not hold the comment %s", quoteByte(c))}
		}
	}
	for _, f := range []struct {
		name string
		c    Char
	}{{"quote", d.Quote}, {"escape", d.Escape}, {"comment", d.Comment}} {
		if f.c.Is('\n') || f.c.Is('\r') {
			return &Error{f.name, "must not be a line-end byte"}
		}
		if f.c.Is(' ') {
			return &Error{f.name, "must not be a space: spaces around values are read as padding"}
		}
	}
	if q, ok := d.Quote.Byte(); ok && d.Comment.Is(q) {
		return &Error{"comment", "must differ from the quote"}
	}
	if e, ok := d.Escape.Byte(); ok && d.Comment.Is(e) {
		return &Error{"comment", "must differ from the escape"}
	}
	if d.Escape.IsSet() && !d.Quote.IsSet() {
		return &Error{"escape", "needs a quote: an escape only acts inside quoted fields"}
	}
	if d.Newline > NewlineCR {
		return &Error{"new_line", fmt.Sprintf("unknown value %d", d.Newline)}
	}
	return nil
}

// Hash returns a 64-bit FNV-1a hash of every field, in a fixed encoding, so
// it is the same in every process and on every machine. Equal dialects have
// equal hashes; the table cache also compares the dialect itself, so a
// collision never returns the wrong table.
func (d Dialect) Hash() uint64 {
	var enc [1 + MaxDelimiterLen + 3*2 + 2]byte
	enc[0] = byte(len(d.Delimiter))
	copy(enc[1:1+MaxDelimiterLen], d.Delimiter)
	i := 1 + MaxDelimiterLen
	for _, c := range []Char{d.Quote, d.Escape, d.Comment} {
		if c.ok {
			enc[i] = 1
			enc[i+1] = c.b
		}
		i += 2
	}
	enc[i] = byte(d.Newline)
	if d.Lenient {
		enc[i+1] = 1
	}
	return fnv1a(enc[:])
}

func fnv1a(b []byte) uint64 {
	const (
		offset = 14695981039346656037
		prime  = 1099511628211
	)
	h := uint64(offset)
	for _, c := range b {
		h ^= uint64(c)
		h *= prime
	}
	return h
}

// String prints the dialect as read_csv options, in the order and spelling
// of DuckDB's sniff_csv columns:
//
//	delim=',', quote='"', escape='"', new_line='auto', comment='', strict_mode=true
func (d Dialect) String() string {
	return fmt.Sprintf("delim='%s', quote='%s', escape='%s', new_line='%s', comment='%s', strict_mode=%t",
		printable(d.Delimiter), d.Quote, d.Escape, d.Newline, d.Comment, !d.Lenient)
}

// printable escapes the bytes of s that a terminal would not show.
func printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\'':
			b.WriteString(`\'`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func quoteByte(c byte) string { return "'" + printable(string([]byte{c})) + "'" }
