// Package iterator cuts an input into boundaries, the byte ranges that
// parallel scanners take one at a time.
//
// Where it sits:
//
//	buffer.Manager ─► iterator.Global ─► boundary k ─► scanner worker
//
// A Boundary is a range of one buffer: bytes [Start, End) of buffer
// BufferIndex, boundary number Index in file order. The ranges are
// BytesPerThread long (DuckDB's rule: buffer size / 16 × 4, never less than
// the maximum line size, never zero) and never cross a buffer; cutting is
// O(1) and needs no I/O when the buffer layout is known. A boundary says
// where a worker starts looking, not where rows are: the worker that owns a
// boundary produces the rows that start in it, reading past its End to
// finish the last one.
//
// Basic use:
//
//	g := iterator.NewGlobal(m, iterator.BytesPerThread(m.Size(), maxLine))
//	for {
//		b, ok, err := g.Next() // safe from many goroutines
//		if err != nil || !ok { break }
//		scan(b.Offset(), b.EndOffset())
//	}
package iterator
