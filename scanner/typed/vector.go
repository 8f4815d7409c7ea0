package typed

import (
	"slices"
	"time"

	"github.com/csvscan/csvscan/internal/cast"
)

// Validity marks which values of a Vector are not NULL: bit i%64 of word
// i/64 is set when value i is valid, as in DuckDB's ValidityMask.
type Validity []uint64

// IsValid reports whether value i is not NULL.
func (m Validity) IsValid(i int) bool { return m[i>>6]>>(uint(i)&63)&1 != 0 }

// Vector is one column of a Chunk: its values in the slice of the column's
// type (the others are nil) and which of them are NULL. A NULL's slot holds
// the zero value. The integer types share Ints and FLOAT shares Floats with
// DOUBLE (see the Type constants); Type tells them apart.
type Vector struct {
	Type     Type
	Validity Validity
	// Width and Scale are a DECIMAL column's (see Column).
	Width, Scale int

	Bools      []bool
	Ints       []int64
	Floats     []float64
	Dates      []Date
	Times      []Time
	Timestamps []Timestamp

	// A VARCHAR column's values share Data: value i is
	// Data[Offsets[i]:Offsets[i+1]] (Bytes does that), and len(Offsets) is
	// Len()+1.
	Data    []byte
	Offsets []int
}

// IsNull reports whether value i is NULL.
func (v *Vector) IsNull(i int) bool { return !v.Validity.IsValid(i) }

// Bytes returns value i of a VARCHAR column (empty for a NULL), a slice of
// v.Data.
func (v *Vector) Bytes(i int) []byte {
	return v.Data[v.Offsets[i]:v.Offsets[i+1]:v.Offsets[i+1]]
}

// Uint64 returns value i of a UBIGINT column, which Ints holds as the
// bits of a uint64 (for the other integer types, it is Ints[i] converted).
func (v *Vector) Uint64(i int) uint64 { return uint64(v.Ints[i]) }

// Value returns value i as a Go value: nil for NULL, bool, int64 (the
// signed integer types and UINTEGER and smaller), uint64 (UBIGINT),
// float64 (DOUBLE), float32 (FLOAT), string (VARCHAR, and DECIMAL as
// DuckDB renders it, so that no digit is lost), time.Time in UTC (DATE at
// midnight, TIMESTAMP), time.Duration since midnight (TIME). An infinite
// DATE or TIMESTAMP is returned as the Date or Timestamp itself.
func (v *Vector) Value(i int) any {
	if v.IsNull(i) {
		return nil
	}
	switch v.Type {
	case TypeBoolean:
		return v.Bools[i]
	case TypeBigInt, TypeInteger, TypeSmallInt, TypeTinyInt, TypeUInteger, TypeUSmallInt, TypeUTinyInt:
		return v.Ints[i]
	case TypeUBigInt:
		return v.Uint64(i)
	case TypeDouble:
		return v.Floats[i]
	case TypeFloat:
		return float32(v.Floats[i])
	case TypeDecimal:
		return string(cast.AppendDecimal(nil, v.Ints[i], v.Width, v.Scale))
	case TypeDate:
		if !v.Dates[i].IsFinite() {
			return v.Dates[i]
		}
		return time.Unix(int64(v.Dates[i])*86400, 0).UTC()
	case TypeTime:
		return time.Duration(v.Times[i]) * time.Microsecond
	case TypeTimestamp, TypeTimestampTZ:
		if !v.Timestamps[i].IsFinite() {
			return v.Timestamps[i]
		}
		return time.UnixMicro(int64(v.Timestamps[i])).UTC()
	}
	return string(v.Bytes(i))
}

// AppendText appends DuckDB's text rendering of value i to dst: "NULL",
// "true", "42", "1.5", "2024-02-29", "12:34:56", "2024-02-29 12:34:56", or
// the VARCHAR's bytes. A FLOAT renders with float32's shortest digits
// ("0.1"), a UBIGINT as unsigned.
func (v *Vector) AppendText(dst []byte, i int) []byte {
	if v.IsNull(i) {
		return append(dst, "NULL"...)
	}
	switch v.Type {
	case TypeBoolean:
		return append(dst, cast.FormatBool(v.Bools[i])...)
	case TypeBigInt, TypeInteger, TypeSmallInt, TypeTinyInt, TypeUInteger, TypeUSmallInt, TypeUTinyInt:
		return cast.AppendInt64(dst, v.Ints[i])
	case TypeUBigInt:
		return cast.AppendUint64(dst, v.Uint64(i))
	case TypeDouble:
		return cast.AppendFloat64(dst, v.Floats[i])
	case TypeFloat:
		return cast.AppendFloat32(dst, float32(v.Floats[i]))
	case TypeDecimal:
		return cast.AppendDecimal(dst, v.Ints[i], v.Width, v.Scale)
	case TypeDate:
		return v.Dates[i].AppendFormat(dst)
	case TypeTime:
		return v.Times[i].AppendFormat(dst)
	case TypeTimestamp:
		return v.Timestamps[i].AppendFormat(dst)
	case TypeTimestampTZ:
		return v.Timestamps[i].AppendFormatTZ(dst)
	}
	return append(dst, v.Bytes(i)...)
}

// storage returns the type whose slice of Vector holds the values of type
// t: BIGINT (Ints) for the integer types, DOUBLE (Floats) for FLOAT, t
// itself for the others; false for a value that is no type.
func storage(t Type) (Type, bool) {
	switch t {
	case TypeTinyInt, TypeSmallInt, TypeInteger, TypeUTinyInt, TypeUSmallInt, TypeUInteger, TypeUBigInt, TypeDecimal:
		return TypeBigInt, true
	case TypeFloat:
		return TypeDouble, true
	case TypeTimestampTZ:
		return TypeTimestamp, true
	}
	return t, t.Valid()
}

// setNull marks value i NULL and leaves the zero value in its slot.
func (v *Vector) setNull(i int) {
	v.Validity[i>>6] &^= 1 << (uint(i) & 63)
	t, _ := storage(v.Type)
	switch t {
	case TypeBoolean:
		v.Bools[i] = false
	case TypeBigInt:
		v.Ints[i] = 0
	case TypeDouble:
		v.Floats[i] = 0
	case TypeDate:
		v.Dates[i] = 0
	case TypeTime:
		v.Times[i] = 0
	case TypeTimestamp:
		v.Timestamps[i] = 0
	case TypeVarchar:
		v.Offsets[i+1] = len(v.Data)
	}
}

// Chunk is up to ChunkSize rows of typed values, column by column: column
// c of row i is Columns[c] at index i. RowNumbers[i] is row i's number in
// the raw scan (Rows.RowNumber), so rows removed as bad leave gaps.
type Chunk struct {
	Columns    []Vector
	RowNumbers []int
	n          int
}

// Len returns the number of rows.
func (c *Chunk) Len() int { return c.n }

// NewChunk returns a chunk of the given columns, each holding
// len(rowNumbers) values, for code that assembles chunks from others (the
// front door's several files: columns matched by name, missing ones
// NULL). The slices are used as they are.
func NewChunk(columns []Vector, rowNumbers []int) *Chunk {
	return &Chunk{Columns: columns, RowNumbers: rowNumbers, n: len(rowNumbers)}
}

// NullVector returns a vector of col's type holding n NULLs.
func NullVector(col Column, n int) Vector {
	v := Vector{Type: col.Type, Validity: make(Validity, (n+63)/64)}
	if col.Type == TypeDecimal {
		v.Width, v.Scale = col.decimal()
	}
	t, _ := storage(col.Type)
	switch t {
	case TypeBoolean:
		v.Bools = make([]bool, n)
	case TypeBigInt:
		v.Ints = make([]int64, n)
	case TypeDouble:
		v.Floats = make([]float64, n)
	case TypeDate:
		v.Dates = make([]Date, n)
	case TypeTime:
		v.Times = make([]Time, n)
	case TypeTimestamp:
		v.Timestamps = make([]Timestamp, n)
	default:
		v.Offsets = make([]int, n+1)
	}
	return v
}

// appendText appends v, the text of row i of the chunk being filled, to
// vec's text. Text that must grow grows at once to what the chunk's rows
// (ChunkSize, fewer for a wide schema: ChunkRows) take at the bytes per
// row so far (an eighth more, at most 8 MiB), or to twice its capacity if
// that is more, not by doubling from nothing: a
// chunk new to a read (the front door's parallel read makes one for each
// chunk it holds until the caller reads it) otherwise moved its text 27
// times on its way to 2 MiB of 1024-byte notes (TestAppendTextGrowth),
// which halved the front door's typed read of such a file when its
// recycled chunks had been collected.
func (vec *Vector) appendText(i int, v []byte) {
	const textGrowth = 8 << 20 // the most a projection asks for
	data := vec.Data
	if len(v) > cap(data)-len(data) {
		rows := ChunkSize
		if len(vec.Offsets) > 1 {
			rows = len(vec.Offsets) - 1 // the rows the chunk holds (Chunk.reset)
		}
		need := len(data) + len(v)
		c := max(2*cap(data), need+need/8, min(need/(i+1)*(rows+rows/8), textGrowth))
		grown := make([]byte, len(data), c)
		copy(grown, data)
		data = grown
	}
	vec.Data = append(data, v...)
}

// Clone returns a copy of c that shares no memory with it: a chunk from a
// Reader is valid until its next call, a clone for as long as it is
// kept.
func (c *Chunk) Clone() *Chunk {
	d := &Chunk{Columns: make([]Vector, len(c.Columns)), RowNumbers: slices.Clone(c.RowNumbers), n: c.n}
	for i, v := range c.Columns {
		d.Columns[i] = Vector{Type: v.Type, Width: v.Width, Scale: v.Scale,
			Validity: slices.Clone(v.Validity), Bools: slices.Clone(v.Bools), Ints: slices.Clone(v.Ints),
			Floats: slices.Clone(v.Floats), Dates: slices.Clone(v.Dates), Times: slices.Clone(v.Times),
			Timestamps: slices.Clone(v.Timestamps), Data: slices.Clone(v.Data), Offsets: slices.Clone(v.Offsets)}
	}
	return d
}

// chunkValues bounds the values of a chunk, rows times columns (ChunkRows):
// a chunk's slots are then at most 8 MiB of int64s whatever the width,
// where a chunk of 2,048 rows of a million columns took 16 GB.
const chunkValues = 1 << 20

// ChunkRows returns the most rows a Reader's chunk holds for a schema of
// the given number of columns: ChunkSize up to 512 columns, fewer for a
// wider schema (about a million values a chunk), and one past a million
// columns.
func ChunkRows(columns int) int {
	return max(1, min(ChunkSize, chunkValues/max(1, columns)))
}

// newChunk returns a chunk of the schema with room for rows rows.
func newChunk(schema Schema, rows int) Chunk {
	c := Chunk{Columns: make([]Vector, len(schema)), RowNumbers: make([]int, rows)}
	for i, col := range schema {
		c.Columns[i] = NullVector(col, rows) // reset makes the values valid
	}
	return c
}

// reset makes the chunk's first rows slots writable again and every value
// valid; rows is what newChunk made room for.
func (c *Chunk) reset(rows int) {
	c.n = 0
	c.RowNumbers = c.RowNumbers[:rows]
	for i := range c.Columns {
		v := &c.Columns[i]
		v.Validity = v.Validity[:(rows+63)/64]
		for w := range v.Validity {
			v.Validity[w] = ^uint64(0)
		}
		t, _ := storage(v.Type)
		switch t {
		case TypeBoolean:
			v.Bools = v.Bools[:rows]
		case TypeBigInt:
			v.Ints = v.Ints[:rows]
		case TypeDouble:
			v.Floats = v.Floats[:rows]
		case TypeDate:
			v.Dates = v.Dates[:rows]
		case TypeTime:
			v.Times = v.Times[:rows]
		case TypeTimestamp:
			v.Timestamps = v.Timestamps[:rows]
		case TypeVarchar:
			v.Data = v.Data[:0]
			v.Offsets = v.Offsets[:rows+1]
			v.Offsets[0] = 0
		}
	}
}

// setLen cuts every column to the first n rows.
func (c *Chunk) setLen(n int) {
	c.n = n
	c.RowNumbers = c.RowNumbers[:n]
	for i := range c.Columns {
		v := &c.Columns[i]
		v.Validity = v.Validity[:(n+63)/64]
		t, _ := storage(v.Type)
		switch t {
		case TypeBoolean:
			v.Bools = v.Bools[:n]
		case TypeBigInt:
			v.Ints = v.Ints[:n]
		case TypeDouble:
			v.Floats = v.Floats[:n]
		case TypeDate:
			v.Dates = v.Dates[:n]
		case TypeTime:
			v.Times = v.Times[:n]
		case TypeTimestamp:
			v.Timestamps = v.Timestamps[:n]
		case TypeVarchar:
			v.Offsets = v.Offsets[:n+1]
			v.Data = v.Data[:v.Offsets[n]]
		}
	}
}
