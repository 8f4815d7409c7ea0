package csvscan_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/csvscan/csvscan"
)

// writeGzip writes a small gzip-compressed CSV file for the examples.
func writeGzip(dir string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte("id,name,joined,score\n1,Ann,2024-01-15,9.5\n2,Bob,2024-02-01,\n3,\"Cy, Jr.\",2024-03-09,7.25\n"))
	zw.Close()
	path := filepath.Join(dir, "people.csv.gz")
	os.WriteFile(path, b.Bytes(), 0o644)
	return path
}

// A sniffed, typed, gzip-compressed file in one call: the compression,
// dialect, header and column types are detected, as DuckDB's
// read_csv('people.csv.gz') does.
func Example() {
	dir, _ := os.MkdirTemp("", "csvscan")
	defer os.RemoveAll(dir)
	path := writeGzip(dir)

	r, err := csvscan.Open(path, csvscan.Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row, err := range r.Values() {
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v %q %v %v\n", row[0], row[1], row[2].(time.Time).Format(time.DateOnly), row[3])
	}
	for _, c := range r.Schema() {
		fmt.Println(c.Name, c.Type)
	}
	// Output:
	// 1 "Ann" 2024-01-15 9.5
	// 2 "Bob" 2024-02-01 <nil>
	// 3 "Cy, Jr." 2024-03-09 7.25
	// id BIGINT
	// name VARCHAR
	// joined DATE
	// score DOUBLE
}

// What the sniffer found, and the options (and command-line flags) that
// read the same input again without sniffing.
func ExampleReader_Prompt() {
	in := "Sales export\nday;amount;note\n01/02/2024;3,5;\"a; b\"\n15/02/2024;4,25;c\n"
	r, err := csvscan.OpenReader(strings.NewReader(in), csvscan.Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	d := r.Detected()
	fmt.Printf("delimiter %q, skip %d, header %v, dates %s\n", d.Dialect.Delimiter, d.Skip, d.Header, d.DateFormat)
	fmt.Println(strings.Join(r.Prompt().Flags(), " "))
	// Output:
	// delimiter ";", skip 1, header true, dates %d/%m/%Y
	// --auto-detect=false --delim=; --quote=" --escape= --comment= --newline=lf --header=true --skip=1 --columns=day:DATE,amount:VARCHAR,note:VARCHAR --dateformat=%d/%m/%Y
}

// Several files, or a glob, read as one table: the columns matched by
// name, a file's missing ones NULL with UnionByName, and each row's file.
func ExampleOpenFiles() {
	dir, _ := os.MkdirTemp("", "csvscan")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "2024.csv"), []byte("id,city\n1,Oslo\n2,Rome\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "2025.csv"), []byte("city,id,zip\nLima,3,15001\n"), 0o644)

	r, err := csvscan.OpenFiles([]string{filepath.Join(dir, "*.csv")}, csvscan.Options{UnionByName: true, Filename: true})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row, err := range r.Values() {
		if err != nil {
			panic(err)
		}
		fmt.Println(row[0], row[1], row[2], filepath.Base(row[3].(string)))
	}
	// Output:
	// 1 Oslo <nil> 2024.csv
	// 2 Rome <nil> 2024.csv
	// 3 Lima 15001 2025.csv
}

// AllVarchar keeps every value as text, as DuckDB's all_varchar does; the
// names are still sniffed.
func ExampleOptions_allVarchar() {
	in := "id,joined\n007,2024-01-15\n"
	r, err := csvscan.OpenReader(strings.NewReader(in), csvscan.Options{AllVarchar: true})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row := range r.Values() {
		fmt.Printf("%q %q\n", row[0], row[1])
	}
	fmt.Println(r.Schema()[0].Type, r.Schema()[1].Type)
	// Output:
	// "007" "2024-01-15"
	// VARCHAR VARCHAR
}

// With StoreRejects the rows that do not fit are skipped and kept as
// DuckDB's reject_errors records, with their positions.
func ExampleReader_Rejects() {
	in := "id,score\n1,9.5\n2,high\n3,7\n4\n"
	r, err := csvscan.OpenReader(strings.NewReader(in), csvscan.Options{Types: map[string]string{"score": "DOUBLE"}, StoreRejects: true})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row := range r.Values() {
		fmt.Println(row[0], row[1])
	}
	for _, rj := range r.Rejects() {
		fmt.Printf("line %d, byte %d, %s: %s\n", rj.Line, rj.ByteOffset, rj.ErrorType, rj.CSVLine)
	}
	// Output:
	// 1 9.5
	// 3 7
	// line 3, byte 17, CAST: 2,high
	// line 5, byte 27, MISSING COLUMNS: 4
}
