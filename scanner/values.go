package scanner

import (
	"bytes"
)

// Values and rows: the loop ends a value on a delimiter or a line end, and
// endValue records its span, in the buffer or, unescaped, in the scratch
// area; at the row's end makeRow turns the spans into Row's slices, after
// fitRow has applied NullPadding and TrailingDelimiter.

// endValue ends the current value at e (exclusive) and records its span.
func (s *Scanner) endValue(e int) {
	if s.trackStarts {
		s.starts = append(s.starts, s.base+int64(s.vs))
	}
	if !s.quoted {
		if !s.escaped {
			s.spans = append(s.spans, span{start: s.vs, end: e})
			return
		}
		s.spans = append(s.spans, s.unescape(s.vs, e, nil))
		s.escaped = false
		return
	}
	// `"inner" tail`: tail is what follows the closing quote, spaces at its
	// end dropped (strict mode allows nothing else there).
	inner0, inner1 := s.qopen+1, s.qclose
	t0, t1 := s.qclose+1, e
	for t1 > t0 && s.buf[t1-1] == ' ' {
		t1--
	}
	switch {
	case !s.escaped && t0 == t1:
		s.spans = append(s.spans, span{start: inner0, end: inner1, quoted: true})
	case !s.escaped:
		start := len(s.scratch)
		s.scratch = append(s.scratch, s.buf[inner0:inner1]...)
		s.scratch = append(s.scratch, s.buf[t0:t1]...)
		s.spans = append(s.spans, span{start: start, end: len(s.scratch), scratch: true, quoted: true})
	default:
		sp := s.unescape(inner0, inner1, s.buf[t0:t1])
		sp.quoted = true
		s.spans = append(s.spans, sp)
	}
	s.quoted = false
	s.escaped = false
}

// unescape copies buf[a:b] into the scratch area without its escape bytes
// (an escape makes the next byte literal), followed by tail.
func (s *Scanner) unescape(a, b int, tail []byte) span {
	esc, _ := s.opts.Dialect.Escape.Byte()
	start := len(s.scratch)
	v := s.buf[a:b]
	for {
		// Copy up to the next escape, then the byte it makes literal.
		i := bytes.IndexByte(v, esc)
		if i < 0 || i == len(v)-1 {
			if i >= 0 {
				v = v[:i] // an escape at the very end escapes nothing
			}
			s.scratch = append(s.scratch, v...)
			break
		}
		s.scratch = append(s.scratch, v[:i]...)
		s.scratch = append(s.scratch, v[i+1])
		v = v[i+2:]
	}
	s.scratch = append(s.scratch, tail...)
	return span{start: start, end: len(s.scratch), scratch: true}
}

// endComment applies the comment rule at the end of a line with a comment:
// it reports whether the line is a row (values before the comment) and, if
// so, ends its last value at the comment.
func (s *Scanner) endComment() bool {
	if len(s.spans) == 0 {
		blank := true
		for _, c := range s.buf[s.vs:s.comment] {
			if c != ' ' {
				blank = false
				break
			}
		}
		if blank {
			s.quoted, s.escaped = false, false
			return false
		}
	}
	s.endValue(s.comment)
	return true
}

// makeRow makes Row's slices from the spans of the row just read, and pad
// nil values after them (NullPadding).
func (s *Scanner) makeRow(pad int) {
	count := len(s.spans)
	if cap(s.row) < count+pad {
		s.row = make([][]byte, count+pad)
	}
	// Locals, so that the loop does not load the fields again after each
	// store.
	row, buf, scratch := s.row[:count+pad], s.buf, s.scratch
	for i, sp := range s.spans[:count] {
		if sp.scratch {
			row[i] = scratch[sp.start:sp.end:sp.end]
		} else {
			row[i] = buf[sp.start:sp.end:sp.end]
		}
	}
	for i := count; i < count+pad; i++ {
		row[i] = nil // NullPadding
		if s.trackStarts {
			s.starts = append(s.starts, s.seg.rowEnd)
		}
	}
	s.row = row
}

// fitRow applies Options.TrailingDelimiter and NullPadding to a row of
// count values that is not as wide as the width: it returns the number of
// values kept and the number of nil values to add.
func (s *Scanner) fitRow(count int) (int, int) {
	if s.opts.TrailingDelimiter && count == s.width+1 && s.spans[count-1].end == s.spans[count-1].start {
		count--
		s.spans = s.spans[:count]
		s.starts = s.starts[:min(len(s.starts), count)]
	}
	if s.opts.NullPadding && count < s.width {
		return count, s.width - count
	}
	return count, 0
}
