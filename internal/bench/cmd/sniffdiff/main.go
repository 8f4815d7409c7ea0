// Command sniffdiff compares csvscan's sniffer with DuckDB's sniff_csv, file
// by file, field by field: delimiter, quote, escape, newline, comment,
// skip_rows, has_header, columns (names and types), date_format and
// timestamp_format. It prints the agreement per field and each difference.
//
//	go run ./cmd/sniffdiff [-v] FILE...
//	go run ./cmd/sniffdiff -corpus ../../../shared/corpus   (every DuckDB corpus file)
//
// DuckDB runs in process (duckdb-go); csvscan sniffs as `csvscan sniff`
// does: a gzip file from its decompressed head, any other file at random
// access. A file DuckDB cannot sniff and csvscan can, or the reverse, is a
// difference in the field "error".
package main

import (
	"bytes"
	"compress/gzip"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/bench/readdiff"
	"github.com/csvscan/csvscan/sniff"
	_ "github.com/duckdb/duckdb-go/v2"
)

// result is one sniffer's answer, in sniff_csv's terms.
type result struct {
	Err             string
	Delimiter       string
	Quote           string
	Escape          string
	Newline         string
	Comment         string
	SkipRows        int
	HasHeader       bool
	Columns         string // name:TYPE,...
	DateFormat      string
	TimestampFormat string
}

var fields = []string{"error", "delimiter", "quote", "escape", "newline", "comment", "skip_rows", "has_header", "columns", "date_format", "timestamp_format"}

func (r result) field(name string) string {
	switch name {
	case "error":
		if r.Err != "" {
			return "error"
		}
		return ""
	case "delimiter":
		return r.Delimiter
	case "quote":
		return r.Quote
	case "escape":
		return r.Escape
	case "newline":
		return r.Newline
	case "comment":
		return r.Comment
	case "skip_rows":
		return fmt.Sprint(r.SkipRows)
	case "has_header":
		return fmt.Sprint(r.HasHeader)
	case "columns":
		return r.Columns
	case "date_format":
		return r.DateFormat
	case "timestamp_format":
		return r.TimestampFormat
	}
	return ""
}

func duck(db *sql.DB, path string) result {
	q := fmt.Sprintf(`select Delimiter, Quote, Escape, NewLineDelimiter, Comment, SkipRows, HasHeader, to_json(Columns)::varchar, DateFormat, TimestampFormat from sniff_csv('%s')`,
		strings.ReplaceAll(path, "'", "''"))
	var r result
	var cols string
	var df, tf sql.NullString
	if err := db.QueryRow(q).Scan(&r.Delimiter, &r.Quote, &r.Escape, &r.Newline, &r.Comment, &r.SkipRows, &r.HasHeader, &cols, &df, &tf); err != nil {
		return result{Err: err.Error()}
	}
	var cs []struct{ Name, Type string }
	json.Unmarshal([]byte(cols), &cs)
	var parts []string
	for _, c := range cs {
		parts = append(parts, c.Name+":"+c.Type)
	}
	r.Columns = strings.Join(parts, ",")
	r.DateFormat, r.TimestampFormat = df.String, tf.String
	r.Newline = strings.NewReplacer(`\r`, "\r", `\n`, "\n").Replace(r.Newline)
	for _, p := range []*string{&r.Quote, &r.Escape, &r.Comment} {
		if *p == "(empty)" {
			*p = "" // sniff_csv's spelling of none
		}
	}
	return r
}

func ours(path string) result {
	data, err := os.ReadFile(path)
	if err != nil {
		return result{Err: err.Error()}
	}
	var res *sniff.Result
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return result{Err: err.Error()}
		}
		res, _, err = sniff.SniffReader(io.Reader(zr), sniff.Options{})
		if err != nil {
			return result{Err: err.Error()}
		}
	} else {
		res, err = sniff.Sniff(bytes.NewReader(data), int64(len(data)), sniff.Options{})
		if err != nil {
			return result{Err: err.Error()}
		}
	}
	ch := func(c dialect.Char) string {
		if b, ok := c.Byte(); ok {
			return string([]byte{b})
		}
		return ""
	}
	r := result{Delimiter: res.Dialect.Delimiter, Quote: ch(res.Dialect.Quote), Escape: ch(res.Dialect.Escape),
		Comment: ch(res.Dialect.Comment), SkipRows: res.SkipRows, HasHeader: res.HasHeader,
		DateFormat: res.DateFormat, TimestampFormat: res.TimestampFormat}
	r.Newline = map[dialect.Newline]string{dialect.NewlineLF: "\n", dialect.NewlineCRLF: "\r\n", dialect.NewlineCR: "\r"}[res.Dialect.Newline]
	var parts []string
	for _, c := range res.Columns {
		parts = append(parts, c.Name+":"+c.Type.String())
	}
	r.Columns = strings.Join(parts, ",")
	return r
}

func main() {
	corpus := flag.String("corpus", "", "compare every file under CORPUS/duckdb/data")
	verbose := flag.Bool("v", false, "print every file's differences in full")
	flag.Parse()
	files := flag.Args()
	if *corpus != "" {
		more, err := readdiff.CorpusFiles(*corpus)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, more...)
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var version string
	db.QueryRow("select version()").Scan(&version)
	agree := map[string]int{}
	both := 0
	var diffs []string
	for _, f := range files {
		d, o := duck(db, f), ours(f)
		if d.Err != "" && o.Err != "" {
			continue // neither sniffs it
		}
		both++
		var fd []string
		for _, name := range fields {
			if d.field(name) == o.field(name) {
				agree[name]++
				continue
			}
			if d.Err != "" || o.Err != "" {
				if name == "error" {
					fd = append(fd, fmt.Sprintf("error: duckdb %q, csvscan %q", d.Err, o.Err))
				}
				continue
			}
			fd = append(fd, fmt.Sprintf("%s: duckdb %q, csvscan %q", name, d.field(name), o.field(name)))
		}
		if len(fd) > 0 {
			line := f + "\n    " + strings.Join(fd, "\n    ")
			if !*verbose && len(line) > 600 {
				line = line[:600] + " ..."
			}
			diffs = append(diffs, line)
		}
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		fmt.Println(d)
	}
	fmt.Printf("\nDuckDB %s, %d files sniffed by at least one side:\n", version, both)
	for _, name := range fields {
		fmt.Printf("  %-17s %4d/%d agree\n", name, agree[name], both)
	}
	fmt.Printf("  files identical   %4d/%d\n", both-len(diffs), both)
}
