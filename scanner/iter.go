package scanner

import (
	"iter"
)

// All returns an iterator over the data rows, for a range loop:
//
//	for row, err := range s.All() {
//		if err != nil {
//			return err // the scan stopped; this is the last step
//		}
//		use(row) // valid during this step only
//	}
//
// Each step yields what Scan and Row would give: the row's slices point
// into the scanner's buffers and are overwritten by the next step, so copy
// what you keep (or use Chunks). If the scan stops with an error, the last
// step yields (nil, err); at the end of input the loop just ends. After a
// break, the scanner stays where it is: a later Scan, All or Chunks goes on
// with the next row.
func (s *Scanner) All() iter.Seq2[[][]byte, error] {
	return func(yield func([][]byte, error) bool) {
		for s.Scan() {
			if !yield(s.Row(), nil) {
				return
			}
		}
		if err := s.Err(); err != nil {
			yield(nil, err)
		}
	}
}

// Chunks returns an iterator over the data rows in chunks of n rows (the
// last chunk may be shorter). Unlike Row's, a chunk's rows are copies the
// caller owns: they stay valid after the step and may be handed to another
// goroutine. The values of one chunk share one allocation. If the scan
// stops with an error, the rows read before it come as a last chunk, then
// the loop's last step yields (nil, err). Chunks panics if n is less
// than 1. After a break, a later Scan, All or Chunks goes on with the row
// after the last chunk.
func (s *Scanner) Chunks(n int) iter.Seq2[[][][]byte, error] {
	return chunks(n, s.Scan, s.Row, s.Err)
}

// All returns an iterator over the data rows, for a range loop, like
// Scanner.All: each row is valid during its step only, and an error ends
// the loop with (nil, err). The loop closes the scan when it ends, whether
// it ran to the end or broke early, so no goroutine or buffer is left
// behind and later calls to Scan return false.
func (p *Parallel) All() iter.Seq2[[][]byte, error] {
	return func(yield func([][]byte, error) bool) {
		defer p.Close()
		for p.Scan() {
			if !yield(p.Row(), nil) {
				return
			}
		}
		if err := p.Err(); err != nil {
			yield(nil, err)
		}
	}
}

// Chunks returns an iterator over the data rows in chunks of n rows owned
// by the caller, like Scanner.Chunks. The loop closes the scan when it
// ends, whether it ran to the end or broke early.
func (p *Parallel) Chunks(n int) iter.Seq2[[][][]byte, error] {
	seq := chunks(n, p.Scan, p.Row, p.Err)
	return func(yield func([][][]byte, error) bool) {
		defer p.Close()
		seq(yield)
	}
}

// chunks groups the rows of a scan in copies of n rows.
func chunks(n int, scan func() bool, row func() [][]byte, errf func() error) iter.Seq2[[][][]byte, error] {
	if n < 1 {
		panic("csvscan: Chunks of less than one row")
	}
	return func(yield func([][][]byte, error) bool) {
		var c chunker
		for scan() {
			c.add(row())
			if c.rows() == n && !yield(c.take(), nil) {
				return
			}
		}
		if c.rows() > 0 && !yield(c.take(), nil) {
			return
		}
		if err := errf(); err != nil {
			yield(nil, err)
		}
	}
}

// chunker collects rows in a scratch area reused from chunk to chunk, and
// copies them out in three allocations per chunk: the bytes, the values and
// the rows.
type chunker struct {
	text  []byte
	ends  []int // where each value ends in text
	width []int // the number of values of each row
}

func (c *chunker) rows() int { return len(c.width) }

func (c *chunker) add(row [][]byte) {
	for _, v := range row {
		c.text = append(c.text, v...)
		c.ends = append(c.ends, len(c.text))
	}
	c.width = append(c.width, len(row))
}

func (c *chunker) take() [][][]byte {
	text := make([]byte, len(c.text))
	copy(text, c.text)
	values := make([][]byte, len(c.ends))
	prev := 0
	for i, e := range c.ends {
		values[i] = text[prev:e:e]
		prev = e
	}
	out := make([][][]byte, len(c.width))
	for i, w := range c.width {
		out[i] = values[:w:w]
		values = values[w:]
	}
	c.text, c.ends, c.width = c.text[:0], c.ends[:0], c.width[:0]
	return out
}
