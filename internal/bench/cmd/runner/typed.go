package main

import (
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/csvscan/csvscan/scanner/typed"
)

// The typed query (qTyped) casts every value to its column's type and sums
// a checksum of the typed values, so every engine must parse every value:
// BIGINT columns add their value, DOUBLE columns round(v*100), DATE columns
// their days since 1970-01-01, VARCHAR columns their length in bytes. The
// types follow the column names: id BIGINT, region and note VARCHAR, and
// in the 32-column file i.. BIGINT, f.. DOUBLE, w.. VARCHAR, d.. DATE.

// columnType returns the type of the column named name.
func columnType(name string) typed.Type {
	switch {
	case name == "id":
		return typed.TypeBigInt
	case name == "region" || name == "note":
		return typed.TypeVarchar
	case strings.HasPrefix(name, "i"):
		return typed.TypeBigInt
	case strings.HasPrefix(name, "f"):
		return typed.TypeDouble
	case strings.HasPrefix(name, "d"):
		return typed.TypeDate
	}
	return typed.TypeVarchar
}

// schema returns the typed schema of fx.
func schema(fx fixture) typed.Schema {
	s := make(typed.Schema, len(fx.columns))
	for i, c := range fx.columns {
		s[i] = typed.Column{Name: c, Type: columnType(c)}
	}
	return s
}

// tallyTyped reads rows through a typed.Reader and sums the checksum.
func tallyTyped(rows typed.Rows, fx fixture) (int64, error) {
	r, err := typed.NewReader(rows, typed.Options{Schema: schema(fx)})
	if err != nil {
		return 0, err
	}
	return tallyReader(r)
}

// tallyReader sums the checksum of the typed rows r reads.
func tallyReader(r *typed.Reader) (int64, error) { return tallyChunks(r.Chunks()) }

// tallyChunks sums the checksum of the typed rows of chunks.
func tallyChunks(chunks iter.Seq2[*typed.Chunk, error]) (int64, error) {
	var n int64
	for c, err := range chunks {
		if err != nil {
			return n, err
		}
		for k := range c.Columns {
			v := &c.Columns[k]
			switch v.Type {
			case typed.TypeBigInt:
				for _, x := range v.Ints[:c.Len()] {
					n += x
				}
			case typed.TypeDouble:
				for _, x := range v.Floats[:c.Len()] {
					n += int64(math.Round(x * 100))
				}
			case typed.TypeDate:
				for _, x := range v.Dates[:c.Len()] {
					n += int64(x)
				}
			default:
				n += int64(v.Offsets[c.Len()] - v.Offsets[0])
			}
		}
	}
	return n, nil
}

// epoch is day 0 of DATE.
var epoch = time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)

// columnTypes returns the type of each column of fx.
func columnTypes(fx fixture) []typed.Type {
	types := make([]typed.Type, len(fx.columns))
	for i, c := range fx.columns {
		types[i] = columnType(c)
	}
	return types
}

// typedRecord is the typed checksum of one encoding/csv record, its values
// parsed with strconv and time.Parse.
func typedRecord(rec []string, types []typed.Type) (int64, error) {
	var n int64
	for i, v := range rec {
		switch types[i] {
		case typed.TypeBigInt:
			x, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return 0, err
			}
			n += x
		case typed.TypeDouble:
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return 0, err
			}
			n += int64(math.Round(x * 100))
		case typed.TypeDate:
			d, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return 0, err
			}
			n += int64(d.Sub(epoch) / (24 * time.Hour))
		default:
			n += int64(len(v))
		}
	}
	return n, nil
}

// duckTypedSQL returns the statement that answers qTyped about fx: without
// the sniffer the types are given; with it, read_csv detects them, and the
// casts in the sum (no-ops where the types are given) cover a column it
// reads differently, such as the zero-padded id of the note files, which
// DuckDB's sniffer keeps as VARCHAR.
func duckTypedSQL(fx fixture, sniff bool) string {
	path := strings.ReplaceAll(fx.path, "'", "''")
	terms := make([]string, len(fx.columns))
	cols := make([]string, len(fx.columns))
	for i, c := range fx.columns {
		t := columnType(c)
		cols[i] = fmt.Sprintf("'%s':'%s'", c, t)
		switch t {
		case typed.TypeBigInt:
			terms[i] = fmt.Sprintf(`"%s"::BIGINT`, c)
		case typed.TypeDouble:
			terms[i] = fmt.Sprintf(`round("%s"::DOUBLE*100)::BIGINT`, c)
		case typed.TypeDate:
			terms[i] = fmt.Sprintf(`("%s"::DATE - DATE '1970-01-01')`, c)
		default:
			terms[i] = fmt.Sprintf(`strlen("%s")`, c)
		}
	}
	src := fmt.Sprintf("read_csv('%s')", path)
	if !sniff {
		src = fmt.Sprintf(`read_csv('%s', auto_detect=false, header=true, columns={%s}, delim=',', quote='"', escape='"')`,
			path, strings.Join(cols, ", "))
	}
	return fmt.Sprintf("SELECT sum(%s)::BIGINT FROM %s", strings.Join(terms, "+"), src)
}
