package sniff

import (
	"errors"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

// table is the values of the sample's rows under one candidate dialect,
// from the first row of the table (header or data) on. A row holds at most
// the table's width of values; a padded row holds fewer, and its missing
// values are empty (see cell). So the table costs one slice header per
// value the sample holds, never width × rows: a sample of n bytes makes at
// most n+1 values and n+1 rows, whatever its width.
type table struct {
	rows [][][]byte
	cols []column // the candidate types of each column
	// Rows of the sample read with fewer values than the width (padded,
	// under NullPadding), left out (more values, or a parse error, under
	// IgnoreErrors), and read with one empty value more than the width,
	// which was dropped.
	padded, skipped, dropped int
}

// cell is value i of row r: empty when the row is shorter (padded).
func cell(r [][]byte, i int) []byte {
	if i < len(r) {
		return r[i]
	}
	return nil
}

// chunk returns the i-th chunk of chunkRows rows.
func (t *table) chunk(i int) [][][]byte {
	lo := i * chunkRows
	if lo >= len(t.rows) {
		return nil
	}
	return t.rows[lo:min(lo+chunkRows, len(t.rows))]
}

// readRows reads the values of the sample with c's dialect, from its first
// table row to the last complete row of the sample, at most rows rows and
// the sample size.
// A row that does not fit the width (after padding, when allowed) is an
// error, or is left out under IgnoreErrors; the error returned is the first.
func (s *session) readRows(c *candidate, rows int) (*table, error) {
	data := s.head[s.start:]
	limit := min(rows, s.chunks*chunkRows)
	if s.opts.sampleRows() < 0 {
		limit = rows
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
	t, err := readTable(data[from:to], c.d, c.sh.cols, &s.opts, limit)
	if err != nil && !s.final && errors.Is(err, scanner.ErrUnterminatedQuote) {
		// The head was cut inside a quoted value: the rows before the cut
		// are whole, and the open quote is no error of the file.
		err = nil
	}
	return t, err
}

// slabValues is the number of value slices allocated at once for a
// table's rows (96 KiB).
const slabValues = 4096

// readTable reads data (whole rows) with d into a table of cols columns.
func readTable(data []byte, d dialect.Dialect, cols int, opts *Options, limit int) (*table, error) {
	sc, err := scanner.NewBytes(data, scanner.Options{Dialect: d, FieldsPerRow: -1,
		MaxLineSize: opts.maxLine(), IgnoreErrors: opts.IgnoreErrors})
	if err != nil {
		return nil, err
	}
	t := &table{}
	var first error
	var arena []byte
	var slab [][]byte
	for len(t.rows) < limit && sc.Scan() {
		row := sc.Row()
		switch {
		case len(row) == cols:
		case len(row) < cols && opts.NullPadding:
			t.padded++
		case len(row) == cols+1 && len(row[cols]) == 0:
			// A trailing delimiter on the data rows (DuckDB's
			// last_value_always_empty): the empty last value is dropped.
			row = row[:cols]
			t.dropped++
		default:
			if first == nil {
				first = &scanner.ParseError{Kind: scanner.ErrFieldCount, Row: sc.RowNumber(), Field: min(len(row), cols) + 1,
					Offset: sc.RowOffset(), Msg: "sniffing: wrong number of values"}
			}
			if !opts.IgnoreErrors {
				return t, first
			}
			t.skipped++
			continue
		}
		// A value the scanner did not unescape is a slice of data and is
		// kept as it is; the others are copied into an arena. The slab of
		// value slices grows by at most slabValues beyond what the rows
		// use.
		row = row[:min(len(row), cols)]
		if len(slab)+len(row) > cap(slab) {
			slab = make([][]byte, 0, max(len(row), slabValues))
		}
		out := slab[len(slab) : len(slab)+len(row) : len(slab)+len(row)]
		slab = slab[:len(slab)+len(row)]
		for i := range row {
			if len(row[i]) == 0 {
				continue
			}
			if within(row[i], data) {
				out[i] = row[i]
				continue
			}
			if len(arena)+len(row[i]) > cap(arena) {
				arena = make([]byte, 0, max(64<<10, len(row[i])))
			}
			start := len(arena)
			arena = append(arena, row[i]...)
			out[i] = arena[start:len(arena):len(arena)]
		}
		t.rows = append(t.rows, out)
	}
	t.skipped += len(sc.TakeBadRows())
	if err := sc.Err(); err != nil && first == nil {
		first = err
	}
	return t, first
}

// within reports whether v (not empty) is a slice of data: its backing
// array ends where data's does.
func within(v, data []byte) bool {
	if cap(v) == 0 || len(data) == 0 || cap(v) > cap(data) {
		return false
	}
	return &v[:cap(v)][cap(v)-1] == &data[:cap(data)][cap(data)-1]
}
