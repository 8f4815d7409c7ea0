package cast

import (
	"errors"
	"fmt"
	"strings"
)

// Type is one of the column types csvscan can give a CSV field. Each is the
// DuckDB logical type of the same name; VARCHAR is the type every field has
// before casting and the type of last resort for the sniffer.
//
// The constants carry a Type prefix because the unprefixed names Date, Time
// and Timestamp are the value types the casts return.
type Type uint8

// The seventeen column types: the first seven in the order of DuckDB's
// LogicalTypeId names, then the narrower and unsigned integers, FLOAT,
// DECIMAL and TIMESTAMP WITH TIME ZONE, added later (their values follow
// VARCHAR's so that the first seven keep theirs).
const (
	TypeBoolean     Type = iota // BOOLEAN: true or false
	TypeBigInt                  // BIGINT: a signed 64-bit integer
	TypeDouble                  // DOUBLE: an IEEE 754 binary64 number
	TypeDate                    // DATE: a day, as days since 1970-01-01 (type Date)
	TypeTime                    // TIME: a time of day in microseconds (type Time)
	TypeTimestamp               // TIMESTAMP: microseconds since 1970-01-01 00:00:00 (type Timestamp)
	TypeVarchar                 // VARCHAR: the field's bytes unchanged
	TypeTinyInt                 // TINYINT: a signed 8-bit integer
	TypeSmallInt                // SMALLINT: a signed 16-bit integer
	TypeInteger                 // INTEGER: a signed 32-bit integer
	TypeUTinyInt                // UTINYINT: an unsigned 8-bit integer
	TypeUSmallInt               // USMALLINT: an unsigned 16-bit integer
	TypeUInteger                // UINTEGER: an unsigned 32-bit integer
	TypeUBigInt                 // UBIGINT: an unsigned 64-bit integer
	TypeFloat                   // FLOAT: an IEEE 754 binary32 number
	TypeDecimal                 // DECIMAL(w,s): a number with s fraction digits, w digits in all (up to 18)
	TypeTimestampTZ             // TIMESTAMP WITH TIME ZONE: an instant, microseconds since 1970-01-01 00:00:00 UTC (type Timestamp)
	numTypes
)

var typeNames = [numTypes]string{
	TypeBoolean:     "BOOLEAN",
	TypeBigInt:      "BIGINT",
	TypeDouble:      "DOUBLE",
	TypeDate:        "DATE",
	TypeTime:        "TIME",
	TypeTimestamp:   "TIMESTAMP",
	TypeVarchar:     "VARCHAR",
	TypeTinyInt:     "TINYINT",
	TypeSmallInt:    "SMALLINT",
	TypeInteger:     "INTEGER",
	TypeUTinyInt:    "UTINYINT",
	TypeUSmallInt:   "USMALLINT",
	TypeUInteger:    "UINTEGER",
	TypeUBigInt:     "UBIGINT",
	TypeFloat:       "FLOAT",
	TypeDecimal:     "DECIMAL",
	TypeTimestampTZ: "TIMESTAMP WITH TIME ZONE",
}

// String returns DuckDB's name of the type ("BIGINT"), or "Type(N)" for a
// value that is no type.
func (t Type) String() string {
	if t < numTypes {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// Valid reports whether t is one of the types (String names it).
func (t Type) Valid() bool { return t < numTypes }

// ErrUnknownType is the cause ParseType reports for a name that is no DuckDB
// type; ErrUnsupportedType for a DuckDB type that csvscan does not cast to
// (HUGEINT, DECIMAL, INTERVAL, ...).
var (
	ErrUnknownType     = errors.New("unknown type name")
	ErrUnsupportedType = errors.New("DuckDB type not supported by csvscan")
)

// typeAliases maps every lowercase name DuckDB resolves to one of the
// types to that type. The list is DuckDB's built-in type names
// (BUILTIN_TYPES in src/catalog/default/default_types.cpp) restricted to
// those types. Note that INTEGER (INT, INT4) is DuckDB's 32-bit integer and
// FLOAT (REAL, FLOAT4) its 32-bit float: neither is an alias of BIGINT or
// DOUBLE.
var typeAliases = map[string]Type{
	"boolean": TypeBoolean, "bool": TypeBoolean, "logical": TypeBoolean,
	"bigint": TypeBigInt, "int8": TypeBigInt, "int64": TypeBigInt, "long": TypeBigInt, "oid": TypeBigInt,
	"double": TypeDouble, "float8": TypeDouble,
	"date":      TypeDate,
	"time":      TypeTime,
	"timestamp": TypeTimestamp, "datetime": TypeTimestamp, "timestamp_us": TypeTimestamp,
	"varchar": TypeVarchar, "bpchar": TypeVarchar, "text": TypeVarchar, "string": TypeVarchar,
	"char": TypeVarchar, "nvarchar": TypeVarchar,
	"tinyint": TypeTinyInt, "int1": TypeTinyInt,
	"smallint": TypeSmallInt, "int2": TypeSmallInt, "short": TypeSmallInt, "int16": TypeSmallInt,
	"integer": TypeInteger, "int": TypeInteger, "int4": TypeInteger, "signed": TypeInteger,
	"integral": TypeInteger, "int32": TypeInteger,
	"utinyint": TypeUTinyInt, "uint8": TypeUTinyInt,
	"usmallint": TypeUSmallInt, "uint16": TypeUSmallInt,
	"uinteger": TypeUInteger, "uint32": TypeUInteger,
	"ubigint": TypeUBigInt, "uint64": TypeUBigInt,
	"float": TypeFloat, "real": TypeFloat, "float4": TypeFloat,
	"decimal": TypeDecimal, "dec": TypeDecimal, "numeric": TypeDecimal,
	"timestamptz": TypeTimestampTZ, "timestamp with time zone": TypeTimestampTZ,
}

// otherDuckDBTypes are DuckDB's other built-in type names: ParseType knows
// them, so that it can say "not supported" rather than "unknown". HUGEINT
// and UHUGEINT are among them: a 128-bit value has no Go type, and a
// Vector has no slice for it.
var otherDuckDBTypes = map[string]bool{
	"hugeint": true, "int128": true, "uhugeint": true, "uint128": true,
	"bytea": true, "blob": true, "varbinary": true, "binary": true,
	"timestamp_ms": true, "timestamp_ns": true, "timestamp_s": true,
	"timetz": true, "time_ns": true, "interval": true, "uuid": true, "guid": true, "struct": true,
	"row": true, "list": true, "array": true, "map": true, "union": true, "enum": true,
	"bit": true, "bitstring": true, "varint": true, "bignum": true, "variant": true,
	"geometry": true, "json": true, "null": true,
}

// ParseType returns the type DuckDB means by name, ignoring ASCII case:
// the names String returns and DuckDB's aliases of them (BOOL and LOGICAL;
// INT8, INT64, LONG and OID; FLOAT8; DATETIME and TIMESTAMP_US; TEXT,
// STRING, CHAR, BPCHAR and NVARCHAR; INT1; INT2, SHORT and INT16; INT,
// INT4, SIGNED, INTEGRAL and INT32; UINT8, UINT16, UINT32 and UINT64;
// REAL and FLOAT4; DEC and NUMERIC; TIMESTAMPTZ). Other DuckDB type names, such as
// HUGEINT or INTERVAL, fail with ErrUnsupportedType; anything else with
// ErrUnknownType. Modifiers such as VARCHAR(10) are not accepted here; a
// DECIMAL's width and scale are read by ParseDecimal.
func ParseType(name string) (Type, error) {
	lower := strings.ToLower(name)
	if t, ok := typeAliases[lower]; ok {
		return t, nil
	}
	if otherDuckDBTypes[lower] {
		return 0, fmt.Errorf("csvscan: type %q: %w", name, ErrUnsupportedType)
	}
	return 0, fmt.Errorf("csvscan: type %q: %w", name, ErrUnknownType)
}
