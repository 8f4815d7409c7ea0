// Package gen writes the benchmark shapes, the fixtures every speed figure
// is measured on (docs/07-performance.md): a three-column file with a
// header and one text column, in six shapes, so that benchmarks of the
// scanner, encoding/csv and DuckDB read the same bytes.
//
// Every file looks like this (note=16/quoted, seed 1):
//
//	id,region,note
//	000000000,apac,"ember, arrow led"
//	000000001,emea,"fern, glacier bi"
//	000000002,emea,"ivory, ""falcon""s"
//
// id counts from 0, zero-padded to 9 digits. region is apac for 50% of the
// rows, emea for 49% and rare for 1%, so a filter on it has real
// selectivity. note is exactly Shape.NoteLen bytes of words from a fixed
// list (before quoting). Unquoted notes hold only lowercase words and single
// spaces. Quoted notes are wrapped in quotes and always hold ", "; about 5%
// hold a quote, written doubled (""), and about 1% hold a line feed.
//
// The output depends only on the shape, the size and the seed (a PCG
// generator from math/rand/v2), so a fixture can be regenerated instead of
// stored:
//
//	data := gen.Bytes(gen.Shape{NoteLen: 256, Quoted: true}, 64<<20, 1)
//
// Where it sits: it feeds benchmarks and tests; nothing in the library
// depends on it.
package gen
