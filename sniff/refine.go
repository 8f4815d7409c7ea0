package sniff

// Type refinement: the types of the first chunk, checked against the rest
// of the sample.
//
// Type detection saw one chunk of rows; a column of small numbers may hold
// a decimal on row 9,000. Refinement reads the following chunks of the
// sample and, per chunk and column, drops candidate types until one casts
// every value of the chunk; a column that was BOOLEAN, DATE, TIME or
// TIMESTAMP goes straight to VARCHAR, but one of ISO dates or timestamps
// to TIMESTAMP when the chunk reads as timestamps (widerTime). For an input with random access the
// sniffer also reads the rest of DuckDB's sample when the head was cut at
// DefaultSampleBytes, a chunk at a time, and a few windows from later in
// the file (sample.go): a chunk or a window is used only if
// every one of its rows reads with the dialect at the table's width, since
// a window that starts inside a quoted value would read garbage. This is
// DuckDB's CSVSniffer::RefineTypes (sniffer/type_refinement.cpp), with the
// windows added.

import (
	"bytes"

	"github.com/csvscan/csvscan/internal/cast"
)

// refineTypes narrows t.cols over the chunks of the sample after the
// first, read one at a time (the rows up to an error, if any, still refine
// the types), and over the windows.
func (s *session) refineTypes(c *candidate, t *table) {
	for len(t.rows) == t.chunk && (s.chunks > 1 || t.chunk < chunkRows) {
		rows, err := t.rr.next(nil, t.chunk, false)
		if len(rows) > 0 {
			s.refineTypeChunk(t.cols, rows)
		}
		if err != nil && !s.opts.IgnoreErrors || t.rr.done {
			break
		}
	}
	if s.rest != nil && undecided(t.cols) {
		values := 0
		s.restErr = s.rest.chunks(func(w []byte) bool {
			if rows := windowRows(w, c, &s.opts); rows != nil {
				s.refineTypeChunk(t.cols, rows)
				values += len(rows) * len(t.cols)
			}
			return undecided(t.cols) && values < restValues
		})
	}
	for _, w := range s.windows {
		rows := windowRows(w, c, &s.opts)
		if rows != nil {
			s.refineTypeChunk(t.cols, rows)
		}
	}
}

// undecided says some column of cols is not VARCHAR: refinement has something
// left to decide.
func undecided(cols []column) bool {
	for i := range cols {
		if cols[i].top() != cast.TypeVarchar {
			return true
		}
	}
	return false
}

// refineTypeChunk drops the candidates of each column that some value of rows
// does not fit.
func (s *session) refineTypeChunk(cols []column, rows [][][]byte) {
	for ci := range cols {
		col := &cols[ci]
		settled := sticky(col.top())
		for _, r := range rows {
			if !s.null(cell(r, ci)) {
				col.values++
			}
		}
		if col.top() == cast.TypeVarchar {
			continue // every value is text
		}
		for col.more() {
			t := col.top()
			if s.refineCastsAll(t, rows, ci) {
				break
			}
			if settled {
				if w := s.widerTime(t, rows, ci); w != t {
					col.popTo(w)
				}
				break
			}
			col.pop()
		}
	}
}

// widerTime returns the type a settled column of type t goes to when a
// value of rows does not fit it, as DuckDB's refinement (which casts with
// the reader's cast, not the sniffer's strict one) decides: TIMESTAMP for
// a column of ISO dates or timestamps whose values here all read as
// timestamps, an offset read and dropped as the reader drops it
// (DuckDB 1.5.6 reads 2,047 dates and `2024-01-01 10:00:00+02` as
// TIMESTAMP, the last 10:00:00); VARCHAR otherwise. Every value the
// column held before reads as a TIMESTAMP too: a date as its midnight.
func (s *session) widerTime(t cast.Type, rows [][][]byte, ci int) cast.Type {
	if (t == cast.TypeDate && s.formats[0].current.IsZero() || t == cast.TypeTimestamp) && s.formats[1].current.IsZero() {
		all := true
		for _, r := range rows {
			if v := cell(r, ci); !s.null(v) {
				if _, ok := cast.Scan.Timestamp(v); !ok {
					all = false
					break
				}
			}
		}
		if all {
			return cast.TypeTimestamp
		}
	}
	return cast.TypeVarchar
}

// refineCastsAll is castsAll with the casts of DuckDB's refinement,
// which are its default casts: TIMESTAMP WITH TIME ZONE reads offsets
// and UTC but no other time zone name (cast.Caster.TimestampTZNoNames),
// as the first chunk's casts do. DuckDB 1.5.6 sniffs 2,050 timestamps
// with "+02" and then "2020-01-01 10:00:00 Europe/Berlin" as VARCHAR.
func (s *session) refineCastsAll(t cast.Type, rows [][][]byte, ci int) bool {
	if t != cast.TypeTimestampTZ {
		return s.castsAll(t, rows, ci)
	}
	for _, r := range rows {
		if v := cell(r, ci); !s.null(v) {
			if _, ok := s.caster.TimestampTZNoNames(v); !ok {
				return false
			}
		}
	}
	return true
}

func (s *session) castsAll(t cast.Type, rows [][][]byte, ci int) bool {
	for _, r := range rows {
		if !s.canCast(t, cell(r, ci)) {
			return false
		}
	}
	return true
}

// windowRows reads a window from later in the input with c's dialect: from
// the first line end on, whole rows only. It returns nil when any row fails
// to read or has another width than the table.
func windowRows(w []byte, c *candidate, opts *Options) [][][]byte {
	start := skipLines(w, 1)
	end := lastLineEnd(w)
	if start >= end {
		return nil
	}
	strict := *opts
	strict.IgnoreErrors, strict.NullPadding = false, false
	// (Every row of the window: one of the rest's chunks holds more than
	// a chunk of rows when they are short.)
	rows, err := readTable(w[start:end], c.d, c.sh.cols, &strict, max(chunkRows, bytes.Count(w[start:end], []byte{'\n'})+1))
	if err != nil || len(rows) == 0 {
		return nil
	}
	return rows
}

// lastLineEnd returns the offset just past the last LF or CR of b, or 0.
func lastLineEnd(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' || b[i] == '\r' {
			return i + 1
		}
	}
	return 0
}
