package sniff_test

// Tests of classes of realistic files the sniffer read wrong: exports of
// spreadsheets, data frames and databases, found by a generator of such
// files with their dialects known, and sniffed with inputs of our own.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// An empty cell in the first row fits every type, so it is no sign that
// the row is data: the empty name over a column of row numbers (pandas'
// to_csv, R's write.csv) or over the empty column a trailing delimiter or
// a spreadsheet's unused columns make. The header is decided by the other
// columns; DuckDB took each of these rows for data.
func TestEmptyHeaderCell(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		header   bool
		col      int
		want     string // the name of column col
	}{
		{"pandas index", ",city,country\n0,Oslo,Norway\n1,Lima,Peru\n2,Rome,Italy\n", true, 1, "city"},
		{"R write.csv", "\"\",\"name\",\"town\"\n\"1\",\"Ann Lee\",\"Oslo\"\n\"2\",\"Bob Ray\",\"Lima\"\n", true, 1, "name"},
		{"trailing delimiter", "email;city;\nann@x.org;Oslo;\nbob@y.org;Lima;\ncy@z.org;Rome;\n", true, 0, "email"},
		{"unused columns", "name,town,,\r\nAnn Lee,Oslo,,\r\nBob Ray,Lima,,\r\n", true, 1, "town"},
		{"header only, trailing delimiter", "id;name;\n", true, 1, "name"},
		// A typed cell that fits still makes the first row data.
		{"data with an empty cell", "7,,Oslo\n8,5,Lima\n9,6,Rome\n", false, 0, "column0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.HasHeader != tt.header || res.Columns[tt.col].Name != tt.want {
				t.Fatalf("header %v, column %d %q; want header %v, %q",
					res.HasHeader, tt.col, res.Columns[tt.col].Name, tt.header, tt.want)
			}
		})
	}
}

// An all-text first row one of whose values comes again in its column is
// a row of data: a column's name is not among its values, while
// categories (a status, a town) come again and again. DuckDB assumes a
// header for every all-text file.
func TestRecurringFirstRow(t *testing.T) {
	checkHeaders(t, []headerCase{
		{"a category comes again", "active,Oslo\nclosed,Lima\nactive,Rome\n", false},
		{"one column", "Oslo\nLima\nOslo\nRome\n", false},
		{"every row the same", "x|y\nx|y\nx|y\n", false},
		{"tabs, one column of many", "Ann Lee\tnorth\nBob Ray\tsouth\nCy Fox\tnorth\n", false},
		// The names are not among the values.
		{"names over categories", "status,town\nactive,Oslo\nclosed,Oslo\nactive,Lima\n", true},
		// A header repeated whole down the file (exports appended to one
		// another) is still a header.
		{"repeated header", "name,town\nAnn Lee,Oslo\nBob Ray,Lima\nname,town\nCy Fox,Rome\n", true},
	})
}

// A first row whose numbers are years in order, or count 0, 1, 2, over
// numeric columns that no other row numbers so, names those columns,
// although every one of its values fits: tables of statistics by year and
// data frames written without names. DuckDB reads the row as data.
func TestNumberedHeader(t *testing.T) {
	checkHeaders(t, []headerCase{
		{"years", "Country,2019,2020,2021\nNorway,1.5,2.25,3.75\nPeru,4.5,,6.25\nItaly,7.5,8.25,9.75\n", true},
		{"decades, quoted", "\"region\";\"1990\";\"2000\";\"2010\"\nnorth;12;15;31\nsouth;7;40;22\n", true},
		{"years falling", "2023\t2022\n10.5\t11.25\n12.5\t13\n", true},
		{"a data frame's numbered columns", ",0,1,2\n0,0.5,1.25,-0.75\n1,0.25,2.5,1.5\n2,1.75,-1.5,0.5\n3,0.125,0.5,2.25\n", true},
		// Rows of data.
		{"two rows", "1;2\n5;3\n", false},
		{"every row counts", "1,2,3\n4,5,6\n7,8,9\n10,11,12\n13,14,15\n", false},
		{"every row holds years", "2001,2002\n2005,2006\n2010,2012\n", false},
		{"not a run", "7,9,8\n1.5,2.5,3.5\n4.5,5.5,6.5\n2.5,3.5,1.5\n0.5,1.5,2.5\n", false},
	})
}

// Lines of notes that open with '#' above a quoted table with doubled
// quotes are skipped rows, with no comment character, whatever the size of
// the sample: a sample of more than one chunk took '#' for the comment
// character and skipped nothing, where one of a few rows, and DuckDB,
// skip the two lines.
func TestHashNotesAboveLargeTable(t *testing.T) {
	for _, n := range []int{100, 3000} {
		var b strings.Builder
		b.WriteString("# exported by tool v1.2\n# date: 2024-01-01\nid,name,note\n")
		for i := range n {
			fmt.Fprintf(&b, "%d,\"Name %d, Jr\",\"say \"\"hi\"\"\"\n", i, i)
		}
		res, err := sniff.SniffBytes([]byte(b.String()), sniff.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Dialect.Comment.IsSet() || res.SkipRows != 2 || !res.HasHeader || res.Columns[0].Name != "id" {
			t.Errorf("%d rows: comment %v, skip %d, header %v; want no comment, skip 2, a header",
				n, res.Dialect.Comment, res.SkipRows, res.HasHeader)
		}
	}
}

// Rows of decimal-comma numbers between semicolons, without a header, read
// as many columns with ',' as with ';' when every value has its decimals
// ("22:03;28,8;37,4" is "…22:03;28", "8;37", "4" with ','). The values
// between the semicolons are numbers, so ';' is the delimiter; DuckDB
// takes ',', the first it tries.
func TestDecimalCommaTie(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "%02d.03.2022 %02d:%02d;%d,%d;%d,%d\n", i%28+1, i%24, (i*7)%60, 10+i%17, i%10, 40+i%31, (i*3)%10)
	}
	res, err := sniff.SniffBytes([]byte(b.String()), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != ";" || len(res.Columns) != 3 {
		t.Fatalf("delimiter %q, %d columns; want ';' and 3", res.Dialect.Delimiter, len(res.Columns))
	}
	// A table whose values between commas are decimals of their own keeps ','.
	res, err = sniff.SniffBytes([]byte("12.5,3.25,7\n1.5,8.75,9\n2.5,0.5,1\n"), sniff.Options{})
	if err != nil || res.Dialect.Delimiter != "," {
		t.Fatalf("%v, %v; want ','", res, err)
	}
}

// A column of decimal-comma numbers is text to a reader without
// decimal_separator=',', and a file of such columns and other text would
// be all text, its first row assumed a header. Its numbers tell a name
// from a value as a DOUBLE column's do.
func TestDecimalCommaHeader(t *testing.T) {
	rows := "Oslo;28,8;37,4\nLima;13,7;46,5\nRome;-2,5;71,8\nKiev;23,0;55\n"
	checkHeaders(t, []headerCase{
		{"no header", rows, false},
		{"names", "town;temperature;humidity\n" + rows, true},
		{"quoted, commas between", "\"Oslo\",\"28,8\"\n\"Lima\",\"13,7\"\n\"Rome\",\"-2,5\"\n", false},
		{"quoted names", "\"town\",\"temp\"\n\"Oslo\",\"28,8\"\n\"Lima\",\"13,7\"\n", true},
	})
}

// Years over decimal-comma numbers name the columns as they do over
// DOUBLE columns.
func TestNumberedHeaderDecimalComma(t *testing.T) {
	in := "Land;2019;2020;2021\nNorwegen;1,5;2,25;3,75\nPeru;4,5;;6,25\nItalien;7,5;8,25;9,75\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.HasHeader || res.Columns[1].Name != "2019" {
		t.Fatalf("header %v, columns %v; want a header, 2019", res.HasHeader, res.Columns)
	}
}

// A block of a few lines above an empty line, of the table's width or
// another, is a preamble when the table below it has a header its types
// tell and more typed columns: an instrument's "Station,Berlin" lines,
// which DuckDB takes for the header and rows of an all-text table.
func TestBlockAboveEmptyLine(t *testing.T) {
	var rows strings.Builder
	for i := range 8 {
		fmt.Fprintf(&rows, "2024-01-%02d,%d.%d\n", i+1, i*3, i)
	}
	for _, tt := range []struct {
		name, in string
		skip     int
		header   bool
		first    string
	}{
		{"key and value lines", "Station,Berlin\nLatitude,52.47\n\nDate,amount\n" + rows.String(), 3, true, "Date"},
		{"three lines, two empty", "Station,Berlin\nLatitude,52.47\nUnit,mm\n\n\nDate,amount\n" + rows.String(), 5, true, "Date"},
		{"a title wider than the table", "Report,user admin,region all,period 2023\n\nDate,amount\n" + rows.String(), 2, true, "Date"},
		// Not a preamble: an empty line after the header, among the rows.
		{"empty line under the header", "Date,amount\n\n" + rows.String(), 0, true, "Date"},
		{"empty line among the rows", "Date,amount\n2023-12-30,1.5\n2023-12-31,2.5\n\n" + rows.String(), 0, true, "Date"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.SkipRows != tt.skip || res.HasHeader != tt.header || res.Columns[0].Name != tt.first {
				t.Fatalf("skip %d, header %v, columns %v; want skip %d, header %v, %q first",
					res.SkipRows, res.HasHeader, res.Columns, tt.skip, tt.header, tt.first)
			}
		})
	}
}

// A file written with ", " between its values and no quoted value after
// one reads as DuckDB reads it, with ',' and a space before each value,
// and its header is still told from its rows: the spaces before the
// names and the values are no part of their shapes. It was read with
// ", ", and an all-text one, read with ',', had no header.
func TestPaddedDelimiter(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim string
		header          bool
	}{
		{"numbers", "when, n, price\n2024-01-02, 5, 1.5\n2024-01-03, 7, 2.25\n2024-01-04, 9, 3\n", ",", true},
		{"all text", "State, status\npending, open\nopen, pending\nactive, open\npending, closed\n", ",", true},
		{"semicolons, all text", "name; town\nAnn Lee; Oslo\nBob Ray; Lima\nCy Fox; Rome\n", ";", true},
		{"a quoted value after one", "name, note, n\nAnn, \"x, y\", 1\nBob, \"z\", 2\nCy, w, 3\n", ", ", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Delimiter != tt.delim || res.HasHeader != tt.header {
				t.Fatalf("delimiter %q, header %v; want %q, %v", res.Dialect.Delimiter, res.HasHeader, tt.delim, tt.header)
			}
		})
	}
}

// A first line "sep=;" names the delimiter, as Excel reads and writes it:
// the table starts below it. DuckDB reads the line as the table's first
// row, the header of a two-column table.
func TestSepLine(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim string
		skip            int
		first           string
	}{
		{"semicolons, two columns", "sep=;\r\nname;n\r\nAnn;1\r\nBob;2\r\nCy;3\r\n", ";", 1, "name"},
		{"byte order mark, comma", "\xef\xbb\xbfSEP=,\nid,city,n\n1,Oslo,2\n2,Lima,3\n", ",", 1, "id"},
		{"tab", "sep=\t\nk\tv\na\t1\nb\t2\n", "\t", 1, "k"},
		// Not a sep line: a row of the table's width, DuckDB's header.
		{"more after the delimiter", "sep=;x\nname;n\nAnn;1\nBob;2\n", ";", 0, "sep="},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Delimiter != tt.delim || res.SkipRows != tt.skip || !res.HasHeader || res.Columns[0].Name != tt.first {
				t.Fatalf("delimiter %q, skip %d, header %v, columns %v; want %q, skip %d, %q first",
					res.Dialect.Delimiter, res.SkipRows, res.HasHeader, res.Columns, tt.delim, tt.skip, tt.first)
			}
		})
	}
}

// Rows that leave out trailing values below a header that names them all
// (a list of releases whose later dates only the newer ones have) are a
// ragged table read with null padding, although fewer than 60% of them
// have the most common width. DuckDB, and the sniffer before, read one
// text column.
func TestShortenedRows(t *testing.T) {
	in := "version,name,created,release,eol,eol-lts,eol-elts\n" +
		"1.1,Ant,1993-08-16,1996-06-17,1997-06-05\n" +
		"1.2,Bee,1996-06-17,1996-12-12,1998-06-05\n" +
		"2.0,Cat,1997-06-05,1998-07-24,2000-03-09\n" +
		"3.0,Dog,2000-08-15,2002-07-19,2006-06-30\n" +
		"4.0,Eel,2005-06-06,2007-04-08,2010-02-15\n" +
		"5.0,Fox,2009-02-14,2011-02-06,2014-05-31,2016-02-29\n" +
		"7,Gnu,2011-02-06,2013-05-04,2016-04-25,2018-05-31,2020-06-30\n" +
		"8,Hen,2013-05-04,2015-04-26,2018-06-17,2020-06-30,2025-06-30\n" +
		"9,Ibis,2015-04-26,2017-06-17,2020-07-18,2022-06-30,2027-06-30\n" +
		"10,Jay,2017-06-17,2019-07-06,2022-09-10,2024-06-30,2029-06-30\n" +
		"11,Kite,2025-08-09\n" +
		",Lark,1993-08-16\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != "," || len(res.Columns) != 7 || !res.HasHeader || !res.NullPadding {
		t.Fatalf("delimiter %q, %d columns, header %v, null padding %v; want ',', 7, a header, padding",
			res.Dialect.Delimiter, len(res.Columns), res.HasHeader, res.NullPadding)
	}
}

// TestOptionalLastValue: a tab list without a header whose last value, a
// remark, some rows leave out, as tzdata's zone.tab and zone1970.tab do.
// With the first row one value short and the full rows the more common,
// the sniffer took the first row for a note and the second for the
// header; with the short rows the more common (7 of 13), it took the
// first row for the header. DuckDB 1.5.6 reads both as one text column.
func TestOptionalLastValue(t *testing.T) {
	rows := []string{
		"AB\t+4230+00131\tNorth Gate", "AC\t+2518+05518\tEast Pier\tclosed in winter",
		"AD\t+3431+06912\tOld Mill\tferry only", "AE\t+1703-06148\tSouth Quay",
		"AF\t+1812-06305\tHarbour Road\tno parking", "AG\t+4120+01950\tMarket Hall\tweekdays",
		"AH\t+4011+04430\tBridge End", "AI\t-0848+01314\tCastle Hill\tsteep path",
		"AJ\t-6617+11031\tRiver Walk\tflooded in spring", "AK\t-3436-05827\tStation Square",
		"AL\t-1416-17042\tLake Shore\tboats for hire", "AM\t+4813+01620\tMill Lane\tclosed",
	}
	fewer := []string{
		"AB\t+4230+00131\tNorth Gate", "AC\t+2518+05518\tEast Pier\tclosed in winter",
		"AD\t+3431+06912\tOld Mill", "AE\t+1703-06148\tSouth Quay",
		"AF\t+1812-06305\tHarbour Road\tno parking", "AG\t+4120+01950\tMarket Hall",
		"AH\t+4011+04430\tBridge End", "AI\t-0848+01314\tCastle Hill\tsteep path",
		"AJ\t-6617+11031\tRiver Walk", "AK\t-3436-05827\tStation Square\tbus stop",
		"AL\t-1416-17042\tLake Shore", "AM\t+4813+01620\tMill Lane\tclosed",
		"AN\t+5213+01322\tHigh Street",
	}
	for _, tc := range []struct {
		name, in string
		skip     int
	}{
		{"full rows more common, comments above", "# stations: code, position, name and an optional remark\n# fields are separated by tabs\n" + strings.Join(rows, "\n") + "\n", 2},
		{"short rows more common", strings.Join(fewer, "\n") + "\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tc.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Dialect.Delimiter != "\t" || len(res.Columns) != 4 || res.HasHeader || res.SkipRows != tc.skip {
				t.Fatalf("delimiter %q, %d columns, header %v, skip %d; want tab, 4, no header, skip %d",
					res.Dialect.Delimiter, len(res.Columns), res.HasHeader, res.SkipRows, tc.skip)
			}
		})
	}
}

// TestChecksumList: a list without a header whose columns are all text,
// one of them checksums of one length (64 hex digits). The first row is
// one of the rows: DuckDB 1.5.6, and the sniffer before, named the
// columns after it (every column text, so a header was assumed), as Go's
// zip_sums.csv of module hashes is read.
func TestChecksumList(t *testing.T) {
	in := "example.org/alpha,v1.4.2,8ed3f6ad685b959ead7022518e1af76cd816f8e8ec7ccdda1ed4018e8f2223f8\n" +
		"example.org/beta/cmd,v0.0.0-20240101120000-abcdef012345,f44e64e75f3948e9f73f8dfa94721c4ce8cbb4f265c4790c702b2d41cfbf2753\n" +
		"example.com/gamma,v2.11.0,be9d587defa1f0c09ef49eb17e206983a5f8f8289e4281860bd0ee5a19592c67\n" +
		"example.net/delta.v3,v3.0.1,4f4a9410ffcdf895c4adb880659e9b5c0dd1f23a30790684340b3eaacb045398\n" +
		"example.org/epsilon,v0.9.17,6ebf3c8d63ef6b217bcee69e31f77f3634bbbef1346de27e229c17122974e27b\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != "," || len(res.Columns) != 3 || res.HasHeader {
		t.Fatalf("delimiter %q, %d columns, header %v; want ',', 3, no header", res.Dialect.Delimiter, len(res.Columns), res.HasHeader)
	}
	// A header over such a column is still a header.
	res, err = sniff.SniffBytes([]byte("module,version,sha256\n"+in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.HasHeader {
		t.Fatal("a header over the checksums was taken for a row")
	}
}

// TestQuotedNamesBetweenSpaces: a table separated by spaces whose header
// names are quoted with ' ('ID' 'SCORE' ...), as R and Stata write them
// (statsmodels ships spector.csv so). Read with another delimiter and
// quote ', each line is one value in which a quote follows the closing
// one after a space; that counted as an escape, and a reading whose
// escape occurs beat the four columns of the space delimiter: one text
// column. DuckDB 1.5.6 does not try the space.
func TestQuotedNamesBetweenSpaces(t *testing.T) {
	in := "'ID' 'SCORE' 'HOURS' 'PASSED'\n" +
		"1 3.25 12 1\n2 2.80 9 0\n3 3.61 15 1\n4 2.10 4 0\n5 3.05 11 1\n" +
		"6 2.66 8 0\n7 3.90 20 1\n8 2.45 7 0\n9 3.33 14 1\n10 2.97 10 1\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != " " || !res.Dialect.Quote.Is('\'') || len(res.Columns) != 4 || !res.HasHeader {
		t.Fatalf("delimiter %q, quote %v, %d columns, header %v; want ' ', ', 4 columns, a header",
			res.Dialect.Delimiter, res.Dialect.Quote, len(res.Columns), res.HasHeader)
	}
	// A doubled quote is still an escape: 'it''s' reads as it's.
	res, err = sniff.SniffBytes([]byte("'name','note'\n'a','it''s'\n'b','x'\n'c','y'\n"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Dialect.Escape.Is('\'') {
		t.Fatalf("escape %v; want '", res.Dialect.Escape)
	}
}

// TestTwoNumbersBetweenSpaces: two columns of numbers separated by a
// space, no header, as JMulTi's data files are (statsmodels' E6_jmulti.csv).
// The delimiters DuckDB does not try needed three columns (two only with
// a multi-byte delimiter), so the file read as one text column, DuckDB's
// answer; two columns neither of which is text are a table. A time
// ("12:0") is no table of two numbers around a colon.
func TestTwoNumbersBetweenSpaces(t *testing.T) {
	in := "-0.00412 0.081\n0.0173 0.081\n0.0231 0.085\n0.0118 0.092\n-0.0052 0.097\n0.0094 0.1\n0.0127 0.104\n0.0068 0.101\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter != " " || len(res.Columns) != 2 || res.HasHeader {
		t.Fatalf("delimiter %q, %d columns, header %v; want ' ', 2, no header", res.Dialect.Delimiter, len(res.Columns), res.HasHeader)
	}
	res, err = sniff.SniffBytes([]byte("12:0"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dialect.Delimiter == ":" {
		t.Fatal("a time split at its colon")
	}
}

// TestCountsAboveHeader: a first line of counts as wide as the table,
// most of it empty ("12,5,,,,,,,,,,"), above the header, as scikit-learn
// writes its data files (boston_house_prices.csv: 506 rows, 13
// features). The preamble rule skipped rows of at most one value only,
// so the counts became the header and the names a row of text. DuckDB
// 1.5.6 does the same.
func TestCountsAboveHeader(t *testing.T) {
	in := "8,11,,,,,,,,,,\n" +
		"plot,soil,ph,n,p,k,rain,temp,sun,slope,elev,yield\n" +
		"1,0.21,6.5,12,3.1,140,610,11.2,1650,2,310,4.8\n" +
		"2,0.34,6.1,15,2.8,120,590,11.5,1700,3,305,5.1\n" +
		"3,0.18,7.0,9,3.5,160,640,10.9,1600,1,320,4.2\n" +
		"4,0.27,6.8,11,3.0,150,600,11.1,1680,2,315,4.9\n" +
		"5,0.31,6.3,14,2.9,130,620,11.3,1690,4,300,5.3\n" +
		"6,0.25,6.6,13,3.2,145,605,11.0,1640,2,312,4.7\n" +
		"7,0.22,6.9,10,3.4,155,615,10.8,1620,1,318,4.4\n" +
		"8,0.29,6.4,12,3.0,135,625,11.4,1710,3,308,5.0\n"
	res, err := sniff.SniffBytes([]byte(in), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.SkipRows != 1 || !res.HasHeader || len(res.Columns) != 12 || res.Columns[0].Name != "plot" {
		t.Fatalf("skip %d, header %v, %d columns, first %q; want skip 1, a header, 12 columns, plot",
			res.SkipRows, res.HasHeader, len(res.Columns), res.Columns[0].Name)
	}
}

// headerCase is an input and whether the sniffer is to find a header.
type headerCase struct {
	name, in string
	header   bool
}

// checkHeaders sniffs each case's input and holds its HasHeader to the
// case's.
func checkHeaders(t *testing.T, cases []headerCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.HasHeader != tt.header {
				t.Fatalf("header %v, want %v (columns %v)", res.HasHeader, tt.header, res.Columns)
			}
		})
	}
}
