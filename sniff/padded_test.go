package sniff_test

// Lines above the table padded with delimiters to its width, as a
// spreadsheet saves its rectangle: a title ("Sales report 2024,,,"), and
// key/value lines under Excel's "sep=;" line. Each test generates its
// files: widths, delimiters, column types, row counts and line ends vary.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// paddedTable is a generated table: its header, its rows, and the
// delimiter and line end it is written with.
type paddedTable struct {
	delim, nl string
	header    []string
	rows      [][]string
}

// line joins vals with the table's delimiter and ends the line.
func (p *paddedTable) line(vals ...string) string {
	return strings.Join(vals, p.delim) + p.nl
}

// padded is vals followed by empty values to the table's width.
func (p *paddedTable) padded(vals ...string) string {
	out := make([]string, len(p.header))
	copy(out, vals)
	return p.line(out...)
}

// String writes the header and the rows.
func (p *paddedTable) String() string {
	var b strings.Builder
	b.WriteString(p.line(p.header...))
	for _, r := range p.rows {
		b.WriteString(p.line(r...))
	}
	return b.String()
}

// genTable makes a table of ncols columns (at least one of them typed,
// whole numbers, decimals or dates, text in a wider table) and nrows
// rows, written with delim and nl. With years the header is "region"
// and years over columns of decimals: a header whose values fit its
// columns' types, which the order of the years tells for a header.
func genTable(r *rand.Rand, ncols, nrows int, delim, nl string, years bool) *paddedTable {
	p := &paddedTable{delim: delim, nl: nl}
	kinds := make([]int, ncols) // 0 whole, 1 decimal, 2 date, 3 text
	for i := range kinds {
		kinds[i] = r.IntN(3)
	}
	if ncols > 2 {
		kinds[r.IntN(ncols)] = 3
	}
	names := [][]string{{"id", "qty", "Units"}, {"price", "Amount", "weight"}, {"date", "Shipped", "due"}, {"name", "item", "Owner"}}
	for i, k := range kinds {
		p.header = append(p.header, fmt.Sprintf("%s%d", names[k][r.IntN(3)], i))
	}
	if years {
		for i := range kinds {
			kinds[i] = 1
			p.header[i] = fmt.Sprint(2011 + i)
		}
		kinds[0], p.header[0] = 3, "region"
	}
	words := []string{"Oslo", "river stone", "Lima", "quiet market", "Porto", "green table"}
	for range nrows {
		var row []string
		for _, k := range kinds {
			switch k {
			case 0:
				row = append(row, fmt.Sprint(r.IntN(5000)))
			case 1:
				row = append(row, fmt.Sprintf("%d.%02d", r.IntN(900), r.IntN(100)))
			case 2:
				row = append(row, fmt.Sprintf("20%02d-%02d-%02d", 10+r.IntN(15), 1+r.IntN(12), 1+r.IntN(28)))
			default:
				row = append(row, words[r.IntN(len(words))])
			}
		}
		p.rows = append(p.rows, row)
	}
	return p
}

// A title line padded with delimiters to the table's width above the
// header is a line to skip. The sniffer took it for the header, naming
// the columns after the title and column1, column2, ... and reading the
// real header as a row of data that made its columns text, when the
// table was two columns wide, when the title had a second value
// ("Sales report,2024,,"), when a line of delimiters stood under it, or
// when the header's values were years over columns of decimals (the
// preamble as wide as the table, skipSparse, wants at most one value,
// three columns and no number in the header). DuckDB takes the title
// for the header.
func TestPaddedTitle(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	titles := []string{"Sales report 2024", "Inventory export", "Quarterly figures Q3", "Report generated 2024-05-01 10:00"}
	delims := []string{",", ";", "\t", "|"}
	n := 0
	for _, ncols := range []int{2, 3, 4, 6, 9} {
		for _, delim := range delims {
			for v := range 4 {
				nl := []string{"\n", "\r\n"}[v%2]
				years := v == 3 && ncols >= 3
				p := genTable(r, ncols, 3+r.IntN(30), delim, nl, years)
				title := []string{titles[r.IntN(len(titles))]}
				if v == 1 && ncols >= 3 {
					title = append(title, "page 1")
				}
				in := p.padded(title...)
				skip := 1
				if v == 2 {
					in += p.padded()
					skip++
				}
				in += p.String()
				n++
				t.Run(fmt.Sprintf("%d cols %q v%d", ncols, delim, v), func(t *testing.T) {
					sniffWant(t, in, delim, skip, true, strings.Join(p.header, ","))
				})
			}
		}
	}
	if n < 60 {
		t.Fatalf("%d files", n)
	}
	// A header that names only the first columns, the rest padded, above
	// rows of data, stays the header: the row below it is no header.
	for _, ncols := range []int{3, 4, 6} {
		p := genTable(r, ncols, 12, ",", "\n", false)
		in := p.padded(p.header[:2]...)
		for _, row := range p.rows {
			in += p.line(row...)
		}
		names := append(p.header[:2:2], generated(2, ncols)...)
		sniffWant(t, in, ",", 0, true, strings.Join(names, ","))
	}
}

// generated is the generated names of columns from to to-1 of a table
// of to columns.
func generated(from, to int) []string {
	var out []string
	for i := from; i < to; i++ {
		if to > 10 {
			out = append(out, fmt.Sprintf("column%02d", i))
		} else {
			out = append(out, fmt.Sprintf("column%d", i))
		}
	}
	return out
}

// Excel's "sep=;" line above key/value lines padded to the table's
// width and the table: the sniffer skipped the sep line and then took
// the first pair for the header, the columns text, since the rules for
// a preamble (belowPairs and the others) did not look below a line the
// caller skipped, which the sep line was taken for.
func TestSepLineAbovePairs(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 4))
	keys := []string{"Account", "Period:", "Currency", "Owner", "Exported"}
	vals := []string{"12345", "2024-01", "EUR", "J. Doe", "2024-05-01 10:00"}
	for _, ncols := range []int{3, 4, 5, 7} {
		for _, delim := range []string{",", ";", "\t", "|"} {
			for v := range 3 {
				nl := []string{"\n", "\r\n", "\r\n"}[v]
				p := genTable(r, ncols, 3+r.IntN(40), delim, nl, false)
				in := "sep=" + delim + nl
				pairs := 1 + r.IntN(4)
				for k := range pairs {
					in += p.padded(keys[k], vals[r.IntN(len(vals))])
				}
				if v == 2 {
					in = "\xEF\xBB\xBF" + strings.ToUpper(in[:3]) + in[3:]
				}
				in += p.String()
				t.Run(fmt.Sprintf("%d cols %q v%d", ncols, delim, v), func(t *testing.T) {
					sniffWant(t, in, delim, 1+pairs, true, strings.Join(p.header, ","))
				})
			}
		}
	}
	// A title under the sep line, too.
	p := genTable(r, 2, 10, ";", "\r\n", false)
	sniffWant(t, "sep=;\r\n"+p.padded("Report 2024")+p.String(), ";", 2, true, strings.Join(p.header, ","))
}
