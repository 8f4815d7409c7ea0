package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

func cmdSniff(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("sniff", "FILE", stderr)
	rf := &readFlags{dialectFlags: addDialectFlags(fs), autoDetect: true}
	fs.BoolVar(&rf.header, "header", false, "the first row is a header (default: sniffed)")
	fs.IntVar(&rf.sampleSize, "sample-size", sniff.DefaultSampleSize, "rows the sniffer reads; -1 reads the whole file")
	fs.IntVar(&rf.skip, "skip", 0, "lines to skip at the top of the file (default: sniffed)")
	fs.BoolVar(&rf.ignoreErrors, "ignore-errors", false, "score dialects as DuckDB does when rows that do not fit are skipped")
	fs.BoolVar(&rf.nullPadding, "null-padding", false, "score dialects as DuckDB does when short rows are padded")
	fs.IntVar(&rf.maxLineSize, "max-line-size", scanner.DefaultMaxLineSize, "longest row in bytes")
	explain := fs.Bool("explain", false, "print every candidate dialect, what it read and why it was kept or dropped, before the result")
	asJSON := fs.Bool("json", false, "print one JSON object (delimiter, quote, escape, newline, comment, skip_rows, has_header, columns, date_format, timestamp_format)")
	name, err := parse(fs, args, true)
	if err != nil {
		return err
	}
	opts, err := rf.options()
	if err != nil {
		return err
	}
	src, err := openSource(name, stdin, rf.encoding)
	if err != nil {
		return err
	}
	defer src.close()
	so := rf.sniffOptions(opts)
	if *explain {
		so.Trace = stdout
	}
	res, err := src.sniff(so)
	if err != nil {
		return fmt.Errorf("csvscan: %s: %w", name, err)
	}
	if *asJSON {
		return writeSniffJSON(stdout, res)
	}
	return writeSniffText(stdout, res)
}

// sniffJSON is the --json object: exactly DuckDB's sniff_csv fields that
// the issue names, with DuckDB's spellings.
type sniffJSON struct {
	Delimiter       string       `json:"delimiter"`
	Quote           string       `json:"quote"`
	Escape          string       `json:"escape"`
	Newline         string       `json:"newline"`
	Comment         string       `json:"comment"`
	SkipRows        int          `json:"skip_rows"`
	HasHeader       bool         `json:"has_header"`
	Columns         []columnJSON `json:"columns"`
	DateFormat      string       `json:"date_format"`
	TimestampFormat string       `json:"timestamp_format"`
}

type columnJSON struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

func charString(c dialect.Char) string {
	if b, ok := c.Byte(); ok {
		return string([]byte{b})
	}
	return ""
}

func newlineString(n dialect.Newline) string {
	switch n {
	case dialect.NewlineCRLF:
		return "\r\n"
	case dialect.NewlineCR:
		return "\r"
	}
	return "\n"
}

func toSniffJSON(res *sniff.Result) sniffJSON {
	j := sniffJSON{
		Delimiter: res.Dialect.Delimiter, Quote: charString(res.Dialect.Quote), Escape: charString(res.Dialect.Escape),
		Newline: newlineString(res.Dialect.Newline), Comment: charString(res.Dialect.Comment),
		SkipRows: res.SkipRows, HasHeader: res.HasHeader, Columns: []columnJSON{},
		DateFormat: res.DateFormat, TimestampFormat: res.TimestampFormat,
	}
	for _, c := range res.Columns {
		j.Columns = append(j.Columns, columnJSON{Name: c.Name, Type: c.Type.String()})
	}
	return j
}

func writeSniffJSON(w io.Writer, res *sniff.Result) error {
	b, err := json.Marshal(toSniffJSON(res))
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func writeSniffText(w io.Writer, res *sniff.Result) error {
	j := toSniffJSON(res)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "delimiter         %q\n", j.Delimiter)
	fmt.Fprintf(bw, "quote             %q\n", j.Quote)
	fmt.Fprintf(bw, "escape            %q\n", j.Escape)
	fmt.Fprintf(bw, "newline           %q\n", j.Newline)
	fmt.Fprintf(bw, "comment           %q\n", j.Comment)
	fmt.Fprintf(bw, "skip_rows         %d\n", j.SkipRows)
	fmt.Fprintf(bw, "has_header        %v (score %.2f)\n", j.HasHeader, res.Scores.Header)
	fmt.Fprintf(bw, "date_format       %q\n", j.DateFormat)
	fmt.Fprintf(bw, "timestamp_format  %q\n", j.TimestampFormat)
	fmt.Fprintf(bw, "dialect score     %.3f over %d rows, %d bytes sampled\n", res.Scores.Dialect, res.Rows, res.Sampled)
	fmt.Fprintf(bw, "columns           %d\n", len(j.Columns))
	for i, c := range j.Columns {
		fmt.Fprintf(bw, "  %-24q %-10s (%d values)\n", c.Name, c.Type, res.Scores.Types[i])
	}
	return bw.Flush()
}
