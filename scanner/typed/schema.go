package typed

import (
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/internal/cast"
)

// ParseType returns the type DuckDB means by name ("BIGINT", "int8",
// "text", "INT4", "real", "DECIMAL"; ASCII case ignored). DuckDB types
// csvscan does not cast to, such as HUGEINT, are an error. A DECIMAL's
// width and scale need ParseColumn.
func ParseType(name string) (Type, error) { return cast.ParseType(name) }

// ParseColumn returns the column of the given name and DuckDB type, which
// may carry a DECIMAL's width and scale ("DECIMAL(15,2)"; DECIMAL alone is
// DECIMAL(18,3), as in DuckDB). Other modifiers are refused.
func ParseColumn(name, typ string) (Column, error) {
	w, s, ok, err := cast.ParseDecimal(typ)
	if err != nil {
		return Column{}, err
	}
	if ok {
		return Column{Name: name, Type: TypeDecimal, Width: w, Scale: s}, nil
	}
	t, err := cast.ParseType(typ)
	return Column{Name: name, Type: t}, err
}

// Column is one column of a Schema.
type Column struct {
	Name string
	Type Type
	// Width and Scale are a DECIMAL column's total and fraction digits
	// (Width 1 to 18, Scale up to Width); zero means DuckDB's
	// DECIMAL(18,3). Other types ignore them.
	Width, Scale int
}

// decimal returns the column's width and scale, DuckDB's default for
// zero.
func (c Column) decimal() (int, int) {
	if c.Width == 0 {
		return cast.DefaultDecimalWidth, cast.DefaultDecimalScale
	}
	return c.Width, c.Scale
}

// TypeName is the column's type as DuckDB names it, a DECIMAL with its
// width and scale ("DECIMAL(18,3)" for the default), as ParseColumn reads
// it back.
func (c Column) TypeName() string {
	if c.Type == TypeDecimal {
		w, s := c.decimal()
		return fmt.Sprintf("DECIMAL(%d,%d)", w, s)
	}
	return c.Type.String()
}

// Schema is the columns a Reader expects in every row, in order.
type Schema []Column

// ParseSchema reads a schema written as the CLI's --columns flag takes it,
// "name:TYPE,name:TYPE" ("id:BIGINT,price:DECIMAL(15,2),note:VARCHAR"): a
// name is what comes before the last ':' of its entry, spaces around name
// and type dropped, and types are read by ParseColumn.
func ParseSchema(s string) (Schema, error) {
	var schema Schema
	for _, entry := range SplitSchema(s) {
		i := strings.LastIndexByte(entry, ':')
		if i < 0 {
			return nil, fmt.Errorf("csvscan: columns: %q is not name:TYPE", entry)
		}
		name := strings.TrimSpace(entry[:i])
		if name == "" {
			return nil, fmt.Errorf("csvscan: columns: %q has no name", entry)
		}
		col, err := ParseColumn(name, strings.TrimSpace(entry[i+1:]))
		if err != nil {
			return nil, fmt.Errorf("csvscan: columns: %w", err)
		}
		schema = append(schema, col)
	}
	return schema, nil
}

// SplitSchema splits a list of column definitions at the commas outside
// parentheses, so that "p:DECIMAL(15,2),n:INT" (or SQL's "p DECIMAL(15,2),
// n INT") is two entries. Entries keep their spaces.
func SplitSchema(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
