package decode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/csvscan/csvscan/internal/iocheck"
)

// ErrUnknown is returned by Reader for an encoding it does not know.
var ErrUnknown = errors.New("unknown encoding")

// ErrInvalid is the cause of an *Error: the input is not valid text in
// the encoding it is decoded from.
var ErrInvalid = errors.New("not valid text in its encoding")

// Error is a read's error for input that is not valid in its encoding:
// what is wrong, and where in the encoded input.
type Error struct {
	Encoding string // the encoding's name, as Name gives it
	Offset   int64  // of the first byte that is wrong, in the encoded input
	What     string // what is wrong, such as "an unpaired surrogate 0xd800"
	Advice   string // what to do about it
}

// Error says what is wrong, where, and what to do.
func (e *Error) Error() string {
	return fmt.Sprintf("csvscan: byte %d of the %s input: %s: %v; %s", e.Offset, e.Encoding, e.What, ErrInvalid, e.Advice)
}

// Unwrap returns ErrInvalid.
func (e *Error) Unwrap() error { return ErrInvalid }

// Name returns the canonical name of encoding ("utf-8", "latin-1",
// "windows-1252", "utf-16", "utf-16le" or "utf-16be"), or ErrUnknown.
// Names ignore case, '-' and '_' ("UTF8", "latin1", "ISO-8859-1",
// "cp1252" are accepted); "" is "utf-8".
func Name(encoding string) (string, error) {
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(encoding)) {
	case "utf8", "":
		return "utf-8", nil
	case "latin1", "iso88591":
		return "latin-1", nil
	case "windows1252", "cp1252":
		return "windows-1252", nil
	case "utf16":
		return "utf-16", nil
	case "utf16le":
		return "utf-16le", nil
	case "utf16be":
		return "utf-16be", nil
	}
	return "", fmt.Errorf("csvscan: encoding %q: %w (utf-8, latin-1, windows-1252, utf-16, utf-16le and utf-16be are)", encoding, ErrUnknown)
}

// Reader returns a reader that yields r's text as UTF-8, for DuckDB's
// encoding option:
//
//   - "utf-8": r itself.
//   - "latin-1" (ISO 8859-1): every byte is the code point of the same
//     value, but for 0x80 to 0x9F, which latin-1 text does not hold (they
//     are C1 control codes) and which are an *Error, as in DuckDB: such a
//     file is most often windows-1252.
//   - "windows-1252": latin-1 with printable characters at 0x80 to 0x9F
//     (€, curly quotes, dashes); its five unassigned bytes are an *Error.
//   - "utf-16": little-endian unless a byte order mark FE FF says
//     big-endian; "utf-16le" and "utf-16be" fix the order. A byte order
//     mark of the order is dropped. An unpaired surrogate and an odd last
//     byte are an *Error (DuckDB, which reads UCS-2 only, also refuses
//     every pair; they are decoded here).
//
// The rows before an error are read; the error comes after them, never
// taken for the end of the input. The scanner reads bytes; decoding first
// is how a file in another encoding is read, as DuckDB decodes its
// buffers before parsing.
func Reader(r io.Reader, encoding string) (io.Reader, error) {
	name, err := Name(encoding)
	if err != nil {
		return nil, err
	}
	if name == "utf-8" {
		return r, nil
	}
	br := bufio.NewReaderSize(&iocheck.Reader{R: r}, 64<<10)
	switch name {
	case "latin-1":
		return &byteReader{r: br, name: name, table: &latin1}, nil
	case "windows-1252":
		return &byteReader{r: br, name: name, table: &windows1252}, nil
	}
	return &utf16Reader{r: br, name: name, first: true, bigEndian: name == "utf-16be"}, nil
}

// Detect names the encoding of a head of input that is UTF-16 by its
// look: "utf-16" when it starts with a byte order mark (FF FE or FE FF),
// "utf-16le" or "utf-16be" when it has none but its bytes come in pairs
// of an ASCII character and a NUL, on the same side (text mostly of ASCII
// characters: at least three pairs in four, hardly any the other way
// round), else "".
func Detect(head []byte) string {
	if len(head) >= 2 && (head[0] == 0xff && head[1] == 0xfe || head[0] == 0xfe && head[1] == 0xff) {
		return "utf-16"
	}
	b := head[:min(len(head), 4096)&^1]
	pairs := len(b) / 2
	if pairs < 4 {
		return ""
	}
	text := func(c byte) bool { return c >= 0x20 && c < 0x7f || c == '\t' || c == '\n' || c == '\r' }
	le, be := 0, 0
	for i := 0; i < len(b); i += 2 {
		switch {
		case text(b[i]) && b[i+1] == 0:
			le++
		case b[i] == 0 && text(b[i+1]):
			be++
		}
	}
	switch {
	case le >= pairs*3/4 && be <= pairs/16:
		return "utf-16le"
	case be >= pairs*3/4 && le <= pairs/16:
		return "utf-16be"
	}
	return ""
}

// A byte table maps each byte of a one-byte encoding to its code point,
// or to -1 for a byte the encoding does not hold.
type byteTable [256]rune

var latin1, windows1252 byteTable

func init() {
	for i := range latin1 {
		latin1[i], windows1252[i] = rune(i), rune(i)
	}
	for i := 0x80; i < 0xa0; i++ {
		latin1[i] = -1
	}
	// windows-1252's 0x80 to 0x9F (-1: unassigned).
	copy(windows1252[0x80:0xa0], []rune{
		'€', -1, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', -1, 'Ž', -1,
		-1, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', -1, 'ž', 'Ÿ',
	})
}

// byteReader decodes a one-byte encoding by its table.
type byteReader struct {
	r       *bufio.Reader
	name    string
	table   *byteTable
	offset  int64  // of the next byte of r
	pending []byte // encoded bytes not yet returned
	err     error  // to return once pending is
}

func (l *byteReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pending) > 0 {
			k := copy(p[n:], l.pending)
			l.pending = l.pending[k:]
			n += k
			continue
		}
		if l.err != nil {
			break
		}
		b, err := l.r.ReadByte()
		if err != nil {
			l.err = err
			break
		}
		l.offset++
		if b < utf8.RuneSelf {
			p[n] = b
			n++
			continue
		}
		c := l.table[b]
		if c < 0 {
			advice := "set Options.Encoding to the file's encoding"
			if l.name == "latin-1" {
				advice = "latin-1 has no character there; a file with such bytes is most often windows-1252: set Options.Encoding to \"windows-1252\""
			}
			l.err = &Error{Encoding: l.name, Offset: l.offset - 1, What: fmt.Sprintf("byte 0x%02x", b), Advice: advice}
			break
		}
		l.pending = utf8.AppendRune(l.pending[:0], c)
		if n > 0 && l.r.Buffered() == 0 {
			break // do not block for more input with bytes to return
		}
	}
	if n > 0 {
		return n, nil
	}
	return 0, l.err
}

// utf16Reader decodes UTF-16 code units into UTF-8.
type utf16Reader struct {
	r         *bufio.Reader
	name      string
	first     bool // the byte order mark is still to be looked for
	bigEndian bool
	offset    int64 // of the next byte of r
	pending   []byte
	err       error // to return once pending is
}

// unit reads the next code unit; an odd last byte is an *Error.
func (u *utf16Reader) unit() (uint16, error) {
	var b [2]byte
	if _, err := io.ReadFull(u.r, b[:]); err != nil {
		if err == io.ErrUnexpectedEOF {
			return 0, u.invalid(u.offset, "an odd last byte: UTF-16 text is whole pairs of bytes")
		}
		return 0, err
	}
	u.offset += 2
	if u.bigEndian {
		return uint16(b[0])<<8 | uint16(b[1]), nil
	}
	return uint16(b[1])<<8 | uint16(b[0]), nil
}

func (u *utf16Reader) invalid(at int64, what string) error {
	return &Error{Encoding: u.name, Offset: at, What: what,
		Advice: "the file is not UTF-16, or not of this byte order: set Options.Encoding to its encoding (\"utf-16le\" or \"utf-16be\" fix the order)"}
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	if u.first {
		u.first = false
		if bom, err := u.r.Peek(2); err == nil {
			switch {
			case bom[0] == 0xFF && bom[1] == 0xFE && (u.name == "utf-16" || u.name == "utf-16le"):
				u.bigEndian = false
				u.r.Discard(2)
				u.offset = 2
			case bom[0] == 0xFE && bom[1] == 0xFF && (u.name == "utf-16" || u.name == "utf-16be"):
				u.bigEndian = true
				u.r.Discard(2)
				u.offset = 2
			}
		}
	}
	n := 0
	for n < len(p) {
		if len(u.pending) > 0 {
			k := copy(p[n:], u.pending)
			u.pending = u.pending[k:]
			n += k
			continue
		}
		if u.err != nil || n > 0 && u.r.Buffered() < 4 {
			break // an error to return, or no blocking with bytes to return
		}
		at := u.offset
		c, err := u.unit()
		if err != nil {
			u.err = err
			break
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			if c >= 0xDC00 {
				u.err = u.invalid(at, fmt.Sprintf("a low surrogate 0x%04x without a high one before it", c))
				break
			}
			lo, err := u.unit()
			if err == io.EOF {
				err = u.invalid(at, fmt.Sprintf("a high surrogate 0x%04x at the end", c))
			}
			if err != nil {
				u.err = err
				break
			}
			if r = utf16.DecodeRune(r, rune(lo)); r == utf8.RuneError {
				u.err = u.invalid(at, fmt.Sprintf("a high surrogate 0x%04x followed by 0x%04x, not a low one", c, lo))
				break
			}
		}
		u.pending = utf8.AppendRune(u.pending[:0], r)
	}
	if n > 0 {
		return n, nil
	}
	return 0, u.err
}
