package scanner

import (
	"errors"
	"fmt"
	"io"

	sm "github.com/csvscan/csvscan/statemachine"
)

// Position is where a sequential scan stands at the start of a row: what
// NewRange needs to read on from there, in another process if need be,
// exactly as the scan from the start of the input would.
type Position struct {
	// Offset is the input offset of the row start: 0, the first byte after
	// a byte order mark, or the byte after a line end outside quotes.
	Offset int64
	// State is the machine's state after the byte before Offset:
	// RECORD_SEPARATOR or CARRIAGE_RETURN after a line end, NOT_SET at the
	// start of input (and after a byte order mark).
	State sm.State
	// Rows is the number of rows before Offset, the header included: the
	// row read next is number Rows+1, and with Options.Header the row read
	// is the header only when Rows is 0.
	Rows int
	// Lines is the number of line ends outside quotes before Offset (a
	// CRLF once): the next row's line is at least Lines+1.
	Lines int
	// Width is the row width the scan knows at Offset: the number of
	// values of the first row once that row has been read, or
	// Options.FieldsPerRow when positive; 0 before the first row.
	Width int
}

// NewRange returns a sequential Scanner that reads r, which holds the input
// from from.Offset on, as a Scanner reading the whole input reads it once
// it reaches from: the same rows, row and line numbers, byte offsets and
// errors. It reads only the rows that start before end (end < 0: all of
// them); a row that starts before end and ends after it is read to its end.
// Empty and comment lines that start at or after end are not read either,
// so Scan returns false at the first line start at or after end, and the
// scan costs the bytes of its rows (plus at most one read of
// Options.BufferSize past them), not the rest of the input.
//
// Options.SkipRows applies only when from.Offset is 0 (the lines skipped
// are before every other position). From is taken as given: the caller
// must know it is a position a sequential scan passes through (package
// split computes such positions for ranges of a file).
func NewRange(r io.Reader, from Position, end int64, opts Options) (*Scanner, error) {
	switch {
	case from.Offset < 0:
		return nil, fmt.Errorf("csvscan: NewRange at the negative offset %d", from.Offset)
	case !lineEndState(from.State):
		return nil, fmt.Errorf("csvscan: NewRange in state %v: a row starts after %v, %v or %v", from.State, sm.RecordSeparator, sm.CarriageReturn, sm.NotSet)
	case from.Rows < 0 || from.Lines < 0 || from.Width < 0:
		return nil, errors.New("csvscan: NewRange with a negative count")
	case opts.FieldsPerRow > 0 && from.Width != 0 && from.Width != opts.FieldsPerRow:
		return nil, fmt.Errorf("csvscan: NewRange with width %d, and FieldsPerRow %d", from.Width, opts.FieldsPerRow)
	}
	s, err := New(r, opts)
	if err != nil {
		return nil, err
	}
	s.base = from.Offset
	s.prev, s.cur = from.State, from.State
	s.rows, s.lines, s.rowLine = from.Rows, from.Lines, from.Lines+1
	if from.Width > 0 {
		s.width = from.Width
	}
	if from.Offset > 0 {
		s.started = true // no byte order mark and no skipped lines here
	}
	if end >= 0 {
		s.seg.stop, s.seg.stopAt = true, end
	}
	return s, nil
}

// Stopped returns where a scan that NewRange made with an end stopped:
// the Position of the first line start at or after the end, as NewRange
// takes it, with the rows, line ends and width the scan counted before
// it. A scan of the range after, from there, reads on as this one would
// have. ok is false unless Scan has returned false with no error at that
// line start: the scan is not over, it failed (Err), or it came to the end
// of the input before the end offset (no line starts at or after it).
//
// Stopped reports the position as the scan came to it: after the CR of a
// CRLF that ends a row, the State is CARRIAGE_RETURN and Offset is the
// LF's, which a scan from there reads as the end of that line.
func (s *Scanner) Stopped() (Position, bool) {
	if s.err != io.EOF || !s.seg.stop || !s.pastStop() {
		return Position{}, false
	}
	return Position{Offset: s.base + int64(s.rowStart), State: s.cur, Rows: s.rows, Lines: s.lines, Width: s.width}, true
}
