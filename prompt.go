package csvscan

import (
	"strconv"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// Prompt returns the options that read the input the same way without
// sniffing: the options given to Open, with everything the sniffer
// decided fixed and AutoDetect Off (what DuckDB's sniff_csv calls the
// prompt). Opening the same input with them gives the same schema and
// the same rows. For several files it is the first file's.
func (r *Reader) Prompt() Options {
	o := r.opts
	d := r.detected
	o.AutoDetect = Off
	o.Delim = d.Dialect.Delimiter
	o.Quote, o.Escape, o.Comment = charOption(d.Dialect.Quote), charOption(d.Dialect.Escape), charOption(d.Dialect.Comment)
	o.NewLine = newlineOption(d.Dialect.Newline)
	o.StrictMode = On
	if d.Dialect.Lenient {
		o.StrictMode = Off
	}
	o.Header = Off
	if d.Header {
		o.Header = On
	}
	o.Skip = d.Skip
	if o.Skip == 0 {
		o.Skip = -1
	}
	cols := r.schema
	if r.multi != nil {
		cols = cols[:r.multi.fileCols] // the others are added by OpenFiles
	}
	o.Columns = append(typed.Schema(nil), cols...)
	// The columns carry the names and types these options decided.
	o.Types, o.AllVarchar, o.Names, o.NormalizeNames, o.AutoTypeCandidates = nil, false, nil, false, nil
	o.DateFormat, o.TimestampFormat = d.DateFormat, d.TimestampFormat
	o.Compression, o.Encoding = d.Compression, d.Encoding
	o.NullPadding, o.TrailingDelimiter = d.NullPadding, d.TrailingDelimiter
	return o
}

// OptionsFrom returns the options that read a file the way a sniffer's
// result says, without sniffing again: the dialect, the lines to skip,
// the header, the columns and the formats fixed, AutoDetect Off. It is
// Prompt for a result of package sniff obtained on its own (csvscan sniff
// prints its Flags).
func OptionsFrom(res *sniff.Result) Options {
	var read scanner.Options
	res.Apply(&read)
	var cast typed.Options
	res.ApplyTyped(&cast)
	r := &Reader{schema: cast.Schema, detected: Detected{Dialect: read.Dialect, Skip: read.SkipRows, Header: read.Header,
		Columns: cast.Schema, DateFormat: cast.DateFormat, TimestampFormat: cast.TimestampFormat,
		NullPadding: read.NullPadding, TrailingDelimiter: read.TrailingDelimiter, Sniff: res}}
	o := r.Prompt()
	o.Compression, o.Encoding = "", "" // not the sniffer's to say
	return o
}

func charOption(c dialect.Char) string {
	if b, ok := c.Byte(); ok {
		return string([]byte{b})
	}
	return None
}

func newlineOption(n dialect.Newline) string {
	switch n {
	case dialect.NewlineLF:
		return "\n"
	case dialect.NewlineCRLF:
		return "\r\n"
	case dialect.NewlineCR:
		return "\r"
	}
	return "auto"
}

// Flags returns the options as flags of the csvscan command, in the order
// the command documents them; options left at their default are left out.
// Each element is one argument (no shell quoting).
func (o Options) Flags() []string {
	var f []string
	add := func(name, v string) { f = append(f, "--"+name+"="+v) }
	if o.AutoDetect == Off {
		add("auto-detect", "false")
	}
	if o.Delim != "" {
		add("delim", strings.ReplaceAll(strings.ReplaceAll(o.Delim, `\`, `\\`), "\t", `\t`))
	}
	for _, c := range []struct{ name, v string }{{"quote", o.Quote}, {"escape", o.Escape}, {"comment", o.Comment}} {
		switch c.v {
		case "":
		case None:
			add(c.name, "")
		default:
			add(c.name, c.v)
		}
	}
	switch o.NewLine {
	case "", "auto":
	case "\n":
		add("newline", "lf")
	case "\r\n":
		add("newline", "crlf")
	case "\r":
		add("newline", "cr")
	default:
		add("newline", o.NewLine)
	}
	if o.StrictMode == Off {
		add("strict", "false")
	}
	switch o.Header {
	case On:
		add("header", "true")
	case Off:
		add("header", "false")
	}
	if o.Skip != 0 {
		add("skip", strconv.Itoa(max(o.Skip, 0)))
	}
	if len(o.Columns) > 0 {
		cols := make([]string, len(o.Columns))
		for i, c := range o.Columns {
			cols[i] = c.Name + ":" + c.TypeName()
		}
		add("columns", strings.Join(cols, ","))
	}
	if len(o.Names) > 0 {
		add("names", strings.Join(o.Names, ","))
	}
	if o.NormalizeNames {
		add("normalize-names", "true")
	}
	if o.AllVarchar {
		add("all-varchar", "true")
	}
	if len(o.AutoTypeCandidates) > 0 {
		add("auto-type-candidates", strings.Join(o.AutoTypeCandidates, ","))
	}
	if o.SampleSize != 0 {
		add("sample-size", strconv.Itoa(o.SampleSize))
	}
	if o.DateFormat != "" {
		add("dateformat", o.DateFormat)
	}
	if o.TimestampFormat != "" {
		add("timestampformat", o.TimestampFormat)
	}
	if o.DecimalSeparator != "" && o.DecimalSeparator != "." {
		add("decimal-separator", o.DecimalSeparator)
	}
	if o.Thousands != "" {
		add("thousands", o.Thousands)
	}
	for _, n := range o.NullStr {
		add("nullstr", n)
	}
	for _, n := range o.ForceNotNull {
		add("force-not-null", n)
	}
	if o.AllowQuotedNulls == Off {
		add("allow-quoted-nulls", "false")
	}
	if o.IgnoreErrors {
		add("ignore-errors", "true")
	}
	if o.NullPadding {
		add("null-padding", "true")
	}
	if o.TrailingDelimiter {
		add("trailing-delimiter", "true")
	}
	if o.Encoding != "" && o.Encoding != "utf-8" {
		add("encoding", o.Encoding)
	}
	if o.MaxLineSize != 0 {
		add("max-line-size", strconv.Itoa(o.MaxLineSize))
	}
	if o.ZstdWindow != 0 {
		add("zstd-window", strconv.Itoa(o.ZstdWindow))
	}
	if o.BufferSize != 0 {
		add("buffer-size", strconv.Itoa(o.BufferSize))
	}
	if o.Threads != 0 {
		add("threads", strconv.Itoa(o.Threads))
	}
	return f
}
