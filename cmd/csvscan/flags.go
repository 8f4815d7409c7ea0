package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

// dialectFlags are the flags every command shares.
type dialectFlags struct {
	delim, quote, escape, comment, newline string
	strict                                 bool
	fs                                     *flag.FlagSet
}

func addDialectFlags(fs *flag.FlagSet) *dialectFlags {
	f := &dialectFlags{fs: fs}
	fs.StringVar(&f.delim, "delim", ",", "field delimiter, 1 to 4 bytes (\\t for a tab)")
	fs.StringVar(&f.quote, "quote", `"`, "quote character, empty for none")
	fs.StringVar(&f.escape, "escape", "", "escape character inside quotes, empty for none (default: the quote)")
	fs.StringVar(&f.comment, "comment", "", "comment character, empty for none")
	fs.StringVar(&f.newline, "newline", "auto", "line ends: auto, lf, crlf or cr")
	fs.BoolVar(&f.strict, "strict", true, "strict mode: text after a closing quote is an error")
	return f
}

// unescapeArg turns the spellings \t, \\ and \xNN of a flag value into bytes.
func unescapeArg(s string) string {
	r := strings.NewReplacer(`\t`, "\t", `\\`, `\`)
	if strings.HasPrefix(s, `\x`) && len(s) == 4 {
		var b byte
		if _, err := fmt.Sscanf(s[2:], "%02x", &b); err == nil {
			return string([]byte{b})
		}
	}
	return r.Replace(s)
}

func char(name, v string) (dialect.Char, error) {
	v = unescapeArg(v)
	switch len(v) {
	case 0:
		return dialect.None, nil
	case 1:
		return dialect.Some(v[0]), nil
	}
	return dialect.None, fmt.Errorf("%w: --%s must be one byte or empty, got %q", errUsage, name, v)
}

func (f *dialectFlags) dialect() (dialect.Dialect, error) {
	d := dialect.Dialect{Delimiter: unescapeArg(f.delim), Lenient: !f.strict}
	var err error
	if d.Quote, err = char("quote", f.quote); err != nil {
		return d, err
	}
	escapeSet := false
	f.fs.Visit(func(fl *flag.Flag) { escapeSet = escapeSet || fl.Name == "escape" })
	if escapeSet {
		if d.Escape, err = char("escape", f.escape); err != nil {
			return d, err
		}
	} else {
		d.Escape = d.Quote
	}
	if d.Comment, err = char("comment", f.comment); err != nil {
		return d, err
	}
	if d.Newline, err = dialect.ParseNewline(f.newline); err != nil {
		return d, fmt.Errorf("%w: --newline: %v", errUsage, err)
	}
	if err := d.Validate(); err != nil {
		return d, fmt.Errorf("%w: %v", errUsage, err)
	}
	return d, nil
}

// readFlags are the flags of the commands that read a file.
type readFlags struct {
	*dialectFlags
	header       bool
	maxLineSize  int
	threads      int
	bufferSize   int
	autoDetect   bool
	sampleSize   int
	skip         int
	ignoreErrors bool
	nullPadding  bool
	trailing     bool
	unionByName  bool
	names        string
	normalize    bool
	encoding     string
	compression  string
	zstdWindow   int
	decimalSep   string
	thousands    string
	candidates   string
}

// encodingUsage and compressionUsage are the help of --encoding and
// --compression, which scan, count, table and sniff share: an error that
// advises one of them names it for every command.
const (
	encodingUsage    = "the file's encoding: utf-8, latin-1, windows-1252, utf-16, utf-16le or utf-16be (decoded to UTF-8 before reading; UTF-16 is found by itself)"
	compressionUsage = "auto (gzip and zstd known by their first bytes), none, gzip or zstd"
)

// normalizeNamesUsage is the help of --normalize-names, which scan, count
// and sniff share.
const normalizeNamesUsage = `normalize the header's names as DuckDB does: "First Name" is first_name, "2020" is _2020`

// decimalSeparatorUsage is the help of --decimal-separator.
const decimalSeparatorUsage = `the decimal separator of DOUBLE, FLOAT and DECIMAL values: . or , ("1,5" is 1.5, also when sniffing the types)`

// thousandsUsage and candidatesUsage are the help of --thousands and
// --auto-type-candidates, which scan, count, table and sniff share.
const (
	thousandsUsage  = `the thousands separator of numbers, one character removed from numeric values before they are cast ("1,234" is 1234 with ,; also when sniffing the types; default: none)`
	candidatesUsage = `the types the sniffer may choose from: 'TYPE,...' of VARCHAR (always one), DOUBLE, FLOAT, DECIMAL(w,s), BIGINT, INTEGER, SMALLINT, TINYINT, TIMESTAMPTZ, TIMESTAMP, DATE, TIME, BOOLEAN (default: VARCHAR,DOUBLE,BIGINT,TIMESTAMPTZ,TIMESTAMP,DATE,TIME,BOOLEAN)`
)

// addTypeFlags adds --thousands and --auto-type-candidates to fs.
func addTypeFlags(fs *flag.FlagSet, f *readFlags) {
	fs.StringVar(&f.thousands, "thousands", "", thousandsUsage)
	fs.StringVar(&f.candidates, "auto-type-candidates", "", candidatesUsage)
}

func addReadFlags(fs *flag.FlagSet) *readFlags {
	f := &readFlags{dialectFlags: addDialectFlags(fs)}
	fs.BoolVar(&f.header, "header", false, "the first row is a header (default: sniffed)")
	fs.BoolVar(&f.autoDetect, "auto-detect", true, "sniff the dialect, preamble and header; the dialect flags given are kept as given")
	fs.IntVar(&f.sampleSize, "sample-size", 20480, "rows the sniffer reads; -1 reads the whole file")
	fs.IntVar(&f.skip, "skip", 0, "lines to skip at the top of the file (default: sniffed)")
	fs.BoolVar(&f.ignoreErrors, "ignore-errors", false, "skip rows that cannot be read or do not fit the columns instead of stopping")
	fs.BoolVar(&f.nullPadding, "null-padding", false, "read missing values at the end of a row as empty (NULL with --columns)")
	fs.BoolVar(&f.trailing, "trailing-delimiter", false, "the data rows end with a delimiter that is no column (a|b, then 1|2|): --raw drops each row's last, empty value (default: sniffed)")
	fs.BoolVar(&f.unionByName, "union-by-name", false, "with several FILEs, match their columns by name into one table of every file's columns (a file's missing ones read as NULL)")
	fs.StringVar(&f.names, "names", "", "rename the first columns: 'name,name,...' in place of the header's or the generated names (their types are still sniffed)")
	fs.BoolVar(&f.normalize, "normalize-names", false, normalizeNamesUsage)
	fs.StringVar(&f.encoding, "encoding", "utf-8", encodingUsage)
	fs.StringVar(&f.compression, "compression", "auto", compressionUsage)
	fs.IntVar(&f.zstdWindow, "zstd-window", 0, "the largest window a zstd frame may ask for, in bytes (default 8 MiB; zstd --ultra or --long files need up to 128 MiB)")
	fs.StringVar(&f.decimalSep, "decimal-separator", ".", decimalSeparatorUsage)
	addTypeFlags(fs, f)
	fs.IntVar(&f.maxLineSize, "max-line-size", scanner.DefaultMaxLineSize, "longest row in bytes")
	fs.IntVar(&f.threads, "threads", 0, "goroutines reading the file; 1 reads sequentially (default: the number of CPUs)")
	fs.IntVar(&f.bufferSize, "buffer-size", 0, "buffer size in bytes (default: 32 MiB for mapped pages in parallel, 4 MiB for a parallel read into memory, 256 KiB sequentially)")
	return f
}

func (f *readFlags) options() (scanner.Options, error) {
	d, err := f.dialect()
	if err != nil {
		return scanner.Options{}, err
	}
	if f.maxLineSize <= 0 {
		return scanner.Options{}, fmt.Errorf("%w: --max-line-size must be positive", errUsage)
	}
	if f.threads < 0 || f.bufferSize < 0 {
		return scanner.Options{}, fmt.Errorf("%w: --threads and --buffer-size must not be negative", errUsage)
	}
	threads := f.threads
	if threads == 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	if f.skip < 0 {
		return scanner.Options{}, fmt.Errorf("%w: --skip must not be negative", errUsage)
	}
	if f.sampleSize == 0 {
		return scanner.Options{}, fmt.Errorf("%w: --sample-size must not be 0", errUsage)
	}
	return scanner.Options{Dialect: d, Header: f.header, MaxLineSize: f.maxLineSize, Threads: threads,
		BufferSize: f.bufferSize, SkipRows: f.skip, IgnoreErrors: f.ignoreErrors}, nil
}

func newFlagSet(name, args string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: csvscan %s [flags] %s\n\nflags:\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// permute puts the flags of args before the other arguments, so that
// flags may follow FILE ("csvscan scan data.csv --limit 5"). A "--" ends
// the flags.
func permute(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if strings.Contains(name, "=") {
				continue
			}
			f := fs.Lookup(name)
			if f == nil {
				continue // flag.Parse reports it
			}
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				continue
			}
			if i+1 < len(args) {
				i++
				flags = append(flags, args[i])
			}
		default:
			rest = append(rest, a)
		}
	}
	return append(append(flags, "--"), rest...)
}

// parse parses the flags and returns the one file argument, if wanted.
func parse(fs *flag.FlagSet, args []string, wantFile bool) (string, error) {
	if err := fs.Parse(permute(fs, args)); err != nil {
		if err == flag.ErrHelp {
			return "", err
		}
		return "", fmt.Errorf("%w: %v", errUsage, err)
	}
	if !wantFile {
		if fs.NArg() != 0 {
			return "", fmt.Errorf("%w: %s takes no file", errUsage, fs.Name())
		}
		return "", nil
	}
	if fs.NArg() == 0 {
		return "", fmt.Errorf("%w: %s wants a FILE (- for standard input)", errUsage, fs.Name())
	}
	if fs.NArg() > 1 {
		if slices.Contains(fs.Args(), "-") {
			return "", fmt.Errorf("%w: - (standard input) is read alone, not with other files", errUsage)
		}
		return strings.Join(fs.Args(), fileSep), nil
	}
	return fs.Arg(0), nil
}

// fileSep joins several FILE arguments into the one name parse returns;
// openDoor splits them again.
const fileSep = "\x00"

// open opens a file, or standard input for "-".
func open(name string, stdin io.Reader) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(stdin), nil
	}
	return os.Open(name)
}

// rows is what scan and count read from: a sequential Scanner or a
// Parallel one.
type rows interface {
	Scan() bool
	Row() [][]byte
	Header() []string
	Err() error
}

// readCommand parses the flags of a command that reads one FILE and opens
// it. The caller closes the file.
func readCommand(name string, args []string, stdin io.Reader, stderr io.Writer, extra func(*flag.FlagSet)) (scanner.Options, io.ReadCloser, error) {
	opts, file, _, err := readFlagsOnly(name, args, stderr, extra)
	if err != nil {
		return opts, nil, err
	}
	if strings.Contains(file, fileSep) {
		return opts, nil, fmt.Errorf("%w: %s reads one FILE", errUsage, name)
	}
	f, err := open(file, stdin)
	return opts, f, err
}

// readFlagsOnly parses the flags of a command that reads one FILE and
// returns the options, the file name and the flags.
func readFlagsOnly(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet)) (scanner.Options, string, *readFlags, error) {
	fs := newFlagSet(name, "FILE", stderr)
	rf := addReadFlags(fs)
	if extra != nil {
		extra(fs)
	}
	file, err := parse(fs, args, true)
	if err != nil {
		return scanner.Options{}, "", rf, err
	}
	opts, err := rf.options()
	return opts, file, rf, err
}
