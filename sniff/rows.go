package sniff

import (
	"errors"
	"unsafe"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// table is the values of the first chunk of the sample's rows under one
// candidate dialect, from the first row of the table (header or data) on,
// and a reader positioned after them for the rest of the sample. A row
// holds at most the table's width of values; a padded row holds fewer, and
// its missing values are empty (see cell). So the chunk costs one slice
// header per value it holds, never width × rows. The chunks after the
// first are read one at a time into buffers that are used again
// (rowReader.next), so refining the types over the whole sample costs the
// memory of one chunk, and no value is read twice.
type table struct {
	rows  [][][]byte
	cols  []column // the candidate types of each column
	rr    *rowReader
	chunk int // rows per chunk: chunkRows, fewer for a wide table (typed.ChunkRows)
	// firstTypes are the column types of the first chunk, before
	// refinement (DuckDB decides the header on them: DetectHeader comes
	// before RefineTypes).
	firstTypes []cast.Type
}

// cell is value i of row r: empty when the row is shorter (padded).
func cell(r [][]byte, i int) []byte {
	if i < len(r) {
		return r[i]
	}
	return nil
}

// readRows opens the sample with c's dialect, from its first table row to
// the last complete row of the sample (at most the sample size in rows),
// and reads the first chunk. A row that does not fit the width (after
// padding, when allowed) is an error, or is left out under IgnoreErrors;
// the error returned is the first.
func (s *session) readRows(c *candidate) (*table, error) {
	data := s.head[s.start:]
	limit := s.chunks * chunkRows
	if s.opts.sampleRows() < 0 {
		limit = int(^uint(0) >> 2)
	}
	// Where the table starts: the first table row the candidate counted.
	from := len(data)
	if r := c.dataRow(); r < len(c.first) {
		from = c.first[r].start
	} else if !c.ctr.done {
		// The notes outlast the first chunk: count up to the table.
		ctr := newCounter(c.ctr.t, data, s.start == 0, s.final, s.opts.maxLine())
		if lines := ctr.next(nil, r+1); r < len(lines) {
			from = lines[r].start
		}
	}
	// Where it ends: the input's end, or the last line end of the head.
	to := len(data)
	if !s.final {
		to = max(from, lastLineEnd(data))
	}
	if c.end > 0 {
		to = max(from, min(to, c.end))
	}
	rr, err := newRowReader(data[from:to], c.d, c.sh.cols, &s.opts, limit, !s.final)
	if err != nil {
		return nil, err
	}
	rr.shortFirst = c.shortHead
	// A wide table's chunks hold fewer rows, about a million values, as
	// the typed reader's do: the first chunk's rows are kept (24 bytes a
	// value), and 30 rows of a million values took 900 MiB.
	chunk := typed.ChunkRows(c.sh.cols)
	rows, err := rr.next(nil, chunk, true)
	return &table{rows: rows, rr: rr, chunk: chunk}, err
}

// slabValues is the number of value slices allocated at once for a
// table's rows (96 KiB).
const slabValues = 4096

// rowReader reads whole rows of data with a dialect into rows of at most
// cols values, chunk by chunk.
type rowReader struct {
	sc    *scanner.Scanner
	data  []byte
	cols  int
	opts  *Options
	left  int  // rows left to read
	cut   bool // data may end inside a quoted value that continues past it
	first error
	done  bool
	// shortFirst lets the first row have fewer values than cols without
	// padding: a header that names fewer columns than the rows hold.
	shortFirst bool

	// Rows of the sample read with fewer values than the width (padded,
	// under NullPadding), left out (more values, or a parse error, under
	// IgnoreErrors), and read with one empty value more than the width,
	// which was dropped; and all rows read.
	padded, skipped, dropped, total int

	// The buffers of the last chunk, used again by the next one when it
	// need not keep them.
	rows  [][][]byte
	slab  [][]byte
	arena []byte
}

func newRowReader(data []byte, d dialect.Dialect, cols int, opts *Options, limit int, cut bool) (*rowReader, error) {
	sc, err := scanner.NewBytes(data, scanner.Options{Dialect: d, FieldsPerRow: -1,
		MaxLineSize: opts.maxLine(), IgnoreErrors: opts.IgnoreErrors})
	if err != nil {
		return nil, err
	}
	return &rowReader{sc: sc, data: data, cols: cols, opts: opts, left: limit, cut: cut}, nil
}

// next reads up to n more rows. With keep, the rows are appended to dst
// and stay valid; without, they are read into the buffers of the previous
// call without keep, which they overwrite, and dst is ignored. It returns
// the first error of the reader (once reached, reading stops unless
// IgnoreErrors leaves the row out).
func (rr *rowReader) next(dst [][][]byte, n int, keep bool) ([][][]byte, error) {
	if rr.done {
		return dst, rr.first
	}
	var arena []byte
	var slab [][]byte
	if !keep {
		dst = rr.rows[:0]
		arena, slab = rr.arena[:0], rr.slab[:0]
	}
	cols := rr.cols
	for got := 0; got < n; got++ {
		if rr.left <= 0 || !rr.sc.Scan() {
			rr.done = true
			break
		}
		row := rr.sc.Row()
		switch {
		case len(row) == cols:
		case len(row) < cols && rr.shortFirst && rr.total == 0:
		case len(row) < cols && rr.opts.NullPadding:
			rr.padded++
		case len(row) == cols+1 && len(row[cols]) == 0:
			// A trailing delimiter on the data rows (DuckDB's
			// last_value_always_empty): the empty last value is dropped.
			row = row[:cols]
			rr.dropped++
		default:
			if rr.first == nil {
				rr.first = &scanner.ParseError{Kind: scanner.ErrFieldCount, Row: rr.sc.RowNumber(), Field: min(len(row), cols) + 1,
					Offset: rr.sc.RowOffset(), Msg: "sniffing: wrong number of values"}
			}
			if !rr.opts.IgnoreErrors {
				rr.done = true
				return dst, rr.first
			}
			rr.skipped++
			got--
			continue
		}
		rr.left--
		rr.total++
		// A value the scanner did not unescape is a slice of data and is
		// kept as it is; the others are copied into an arena. The slab of
		// value slices grows by at most slabValues beyond what the rows
		// use when the rows are kept; when they are not, it also goes
		// past slabValues by doubling, so
		// that after a chunk or two one slab holds a whole chunk and is
		// used again (at most twice the values of a chunk, whatever the
		// table's width).
		row = row[:min(len(row), cols)]
		if len(slab)+len(row) > cap(slab) {
			// Slabs start small and double (a look at ten rows, or a
			// window of sixty, allocates what it uses, not 96 KiB).
			size := max(len(row), min(slabValues, max(256, 2*cap(slab))))
			if !keep {
				size = max(size, 2*cap(slab))
			}
			slab = make([][]byte, 0, size)
		}
		out := slab[len(slab) : len(slab)+len(row) : len(slab)+len(row)]
		slab = slab[:len(slab)+len(row)]
		for i := range row {
			if rr.opts.QuotedNotNull && rr.sc.Quoted(i) && rr.opts.nullText(row[i]) {
				// A quoted "" (or null string) under QuotedNotNull is a
				// value, not NULL: kept in the arena with one byte of
				// capacity past its end, which says so (quotedNotNull).
				if len(arena)+len(row[i])+1 > cap(arena) {
					arena = make([]byte, 0, max(min(64<<10, max(4<<10, 2*cap(arena))), len(row[i])+1))
				}
				start := len(arena)
				arena = append(arena, row[i]...)
				out[i] = arena[start : len(arena) : len(arena)+1]
				continue
			}
			if len(row[i]) == 0 {
				out[i] = nil
				continue
			}
			if within(row[i], rr.data) {
				out[i] = row[i]
				continue
			}
			if len(arena)+len(row[i]) > cap(arena) {
				arena = make([]byte, 0, max(min(64<<10, max(4<<10, 2*cap(arena))), len(row[i])))
			}
			start := len(arena)
			arena = append(arena, row[i]...)
			out[i] = arena[start:len(arena):len(arena)]
		}
		dst = append(dst, out)
	}
	rr.skipped += len(rr.sc.TakeBadRows())
	if rr.done {
		if err := rr.sc.Err(); err != nil && rr.first == nil &&
			!(rr.cut && errors.Is(err, scanner.ErrUnterminatedQuote)) {
			// (A head cut inside a quoted value: the rows before the
			// cut are whole, and the open quote is no error of the file.)
			rr.first = err
		}
	}
	if !keep {
		rr.rows, rr.arena, rr.slab = dst, arena, slab
	}
	return dst, rr.first
}

// readTable reads data (whole rows) with d into at most limit rows of
// cols columns.
func readTable(data []byte, d dialect.Dialect, cols int, opts *Options, limit int) ([][][]byte, error) {
	rr, err := newRowReader(data, d, cols, opts, limit, false)
	if err != nil {
		return nil, err
	}
	return rr.next(nil, limit, true)
}

// quotedNotNull says v, a value of a row the rowReader read, was quoted
// and looks like a NULL (empty, or one of Options.NullStr) under
// Options.QuotedNotNull, where it is no NULL: the rowReader gives such a
// value one byte of capacity past its end, and every other value none
// (the scanner cuts a value's capacity at its end, copies into the arena
// are cut too, and an empty value is nil).
func quotedNotNull(v []byte) bool { return cap(v) > len(v) }

// within reports whether v (not empty) lies inside data's bytes. The
// scanner hands out values as data[a:b:b], their capacity cut at their
// end, so only their addresses tell that they are slices of data (the
// check crypto/internal/alias makes); a value it unescaped lies in its
// scratch buffer, which the next row overwrites, and must be copied.
func within(v, data []byte) bool {
	if len(v) == 0 || len(data) == 0 {
		return false
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(v)))
	d := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return p >= d && p+uintptr(len(v)) <= d+uintptr(len(data))
}
