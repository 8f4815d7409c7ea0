package csvscan

// The table's schema over several files (OpenFiles with
// Options.UnionByName): every column of every file, a column's types
// across files joined into their common super type.

import "github.com/csvscan/csvscan/scanner/typed"

// union is the table's columns: the first schema's, then, in order, every
// other name of the others. Names match ignoring ASCII case (nameKey), as
// in DuckDB, and a column keeps the first file's spelling. A column whose types differ takes their
// common super type (superType); a column a file typed from no value at
// all (untyped[file][column], VARCHAR by default) takes the others' type,
// as DuckDB's union_by_name does.
func union(schemas []typed.Schema, untyped [][]bool) typed.Schema {
	var out typed.Schema
	at := map[string]int{}
	open := map[string]bool{} // typed from no value in every file so far
	for f, s := range schemas {
		for j, c := range s {
			none := f < len(untyped) && j < len(untyped[f]) && untyped[f][j]
			key := nameKey(c.Name)
			i, ok := at[key]
			switch {
			case !ok:
				at[key] = len(out)
				out = append(out, c)
				open[key] = none
			case none:
			case open[key]:
				c.Name = out[i].Name // the first file's spelling
				out[i], open[key] = c, false
			default:
				out[i] = superType(out[i], c)
			}
		}
	}
	return out
}

// superType is the type that holds the values of columns a and b (of one
// name): DuckDB's union_by_name promotion where it reads both files
// (DuckDB 1.5.6, TestUnionByNameTypes). Integers take the wider type,
// other numbers DOUBLE; DATE and TIMESTAMP take TIMESTAMP, either with
// TIMESTAMP WITH TIME ZONE that (values without an offset are UTC).
// Anything else is VARCHAR: with VARCHAR, as in DuckDB, and where DuckDB
// picks a type that then fails to cast the other file's values (BIGINT and
// DATE: DATE, then "1" is not a date) or turns them into NULLs (BIGINT and
// TIMESTAMPTZ), since csvscan loses no value.
func superType(a, b typed.Column) typed.Column {
	if a.Type == b.Type && a.Width == b.Width && a.Scale == b.Scale {
		return a
	}
	out := typed.Column{Name: a.Name, Type: typed.TypeVarchar}
	ra, rb := intRank[a.Type], intRank[b.Type]
	switch {
	case ra > 0 && rb > 0:
		out.Type = a.Type
		if rb > ra {
			out.Type = b.Type
		}
	case numeric(a.Type) && numeric(b.Type):
		out.Type = typed.TypeDouble
	case temporal(a.Type) && temporal(b.Type):
		out.Type = typed.TypeTimestamp
		if a.Type == typed.TypeTimestampTZ || b.Type == typed.TypeTimestampTZ {
			out.Type = typed.TypeTimestampTZ
		}
	}
	return out
}

// intRank orders the signed integer types by width; unsigned ones are
// not in it (with a signed one their values need the next wider type).
var intRank = map[typed.Type]int{typed.TypeTinyInt: 1, typed.TypeSmallInt: 2, typed.TypeInteger: 3, typed.TypeBigInt: 4}

func numeric(t typed.Type) bool {
	switch t {
	case typed.TypeTinyInt, typed.TypeSmallInt, typed.TypeInteger, typed.TypeBigInt,
		typed.TypeUTinyInt, typed.TypeUSmallInt, typed.TypeUInteger, typed.TypeUBigInt,
		typed.TypeFloat, typed.TypeDouble, typed.TypeDecimal:
		return true
	}
	return false
}

// temporal reports the types a date or timestamp widens into.
func temporal(t typed.Type) bool {
	return t == typed.TypeDate || t == typed.TypeTimestamp || t == typed.TypeTimestampTZ
}

// nameKey is a column name as the files' columns are matched by it:
// ignoring ASCII case, as DuckDB's identifiers (and the sniffer's unique
// names) do.
func nameKey(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; 'A' <= c && c <= 'Z' {
			b := []byte(name)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return name
}
