// Package wide writes the 32-column benchmark fixture: a header, then rows of
// mixed integers, decimals, words and dates, none of them quoted or empty.
//
// The first three columns are those of the benchmark shapes (package
// internal/gen: id, region, note), so the same queries run on every fixture:
//
//	id,region,note,i03,f04,w05,d06,i07,...,d30,i31
//	0,apac,forest raven,111197,9286.63,paper,2024-06-11,267641,...
//	1,apac,metal saddle kettle,256145,6332.09,up,2024-08-17,959715,...
//
// id counts from 0 (not padded). region is apac for 50% of the rows, emea for
// 49% and rare for 1% (gen.Region). note is 1 to 6 words separated by single
// spaces. Columns 3 to 31 take turns: an integer below 1,000,000 (i), a
// decimal with two digits after the point below 10,000 (f), a word (w), a
// date from 2000-01-01 to 2024-08-21 written YYYY-MM-DD (d); the letter and
// the column index make the name. The words are gen.Word's, and gen.WriteRows
// writes the rows, so this package holds only what the 32 columns add.
//
// The output depends only on the size and the seed, like gen.Write's. (Since
// the words became gen.Word's, on 2026-12-01, the bytes for a given size and
// seed differ from those of the runs before.)
package wide

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/csvscan/csvscan/internal/gen"
)

// NumColumns is the number of columns of every row.
const NumColumns = 32

// dayCount is the number of distinct dates; the first is 2000-01-01.
const dayCount = 9000

// columns holds the column names; dates the text of every date.
var (
	columns = makeColumns()
	dates   = makeDates()
)

func makeColumns() []string {
	c := []string{"id", "region", "note"}
	for i := 3; i < NumColumns; i++ {
		c = append(c, fmt.Sprintf("%c%02d", "ifwd"[(i-3)%4], i))
	}
	return c
}

func makeDates() []string {
	d := make([]string, dayCount)
	start := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range d {
		d[i] = start.AddDate(0, 0, i).Format(time.DateOnly)
	}
	return d
}

// Columns returns the names of the columns, in order: the header row.
func Columns() []string { return append([]string(nil), columns...) }

// Header is the first line of the fixture, line end included.
func Header() string { return strings.Join(columns, ",") + "\n" }

// Write writes the fixture to w: the header, then whole rows until at least
// size bytes are written (the header counts). The same size and seed always
// give the same bytes. It returns the first error of w.
func Write(w io.Writer, size int64, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0x77696465))
	var line []byte
	id := 0
	return gen.WriteRows(w, Header(), size, func() []byte {
		line = appendRow(line[:0], rng, id)
		id++
		return line
	})
}

// appendRow appends row id, line end included, to l.
func appendRow(l []byte, rng *rand.Rand, id int) []byte {
	l = strconv.AppendInt(l, int64(id), 10)
	l = append(l, ',')
	l = append(l, gen.Region(rng)...)
	l = append(l, ',')
	for i := range 1 + rng.IntN(6) {
		if i > 0 {
			l = append(l, ' ')
		}
		l = append(l, gen.Word(rng)...)
	}
	for i := 3; i < NumColumns; i++ {
		l = append(l, ',')
		switch (i - 3) % 4 {
		case 0:
			l = strconv.AppendInt(l, int64(rng.IntN(1_000_000)), 10)
		case 1:
			l = strconv.AppendFloat(l, float64(rng.IntN(1_000_000))/100, 'f', 2, 64)
		case 2:
			l = append(l, gen.Word(rng)...)
		case 3:
			l = append(l, dates[rng.IntN(dayCount)]...)
		}
	}
	return append(l, '\n')
}
