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

// The seven column types, in the order of DuckDB's LogicalTypeId names.
const (
	TypeBoolean   Type = iota // BOOLEAN: true or false
	TypeBigInt                // BIGINT: a signed 64-bit integer
	TypeDouble                // DOUBLE: an IEEE 754 binary64 number
	TypeDate                  // DATE: a day, as days since 1970-01-01 (type Date)
	TypeTime                  // TIME: a time of day in microseconds (type Time)
	TypeTimestamp             // TIMESTAMP: microseconds since 1970-01-01 00:00:00 (type Timestamp)
	TypeVarchar               // VARCHAR: the field's bytes unchanged
	numTypes
)

var typeNames = [numTypes]string{
	TypeBoolean:   "BOOLEAN",
	TypeBigInt:    "BIGINT",
	TypeDouble:    "DOUBLE",
	TypeDate:      "DATE",
	TypeTime:      "TIME",
	TypeTimestamp: "TIMESTAMP",
	TypeVarchar:   "VARCHAR",
}

// String returns DuckDB's name of the type ("BIGINT"), or "Type(N)" for a
// value outside the seven.
func (t Type) String() string {
	if t < numTypes {
		return typeNames[t]
	}
	return fmt.Sprintf("Type(%d)", uint8(t))
}

// ErrUnknownType is the cause ParseType reports for a name that is no DuckDB
// type; ErrUnsupportedType for a DuckDB type that csvscan does not cast to
// (INTEGER, FLOAT, DECIMAL, ...).
var (
	ErrUnknownType     = errors.New("unknown type name")
	ErrUnsupportedType = errors.New("DuckDB type not supported by csvscan")
)

// typeAliases maps every lowercase name DuckDB resolves to one of the seven
// types to that type. The list is DuckDB's built-in type names
// (src/catalog/default/default_types.cpp) restricted to those seven.
var typeAliases = map[string]Type{
	"boolean": TypeBoolean, "bool": TypeBoolean, "logical": TypeBoolean,
	"bigint": TypeBigInt, "int8": TypeBigInt, "int64": TypeBigInt, "long": TypeBigInt, "oid": TypeBigInt,
	"double": TypeDouble, "float8": TypeDouble,
	"date":      TypeDate,
	"time":      TypeTime,
	"timestamp": TypeTimestamp, "datetime": TypeTimestamp, "timestamp_us": TypeTimestamp,
	"varchar": TypeVarchar, "bpchar": TypeVarchar, "text": TypeVarchar, "string": TypeVarchar,
	"char": TypeVarchar, "nvarchar": TypeVarchar,
}

// otherDuckDBTypes are DuckDB's other built-in type names: ParseType knows
// them, so that it can say "not supported" rather than "unknown". Note that
// INTEGER (INT, INT4) is DuckDB's 32-bit integer and FLOAT (REAL, FLOAT4) its
// 32-bit float: neither is an alias of BIGINT or DOUBLE.
var otherDuckDBTypes = map[string]bool{
	"int": true, "int4": true, "signed": true, "integer": true, "integral": true, "int32": true,
	"int2": true, "smallint": true, "short": true, "int16": true, "tinyint": true, "int1": true,
	"utinyint": true, "uint8": true, "usmallint": true, "uint16": true, "uinteger": true,
	"uint32": true, "ubigint": true, "uint64": true, "hugeint": true, "int128": true,
	"real": true, "float4": true, "float": true, "decimal": true, "dec": true, "numeric": true,
	"bytea": true, "blob": true, "varbinary": true, "binary": true,
	"timestamp_ms": true, "timestamp_ns": true, "timestamp_s": true, "timestamptz": true,
	"timetz": true, "interval": true, "uuid": true, "guid": true, "struct": true, "row": true,
	"list": true, "map": true, "json": true, "null": true,
}

// ParseType returns the type DuckDB means by name, ignoring ASCII case:
// the seven names String returns and DuckDB's aliases of them (BOOL and
// LOGICAL; INT8, INT64, LONG and OID; FLOAT8; DATETIME and TIMESTAMP_US;
// TEXT, STRING, CHAR, BPCHAR and NVARCHAR). Other DuckDB type names, such as
// INTEGER or FLOAT, fail with ErrUnsupportedType; anything else with
// ErrUnknownType. Length modifiers such as VARCHAR(10) are not accepted.
func ParseType(name string) (Type, error) {
	lower := strings.ToLower(name)
	if t, ok := typeAliases[lower]; ok {
		return t, nil
	}
	if otherDuckDBTypes[lower] {
		return 0, fmt.Errorf("cast: type %q: %w", name, ErrUnsupportedType)
	}
	return 0, fmt.Errorf("cast: type %q: %w", name, ErrUnknownType)
}
