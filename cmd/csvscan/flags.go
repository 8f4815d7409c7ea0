package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
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
	header      bool
	maxLineSize int
	threads     int
	bufferSize  int
}

func addReadFlags(fs *flag.FlagSet) *readFlags {
	f := &readFlags{dialectFlags: addDialectFlags(fs)}
	fs.BoolVar(&f.header, "header", false, "the first row is a header")
	fs.IntVar(&f.maxLineSize, "max-line-size", scanner.DefaultMaxLineSize, "longest row in bytes")
	fs.IntVar(&f.threads, "threads", 0, "goroutines reading the file; 1 reads sequentially (default: the number of CPUs)")
	fs.IntVar(&f.bufferSize, "buffer-size", 0, "buffer size in bytes (default: 32 MiB in parallel, 256 KiB sequentially)")
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
	return scanner.Options{Dialect: d, Header: f.header, MaxLineSize: f.maxLineSize, Threads: threads, BufferSize: f.bufferSize}, nil
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

// parse parses the flags and returns the one file argument, if wanted.
func parse(fs *flag.FlagSet, args []string, wantFile bool) (string, error) {
	if err := fs.Parse(args); err != nil {
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
	if fs.NArg() != 1 {
		return "", fmt.Errorf("%w: %s wants one FILE (- for standard input), got %d arguments", errUsage, fs.Name(), fs.NArg())
	}
	return fs.Arg(0), nil
}

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

// openRows opens FILE (- for standard input) and starts reading it: in
// parallel over the file's known ranges, or over standard input read in
// order, or sequentially with one thread. The returned func releases
// everything.
func openRows(name string, stdin io.Reader, opts scanner.Options) (rows, func(), error) {
	f, err := open(name, stdin)
	if err != nil {
		return nil, nil, err
	}
	if opts.Threads == 1 {
		s, err := scanner.New(f, opts)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		return s, func() { f.Close() }, nil
	}
	var p *scanner.Parallel
	if file, ok := f.(*os.File); ok {
		st, err := file.Stat()
		if err == nil && st.Mode().IsRegular() {
			p, err = scanner.ScanFile(context.Background(), file, opts)
		} else {
			p, err = scanner.ScanReader(context.Background(), file, opts)
		}
		if err != nil {
			f.Close()
			return nil, nil, err
		}
	} else {
		p, err = scanner.ScanReader(context.Background(), f, opts)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return p, func() { p.Close(); f.Close() }, nil
}

// readCommand parses the flags of a command that reads one FILE and opens
// it. The caller closes the file.
func readCommand(name string, args []string, stdin io.Reader, stderr io.Writer, extra func(*flag.FlagSet)) (scanner.Options, io.ReadCloser, error) {
	opts, file, err := readFlagsOnly(name, args, stderr, extra)
	if err != nil {
		return opts, nil, err
	}
	f, err := open(file, stdin)
	return opts, f, err
}

// readFlagsOnly parses the flags of a command that reads one FILE and
// returns the options and the file name.
func readFlagsOnly(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet)) (scanner.Options, string, error) {
	fs := newFlagSet(name, "FILE", stderr)
	rf := addReadFlags(fs)
	if extra != nil {
		extra(fs)
	}
	file, err := parse(fs, args, true)
	if err != nil {
		return scanner.Options{}, "", err
	}
	opts, err := rf.options()
	return opts, file, err
}
