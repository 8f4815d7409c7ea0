package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/sniff"
)

// sniffFlags are the flags that steer the sniffer: the dialect flags the
// user gave fix those parts, the others are sniffed.
type sniffFlags struct {
	*dialectFlags
	sampleSize int
	skip       int
}

func addSniffFlags(fs *flag.FlagSet, d *dialectFlags) *sniffFlags {
	f := &sniffFlags{dialectFlags: d}
	fs.IntVar(&f.sampleSize, "sample-size", sniff.DefaultSampleSize, "rows the sniffer reads; -1 reads the whole file")
	fs.IntVar(&f.skip, "skip", 0, "lines to skip at the top of the file (default: sniffed)")
	return f
}

// given reports whether a dialect flag was set on the command line.
func (f *dialectFlags) given(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// anyDialectGiven reports whether any flag that shapes the dialect was set.
func (f *dialectFlags) anyDialectGiven() bool {
	for _, n := range []string{"delim", "quote", "escape", "comment", "newline"} {
		if f.given(n) {
			return true
		}
	}
	return false
}

// options turns the flags into sniffer options: what the user gave is
// fixed.
func (f *sniffFlags) options() (sniff.Options, error) {
	d, err := f.dialect()
	if err != nil {
		return sniff.Options{}, err
	}
	o := sniff.Options{Dialect: d, SkipRows: f.skip}
	switch {
	case f.sampleSize < 0:
		o.SampleSize = -1
	case f.sampleSize == 0:
		return o, fmt.Errorf("%w: --sample-size must not be 0", errUsage)
	default:
		o.SampleSize = f.sampleSize
	}
	if f.skip < 0 {
		return o, fmt.Errorf("%w: --skip must not be negative", errUsage)
	}
	parts := map[string]sniff.Part{"delim": sniff.Delimiter, "quote": sniff.Quote, "escape": sniff.Escape,
		"comment": sniff.Comment, "newline": sniff.Newline}
	for n, p := range parts {
		if f.given(n) {
			o.Fixed |= p
		}
	}
	if f.given("quote") && !f.given("escape") {
		// --quote alone: the escape is sniffed, as in DuckDB.
		o.Dialect.Escape = dialect.None
	}
	if d.Newline == dialect.NewlineAuto {
		o.Fixed &^= sniff.Newline
	}
	return o, nil
}

// sniffFile sniffs FILE (- for standard input). A regular file is sampled
// at random access; gzip input (by its magic bytes) and pipes from their
// head. It returns the result and a reader over the whole input for reading
// it afterwards, or nil when the caller should open the file again.
func sniffFile(name string, stdin io.Reader, o sniff.Options) (*sniff.Result, io.Reader, func(), error) {
	f, err := open(name, stdin)
	if err != nil {
		return nil, nil, nil, err
	}
	br := bufio.NewReader(f)
	magic, _ := br.Peek(2)
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, nil, nil, err
		}
		res, replay, err := sniff.SniffReader(zr, o)
		return res, replay, func() { zr.Close(); f.Close() }, err
	}
	if file, ok := f.(*os.File); ok {
		if st, err := file.Stat(); err == nil && st.Mode().IsRegular() {
			res, err := sniff.Sniff(file, st.Size(), o)
			file.Close()
			return res, nil, func() {}, err
		}
	}
	res, replay, err := sniff.SniffReader(br, o)
	return res, replay, func() { f.Close() }, err
}

func cmdSniff(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("sniff", "FILE", stderr)
	sf := addSniffFlags(fs, addDialectFlags(fs))
	asJSON := fs.Bool("json", false, "print one JSON object (delimiter, quote, escape, newline, comment, skip_rows, has_header, columns, date_format, timestamp_format)")
	name, err := parse(fs, args, true)
	if err != nil {
		return err
	}
	o, err := sf.options()
	if err != nil {
		return err
	}
	res, _, done, err := sniffFile(name, stdin, o)
	if done != nil {
		defer done()
	}
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
