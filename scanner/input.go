package scanner

import (
	"io"

	"github.com/csvscan/csvscan/internal/iocheck"
)

// The scanner's input: the byte order mark and Options.SkipRows at the start,
// and the buffer's refills (fill, over a lender fillLent), which move the
// current line to the front and every offset with it (shift).

// start drops a UTF-8 byte order mark, also when a short read splits it.
func (s *Scanner) start() bool {
	for s.n < 3 && !s.eof {
		if !s.fill() {
			break
		}
	}
	if s.n >= 3 && s.buf[0] == 0xEF && s.buf[1] == 0xBB && s.buf[2] == 0xBF {
		s.pos, s.rowStart, s.vs = 3, 3, 3
	}
	if s.opts.SkipRows > 0 {
		s.skipLines(s.opts.SkipRows)
	}
	s.resetSkip()
	return true
}

// resetSkip hands the walker (the skip step and the lane) the buffer's
// current bytes.
func (s *Scanner) resetSkip() {
	s.w.Reset(s.buf[:s.n])
}

// skipLines drops the first n lines (Options.SkipRows): every byte up to
// and including the n-th line end (LF, CRLF or a lone CR), quotes or not.
// Skipped bytes leave the buffer as they are passed, so a long preamble
// costs no memory.
func (s *Scanner) skipLines(n int) {
	skipped := 0
	for skipped < n {
		if s.pos == s.n || (s.buf[s.pos] == '\r' && s.pos+1 == s.n && !s.eof) {
			// More input is needed, or the byte after a CR.
			if s.eof {
				break
			}
			s.rowStart, s.vs = s.pos, s.pos
			if !s.fill() && (s.pos == s.n || !s.eof) {
				break
			}
			continue
		}
		c := s.buf[s.pos]
		s.pos++
		switch c {
		case '\n':
			skipped++
		case '\r':
			if s.pos < s.n && s.buf[s.pos] == '\n' {
				s.pos++
			}
			skipped++
		}
	}
	s.rowStart, s.vs = s.pos, s.pos
	s.lines += skipped
	s.rowLine = s.lines + 1
}

// shift moves every buffer offset d bytes down, after the bytes before d
// were dropped from the buffer.
func (s *Scanner) shift(d int) {
	s.n -= d
	s.base += int64(d)
	s.pos -= d
	s.rowStart -= d
	s.vs -= d
	s.qopen -= d
	s.qclose -= d
	s.qlast -= d
	if s.comment >= 0 {
		s.comment -= d
	}
	for i := range s.spans {
		if !s.spans[i].scratch {
			s.spans[i].start -= d
			s.spans[i].end -= d
		}
	}
}

// fill moves the current line to the front of the buffer and reads more
// input after it. It returns false when no byte was added: at the end of
// input, or on a read error (kept in readErr until the bytes before it are
// read).
func (s *Scanner) fill() bool {
	if s.seg.given {
		// The buffer is a batch's now (giveBuffer): the current line goes
		// to a new one, as from a borrowed buffer.
		own := make([]byte, max(min(s.opts.BufferSize, DefaultBufferSize), 2*(s.n-s.rowStart)))
		copy(own, s.buf[s.rowStart:s.n])
		s.shift(s.rowStart)
		s.buf, s.seg.given = own, false
	}
	if s.seg.borrowed {
		// The buffer is someone else's (a pinned input buffer): move the
		// current line to memory of our own and read on from seg.more.
		if s.seg.more == nil {
			s.eof = true
			return false
		}
		// Only the row that straddles the buffer's end is read from
		// here on: a sequential scanner's buffer is enough to start with,
		// not a parallel one's 32 MiB, which would cost the whole
		// allocation and its zeroing at every buffer end.
		own := make([]byte, max(min(s.opts.BufferSize, DefaultBufferSize), 2*(s.n-s.rowStart)))
		copy(own, s.buf[s.rowStart:s.n])
		s.shift(s.rowStart)
		s.buf, s.r, s.seg.borrowed = own, s.seg.more, false
	}
	if s.r == nil {
		s.eof = true
		return false
	}
	if l, ok := s.r.(lender); ok {
		return s.fillLent(l)
	}
	if d := s.rowStart; d > 0 {
		copy(s.buf, s.buf[d:s.n])
		s.shift(d)
	}
	if s.n == len(s.buf) {
		// One line fills the buffer: grow it, up to what the longest
		// allowed line needs.
		grown := make([]byte, min(2*len(s.buf), s.opts.MaxLineSize+s.opts.BufferSize+4))
		if len(grown) <= s.n {
			grown = make([]byte, s.n+s.opts.BufferSize)
		}
		copy(grown, s.buf[:s.n])
		s.buf = grown
	}
	added := 0
	for tries := 0; added == 0 && !s.eof; tries++ {
		m, err := s.r.Read(s.buf[s.n:])
		if m < 0 || m > len(s.buf)-s.n {
			m, err = 0, iocheck.CountError(m, len(s.buf)-s.n)
		} else if m == 0 && err == nil && tries >= 100 {
			err = io.ErrNoProgress
		}
		s.n += m
		added += m
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.readErr = err
			}
		}
	}
	s.resetSkip()
	return added > 0
}

// giveBuffer hands the Scanner's own buffer over to a batch (batch.adopt):
// its bytes up to s.n stay as they are, and the Scanner moves what it still
// needs to a new buffer before it writes again (fill).
func (s *Scanner) giveBuffer() []byte {
	s.seg.given = true
	return s.buf[:s.n]
}

// A lender is a source that lends the Scanner the bytes it holds instead
// of having them copied into the Scanner's buffer (the drop-in Reader's
// input, which keeps the bytes anyway).
type lender interface {
	io.Reader
	// lend returns the input from offset from (counted from the Scanner's
	// first byte) to as far as it holds, having read more past offset
	// have; when it could not, it returns the source's error too (io.EOF
	// at the end). The bytes stay valid and unchanged until the next call.
	lend(from, have int64) ([]byte, error)
}

// newLent returns a Scanner that reads in the buffer of l.
func newLent(l lender, opts Options) (*Scanner, error) {
	s, err := newScanner(opts)
	if err != nil {
		return nil, err
	}
	s.r = l
	return s, nil
}

// fillLent is fill over a lender: the buffer becomes the lender's bytes
// from the current line on.
func (s *Scanner) fillLent(l lender) bool {
	held := s.n - s.rowStart
	b, err := l.lend(s.base+int64(s.rowStart), s.base+int64(s.n))
	s.shift(s.rowStart)
	s.buf, s.n = b, len(b)
	if err != nil {
		s.eof = true
		if err != io.EOF {
			s.readErr = err
		}
	}
	s.resetSkip()
	return len(b) > held
}
