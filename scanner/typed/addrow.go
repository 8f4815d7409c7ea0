package typed

import (
	"encoding/binary"

	"github.com/csvscan/csvscan/internal/cast"
)

// Casting a row into the chunk's vectors: the fast loop for the common row
// and the slow path, value by value, that every row can take (typed.go
// holds the Reader and its chunk filling).

// addRow casts row into slot i of every column and returns 1 for a good
// row, 0 for a bad one. Without IgnoreErrors it stops at the first bad
// value, with r.err set.
//
// The common row, as many values as columns and no per-value null rules
// (QuotedNotNull, ForceNotNull), goes through one loop whose only branch
// per value is its column's kind (r.kinds, worked out once per reader):
// a value is compared with the null strings only when its length is one
// of theirs (r.nullLens), and the kinds of the common types call the
// short casts (cast.ShortInt64, ShortFloat64, ShortDate) before the
// general ones. A value that does not cast, and every other row, goes to
// addRowSlow, which casts the whole row again value by value and reports
// its errors in order. Both write the same slots: TestFastRowPath and
// FuzzRowPaths hold them to the same chunks, rejects and errors.
func (r *Reader) addRow(i int, row [][]byte) uint8 {
	cols := r.chunk.Columns
	kinds := r.kinds
	if len(row) != len(kinds) || len(cols) != len(kinds) || !r.fastRows {
		return r.addRowSlow(i, row)
	}
	nullLens := r.nullLens
	for c, k := range kinds {
		v := row[c]
		vec := &cols[c]
		if nullLens>>min(uint(len(v)), 63)&1 != 0 && r.isNull(v) {
			vec.setNull(i)
			continue
		}
		ok := true
		switch k {
		case kindBigInt:
			x, short := cast.ShortInt64(v)
			if !short {
				x, ok = r.caster.Int64(v)
			}
			vec.Ints[i] = x
		case kindDouble:
			x, short := cast.ShortFloat64(v, r.sep)
			if !short {
				x, ok = r.caster.Float64(v)
			}
			vec.Floats[i] = x
		case kindDate:
			x, short := cast.ShortDate(v)
			if !short {
				x, ok = r.caster.Date(v)
			}
			vec.Dates[i] = x
		case kindVarchar:
			// A short value (most of them in a wide file) is checked for
			// ASCII and copied inline, with the same two words (two half
			// words, three bytes) that overlap when it is shorter than 16
			// bytes: the calls of utf8.Valid and of append's copy cost
			// more than that. Whatever else takes cast.ValidUTF8 and append.
			data, n := vec.Data, len(v)
			at := len(data)
			if n >= 1 && n <= 16 && cap(data)-at >= 16 {
				dst := data[at : at+16]
				switch {
				case n >= 8:
					lo, hi := binary.LittleEndian.Uint64(v), binary.LittleEndian.Uint64(v[n-8:])
					if ok = (lo|hi)&0x8080808080808080 == 0; ok {
						binary.LittleEndian.PutUint64(dst, lo)
						binary.LittleEndian.PutUint64(dst[n-8:], hi)
					}
				case n >= 4:
					lo, hi := binary.LittleEndian.Uint32(v), binary.LittleEndian.Uint32(v[n-4:])
					if ok = (lo|hi)&0x80808080 == 0; ok {
						binary.LittleEndian.PutUint32(dst, lo)
						binary.LittleEndian.PutUint32(dst[n-4:], hi)
					}
				default:
					// 1 to 3 bytes: the first, the middle one (or the
					// first again) and the last.
					a, b, c := v[0], v[n/2], v[n-1]
					if ok = (a|b|c)&0x80 == 0; ok {
						dst[0], dst[n/2], dst[n-1] = a, b, c
					}
				}
				if ok {
					vec.Data = data[:at+n]
					vec.Offsets[i+1] = at + n
					break
				}
			}
			if ok = cast.ValidUTF8(v); ok {
				vec.appendText(i, v)
				vec.Offsets[i+1] = len(vec.Data)
			}
		default:
			ok = r.castValue(vec, i, v)
		}
		if !ok {
			return r.addRowSlow(i, row)
		}
	}
	return 1
}

// The kinds of column addRow's loop tells apart: the types it casts
// inline, and the others, which go through castValue.
const (
	kindOther   uint8 = iota
	kindBigInt        // BIGINT
	kindDouble        // DOUBLE
	kindDate          // DATE with DuckDB's ISO cast (no DateFormat)
	kindVarchar       // VARCHAR
)

// columnKinds returns the kind of each column of r's schema.
func (r *Reader) columnKinds() []uint8 {
	kinds := make([]uint8, len(r.opts.Schema))
	for c, col := range r.opts.Schema {
		switch {
		case col.Type == TypeBigInt:
			kinds[c] = kindBigInt
		case col.Type == TypeDouble:
			kinds[c] = kindDouble
		case col.Type == TypeDate && r.dateFmt.IsZero():
			kinds[c] = kindDate
		case col.Type == TypeVarchar:
			kinds[c] = kindVarchar
		}
	}
	return kinds
}

// nullLengths returns the lengths of the null strings as the bits of a
// word, lengths of 63 and more all as bit 63: a value whose length has no
// bit set is no null string.
func nullLengths(nulls []string) uint64 {
	var m uint64
	for _, s := range nulls {
		m |= 1 << min(uint(len(s)), 63)
	}
	return m
}

// castValue casts v, not NULL, into slot i of vec and reports whether it
// cast: every type, VARCHAR included (its UTF-8 check).
func (r *Reader) castValue(vec *Vector, i int, v []byte) bool {
	ok := true
	switch vec.Type {
	case TypeBoolean:
		vec.Bools[i], ok = r.caster.Bool(v)
	case TypeBigInt:
		vec.Ints[i], ok = r.caster.Int64(v)
	case TypeInteger:
		var x int32
		x, ok = r.caster.Int32(v)
		vec.Ints[i] = int64(x)
	case TypeSmallInt:
		var x int16
		x, ok = r.caster.Int16(v)
		vec.Ints[i] = int64(x)
	case TypeTinyInt:
		var x int8
		x, ok = r.caster.Int8(v)
		vec.Ints[i] = int64(x)
	case TypeUBigInt:
		var x uint64
		x, ok = r.caster.Uint64(v)
		vec.Ints[i] = int64(x)
	case TypeUInteger:
		var x uint32
		x, ok = r.caster.Uint32(v)
		vec.Ints[i] = int64(x)
	case TypeUSmallInt:
		var x uint16
		x, ok = r.caster.Uint16(v)
		vec.Ints[i] = int64(x)
	case TypeUTinyInt:
		var x uint8
		x, ok = r.caster.Uint8(v)
		vec.Ints[i] = int64(x)
	case TypeDouble:
		vec.Floats[i], ok = r.caster.Float64(v)
	case TypeFloat:
		var x float32
		x, ok = r.caster.Float32(v)
		vec.Floats[i] = float64(x)
	case TypeDecimal:
		vec.Ints[i], ok = r.caster.Decimal(v, vec.Width, vec.Scale)
	case TypeDate:
		if r.dateFmt.IsZero() {
			vec.Dates[i], ok = r.caster.Date(v)
		} else {
			vec.Dates[i], ok = r.dateFmt.Date(v)
		}
	case TypeTime:
		vec.Times[i], ok = r.caster.Time(v)
	case TypeTimestamp:
		if r.tsFmt.IsZero() {
			vec.Timestamps[i], ok = r.caster.Timestamp(v)
		} else {
			vec.Timestamps[i], ok = r.tsFmt.Timestamp(v)
		}
	case TypeTimestampTZ:
		vec.Timestamps[i], ok = r.caster.TimestampTZ(v)
	case TypeVarchar:
		if ok = cast.ValidUTF8(v); ok {
			vec.appendText(i, v)
			vec.Offsets[i+1] = len(vec.Data)
		}
	}
	return ok
}

// addRowSlow is addRow for every row: value by value, with every null
// rule, and each error reported in the order DuckDB gives them.
func (r *Reader) addRowSlow(i int, row [][]byte) uint8 {
	cols := r.chunk.Columns
	width := len(cols)
	m := min(len(row), width)
	keep := uint8(1)
	for c := 0; c < m; c++ {
		v := row[c]
		vec := &cols[c]
		if vec.Type == TypeVarchar {
			// A value addRow's loop appended before it gave the row up is
			// cast again: start the slot over.
			vec.Data = vec.Data[:vec.Offsets[i]]
		}
		null, v := r.nullAt(c, v)
		if null {
			vec.setNull(i)
			continue
		}
		if !r.castValue(vec, i, v) {
			vec.setNull(i)
			keep = 0
			kind := ErrCast
			if vec.Type == TypeVarchar {
				kind = ErrInvalidUnicode
			}
			if !r.report(kind, c, c, c+1, row) {
				return 0
			}
		}
	}
	if len(row) < width {
		for c := len(row); c < width; c++ {
			cols[c].setNull(i)
		}
		if !r.opts.NullPadding {
			keep = 0
			// One error per missing column, as DuckDB records them: it
			// numbers each by the column before it.
			for c := len(row); c < width; c++ {
				if !r.report(ErrMissingColumns, c, -1, c, row) {
					return 0
				}
			}
		}
	}
	if len(row) > width && !r.opts.Dialect.Lenient {
		// DuckDB lets through values past the schema while they are NULL
		// and no other value past it came first ("1,2,," for two columns);
		// it numbers each other one from the first column past the schema,
		// not counting those NULLs.
		at := width
		for k := width; k < len(row); k++ {
			if at == width && r.isNull(row[k]) {
				continue
			}
			keep = 0
			at++
			if !r.report(ErrTooManyColumns, -1, k, at, row) {
				return 0
			}
		}
	}
	return keep
}
