package csv

import (
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

// Reader reads records from CSV input with the API and the results of
// encoding/csv.Reader, so that a program switches by changing the import
// path of encoding/csv to this package's. It has encoding/csv's fields and
// methods; its records, FieldPos and InputOffset are encoding/csv's; its
// parse errors are *ParseError values (encoding/csv's type) with
// encoding/csv's lines, columns and Err, so errors.As(err, &pe) and
// errors.Is(err, ErrFieldCount) work unchanged, and their text is
// encoding/csv's.
//
// Where csvscan's own rules (docs/reading-rules.md) and encoding/csv's
// differ, the Reader follows encoding/csv: a quote in an unquoted field is
// csv.ErrBareQuote unless LazyQuotes is set; spaces before an opening
// quote or after a closing one make the field unquoted or an error; a
// CRLF inside a quoted field reads as LF; comments start only at the
// beginning of a line; every empty line is skipped, also in a one-column
// file; there is no maximum line size; after a parse error, the next Read
// goes on with the next line.
//
// A Scanner reads the rows, in the tap's buffer (scanner.NewLent: the
// input is copied once, from the io.Reader, as encoding/csv's bufio.Reader
// copies it, and that is the only copy of it). A row the Scanner reads
// exactly as encoding/csv would, which is nearly every row of a
// well-formed file, is made from the Scanner's values: a row with no
// quote, or whose quotes are those of quoted fields (with no CR in them),
// is taken after a check of its layout against where the Scanner's values
// lie, with no per-field grammar walk; the rest are checked field by
// field against encoding/csv's grammar. A row where the two could
// disagree (a parse error, a bare quote, text or spaces after a closing
// quote, spaces before an opening quote, white space TrimLeadingSpace
// would cross, a comment line holding a quote) is read again from its own
// bytes by encoding/csv, and the Scanner goes on where encoding/csv
// stopped. Such rows are read at encoding/csv's speed. So is a row longer
// than 64 KiB: encoding/csv reads it as it streams by, and the Reader
// holds what encoding/csv holds for it and 16 KiB of the input, so that a
// huge record (an unterminated quote near the start of a large file, a
// line of hundreds of megabytes, millions of empty fields) costs what it
// costs encoding/csv in memory; in time it costs encoding/csv's plus one
// copy of the record's bytes on their way to it, which measured (on a
// shared, noisy machine) from level with encoding/csv up to twice its
// time on a line of hundreds of megabytes or millions of empty fields.
// Otherwise a Reader holds the bytes of the last record and of the
// Scanner's read-ahead, within an array of 128 KiB (or the larger one the
// next paragraph bounds), and no more.
//
// The fields' strings are the input's bytes in place, in the tap's
// arrays of 128 KiB (one allocation for the many records an array holds,
// where encoding/csv allocates a string per record), so that with
// ReuseRecord a record costs no allocation in the steady state; only a
// value with doubled quotes or a CRLF inside quotes is copied, to a text
// block of 16 KiB. A string is never written again after Read returns it
// (an array strings were cut from is never written again); a field the
// caller keeps keeps its array alive: 128 KiB, or, for an array made while
// a long record was read, twice the bytes taken along into it (the record
// so far and at most one read of 64 KiB ahead) plus one read, so at most
// twice the record plus 192 KiB (encoding/csv's keeps its record's string
// alive). The doubling keeps the copying of a huge record linear. A
// caller that keeps a few fields of many records (a sample, the distinct
// values of a column) and not the rest should keep strings.Clone of them,
// so that each does not keep an array of 128 KiB alive.
//
// These are the intended differences from encoding/csv:
//
//	input or use                       encoding/csv                 Reader
//	a CR not followed by LF, outside   text of the field:           ends the row, as every CR
//	  quoted fields: a,b\rc,d\n          [a b\rc d]                   does in csvscan: [a b] [c d]
//	the same CR right after a closing  with LazyQuotes the quote    ends the row after the
//	  quote: "ab"\rc\n                   and the CR are text:         quoted field: [ab] [c]
//	                                     [ab"\rc\n] to the end;
//	                                     without it, csv.ErrQuote
//	a UTF-8 byte order mark at the     part of the first field      dropped (positions still
//	  start of the input                                              count its 3 bytes)
//	an error from the io.Reader        returned with the fields     returned alone; every later
//	                                     of the last, partial line,   Read returns it again
//	                                     or after a parse error of
//	                                     that line
//	ParseError.Err of an ErrQuote      csv.ErrQuote itself          a value that errors.Is
//	  error                                                           matches to csv.ErrQuote and
//	                                                                  to ErrUnterminatedQuote or
//	                                                                  ErrUnquotedValue (so
//	                                                                  pe.Err == csv.ErrQuote is
//	                                                                  false: use errors.Is)
//	Comma, Comment or LazyQuotes       takes effect at the next     ignored: they are read at
//	  changed after the first Read       Read                         the first Read
//
// Lines are counted as encoding/csv counts them, by LF bytes only, so rows
// separated by a lone CR share a line number.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	// Comma is the field delimiter, ',' by default. It must be a valid rune
	// other than 0, '"', '\r', '\n' and utf8.RuneError (the rules of
	// encoding/csv); any such rune, 1 to 4 bytes long in UTF-8, works.
	Comma rune

	// Comment, if not 0, is the comment character: a line that begins with
	// it, without leading white space, is ignored (lines inside a quoted
	// field are never comments). It must be a valid rune other than '"',
	// '\r', '\n' and utf8.RuneError, and differ from Comma.
	Comment rune

	// FieldsPerRecord is the number of fields every record must have when
	// it is positive. When it is 0, the first Read sets it to the number of
	// fields of the first record. When it is negative, records may have any
	// number of fields. A record with the wrong number of fields is
	// returned together with a csv.ErrFieldCount error.
	FieldsPerRecord int

	// LazyQuotes lets a quote appear in an unquoted field and a non-doubled
	// quote appear in a quoted field, as in encoding/csv; the Scanner runs
	// in lenient mode (dialect.Dialect.Lenient).
	LazyQuotes bool

	// TrimLeadingSpace makes leading white space (unicode.IsSpace) of a
	// field be ignored, even when Comma is white space.
	TrimLeadingSpace bool

	// ReuseRecord lets Read return a slice that shares the backing array of
	// the slice the previous Read returned. The strings are never
	// overwritten: a field stays valid after later Reads.
	ReuseRecord bool

	// Deprecated: TrailingComma is no longer used, as in encoding/csv.
	TrailingComma bool

	src     io.Reader
	in      *tap
	s       *scanner.Scanner // started again after a row encoding/csv read
	opts    scanner.Options
	sbase   int64 // input offset of the Scanner's first byte
	started bool
	lazy    bool   // LazyQuotes, as read at the first Read
	comma   []byte // Comma in UTF-8
	comment []byte // Comment in UTF-8, nil when there is none
	trimAll bool   // Comma is white space: TrimLeadingSpace may cross a delimiter
	eof     bool
	err     error // an error of the io.Reader, returned by every later Read
	restart int64 // the input offset of the last restart of the Scanner
	bufSize int   // the Scanner's BufferSize

	// The record the last Read returned.
	start    int64       // the input offset of its first line
	rowEnd   int64       // read by the Scanner: the offset of its line end
	end      int64       // the InputOffset, when endKnown
	endKnown bool        // end is known (not worked out from rowEnd yet)
	fixed    bool        // the positions are in pos or std (read by encoding/csv, or pinned)
	fields   []fieldSpan // read by the Scanner: where each value is
	pos      []position  // pinned: where each field starts
	// Read by encoding/csv: its Reader, whose FieldPos, moved to the
	// line and column of the offset where it started reading (stdLine,
	// stdCol), is the record's (its positions are not copied: a record
	// of millions of fields would hold them twice).
	std             *csv.Reader
	stdLine, stdCol int

	// Scratch space for the record being made.
	next    []fieldSpan
	rewrite bool // a value is not its raw bytes: it has `""` or CRLF
	ends    []int

	lastRecord []string
	texts      texts // the text of the records that are not runs of the input
	// The search of fromRow for quotes (the lookup of CRs is the tap's,
	// tap.crIn), and whether fromRow is to look for the next row's first
	// quote in the row itself rather than ahead: after a row that held a
	// quote, and after a well-quoted row (the rows that follow are likely
	// to be so too, and the search ahead, made for a rare row between
	// them, would read up to the end of what the tap holds each time).
	quotes seek
	quoted bool

	// pending: the fields of the last record are to be worked out from
	// its bytes (spans), instead of being in fields.
	pending bool
}

// position is a 1-based line and byte column, as encoding/csv reports them.
type position struct{ line, col int }

// fieldSpan is where a value of a record read by the Scanner lies in the
// input: bytes [start, end), after the opening quote of a quoted value
// (whose bytes are then the value's, unless rewrite) or after the white
// space TrimLeadingSpace removed.
type fieldSpan struct {
	start, end int64
	quoted     bool
}

// pos returns the offset FieldPos reports: the opening quote, or the
// value's first byte.
func (sp fieldSpan) pos() int64 {
	if sp.quoted {
		return sp.start - 1
	}
	return sp.start
}

// NewReader returns a Reader that reads r with encoding/csv's defaults: a
// comma delimiter, no comment, strict quotes.
func NewReader(r io.Reader) *Reader {
	return &Reader{Comma: ',', src: r}
}

// The sizes of the Scanner's reads. The first Scanner reads 4 KiB at a
// time, as encoding/csv does, so that reading a short string costs little;
// once more than 8 times that was read, the Scanner is started again, at a
// row boundary, with 8 times the size, up to readerBufferSize. A Scanner
// started again after a row that encoding/csv read gets a buffer the size
// of the input read since the last restart, within the same bounds, so
// that a file with many such rows does not allocate a large buffer for
// each.
const (
	readerBufferSize    = 64 << 10
	readerMinBufferSize = 4 << 10
)

// readerMaxRow is the longest row the Reader lets its Scanner read, line
// end excluded. A longer row is an ErrLineTooLong error to the Scanner and
// is read by encoding/csv, which streams it: the Scanner holds a whole row
// in its buffer and keeps per-value state until the row ends, so on a row
// of hundreds of megabytes (an unterminated quote, a very long line,
// millions of empty fields) it would hold more than encoding/csv does, and
// a failing row would be held twice while encoding/csv reads it again. The
// Reader itself has no maximum line size, as encoding/csv has none.
const readerMaxRow = readerBufferSize

// errInvalidDelim is encoding/csv's error for an invalid Comma or Comment,
// with the same text.
var errInvalidDelim = errors.New("csv: invalid field or comment delimiter")

// validDelim is encoding/csv's rule for Comma and Comment.
func validDelim(r rune) bool {
	return r != 0 && r != '"' && r != '\r' && r != '\n' && utf8.ValidRune(r) && r != utf8.RuneError
}

// setup reads the fields that configure the Scanner, at the first Read.
func (r *Reader) setup() error {
	if r.started {
		return nil
	}
	if r.Comma == r.Comment || !validDelim(r.Comma) || (r.Comment != 0 && !validDelim(r.Comment)) {
		return errInvalidDelim
	}
	d := dialect.Default()
	d.Delimiter = string(r.Comma)
	d.Lenient = r.LazyQuotes
	r.opts = scanner.Options{Dialect: d, FieldsPerRow: -1, MaxLineSize: readerMaxRow, BufferSize: readerMinBufferSize}
	r.in = &tap{src: r.src, prevLF: -1, hold: r.holdFrom, lent: 0, cr: newSeek('\r')}
	r.quotes = newSeek('"')
	s, err := scanner.NewLent(&tapLender{t: r.in, size: readerMinBufferSize}, r.opts)
	if err != nil {
		return err
	}
	r.s, r.bufSize = s, readerMinBufferSize
	r.lazy = r.LazyQuotes
	r.comma = []byte(d.Delimiter)
	if r.Comment != 0 {
		r.comment = []byte(string(r.Comment))
	}
	r.trimAll = unicode.IsSpace(r.Comma)
	r.endKnown = true // InputOffset is 0 until a record is read
	r.started = true
	return nil
}

// Read reads one record (a slice of fields). A record with the wrong number
// of fields is returned together with a csv.ErrFieldCount error; on a parse
// error, Read returns the fields read before it together with the error.
// At the end of the input, Read returns nil, io.EOF. After a parse error,
// the next Read goes on with the line after the one where the error was
// found, as encoding/csv does. If ReuseRecord is set, the returned slice
// may share memory with the one the previous call returned.
func (r *Reader) Read() (record []string, err error) {
	var dst []string
	if r.ReuseRecord {
		dst = r.lastRecord
	}
	taken := false
	if trim := r.TrimLeadingSpace; r.started && r.err == nil && !r.eof && !r.lazy && !(trim && r.trimAll) {
		// The quick path, for the rows of a well-formed file: a row the
		// Scanner reports well quoted (scanner.Scanner.WellQuoted) is
		// made here, with no call between Read and the Scanner. Each call
		// a record costs about 4% of the time on 16-byte quoted notes
		// (35-byte rows, 35 ns each); readRecord's and its helpers' are
		// for the other rows. With TrimLeadingSpace it takes a row where
		// no unquoted value starts with white space, which is every row
		// of a file without such spaces (a Reader that sets it to be
		// safe): there is nothing to trim (a quoted value opens right
		// after the delimiter in a well-quoted row).
		r.in.keep = r.start
		ok := r.s.Scan()
		s := r.s
		if start := r.sbase + s.RowOffset(); ok && s.WellQuoted() && !s.EmptyLine() &&
			(r.comment == nil || !r.in.hasPrefix(start, r.comment)) && (!trim || !leadingSpace(s.Row(), s.RowBytes())) {
			// Its values are encoding/csv's fields as they are, when
			// LazyQuotes is off and TrimLeadingSpace has nothing to trim
			// (leadingSpace), since every quote in the row opens or closes
			// a quoted field or is doubled inside one, and nothing lies
			// between a closing quote and the delimiter (encoding/csv's csv.ErrBareQuote and csv.ErrQuote
			// cases cannot arise). A value the Scanner did not unescape is
			// a run of the row's bytes: its string is those bytes in place.
			// One it unescaped lies in its own memory and is copied into
			// the record's text. An empty one may have any address, or
			// none.
			row, raw := s.Row(), s.RowBytes()
			if cap(dst) < len(row) {
				dst = make([]string, len(row))
			}
			dst = dst[:len(row)]
			p0, lim := uintptr(unsafe.Pointer(unsafe.SliceData(raw))), uintptr(len(raw))
			size := len(row) - 1
			for i, v := range row {
				if p := unsafe.SliceData(v); uintptr(unsafe.Pointer(p))-p0 < lim || len(v) == 0 {
					dst[i] = unsafe.String(p, len(v))
				} else {
					dst[i] = r.texts.commit(append(r.texts.grab(len(v)), v...))
				}
				size += len(v)
			}
			// A row of no quoted value is its values and delimiters, no
			// more. One with a quoted value must hold no CR (encoding/csv
			// drops the CR of a CRLF inside quotes): scanned then takes it,
			// through walkRow (the strings made above are left to the
			// collector).
			if end := start + int64(len(raw)); size == len(raw) || !r.in.crIn(start, end) {
				r.in.seal(raw)
				record, taken, r.quoted = dst, true, true
				r.start, r.rowEnd, r.pending = start, end, true
				r.fixed, r.endKnown = false, false
				if r.std != nil || r.bufSize < readerBufferSize ||
					r.FieldsPerRecord == 0 || r.FieldsPerRecord > 0 && len(dst) != r.FieldsPerRecord {
					err = r.took(dst, start) // the rest of took, which a row here seldom needs
				}
			}
		}
		if !taken {
			record, err = r.scanned(dst, ok)
		}
	} else {
		record, err = r.readRecord(dst)
	}
	if r.ReuseRecord {
		if unsafe.SliceData(record) == unsafe.SliceData(r.lastRecord) {
			// The same array: no pointer to store (and no write barrier).
			r.lastRecord = r.lastRecord[:len(record)]
		} else {
			r.lastRecord = record
		}
	}
	return record, err
}

// leadingSpace reports whether a value of row, a well-quoted row of the
// bytes raw, is unquoted and starts with white space (unicode.IsSpace),
// which TrimLeadingSpace removes. A quoted value's bytes follow its
// opening quote, which follows the delimiter: its spaces are text (one
// the Scanner unescaped, which does not lie in raw, is quoted).
func leadingSpace(row [][]byte, raw []byte) bool {
	p0, lim := uintptr(unsafe.Pointer(unsafe.SliceData(raw))), uintptr(len(raw))
	for _, v := range row {
		if len(v) == 0 || v[0] > ' ' && v[0] < utf8.RuneSelf {
			continue
		}
		at := uintptr(unsafe.Pointer(unsafe.SliceData(v))) - p0
		if c, _ := utf8.DecodeRune(v); unicode.IsSpace(c) && at < lim && (at == 0 || raw[at-1] != '"') {
			return true
		}
	}
	return false
}

// ReadAll reads all the remaining records. A successful call returns
// err == nil, not io.EOF. On an error it returns no records. Each record
// has an array of its own, also with ReuseRecord.
func (r *Reader) ReadAll() (records [][]string, err error) {
	for {
		record, err := r.Read()
		if err == io.EOF {
			return records, nil
		}
		if err != nil {
			return nil, err
		}
		if r.ReuseRecord {
			record = slices.Clone(record)
		}
		records = append(records, record)
	}
}

// FieldPos returns the line and column where the field with the given index
// of the record most recently returned by Read starts: its first byte after
// any leading space TrimLeadingSpace removed, or its opening quote. Lines
// and columns are 1-based; columns count bytes, not runes. FieldPos panics
// if the index is out of range.
func (r *Reader) FieldPos(field int) (line, column int) {
	if r.fixed {
		if r.std != nil {
			return r.stdPos(r.std.FieldPos(field)) // panics as FieldPos does
		}
		if field < 0 || field >= len(r.pos) {
			panic("out of range index passed to FieldPos")
		}
		p := r.pos[field]
		return p.line, p.col
	}
	fields := r.spans()
	if field < 0 || field >= len(fields) {
		panic("out of range index passed to FieldPos")
	}
	return r.in.lineCol(fields[field].pos())
}

// InputOffset returns the input offset of the end of the most recently read
// record, its line end included: where the next record's line begins. After
// Read returned io.EOF it is the length of the input.
func (r *Reader) InputOffset() int64 {
	if !r.endKnown && r.started {
		// The record was read by the Scanner: step over its line end (an LF,
		// a CRLF or a lone CR; none at the end of input).
		e := r.rowEnd
		if b, ok := r.in.byteAt(e); ok && (b == '\n' || b == '\r') {
			e++
			if b2, ok := r.in.byteAt(e); b == '\r' && ok && b2 == '\n' {
				e++
			}
		}
		r.end, r.endKnown = e, true
	}
	return r.end
}
