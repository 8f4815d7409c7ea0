// Package cast turns CSV fields into typed values the way DuckDB's CSV
// reader does, and renders typed values as DuckDB prints them.
//
// It sits after the scanner, at both places where csvscan needs a field's
// type:
//
//	scanner ─► fields ─► sniffer type detection ─► cast.Sniff (can the column be T?)
//	                 └─► typed chunks ─────────────► cast.Scan (the value as T)
//
// Fields arrive as raw bytes, already unescaped; deciding which field is
// NULL is the caller's job. Every cast returns (value, ok) and never
// allocates for the number types. DuckDB casts with a strict flag: the
// scanner fills typed columns with strict off (Scan, and the package-level
// functions Bool, Int64, Float64, ParseDate, ParseTime and ParseTimestamp)
// and the sniffer tests candidate types with strict on (Sniff). Caster
// lists the differences.
//
// The types are DuckDB's BOOLEAN, the integers TINYINT, SMALLINT,
// INTEGER, BIGINT, UTINYINT, USMALLINT, UINTEGER and UBIGINT, FLOAT,
// DOUBLE, DECIMAL(w,s) up to 18 digits, DATE, TIME, TIMESTAMP, TIMESTAMP
// WITH TIME ZONE and VARCHAR (type Type); HUGEINT, UHUGEINT, DECIMAL wider
// than 18 digits, INTERVAL and the others are not supported (ParseType,
// or ParseDecimal for a DECIMAL of more than 18 digits, fails with
// ErrUnsupportedType). BOOLEAN, the integers, FLOAT and DOUBLE
// are Go's bool, int8 ... uint64, float32 and float64 (casts Int8, Int16,
// Int32, Int64, Uint8 ... Uint64, Float32 and Float64; the narrower
// integers are the BIGINT cast with a range check). A DECIMAL(w,s) is an
// int64 holding the value times 10^s, DuckDB's storage for widths up to 18
// (ParseDecimal reads the type name, Caster.Decimal casts, AppendDecimal
// renders). DATE, TIME and TIMESTAMP have the types Date (days since
// 1970-01-01), Time (microseconds since midnight) and Timestamp
// (microseconds since 1970-01-01 00:00:00), DuckDB's own representations;
// a TIMESTAMP WITH TIME ZONE is a Timestamp in UTC (Caster.TimestampTZ).
// The Type constants are named TypeDate and so on because
// Date, Time and Timestamp name those value types; for the same reason the
// casts to them are ParseDate, ParseTime and ParseTimestamp (and the
// Caster methods Date, Time and Timestamp).
//
// Some fields and what Scan makes of them:
//
//	Bool       "T" true     "yes" true    "0" false     " true" fails
//	Int64      " 42 " 42    "+5" 5        "1_000" 1000  "1.5" 2   "1e3" 1000
//	           "0x1F" 31    "9223372036854775808" fails (overflow)
//	Int32      "2147483647"  "-2147483648"   "2147483648" fails   "1.5" 2
//	Uint8      "255"  "-0" 0   "256" fails   "-1" fails
//	Float32    "0.1" (float32 0.1)   "3.4028235e38"   "1e39" +Inf
//	Float64    "1.5" 1.5    "-.5" -0.5    "1e-3" 0.001  "Infinity" +Inf  "nan" NaN
//	ParseDate  "2024-02-29"  "2024/2/9"  "2024-02-29 12:00" (time ignored)  "10-01-01 (BC)"
//	           "2023-02-29" fails
//	ParseTime  "12:34"  "12:34:56.789"  "24:00:00"  "2024-02-29 12:34:56"
//	ParseTimestamp "2024-02-29 12:34:56"  "2024-02-29T12:34:56Z"
//	           "2024-02-29 12:00:00+02" (10:00:00 UTC)  "2024-02-29" (midnight)
//
// Values render with AppendFormat or String on Date, Time and Timestamp and
// with AppendFloat64, AppendFloat32, AppendInt64, AppendUint64 and
// FormatBool for the others, exactly as DuckDB prints them: "1.0",
// "1e+16", "0.1" (a FLOAT's shortest digits), "2024-02-29", "12:34:56.5",
// "2024-02-29 12:34:56", "0001-01-01 (BC)".
//
// A column read with a dateformat or timestampformat uses a Format, DuckDB's
// strptime formats: ParseFormat("%d/%m/%Y"), then Format.Date or
// Format.Timestamp per field. DateFormatCandidates and
// TimestampFormatCandidates are the formats DuckDB's sniffer tries, and
// FormatCandidates and DateSeparator produce them for a field.
//
// Basic use:
//
//	n, ok := cast.Int64(field)         // BIGINT column
//	if !ok { /* a cast error at this field */ }
//	c := cast.Caster{DecimalComma: true}
//	f, ok := c.Float64([]byte("3,25")) // decimal_separator=','
//	if _, ok := cast.Sniff.Int64(field); !ok { /* the column is not BIGINT */ }
//	df, err := cast.ParseFormat("%d/%m/%Y")
//	d, ok := df.Date([]byte("29/02/2024"))
//	fmt.Println(d) // 2024-02-29
//
// The rules are read from DuckDB's source (file names are given at each
// cast) and checked against the expected values of the shared DuckDB
// corpus; they include DuckDB's quirks, such as "5e-3" casting to BIGINT 1.
package cast
