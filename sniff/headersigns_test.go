package sniff_test

// Header decisions on realistic files: a name that is also one of its
// column's values, a data frame's unnamed index, one-column lists, and a
// header that names fewer columns than the rows hold.

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// A first row whose value in a column the first chunk typed does not fit
// that type is a header, as DuckDB decides it on the first chunk's types,
// even when refinement later makes every column text and one of its names
// is also a value of its column: a price list whose "unit" column holds
// "unit" among "kg" and "box", whose ids turn to codes past row 2,048.
func TestHeaderOnFirstChunkTypes(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,unit\n")
	units := []string{"kg", "box", "unit"}
	for i := range 2500 {
		id := fmt.Sprint(i + 1)
		if i > 2200 && i%7 == 0 {
			id = fmt.Sprintf("X-%d", i)
		}
		fmt.Fprintf(&b, "%s,%s\n", id, units[i%3])
	}
	checkHeaders(t, []headerCase{
		{"a name among the values, ids typed in the first chunk", b.String(), true},
		// Text from the first chunk on: the recurring value is still a
		// sign of data.
		{"all text from the start", "A-1,unit\nB-2,kg\nC-3,unit\nD-4,box\n", false},
	})
}

// A data frame written with its index and no column names (a pandas
// Series, or a DataFrame of unnamed columns) has a header of an empty
// name over the row numbers and the names 0, 1, ...: ",0" above "0,1.5".
// Its values fit the columns' types, and DuckDB reads it as data.
func TestDataFrameIndexHeader(t *testing.T) {
	checkHeaders(t, []headerCase{
		{"a Series", ",0\n0,1.5\n1,2.25\n2,-0.5\n3,4.75\n", true},
		{"two unnamed columns", ",0,1\n0,0.5,12\n1,0.25,7\n2,1.75,3\n3,2.5,8\n", true},
		{"a filtered index", ",0\n4,1.5\n5,2.25\n6,-0.5\n7,4.75\n", true},
		// Rows of data: the first row's first value is missing but the
		// first column does not count by one, or the second is no 0.
		{"a missing id", ",0\n7,1.5\n3,2.25\n9,-0.5\n4,4.75\n", false},
		{"a missing value", ",3\n0,1.5\n1,2.25\n2,-0.5\n3,4.75\n", false},
	})
}

// A list of e-mail addresses, URLs or file names, one a line, has no
// header when its first line is an address like the others: the values
// share their marks ('@', ':', '.'), and a column name ("email", "URL")
// lacks them. DuckDB takes the first line of every all-text file for a
// header.
func TestListOfAddresses(t *testing.T) {
	emails := "ann.lee@example.org\nbob@mail.example.com\ncy.fox2@example.net\nd.ray@example.org\n"
	urls := "https://example.org/a/b.html\nhttp://www.example.com/\nhttps://example.net/docs/x?id=3\nhttps://example.org/\n"
	checkHeaders(t, []headerCase{
		{"e-mail addresses", emails, false},
		{"URLs", urls, false},
		{"file names", "report_2024.pdf\nnotes.txt\nIMG_0001.JPG\nbudget-v2.xlsx\n", false},
		{"Windows paths", "C:\\Users\\ann\\a.txt\nD:\\data\\b.csv\nC:\\tmp\\x.log\n", false},
		{"addresses and names", "ann@example.org,Ann Lee\nbob@example.com,Bob Ray\ncy@example.net,Cy Fox\n", false},
		// Names over the addresses are a header.
		{"email over addresses", "email\n" + emails, true},
		{"E-mail Address over addresses", "E-mail Address\n" + emails, true},
		{"url over URLs", "url\n" + urls, true},
		{"names over addresses and names", "email,name\nann@example.org,Ann Lee\nbob@example.com,Bob Ray\ncy@example.net,Cy Fox\n", true},
		{"a dotted name over versions", "pkg.version\n1.2.3\n0.9.1\n2.0.0-rc1\n", true},
	})
}

// A header that names fewer columns than the rows hold, the rows' values
// past it empty (an export of 4 names above rows of 6 values, the last 2
// empty), is the header: DuckDB's walk takes the first wider row for the
// start of the table and skips the names. The table keeps the rows'
// width, the unnamed columns named as generated names are.
func TestShortHeaderOverEmptyTail(t *testing.T) {
	var b strings.Builder
	b.WriteString("Date,Description,Amount,Balance\n")
	for i := range 8 {
		fmt.Fprintf(&b, "2024-01-%02d,Payment %d,%d.50,%d.00,,\n", i+1, i, 10+i, 900-i)
	}
	res := sniffWant(t, b.String(), ",", 0, true, "Date,Description,Amount,Balance,column4,column5")
	if res.NullPadding {
		t.Errorf("null padding for a short header")
	}
	// Below a title line, which stays skipped.
	sniffWant(t, "Bank export\n"+b.String(), ",", 1, true, "Date,Description,Amount,Balance,column4,column5")
	// A first row of data without the empty tail is a row, padded.
	res = sniffWant(t, "2024-01-01,Start,1.50,901.00\n"+strings.SplitN(b.String(), "\n", 2)[1], ",", 0, false,
		"column0,column1,column2,column3,column4,column5")
	if !res.NullPadding {
		t.Errorf("no null padding for a short first row")
	}
	// A line of two values above rows that fill four is a note.
	sniffWant(t, "Account,12345\n"+strings.SplitN(b.String(), "\n", 2)[1], ",", 1, false,
		"column0,column1,column2,column3,column4,column5")
}

// An all-text table whose first row leaves out a last value that other
// rows leave out too is data when two rows or more fill every column (an
// optional last column); but one row longer than the rest, a stray
// delimiter in a value, does not make the header a row of data.
func TestShortFirstRowOfTextTable(t *testing.T) {
	rows := "Oslo,red\nLima,blue\nRome,green,extra\nOslo,blue\nLima,red\n"
	res := sniffWant(t, "city,color\n"+rows, ",", 0, true, "city,color,column2")
	if !res.NullPadding {
		t.Errorf("no null padding for the rows shorter than the stray one")
	}
	// Two full rows: the last column is optional, the short first row
	// one of the rows.
	sniffWant(t, "city,color\nOslo,red\nRome,green,extra\nLima,blue\nOslo,blue,more\nLima,red\n", ",", 0, false,
		"column0,column1,column2")
}

// A list of one column whose first line is words shaped as the other
// lines are (two or more words, starting with the same kind of letter)
// has no header: a list of people, places with names of two words,
// products or sentences. A header names the column in one word ("name",
// "Kunde", "full_name"), or with a word that names ("Full Name", "Street
// Address"), and stays one. DuckDB, and the sniffer before, took the
// first line of every such list for a header.
func TestListOfPhrases(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 3))
	first := []string{"Alice", "Bruno", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemal", "Priya"}
	last := []string{"Smith", "Ferreira", "Ivanova", "Okafor", "Tanaka", "Lindqvist", "de la Cruz", "Haddad", "van Dijk", "Moreau"}
	places := []string{"New Delhi", "Buenos Aires", "Cape Town", "Hong Kong", "San Diego", "Rio Branco", "Las Palmas", "Santa Fe", "Port Louis", "Tel Aviv", "Kuala Lumpur", "Oslo"}
	things := []string{"Steel kettle", "Oak shelf", "Wool scarf", "Glass jar", "Paper lamp", "Clay pot", "Linen towel", "Brass hook", "USB-C hub", "Desk lamp"}
	words := strings.Fields("river stone quiet market window green early morning light cold paper north table small garden bright")
	kinds := []struct {
		name    string
		value   func() string
		headers []string
	}{
		{"people", func() string { return first[r.IntN(len(first))] + " " + last[r.IntN(len(last))] }, []string{"name", "Name", "full_name", "Kunde", "Full Name", "Employee name"}},
		{"places", func() string { return places[r.IntN(len(places))] }, []string{"city", "City", "Ort", "City name", "Location"}},
		{"things", func() string { return things[r.IntN(len(things))] }, []string{"product", "Item", "Product description", "Item Name"}},
		{"sentences", func() string {
			var w []string
			for range 3 + r.IntN(6) {
				w = append(w, words[r.IntN(len(words))])
			}
			return strings.ToUpper(w[0][:1]) + strings.Join(w, " ")[1:] + []string{".", "", "!"}[r.IntN(3)]
		}, []string{"comment", "Remarks", "Notes", "Comment text"}},
	}
	var cases []headerCase
	for _, k := range kinds {
		for v := range 12 {
			nl := []string{"\n", "\r\n"}[v%2]
			var vals []string
			seen := map[string]bool{}
			for len(vals) < 3+r.IntN(25) {
				x := k.value()
				if k.name == "places" && len(vals) == 0 && !strings.Contains(x, " ") || seen[x] {
					continue // a name of two words first; no value twice (recurs)
				}
				seen[x] = true
				vals = append(vals, x)
			}
			list := strings.Join(vals, nl) + nl
			cases = append(cases, headerCase{fmt.Sprintf("%s %d, no header", k.name, v), list, false})
			h := k.headers[v%len(k.headers)]
			cases = append(cases, headerCase{fmt.Sprintf("%s %d, header %q", k.name, v, h), h + nl + list, true})
		}
	}
	checkHeaders(t, cases)
}

// A header over two rows, names and then units ("time,temp,pressure"
// above "s,°C,hPa") above rows of numbers, is read as DuckDB 1.5.6
// reads it: the first row the header, the units a row of data, which
// makes the columns it fills text. No reading the options can express
// keeps the names and types the numbers: skipping the names makes the
// units the names ("hPa", "hPa_1"), and typing the numbers makes the
// units row a reject. The decision is written in docs/10-sniffing.md.
func TestUnitsRowIsData(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 2))
	names := []string{"time", "temp", "pressure", "humidity", "wind"}
	units := []string{"s", "°C", "hPa", "%", "m/s"}
	for _, ncols := range []int{2, 3, 5} {
		for _, delim := range []string{",", ";", "\t"} {
			for _, nl := range []string{"\n", "\r\n"} {
				in := strings.Join(names[:ncols], delim) + nl + strings.Join(units[:ncols], delim) + nl
				for i := range 3 + r.IntN(20) {
					row := []string{fmt.Sprint(i)}
					for range ncols - 1 {
						row = append(row, fmt.Sprintf("%d.%d", r.IntN(1000), r.IntN(10)))
					}
					in += strings.Join(row, delim) + nl
				}
				res := sniffWant(t, in, delim, 0, true, strings.Join(names[:ncols], ","))
				for _, c := range res.Columns {
					if c.Type.String() != "VARCHAR" {
						t.Fatalf("%q: column %s is %s, want VARCHAR", in, c.Name, c.Type)
					}
				}
			}
		}
	}
}
