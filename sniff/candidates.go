package sniff

// The types the sniffer chooses from: DuckDB's auto_type_candidates.
//
// DuckDB keeps the candidates in its order of specificity, whatever the
// order they are given in (GetCandidateSpecificity in
// csv_reader_options.cpp), adds VARCHAR and its NULL type to any list, and
// refuses a type that has no place in that order (UBIGINT, HUGEINT,
// INTERVAL, ...: "Auto Type Candidate of type ... is not accepted"). A type
// given twice counts once; of two DECIMALs, the last given is kept.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner/typed"
)

// candidateOrder is DuckDB 1.5.6's order of the types that can be
// candidates, general to specific; a column starts at the end and moves
// towards VARCHAR. TIMESTAMP WITH TIME ZONE sits where the default
// candidates have it, just before TIMESTAMP.
var candidateOrder = []cast.Type{
	cast.TypeVarchar, cast.TypeDouble, cast.TypeFloat, cast.TypeDecimal,
	cast.TypeBigInt, cast.TypeInteger, cast.TypeSmallInt, cast.TypeTinyInt,
	cast.TypeTimestampTZ, cast.TypeTimestamp, cast.TypeDate, cast.TypeTime, cast.TypeBoolean, typeNull,
}

// ErrTypeCandidate is the cause of ParseTypeCandidates' error for a DuckDB
// type that cannot be a candidate.
var ErrTypeCandidate = errors.New("not accepted as an auto type candidate")

// candidates is a parsed Options.AutoTypeCandidates: the candidate types
// in candidateOrder, and the DECIMAL's width and scale when DECIMAL is
// one of them.
type candidates struct {
	types   []cast.Type
	decimal typed.Column
}

// ParseTypeCandidates returns the candidates names give (DuckDB's type
// names and aliases, ASCII case ignored, "DECIMAL(w,s)" with its width and
// scale), as the sniffer uses them: in DuckDB's order from the most general
// to the most specific, VARCHAR first even when names lack it, each type
// once. "NULL" is accepted and adds nothing (the sniffer's NULL candidate
// is always there). A name that is no type is an error with
// cast.ErrUnknownType; a type that cannot be a candidate (the unsigned
// integers, HUGEINT, INTERVAL, ...) one with ErrTypeCandidate.
func ParseTypeCandidates(names []string) ([]typed.Column, error) {
	c, err := parseCandidates(names)
	if err != nil {
		return nil, err
	}
	cols := make([]typed.Column, 0, len(c.types))
	for _, t := range c.types {
		switch t {
		case typeNull:
		case cast.TypeDecimal:
			cols = append(cols, c.decimal)
		default:
			cols = append(cols, typed.Column{Type: t})
		}
	}
	return cols, nil
}

func parseCandidates(names []string) (candidates, error) {
	if len(names) == 0 {
		return candidates{types: defaultTypes}, nil
	}
	given := map[cast.Type]bool{cast.TypeVarchar: true, typeNull: true}
	var c candidates
	for _, n := range names {
		if strings.EqualFold(strings.TrimSpace(n), "null") {
			continue
		}
		col, err := typed.ParseColumn("", strings.TrimSpace(n))
		if err != nil {
			return candidates{}, err
		}
		if col.Type == cast.TypeDecimal {
			if col.Width == 0 {
				col.Width, col.Scale = cast.DefaultDecimalWidth, cast.DefaultDecimalScale
			}
			c.decimal = col
		}
		given[col.Type] = true
	}
	for t := range given {
		if !isCandidate(t) {
			return candidates{}, fmt.Errorf("csvscan: type %s: %w (DuckDB's sniffer chooses from %s)", t, ErrTypeCandidate, candidateNames())
		}
	}
	for _, t := range candidateOrder {
		if given[t] {
			c.types = append(c.types, t)
		}
	}
	return c, nil
}

func isCandidate(t cast.Type) bool {
	for _, u := range candidateOrder {
		if t == u {
			return true
		}
	}
	return false
}

// candidateNames lists the types that can be candidates, for errors.
func candidateNames() string {
	var b strings.Builder
	for i, t := range candidateOrder[:len(candidateOrder)-1] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// isNumeric says t is a number type: its values are numbers, and a header
// above them is told apart by not being one.
func isNumeric(t cast.Type) bool {
	switch t {
	case cast.TypeBigInt, cast.TypeDouble, cast.TypeFloat, cast.TypeDecimal,
		cast.TypeInteger, cast.TypeSmallInt, cast.TypeTinyInt:
		return true
	}
	return false
}
