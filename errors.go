package csvscan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// The causes of the errors Open gives about an input that is not CSV text
// as the options read it; errors.Is tells them apart. Each error names the
// row, the line and the byte offset, and the option to set.
var (
	// ErrNotUTF8: the input is not valid UTF-8 and Options.Encoding does
	// not say another encoding (DuckDB's "This file is not utf-8
	// encoded").
	ErrNotUTF8 = errors.New("not valid UTF-8")
	// ErrBinary: no dialect reads the input, and it holds NUL bytes or
	// other control bytes that CSV text does not: a binary file, or a
	// compressed or UTF-16 one the options do not say so of.
	ErrBinary = errors.New("binary data, not CSV text")
	// ErrDecoding: the input is not valid text in its encoding
	// (Options.Encoding, or UTF-16 found by its look): a latin-1 byte in
	// 0x80 to 0x9F, an unassigned windows-1252 byte, an unpaired UTF-16
	// surrogate or an odd last byte (DuckDB's "File is not utf-16
	// encoded"). A *decode.Error from Decode also matches it.
	ErrDecoding = decode.ErrInvalid
)

// utf8Check is how much of the input Open checks for valid UTF-8 before
// reading: an invalid byte further on is an error of the read, with the
// same advice (typed.ErrInvalidUnicode).
const utf8Check = headSize

// head returns the first n bytes of the input (fewer if it is shorter)
// and whether they are all of it. A stream's bytes are kept for the read.
func (s *source) head(n int) ([]byte, bool, error) {
	if s.file != nil {
		b := make([]byte, min(int64(n), s.size))
		k, err := s.file.ReadAt(b, 0)
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		return b[:k], int64(k) == s.size, nil
	}
	b := make([]byte, n)
	k, err := io.ReadFull(s.stream, b)
	s.stream = io.MultiReader(bytes.NewReader(b[:k]), s.stream)
	if err != nil && err != io.EOF && (err != io.ErrUnexpectedEOF || s.readFailed(err)) {
		return b[:k], false, err // the bytes before a read error
	}
	return b[:k], k < n, nil
}

// checkUTF8 refuses an input whose first rows are not valid UTF-8 when
// the options do not name an encoding: it would otherwise fail at its
// first such row in a typed read, and a raw read or the sniffer's column
// names would pass the bytes on unchecked. With IgnoreErrors only the
// header is looked at (bad rows are skipped, but a header is not: the
// typed read would stop at it, later and with less to say). Lines the
// reading skips (a preamble, comments) are not looked at.
func (r *Reader) checkUTF8() error {
	if r.src.encoding != "utf-8" {
		return nil
	}
	data, all, err := r.src.head(utf8Check)
	if err != nil {
		if r.src.readFailed(err) {
			return r.readErrorAfter(data, err, r.read)
		}
		return r.wrap(err)
	}
	if !all {
		// A row cut at the end may end in part of a character: look at
		// whole lines (a line end is never inside a UTF-8 sequence).
		if i := bytes.LastIndexAny(data, "\n\r"); i >= 0 {
			data = data[:i+1]
		}
	}
	if utf8.Valid(data) {
		return nil
	}
	o := r.read
	o.FieldsPerRow, o.IgnoreErrors = -1, true
	s, err := scanner.NewBytes(data, o)
	if err != nil {
		return nil // the read says what is wrong with the options
	}
	s.TrackFieldOffsets()
	ok := s.Scan()
	for _, name := range s.Header() {
		if !utf8.ValidString(name) {
			if err := r.binaryError(data, nil); err != nil {
				return err // not text at all: no encoding would read it
			}
			from := lineOffsetIn(data, o.SkipRows)
			at := from + firstInvalid(data[from:])
			return r.encodingError(fmt.Sprintf("row 1 (the header), line %d", lineAt(data, at)), int64(at), true)
		}
	}
	if r.read.IgnoreErrors {
		return nil // the read skips the rows that are not UTF-8
	}
	for ; ok; ok = s.Scan() {
		for i, v := range s.Row() {
			if !utf8.Valid(v) {
				if err := r.binaryError(data, nil); err != nil {
					return err // not text at all: no encoding would read it
				}
				at := s.FieldOffsets()[i] + int64(firstInvalid(v))
				col := fmt.Sprintf("column %d", i+1)
				if i < len(r.cast.Schema) {
					col += fmt.Sprintf(" (%q)", r.cast.Schema[i].Name)
				}
				return r.encodingError(fmt.Sprintf("row %d, line %d, %s", s.RowNumber(), s.LineNumber(), col), at, false)
			}
		}
	}
	return nil
}

// encodingError says that the value at where (its row, line and column),
// byte at, is not UTF-8, and what to set. For a header (header true) the
// advice is to read it as a row, not IgnoreErrors, which skips bad rows
// but never a header.
func (r *Reader) encodingError(where string, at int64, header bool) error {
	or := "IgnoreErrors to skip such rows"
	if header {
		or = "Options.Header to Off to read the header as a row"
	}
	return &inputError{name: r.name, err: fmt.Errorf("csvscan: %s, byte %d: %w: set Options.Encoding to the file's encoding (for example \"latin-1\" or \"utf-16\"), or %s",
		where, at, ErrNotUTF8, or)}
}

// firstInvalid is the offset of the first byte of b that is not part of a
// valid UTF-8 sequence, or len(b).
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		c, n := utf8.DecodeRune(b[i:])
		if c == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(b)
}

// lineAt is the 1-based line of byte at of data: one more than the line
// ends (LF, CRLF, a lone CR) before it.
func lineAt(data []byte, at int) int {
	line := 1
	for i := 0; i < at && i < len(data); i++ {
		switch {
		case data[i] == '\n':
			line++
		case data[i] == '\r' && (i+1 >= len(data) || data[i+1] != '\n'):
			line++
		}
	}
	return line
}

// lineOffsetIn is the offset in data of the start of line n+1 (0-based n
// lines skipped).
func lineOffsetIn(data []byte, n int) int {
	off, _ := lineOffset(bytes.NewReader(data), int64(len(data)), n)
	return int(off)
}

// sniffError is the error of a sniff that failed. When no dialect reads
// the input, the reason is looked for in its first bytes, so that the
// error says what to do instead of "no dialect reads the sample
// consistently": binary data (ErrBinary), bytes that are not UTF-8
// (ErrNotUTF8), a line over the maximum line size (a
// scanner.ErrLineTooLong error with its row, line and byte).
func (r *Reader) sniffError(err error, so sniff.Options) error {
	if _, ok := errors.AsType[*decode.Error](err); ok || r.src.readFailed(err) {
		return r.sampleReadError(err, so)
	}
	if !errors.Is(err, sniff.ErrNoDialect) {
		return &inputError{name: r.name, err: err}
	}
	maxLine := r.read.MaxLineSize
	if maxLine <= 0 {
		maxLine = scanner.DefaultMaxLineSize
	}
	data, _, herr := r.src.head(min(maxLine, scanner.MaxMaxLineSize) + utf8Check)
	if herr != nil {
		return &inputError{name: r.name, err: err}
	}
	sample := data[:min(len(data), utf8Check)]
	if berr := r.binaryError(sample, err); berr != nil {
		return berr
	}
	if r.src.encoding == "utf-8" {
		if at := firstInvalid(sample); at < len(sample) && (at < len(sample)-3 || len(sample) == len(data)) {
			return &inputError{name: r.name, err: gaveUp(err, ErrNotUTF8, "row %d, line %d, byte %d: not valid UTF-8, so no dialect reads it: set Options.Encoding to the file's encoding (for example \"latin-1\" or \"utf-16\")",
				r.rowAt(data, at), lineAt(data, at), at)}
		}
	}
	o := r.read
	o.FieldsPerRow, o.IgnoreErrors, o.Header = -1, false, false
	if s, serr := scanner.NewBytes(data, o); serr == nil {
		for s.Scan() {
		}
		var pe *scanner.ParseError
		if errors.As(s.Err(), &pe) && errors.Is(pe, scanner.ErrLineTooLong) {
			return &inputError{name: r.name, err: gaveUp(err, pe, "row %d, line %d, byte %d: a line longer than the maximum line size of %d bytes, so no dialect reads the sample: raise Options.MaxLineSize if rows are this long, or look for a quote that never closes",
				pe.Row, pe.Line, pe.Offset, maxLine)}
		}
	}
	return &inputError{name: r.name, err: err}
}

// sampleReadError is the error of a sniff that a read error stopped (the
// stream's, a decompressor's or a decoder's): the read's error there,
// which names the row, the line and the field the text before it ends in
// (a *scanner.ReadError), as the dialect sniffed from that text reads it,
// or as the options read it when that text is too little to sniff.
func (r *Reader) sampleReadError(err error, so sniff.Options) error {
	// The replay of the stream gives the sniffer's sample up to the
	// error, then the error.
	data, _ := io.ReadAll(io.LimitReader(r.src.stream, int64(scanner.MaxMaxLineSize)+utf8Check))
	o := r.read
	if res, err := sniff.SniffBytes(data, so); err == nil {
		res.Apply(&o)
	}
	return r.readErrorAfter(data, err, o)
}

// readErrorAfter is the error of a read with options o that fails with err
// after data, the input's first bytes: a *scanner.ReadError naming where
// data ends, or err itself if the scan cannot tell.
func (r *Reader) readErrorAfter(data []byte, err error, o scanner.Options) error {
	o.FieldsPerRow, o.IgnoreErrors = -1, true
	s, serr := scanner.New(io.MultiReader(bytes.NewReader(data), failing{err}), o)
	if serr != nil {
		return &inputError{name: r.name, err: err}
	}
	for s.Scan() {
	}
	if _, ok := errors.AsType[*scanner.ReadError](s.Err()); !ok {
		return &inputError{name: r.name, err: err}
	}
	return &inputError{name: r.name, err: s.Err()}
}

// failing is a reader that fails with err.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }

// binaryError is the error for data that looks like binary data, or nil;
// sniffErr is the sniffer's error, when it found no dialect.
func (r *Reader) binaryError(data []byte, sniffErr error) error {
	at, ok := binaryAt(data)
	if !ok {
		return nil
	}
	msg := "row %d, line %d, byte %d: binary data, not CSV text (a byte 0x%02x)"
	if sniffErr != nil {
		msg += ", so no dialect reads it"
	}
	msg += "; if it is compressed, set Options.Compression; if it is UTF-16 without a byte order mark, set Options.Encoding"
	e := &sniffFailure{msg: fmt.Sprintf(msg, r.rowAt(data, at), lineAt(data, at), at, data[at]), errs: []error{ErrBinary}}
	if sniffErr != nil {
		e.errs = append(e.errs, sniffErr)
	}
	return &inputError{name: r.name, err: e}
}

// binaryAt finds the first byte that CSV text does not hold: NUL, or, when
// they are more than one byte in ten, another control byte than tab, line
// feed, carriage return and form feed.
func binaryAt(b []byte) (int, bool) {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return i, true
	}
	first, n := -1, 0
	for i, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7f {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	return first, first >= 0 && n*10 > len(b)
}

// rowAt is the 1-based row of byte at of data, as the plan's dialect reads
// it (rows that do not parse counted).
func (r *Reader) rowAt(data []byte, at int) int {
	o := r.read
	o.FieldsPerRow, o.IgnoreErrors, o.Header = -1, true, false
	s, err := scanner.NewBytes(data[:min(len(data), at+1)], o)
	if err != nil {
		return 1
	}
	row := 1
	for s.Scan() {
		if s.RowOffset() > int64(at) {
			break
		}
		row = s.RowNumber()
	}
	return max(row, 1)
}

// gaveUp is the error of a sniff that found no dialect (sniffErr) because
// of cause: its message says what cause is and what to do; errors.Is
// finds both (a sniffFailure).
func gaveUp(sniffErr, cause error, format string, args ...any) error {
	return &sniffFailure{msg: fmt.Sprintf(format, args...), errs: []error{cause, sniffErr}}
}

// sniffFailure is an error whose message is its own and whose causes are
// errs, for errors.Is.
type sniffFailure struct {
	msg  string
	errs []error
}

func (e *sniffFailure) Error() string   { return e.msg }
func (e *sniffFailure) Unwrap() []error { return e.errs }
