package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/csvscan/csvscan"
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
	fs.StringVar(&rf.decimalSep, "decimal-separator", ".", decimalSeparatorUsage)
	addTypeFlags(fs, rf)
	fs.StringVar(&rf.encoding, "encoding", "utf-8", encodingUsage)
	fs.StringVar(&rf.compression, "compression", "auto", compressionUsage)
	fs.BoolVar(&rf.normalize, "normalize-names", false, normalizeNamesUsage)
	explain := fs.Bool("explain", false, "print every candidate dialect, what it read and why it was kept or dropped, before the result")
	asJSON := fs.Bool("json", false, "print one JSON object (delimiter, quote, escape, newline, comment, skip_rows, has_header, columns, date_format, timestamp_format, and prompt: the flags that read the file again without sniffing)")
	name, err := parse(fs, args, true)
	if err != nil {
		return err
	}
	o, err := rf.doorOptions()
	if err != nil {
		return err
	}
	o.AutoDetect = csvscan.On
	if *explain {
		o.Trace = stdout
	}
	r, err := openDoor(name, stdin, nil, o) // an empty input is an error below
	latin1 := false
	if errors.Is(err, csvscan.ErrNotUTF8) && !rf.given("encoding") && name != "-" {
		// A file nobody described is sniffed all the same: its bytes as
		// latin-1, which decodes any byte, and the result says so (the
		// prompt holds --encoding=latin-1). Standard input cannot be read
		// again and keeps the error, which names --encoding.
		fmt.Fprintf(stderr, "csvscan: %s: not valid UTF-8: sniffed as latin-1\n", name)
		o.Encoding, latin1 = "latin-1", true
		r, err = openDoor(name, stdin, nil, o)
	}
	if err != nil {
		return err
	}
	defer r.Close()
	res := r.Detected().Sniff
	if res == nil {
		return inFile(name, errors.New("the input is empty: there is nothing to sniff"))
	}
	if latin1 {
		res.Encoding = "latin-1"
	}
	if *asJSON {
		return writeSniffJSON(stdout, res, r.Prompt())
	}
	return writeSniffText(stdout, res, r.Prompt())
}

// writeSniffJSON writes the result as sniff_csv's fields, and the flags
// that read the input again without sniffing under "prompt" (DuckDB's
// sniff_csv gives a read_csv call there).
func writeSniffJSON(w io.Writer, res *sniff.Result, prompt csvscan.Options) error {
	b, err := json.Marshal(struct {
		sniff.Report
		Prompt []string `json:"prompt"`
	}{res.Report(), prompt.Flags()})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func writeSniffText(w io.Writer, res *sniff.Result, prompt csvscan.Options) error {
	j := res.Report()
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
	fmt.Fprintf(bw, "confidence        %.3f\n", res.Scores.Confidence)
	if res.NullPadding || res.IgnoreErrors {
		fmt.Fprintf(bw, "ragged rows       %d short (null_padding %v), %d long or bad (ignore_errors %v)\n",
			res.ShortRows, res.NullPadding, res.LongRows, res.IgnoreErrors)
	}
	if res.TableEnd > 0 {
		fmt.Fprintf(bw, "table ends        at line %d: the rows from there on have another shape (a second table, or notes)\n", res.TableEnd)
	}
	if res.Encoding == "latin-1" {
		fmt.Fprintf(bw, "encoding          latin-1: the sample is not UTF-8 (read it with --encoding=latin-1)\n")
	}
	fmt.Fprintf(bw, "columns           %d\n", len(j.Columns))
	for i, c := range j.Columns {
		fmt.Fprintf(bw, "  %-24q %-10s (%d values)\n", c.Name, c.Type, res.Scores.Types[i])
	}
	// The flags that read the file this way without sniffing.
	fmt.Fprintf(bw, "prompt            %s\n", strings.Join(shellQuote(prompt.Flags()), " "))
	return bw.Flush()
}

// shellQuote quotes each argument for a POSIX shell where it needs it.
func shellQuote(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r == '-' || r == '=' || r == ',' || r == ':' || r == '.' || r == '_' || r == '/' ||
				r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) < 0 {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return out
}
