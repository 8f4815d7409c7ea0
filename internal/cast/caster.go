package cast

// Caster selects which of DuckDB's two rule sets a cast follows.
//
// DuckDB casts a VARCHAR with a strict flag. The CSV scanner fills typed
// columns with strict off (Scan), and its sniffer decides whether a column
// can have a type with strict on for most types (Sniff): Sniff accepts less,
// so that a column of "1." or "+5" is not taken for numbers. The differences,
// type by type:
//
//	BOOLEAN   strict rejects y, n, 1 and 0 (t, f, yes, no, true, false pass)
//	BIGINT    strict rejects '+', '_', a leading 0 before a digit ("007"),
//	          a decimal point and an exponent; the same for the other
//	          integer types (TINYINT ... UBIGINT)
//	DOUBLE    strict rejects '+', '_', a leading 0 before a digit and
//	          trailing spaces; the same for FLOAT
//	DATE      strict rejects anything but spaces after the date; lenient
//	          ignores what follows unless it starts with a digit
//	TIME      strict needs two minute digits and rejects trailing text;
//	          lenient accepts "11:", "11:1" and "11:11:" and falls back to
//	          reading a timestamp and keeping its time
//	TIMESTAMP strict rejects a UTC offset, "Z" or a time zone name
//
// A Caster holds no state: its methods may be called concurrently and never
// allocate, except Float64 and Float32 for a number so long that it does
// not fit the stack buffer (over 128 bytes with '_' or ',' to remove),
// the integer, float and decimal casts for a value of over 64 bytes with
// thousands separators to remove (Thousands), and
// for values that overflow to ±Inf by a hair (see Float64 and Float32).
type Caster struct {
	// Strict selects the sniffer's rules (DuckDB's strict = true).
	Strict bool
	// DecimalComma makes ',' the decimal separator of DOUBLE and FLOAT
	// values instead of '.' (DuckDB's decimal_separator = ','). The integer
	// casts ignore it: DuckDB's integer cast always uses '.'.
	DecimalComma bool
	// Thousands is the thousands separator (DuckDB's thousands), or 0 for
	// none, the default: the integer, DOUBLE, FLOAT and DECIMAL casts
	// remove every such byte from a value before they read it ("1,234" is
	// 1234; thousands.go). It must pass CheckThousands.
	Thousands byte
}

// Scan is the rule set of DuckDB's CSV scanner when it fills typed columns
// (TryCast with strict = false). The package-level functions use it.
var Scan = Caster{}

// Sniff is the rule set of DuckDB's CSV sniffer when it tests whether a
// value fits a candidate type (CSVSniffer::CanYouCastIt in
// sniffer/type_detection.cpp), which casts BOOLEAN, the integer types,
// DOUBLE, FLOAT, DATE, TIME and TIMESTAMP with strict = true.
var Sniff = Caster{Strict: true}

// Bool casts b to BOOLEAN with the Scan rules (see Caster.Bool).
func Bool(b []byte) (bool, bool) { return Scan.Bool(b) }

// Int64 casts b to BIGINT with the Scan rules (see Caster.Int64).
func Int64(b []byte) (int64, bool) { return Scan.Int64(b) }

// Float64 casts b to DOUBLE with the Scan rules and '.' as the decimal
// separator (see Caster.Float64).
func Float64(b []byte) (float64, bool) { return Scan.Float64(b) }

// Int32 casts b to INTEGER with the Scan rules (see Caster.Int32).
func Int32(b []byte) (int32, bool) { return Scan.Int32(b) }

// Int16 casts b to SMALLINT with the Scan rules (see Caster.Int16).
func Int16(b []byte) (int16, bool) { return Scan.Int16(b) }

// Int8 casts b to TINYINT with the Scan rules (see Caster.Int8).
func Int8(b []byte) (int8, bool) { return Scan.Int8(b) }

// Uint64 casts b to UBIGINT with the Scan rules (see Caster.Uint64).
func Uint64(b []byte) (uint64, bool) { return Scan.Uint64(b) }

// Uint32 casts b to UINTEGER with the Scan rules (see Caster.Uint32).
func Uint32(b []byte) (uint32, bool) { return Scan.Uint32(b) }

// Uint16 casts b to USMALLINT with the Scan rules (see Caster.Uint16).
func Uint16(b []byte) (uint16, bool) { return Scan.Uint16(b) }

// Uint8 casts b to UTINYINT with the Scan rules (see Caster.Uint8).
func Uint8(b []byte) (uint8, bool) { return Scan.Uint8(b) }

// Float32 casts b to FLOAT with the Scan rules and '.' as the decimal
// separator (see Caster.Float32).
func Float32(b []byte) (float32, bool) { return Scan.Float32(b) }

// ParseDate casts b to DATE with the Scan rules (see Caster.Date).
func ParseDate(b []byte) (Date, bool) { return Scan.Date(b) }

// ParseTime casts b to TIME with the Scan rules (see Caster.Time).
func ParseTime(b []byte) (Time, bool) { return Scan.Time(b) }

// ParseTimestamp casts b to TIMESTAMP with the Scan rules (see
// Caster.Timestamp).
func ParseTimestamp(b []byte) (Timestamp, bool) { return Scan.Timestamp(b) }

// isSpace reports whether c is one of the six ASCII spaces DuckDB skips
// (StringUtil::CharacterIsSpace): ' ', '\t', '\n', '\v', '\f', '\r'.
func isSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t'
}

func isDigit(c byte) bool { return c-'0' < 10 }

func lower(c byte) byte {
	if c-'A' < 26 {
		return c + ('a' - 'A')
	}
	return c
}

// Bool casts b to BOOLEAN as DuckDB's TryCastStringBool does: the whole
// field, ASCII case ignored and no spaces trimmed, must be one of
//
//	true  t  yes        (and, unless Strict, y and 1) for true
//	false f  no         (and, unless Strict, n and 0) for false
func (c Caster) Bool(b []byte) (bool, bool) {
	switch len(b) {
	case 1:
		switch lower(b[0]) {
		case 't':
			return true, true
		case 'f':
			return false, true
		case 'y', '1':
			return true, !c.Strict
		case 'n', '0':
			return false, !c.Strict
		}
	case 2:
		if lower(b[0]) == 'n' && lower(b[1]) == 'o' {
			return false, true
		}
	case 3:
		if lower(b[0]) == 'y' && lower(b[1]) == 'e' && lower(b[2]) == 's' {
			return true, true
		}
	case 4:
		if lower(b[0]) == 't' && lower(b[1]) == 'r' && lower(b[2]) == 'u' && lower(b[3]) == 'e' {
			return true, true
		}
	case 5:
		if lower(b[0]) == 'f' && lower(b[1]) == 'a' && lower(b[2]) == 'l' && lower(b[3]) == 's' &&
			lower(b[4]) == 'e' {
			return false, true
		}
	}
	return false, false
}
