package csvscan_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner/typed"
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

// NormalizeNames makes the header's names the ones DuckDB's
// normalize_names makes, names a SQL table can take unquoted; Names
// renames the first columns, whose types are still sniffed.
func ExampleOptions_normalizeNames() {
	in := "First Name,Total $,2024,select\nAnn,1.5,3,x\n"
	for _, o := range []csvscan.Options{{NormalizeNames: true}, {Names: []string{"who", "amount"}}} {
		r, err := csvscan.OpenReader(strings.NewReader(in), o)
		if err != nil {
			panic(err)
		}
		var cols []string
		for _, c := range r.Schema() {
			cols = append(cols, c.Name+":"+c.Type.String())
		}
		fmt.Println(strings.Join(cols, " "))
		r.Close()
	}
	// Output:
	// first_name:VARCHAR total:DOUBLE _2024:BIGINT _select:VARCHAR
	// who:VARCHAR amount:DOUBLE 2024:BIGINT select:VARCHAR
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

// Open reads a file in typed chunks: column vectors of DuckDB's types,
// valid until the next step of the loop (Chunk.Clone keeps one).
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "csvscan")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "trips.csv")
	os.WriteFile(path, []byte("city|km|done\nOslo|12.5|true\nRome||false\n"), 0o644)

	r, err := csvscan.Open(path, csvscan.Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	var kept *typed.Chunk
	for c, err := range r.Chunks() {
		if err != nil {
			panic(err)
		}
		for i := 0; i < c.Len(); i++ {
			var line []byte
			for j := range c.Columns {
				if j > 0 {
					line = append(line, ' ')
				}
				line = c.Columns[j].AppendText(line, i)
			}
			fmt.Println(string(line))
		}
		kept = c.Clone()
	}
	fmt.Println(kept.Len(), "rows kept;", kept.Columns[1].Type, kept.Columns[2].Type)
	// Output:
	// Oslo 12.5 true
	// Rome NULL false
	// 2 rows kept; DOUBLE BOOLEAN
}

// OpenReader reads a stream (standard input, a network body) sequentially:
// the sniffer's sample is kept and read again, so nothing is lost.
func ExampleOpenReader() {
	in := strings.NewReader("name\tage\nAnn\t31\nBob\t27\n")
	r, err := csvscan.OpenReader(in, csvscan.Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row, err := range r.Values() {
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s is %d\n", row[0], row[1])
	}
	// Output:
	// Ann is 31
	// Bob is 27
}

// Detected says what the sniffer found and how the input was opened.
func ExampleReader_Detected() {
	in := "# exported 2024-05-01\nwhen,temp\n2024-05-01 10:00:00,21.5\n2024-05-01 11:00:00,22\n"
	r, err := csvscan.OpenReader(strings.NewReader(in), csvscan.Options{})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	d := r.Detected()
	fmt.Printf("delimiter %q, lines skipped %d, header %v\n", d.Dialect.Delimiter, d.Skip, d.Header)
	for _, c := range d.Columns {
		fmt.Println(c.Name, c.Type)
	}
	fmt.Println(d.Compression, d.Encoding)
	// Output:
	// delimiter ",", lines skipped 1, header true
	// when TIMESTAMP
	// temp DOUBLE
	// none utf-8
}

// A file that is not UTF-8 is refused with an error that names the row,
// the line, the column and the byte, and the option to set; with
// Encoding it reads.
func ExampleOpen_encoding() {
	dir, _ := os.MkdirTemp("", "csvscan")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "cities.csv")
	os.WriteFile(path, []byte("id,city\n1,Z\xfcrich\n"), 0o644) // latin-1

	_, err := csvscan.Open(path, csvscan.Options{})
	fmt.Println(errors.Is(err, csvscan.ErrNotUTF8), strings.TrimPrefix(err.Error(), "csvscan: "+path+": "))

	r, err := csvscan.Open(path, csvscan.Options{Encoding: "latin-1"})
	if err != nil {
		panic(err)
	}
	defer r.Close()
	for row := range r.Values() {
		fmt.Println(row[0], row[1])
	}
	// Output:
	// true row 2, line 2, column 2 ("city"), byte 11: not valid UTF-8: set Options.Encoding to the file's encoding (for example "latin-1" or "utf-16"), or IgnoreErrors to skip such rows
	// 1 Zürich
}
