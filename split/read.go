package split

import (
	"bytes"
	"fmt"
	"io"

	"github.com/csvscan/csvscan/internal/iocheck"
	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// seekChunk is how many bytes Read asks for at a time while it looks for
// the end of the line in progress at a range's start.
const seekChunk = 64 << 10

// Read returns a sequential Scanner of the rows that start in st's range,
// read from r (the plan's file), st being the range's Start from Compose:
// exactly the rows, row numbers (RowNumber), line numbers (LineNumber),
// byte offsets and error that a Scanner reading the whole file returns for
// those rows. A row that starts in the range and ends after it is read to
// its end (at most the maximum line size), and belongs to this range only.
// Header returns the header only in the range where row 1 starts.
//
// Put together in file order, the ranges' rows are the file's rows. The
// first error in file order ends a sequential scan: rows of later ranges
// (whose numbers are above the error's row) are not the file's, and a
// range whose Start has State INVALID reads none.
//
// Read looks for the end of the line in progress at the range's start
// (reading the range's bytes up to it) before it returns; an error reading
// them is returned, as the scanner returns later ones from Err.
func (p *Plan) Read(r io.ReaderAt, st Start) (*scanner.Scanner, error) {
	g := st.Range
	if err := p.check(g); err != nil {
		return nil, err
	}
	from := scanner.Position{Offset: p.begin(g), State: st.State, Rows: st.Row - 1, Lines: st.Line - 1, Width: st.Width}
	if st.State == sm.Invalid && !p.ignore || st.Row < 1 || st.Line < 1 {
		return p.none(g)
	}
	if !lineStart(st.State) {
		at, state, err := p.lineEnd(r, from.Offset, g.End, st.State)
		if err != nil {
			return nil, err
		}
		if at < 0 {
			return p.none(g) // no row starts in the range
		}
		from.Offset, from.State = at+1, state
	}
	opts := p.opts
	if opts.BufferSize <= 0 {
		// A small range needs no large buffer: the scanner grows it for a
		// long row.
		opts.BufferSize = int(min(max(g.End-from.Offset, 4<<10), scanner.DefaultBufferSize))
	}
	// The section reader takes a ReadAt's count as it is: one past the
	// slice at the section's end would pass the Scanner's check of the
	// count (iocheck).
	section := io.NewSectionReader(iocheck.ReaderAt{R: r}, from.Offset, p.size-from.Offset)
	return scanner.NewRange(section, from, g.End, opts)
}

// none is a scanner of no rows.
func (p *Plan) none(g Range) (*scanner.Scanner, error) {
	opts := p.opts
	opts.BufferSize = 1
	return scanner.NewRange(bytes.NewReader(nil), scanner.Position{Offset: g.End, State: sm.RecordSeparator}, g.End, opts)
}

// lineEnd runs the table from state s over the file's bytes [from, end) up
// to the first line end, and returns its offset and the state after it; -1
// when there is none (or the run reaches INVALID: the scan stops with an
// error in a row of an earlier range).
func (p *Plan) lineEnd(r io.ReaderAt, from, end int64, s sm.State) (int64, sm.State, error) {
	next := p.tab.Transitions()
	buf := make([]byte, min(end-from, seekChunk))
	for off := from; off < end; {
		n := int(min(int64(len(buf)), end-off))
		if m, err := r.ReadAt(buf[:n], off); m < n {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, 0, fmt.Errorf("csvscan: reading range bytes at %d: %w", off, err)
		}
		for i, b := range buf[:n] {
			s = next[b][s]
			switch s {
			case sm.Invalid:
				if !p.ignore {
					return -1, s, nil
				}
			case sm.RecordSeparator, sm.CarriageReturn:
				return off + int64(i), s, nil
			}
		}
		off += int64(n)
	}
	return -1, s, nil
}
