package csv

// The rows Read's quick path does not take (the first, those after lines
// encoding/csv skips, those of LazyQuotes and TrimLeadingSpace, and every
// row that is not well quoted), the end of input and errors, and the
// Scanner's restarts.

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"

	"github.com/csvscan/csvscan/scanner"
)

// readRecord reads the next record into dst (its array is used when it
// has room) for Read and ReadAll.
func (r *Reader) readRecord(dst []string) ([]string, error) {
	if !r.started {
		if err := r.setup(); err != nil {
			return nil, err
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.eof {
		return nil, io.EOF
	}
	// Nothing before the last record is needed any more; its own bytes are,
	// for FieldPos after an io.EOF.
	r.in.keep = r.start
	return r.scanned(dst, r.s.Scan())
}

// scanned makes the record of the row the Scanner just read, ok being
// what its Scan returned (false: the end of input, or an error), into
// dst; lines encoding/csv skips (empty lines, comments) are skipped, and
// the Scanner reads on.
func (r *Reader) scanned(dst []string, ok bool) ([]string, error) {
	for {
		if !ok {
			err := r.s.Err()
			var pe *scanner.ParseError
			switch {
			case err == nil:
				r.eof = true
				r.end, r.endKnown = r.in.end(), true
				return nil, io.EOF
			case errors.As(err, &pe):
				// The Scanner stops at its first error; encoding/csv reads
				// the row, and the Scanner starts again after it.
				return r.readStdlib(dst, r.sbase+pe.RowOffset, -1)
			default:
				// encoding/csv returns the io.Reader's error as it is.
				var re *scanner.ReadError
				if errors.As(err, &re) {
					err = re.Err
				}
				r.err = err
				return nil, err
			}
		}
		s := r.s
		start := r.sbase + s.RowOffset()
		if s.EmptyLine() {
			// An empty line read as a row of a one-column file: encoding/csv
			// skips every empty line.
			r.release(start)
			ok = r.s.Scan()
			continue
		}
		row := s.Row()
		if r.comment != nil && r.in.hasPrefix(start, r.comment) {
			if r.plainLine(start) {
				r.release(start)
				ok = r.s.Scan()
				continue // a comment line, the Scanner's row exactly
			}
			// The comment line holds a quote (which may have opened a
			// quoted field for the Scanner) or a lone CR (which ended the
			// Scanner's row early).
			return r.readStdlib(dst, start, r.afterRow())
		}
		rec, made := r.fromRow(dst, row, s.RowBytes(), start)
		if !made {
			return r.readStdlib(dst, start, r.afterRow())
		}
		return rec, r.took(rec, start)
	}
}

// took records that rec, the record of the Scanner's row at input offset
// start, is the last record, and returns its field count's error
// (checkCount).
func (r *Reader) took(rec []string, start int64) error {
	r.start, r.fixed, r.endKnown = start, false, false
	if r.std != nil {
		r.std = nil
	}
	if !r.pending {
		r.fields, r.next = r.next, r.fields
	}
	if r.bufSize < readerBufferSize && r.in.end()-r.restart > 8*int64(r.bufSize) {
		// A large input: go on with larger reads.
		r.startScanner(r.afterRow(), min(8*r.bufSize, readerBufferSize))
	}
	if r.FieldsPerRecord > 0 && len(rec) == r.FieldsPerRecord {
		return nil
	}
	return r.checkCount(len(rec), start)
}

// release lets the Reader drop the input before offset at, a row it skips:
// the last record's positions and InputOffset are worked out first, so
// that a long run of comment or empty lines is not held in memory.
func (r *Reader) release(at int64) {
	if !r.fixed {
		r.pos, r.std = r.pos[:0], nil
		for _, sp := range r.spans() {
			line, col := r.in.lineCol(sp.pos())
			r.pos = append(r.pos, position{line, col})
		}
		r.fixed = true
	}
	r.InputOffset()
	r.in.keep = at
}

// holdFrom returns the input offset before which the tap may drop bytes
// when it needs room. That is the start of the last record (r.in.keep),
// except while the Scanner reads a row: then the bytes between the last
// record and the Scanner's row are empty lines the Scanner skips, which
// nobody needs. When they are many, the last record's positions are worked
// out (release) and the tap keeps only from the line end before the
// Scanner's row, so that a long run of empty lines is not held in memory.
func (r *Reader) holdFrom() int64 {
	keep := r.in.keep
	if !r.in.lending {
		return keep
	}
	at := r.in.lent - 1 // the line end before the line the Scanner reads (tapLender.Lend)
	// The bytes InputOffset reads after rowEnd lie before at, and at lies
	// before the tap's end: working the positions out reads nothing.
	if at-keep <= readerBufferSize || !r.endKnown && at <= r.rowEnd+1 {
		return keep
	}
	r.release(at)
	return at
}

// checkCount applies FieldsPerRecord to a record of n fields that starts at
// input offset start, as encoding/csv does.
func (r *Reader) checkCount(n int, start int64) error {
	if r.FieldsPerRecord > 0 {
		if n != r.FieldsPerRecord {
			line, _ := r.in.lineCol(start)
			return &csv.ParseError{StartLine: line, Line: line, Column: 1, Err: csv.ErrFieldCount}
		}
	} else if r.FieldsPerRecord == 0 {
		r.FieldsPerRecord = n
	}
	return nil
}

// plainLine reports whether the line at start holds no quote and no CR
// other than that of its CRLF (or one at the end of input), so that the
// Scanner's row is exactly that line.
func (r *Reader) plainLine(start int64) bool {
	in := r.in
	for o := start; ; {
		if o >= in.end() && !in.more(0) {
			return true
		}
		d := in.slice(o, in.end())
		i := bytes.IndexAny(d, "\"\r\n")
		if i < 0 {
			o = in.end()
			continue
		}
		switch d[i] {
		case '\n':
			return true
		case '"':
			return false
		}
		b, ok := in.byteAt(o + int64(i) + 1)
		return !ok || b == '\n'
	}
}

// afterRow returns the input offset where the line after the Scanner's
// row starts: past its line end (an LF, a CRLF or a lone CR), or the end
// of input.
func (r *Reader) afterRow() int64 {
	s := r.s
	e := r.sbase + s.RowOffset() + int64(len(s.RowBytes()))
	b, ok := r.in.byteAt(e)
	switch {
	case !ok:
		return e
	case b == '\r':
		if b2, ok := r.in.byteAt(e + 1); ok && b2 == '\n' {
			return e + 2
		}
	}
	return e + 1
}

// startScanner starts a new Scanner with reads of size bytes at input
// offset at, the start of a line. It starts at the line end before it,
// which is an empty line to the Scanner, so that a byte order mark at
// offset at stays text.
func (r *Reader) startScanner(at int64, size int) {
	from := at
	if b, ok := r.in.byteAt(at - 1); at > 0 && ok && (b == '\n' || b == '\r') {
		from = at - 1
	}
	s, err := scanner.NewLent(&tapLender{t: r.in, origin: from, size: size}, r.opts)
	if err != nil {
		panic("csvscan: a dialect that was valid became invalid: " + err.Error())
	}
	r.in.lent, r.in.view = from, nil // the last Scanner's buffer is not needed any more
	r.s, r.sbase, r.restart, r.bufSize = s, from, at, size
}
