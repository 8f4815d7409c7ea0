// Command csvscan reads CSV with csvscan's table-driven scanner.
//
//	csvscan scan [flags] FILE     print the rows (json, csv or table)
//	csvscan count [flags] FILE    print the number of data rows
//	csvscan sniff [flags] FILE    detect the dialect, header and column types
//	csvscan table [flags]         print the dialect's transition table
//	csvscan trace [flags] FILE    show every byte's transition on a short input
//
// FILE may be - for standard input. Dialect flags: --delim, --quote,
// --escape, --comment (an empty value means none), --newline
// auto|lf|crlf|cr, --strict. Reading flags: --header, --max-line-size,
// --threads (1 reads sequentially; default: all CPUs), --buffer-size.
// scan prints --format json, csv, table, or null (reads every value and
// prints nothing, for timings).
//
// A parse error prints its row, field and byte offset to standard error and
// exits with status 1; bad flags exit with status 2.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/csvscan/csvscan"
)

const usage = `usage: csvscan <command> [flags] [FILE]

commands:
  scan [flags] FILE    print the rows of FILE (- for standard input)
  count [flags] FILE   print the number of data rows
  sniff [flags] FILE   detect the dialect, header and column types of FILE
  table [flags]        print the dialect's transition table, skip tables and stop patterns
  trace [flags] FILE   print each byte of a short input with its state transition

Run 'csvscan <command> -h' for the flags of a command.
`

// errUsage marks errors in the command line: exit status 2.
var errUsage = errors.New("usage")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its inputs and outputs passed in, for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	// CSVSCAN_CPUPROFILE=file writes a CPU profile of the command, for
	// go tool pprof.
	if path := os.Getenv("CSVSCAN_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				defer func() { pprof.StopCPUProfile(); f.Close() }()
			}
		}
	}
	var err error
	switch args[0] {
	case "scan":
		err = cmdScan(args[1:], stdin, stdout, stderr)
	case "count":
		err = cmdCount(args[1:], stdin, stdout, stderr)
	case "sniff":
		err = cmdSniff(args[1:], stdin, stdout, stderr)
	case "table":
		err = cmdTable(args[1:], stdout, stderr)
	case "trace":
		err = cmdTrace(args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "csvscan: unknown command %q\n%s", args[0], usage)
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		// A library error inside a usage error keeps one prefix.
		fmt.Fprintln(stderr, "csvscan:", strings.ReplaceAll(err.Error(), ": csvscan: ", ": "))
		return 2
	case errors.Is(err, csvscan.ErrOption):
		fmt.Fprintln(stderr, flagNames.Replace(err.Error()))
		return 2
	default:
		fmt.Fprintln(stderr, flagNames.Replace(err.Error()))
		return 1
	}
}

// fileError is an error in reading one file: its message names the file.
type fileError struct {
	name string
	err  error
}

func (e *fileError) Error() string {
	return "csvscan: " + e.name + ": " + strings.TrimPrefix(e.err.Error(), "csvscan: ")
}

func (e *fileError) Unwrap() error { return e.err }

// inFile names the file in err, unless err is a usage error or names it
// already.
func inFile(name string, err error) error {
	var fe *fileError
	if err == nil || name == "" || errors.Is(err, errUsage) || errors.Is(err, flag.ErrHelp) || errors.As(err, &fe) {
		return err
	}
	if name == "-" {
		name = "standard input"
	}
	name = strings.ReplaceAll(name, fileSep, ", ")
	if strings.HasPrefix(err.Error(), "csvscan: ") && strings.Contains(err.Error(), name) {
		return err // the front door names it already
	}
	return &fileError{name: name, err: err}
}

// flagNames turns the library's option names in an error's advice into
// this command's flags.
var flagNames = strings.NewReplacer(flagPairs...)

// flagPairs are flagNames' pairs: a library phrase, then the flags that
// say it on the command line, each a flag of the commands that read.
var flagPairs = []string{
	"set Dialect.Quote to dialect.None", "set --quote ''",
	"set Dialect.Lenient to keep", "set --strict=false to keep",
	"or Dialect.Lenient", "or --strict=false",
	"set Dialect.Newline", "set --newline",
	"raise MaxLineSize", "raise --max-line-size",
	"set FieldsPerRow to -1 to accept rows of any width", "set --null-padding to read short rows with empty values",
	"IgnoreErrors", "--ignore-errors",
	"Options.Encoding", "--encoding",
	"Options.Compression", "--compression",
	"Options.MaxLineSize", "--max-line-size",
	"Options.DateFormat", "--dateformat",
	"Options.TimestampFormat", "--timestampformat",
	"Options.DecimalSeparator", "--decimal-separator",
	"Options.Thousands", "--thousands",
	"Options.AutoTypeCandidates", "--auto-type-candidates",
	"set Options.Quote to csvscan.None", "set --quote ''",
	"Options.Quote", "--quote",
	"Options.Escape", "--escape",
	"Options.Comment", "--comment",
	"Options.NewLine", "--newline",
	"Options.Types", "--types",
	"Options.Columns", "--columns",
	"Options.Header to Off", "--header=false",
	"Options.UnionByName", "--union-by-name",
	"Options.NullPadding", "--null-padding",
	"Options.TrailingDelimiter", "--trailing-delimiter",
	"Options.StrictMode", "--strict",
	"Options.ZstdWindow", "--zstd-window",
}
