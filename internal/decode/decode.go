package decode

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ErrUnknown is returned by Reader for an encoding it does not know.
var ErrUnknown = errors.New("unknown encoding")

// Reader returns a reader that yields r's text as UTF-8, for DuckDB's
// encoding option: "utf-8" (r itself), "latin-1" (ISO 8859-1: every byte
// is the code point of the same value) and "utf-16" (little-endian unless a
// byte order mark FE FF says big-endian; the mark is dropped, and an
// unpaired surrogate, or an odd last byte, becomes U+FFFD). Names ignore case, '-' and '_'
// ("UTF8", "latin1", "ISO-8859-1" are accepted). The scanner reads bytes;
// decoding first is how a file in another encoding is read, as DuckDB
// decodes its buffers before parsing.
func Reader(r io.Reader, encoding string) (io.Reader, error) {
	switch strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(encoding)) {
	case "utf8", "":
		return r, nil
	case "latin1", "iso88591":
		return &latin1Reader{r: bufio.NewReaderSize(r, 64<<10)}, nil
	case "utf16":
		return &utf16Reader{r: bufio.NewReaderSize(r, 64<<10), first: true}, nil
	}
	return nil, fmt.Errorf("csvscan: encoding %q: %w (utf-8, latin-1 and utf-16 are)", encoding, ErrUnknown)
}

// latin1Reader turns each byte into its code point in UTF-8.
type latin1Reader struct {
	r       *bufio.Reader
	pending []byte // encoded bytes not yet returned
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pending) > 0 {
			k := copy(p[n:], l.pending)
			l.pending = l.pending[k:]
			n += k
			continue
		}
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 && err == io.EOF {
				return n, nil
			}
			return n, err
		}
		if b < utf8.RuneSelf {
			p[n] = b
			n++
			continue
		}
		l.pending = utf8.AppendRune(l.pending[:0], rune(b))
		if n > 0 && l.r.Buffered() == 0 {
			break // do not block for more input with bytes to return
		}
	}
	return n, nil
}

// utf16Reader decodes UTF-16 code units into UTF-8.
type utf16Reader struct {
	r         *bufio.Reader
	first     bool // the byte order mark is still to be looked for
	bigEndian bool
	pending   []byte
}

func (u *utf16Reader) unit() (uint16, error) {
	var b [2]byte
	if _, err := io.ReadFull(u.r, b[:]); err != nil {
		if err == io.ErrUnexpectedEOF {
			return 0xFFFD, nil // an odd last byte
		}
		return 0, err
	}
	if u.bigEndian {
		return uint16(b[0])<<8 | uint16(b[1]), nil
	}
	return uint16(b[1])<<8 | uint16(b[0]), nil
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	if u.first {
		u.first = false
		if bom, err := u.r.Peek(2); err == nil {
			switch {
			case bom[0] == 0xFF && bom[1] == 0xFE:
				u.r.Discard(2)
			case bom[0] == 0xFE && bom[1] == 0xFF:
				u.bigEndian = true
				u.r.Discard(2)
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
		if n > 0 && u.r.Buffered() < 2 {
			break
		}
		c, err := u.unit()
		if err != nil {
			if n > 0 && err == io.EOF {
				return n, nil
			}
			return n, err
		}
		r := rune(c)
		if utf16.IsSurrogate(r) {
			if c < 0xDC00 {
				lo, err := u.unit()
				if err == nil {
					if d := utf16.DecodeRune(r, rune(lo)); d != utf8.RuneError {
						u.pending = utf8.AppendRune(u.pending[:0], d)
						continue
					}
					// Not a pair: the high half is replaced, the low
					// unit is read on its own.
					u.pending = utf8.AppendRune(u.pending[:0], utf8.RuneError)
					if utf16.IsSurrogate(rune(lo)) {
						u.pending = utf8.AppendRune(u.pending, utf8.RuneError)
					} else {
						u.pending = utf8.AppendRune(u.pending, rune(lo))
					}
					continue
				}
			}
			r = utf8.RuneError
		}
		u.pending = utf8.AppendRune(u.pending[:0], r)
	}
	return n, nil
}
