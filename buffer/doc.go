// Package buffer holds the bytes of one input in fixed-size buffers, for
// scanners that read it in parallel.
//
// Where it sits:
//
//	bytes ─► buffer.Manager ─► iterator (boundaries) ─► scanner workers
//
// A Manager reads either an io.ReaderAt whose size is known (random access:
// the layout of every buffer is known before any I/O, DuckDB's "known
// ranges") or a plain io.Reader (sequential: pipes, standard input). Buffer
// i covers bytes [i×size, (i+1)×size) of the input. A scanner pins the
// buffers it reads and releases them after; a buffer stays in memory while
// it is pinned, and, for a sequential source that cannot be read twice,
// until Retire says every reader is past it. Memory is therefore bounded by
// the pinned buffers plus the buffers between the oldest unfinished reader
// and the newest pin.
//
// Basic use:
//
//	m := buffer.FromReaderAt(file, size, 32<<20)
//	b, err := m.Pin(0)
//	if err != nil { ... }
//	use(b.Bytes())         // valid until Release
//	m.Release(b)
//
//	r := m.NewReader(offset) // an io.Reader from any offset, across buffers
package buffer
