// Package wide writes the 32-column benchmark fixture: a header, then rows of
// mixed integers, decimals, words and dates, none of them quoted or empty.
//
// The first three columns are those of the seed 004 fixtures (package
// internal/gen), so the same queries run on every fixture:
//
//	id,region,note,i03,f04,w05,d06,i07,...,d30,i31
//	0,apac,delta quiet ember,48213,7312.55,harbor,2011-04-27,905116,...
//	1,emea,pilot at,3,12.06,stone,2023-12-01,77420,...
//
// id counts from 0 (not padded). region is apac for 50% of the rows, emea for
// 49% and rare for 1%. note is 1 to 6 words separated by single spaces.
// Columns 3 to 31 take turns: an integer below 1,000,000 (i), a decimal with
// two digits after the point below 10,000 (f), a word (w), a date from
// 2000-01-01 to 2024-08-21 written YYYY-MM-DD (d); the letter and the column
// index make the name.
//
// The output depends only on the size and the seed, like gen.Write's.
package wide

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// NumColumns is the number of columns of every row.
const NumColumns = 32

// The shares of rows, in percent, of each region; the rest is rare.
const (
	apacPercent = 50
	emeaPercent = 49
)

// dayCount is the number of distinct dates; the first is 2000-01-01.
const dayCount = 9000

// words is the vocabulary of the note and word columns.
var words = []string{
	"amber", "anchor", "apple", "arrow", "autumn", "basket", "beacon", "birch",
	"bridge", "cable", "canyon", "cedar", "cipher", "cloud", "copper", "coral",
	"delta", "desert", "drift", "ember", "engine", "falcon", "fern", "field",
	"harbor", "hollow", "island", "ivory", "pilot", "quiet", "stone", "at",
}

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
	bw := bufio.NewWriterSize(w, 256<<10)
	n, err := bw.WriteString(Header())
	written := int64(n)
	rng := rand.New(rand.NewPCG(seed, 0x77696465))
	var line []byte
	for id := 0; err == nil && written < size; id++ {
		line = appendRow(line[:0], rng, id)
		n, err = bw.Write(line)
		written += int64(n)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// appendRow appends row id, line end included, to l.
func appendRow(l []byte, rng *rand.Rand, id int) []byte {
	l = strconv.AppendInt(l, int64(id), 10)
	switch r := rng.IntN(100); {
	case r < apacPercent:
		l = append(l, ",apac,"...)
	case r < apacPercent+emeaPercent:
		l = append(l, ",emea,"...)
	default:
		l = append(l, ",rare,"...)
	}
	for i := range 1 + rng.IntN(6) {
		if i > 0 {
			l = append(l, ' ')
		}
		l = append(l, words[rng.IntN(len(words))]...)
	}
	for i := 3; i < NumColumns; i++ {
		l = append(l, ',')
		switch (i - 3) % 4 {
		case 0:
			l = strconv.AppendInt(l, int64(rng.IntN(1_000_000)), 10)
		case 1:
			l = strconv.AppendFloat(l, float64(rng.IntN(1_000_000))/100, 'f', 2, 64)
		case 2:
			l = append(l, words[rng.IntN(len(words))]...)
		case 3:
			l = append(l, dates[rng.IntN(dayCount)]...)
		}
	}
	return append(l, '\n')
}
