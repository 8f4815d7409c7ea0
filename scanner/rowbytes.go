package scanner

// The raw bytes of a row, for readers built over a Scanner that need more
// than its values: the encoding/csv drop-in (scanner/csv) checks a row
// against encoding/csv's grammar on the row's own bytes, and reports
// encoding/csv's positions. Nothing here copies: every slice points into
// the Scanner's buffer and is valid until the next call to Scan.

// RowBytes returns the bytes of the row the last call to Scan read, from
// its first byte (RowOffset) up to its line end, which is not included (at
// the end of input, up to the end). Values that needed no unescaping are
// sub-slices of it (ValueOffset). The slice points into the Scanner's
// buffer: it is valid until the next call to Scan, and must not be
// modified.
func (s *Scanner) RowBytes() []byte {
	return s.buf[s.seg.rowStart-s.base : s.seg.rowEnd-s.base]
}

// ValueOffset returns where Row()[i] starts in RowBytes when the value is
// a run of the row's bytes, so that Row()[i] is
// RowBytes()[o:o+len(Row()[i])]; it returns -1 when the value was
// unescaped (its bytes are a copy made without the escape bytes) and for
// a nil value NullPadding added (it has no bytes in the row). The value of
// a quoted field lies after its opening quote.
func (s *Scanner) ValueOffset(i int) int {
	s.laneSpans()
	if i >= len(s.spans) && i < len(s.row) {
		return -1 // NullPadding
	}
	sp := s.spans[i]
	if sp.scratch {
		return -1
	}
	return sp.start - int(s.seg.rowStart-s.base)
}

// EmptyLine reports whether the row the last call to Scan read is an
// empty line: a row of one empty value, which the Scanner delivers only in
// a one-column file (elsewhere it skips empty lines).
func (s *Scanner) EmptyLine() bool { return s.seg.emptyRow }

// WellQuoted reports whether every quote in the row the last call to
// Scan read is one that quotes: each of its values is either a run of the
// row's bytes that holds no quote, or opens with the quote right after
// the delimiter (or the row's start) and closes with one right before the
// next delimiter (or the line end), every quote between the two doubled.
// The row is then the values as they are, or quoted with their quotes
// doubled, joined by the delimiter: a reader with a stricter grammar than
// the Scanner's (encoding/csv's) can take the values as they are without
// reading the row's bytes again. A CR may lie inside a quoted value.
//
// It reports false when the Scanner did not establish it: rows that its
// table-driven loop read (the header, the first row, rows with anything
// the quote-aware lane does not decide) may still be well quoted.
func (s *Scanner) WellQuoted() bool { return s.laneNext }

// A Lender is an input that lends the Scanner the bytes it holds instead
// of having them copied into the Scanner's buffer: a reader that keeps
// the input anyway (the drop-in Reader keeps it for encoding/csv's
// positions) saves a copy of every byte. Offsets count from the
// Scanner's first byte.
type Lender interface {
	// Lend returns the input from offset from to as far as the Lender
	// holds, having read more input if it held nothing past offset have
	// (have is where the bytes the Scanner was lent last time end). When
	// no more could be read it also returns the input's error: io.EOF at
	// its end. The Scanner never asks again for bytes before from, and
	// never writes to the slice; the bytes must stay valid and unchanged
	// until the next call to Lend.
	Lend(from, have int64) ([]byte, error)
}

// lent adapts a Lender to the Scanner's lender hook (Scanner.fill), which
// is an io.Reader too.
type lent struct {
	Lender
	off int64 // where Read goes on
}

func (l *lent) lend(from, have int64) ([]byte, error) { return l.Lend(from, have) }

// Read reads the input through Lend, from where the last Read stopped
// (the Scanner itself calls lend: Read is what makes lent an io.Reader).
func (l *lent) Read(p []byte) (int, error) {
	b, err := l.Lend(l.off, l.off)
	n := copy(p, b)
	l.off += int64(n)
	if n > 0 {
		return n, nil
	}
	return 0, err
}

// NewLent returns a Scanner that reads in the buffers l lends it, with no
// buffer of its own (Options.BufferSize is not used for reads; the longest
// row is still bounded by Options.MaxLineSize).
func NewLent(l Lender, opts Options) (*Scanner, error) {
	return newLent(&lent{Lender: l}, opts)
}
