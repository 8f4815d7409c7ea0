package sniff_test

import (
	"encoding/json"
	"fmt"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/sniff"
)

func ExampleSniffBytes() {
	data := []byte("Exported by Ledger 2.1\n" +
		"\n" +
		"date;amount;paid\n" +
		"28/01/2018;12,50;true\n" +
		"03/02/2018;7;false\n")
	res, err := sniff.SniffBytes(data, sniff.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("delimiter %q, skip %d, header %v, date format %s\n",
		res.Dialect.Delimiter, res.SkipRows, res.HasHeader, res.DateFormat)
	for _, c := range res.Columns {
		fmt.Println(c.Name, c.Type)
	}
	// Output:
	// delimiter ";", skip 2, header true, date format %d/%m/%Y
	// date DATE
	// amount VARCHAR
	// paid BOOLEAN
}

// With decimal commas declared, the amounts are numbers.
func ExampleSniffBytes_decimalComma() {
	data := []byte("date;amount\n28/01/2018;12,50\n03/02/2018;7\n")
	res, err := sniff.SniffBytes(data, sniff.Options{DecimalComma: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Columns[1].Name, res.Columns[1].Type)
	// Output:
	// amount DOUBLE
}

// A delimiter the caller knows is fixed; the sniffer finds the rest.
func ExampleOptions_fixed() {
	data := []byte("a|b\n'x|y'|2\n'z'|3\n")
	res, err := sniff.SniffBytes(data, sniff.Options{
		Dialect: dialect.Dialect{Delimiter: "|"},
		Fixed:   sniff.Delimiter,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := res.Dialect.Quote.Byte()
	fmt.Printf("quote %c, columns %d, %s %s\n", q, len(res.Columns), res.Columns[1].Name, res.Columns[1].Type)
	// Output:
	// quote ', columns 2, b BIGINT
}

// The result in DuckDB's sniff_csv fields, as JSON: what `csvscan sniff
// --json` prints. DuckDB 1.5.6 answers the same for this file: no escape
// (the sample holds no doubled quote) and the ISO date format.
func ExampleResult_Report() {
	data := []byte("id,name,joined\n1,Ada,2024-02-29\n2,\"Grace, Rear Admiral\",2024-03-01\n")
	res, err := sniff.SniffBytes(data, sniff.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := json.Marshal(res.Report())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	// Output:
	// {"delimiter":",","quote":"\"","escape":"","newline":"\n","comment":"","skip_rows":0,"has_header":true,"columns":[{"name":"id","type":"BIGINT"},{"name":"name","type":"VARCHAR"},{"name":"joined","type":"DATE"}],"date_format":"%Y-%m-%d","timestamp_format":""}
}
