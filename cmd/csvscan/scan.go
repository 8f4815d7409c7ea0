package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

func cmdScan(args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	var name string
	defer func() { err = inFile(name, err) }()
	var format, selectFlag *string
	var limitFlag *int
	var raw *bool
	var typed *typedFlags
	_, name, rf, err := readFlagsOnly("scan", args, stderr, func(fs *flag.FlagSet) {
		format = fs.String("format", "json", "output: json (one object per row, keyed by column name, typed values; with --raw an array of strings), csv (RFC 4180, a header line first), table, or null (read every value, print nothing: for timing)")
		limitFlag = fs.Int("limit", -1, "print at most N rows, then stop reading; 0 prints all (default: 40 with --format table, all otherwise)")
		selectFlag = fs.String("select", "", "print only these columns, by name or 1-based number: 'name,3,...'")
		raw = fs.Bool("raw", false, "print the rows' text uncast, as the raw scanner reads it (json: an array of strings per row)")
		typed = addTypedFlags(fs)
	})
	if err != nil {
		return err
	}
	// limit is the number of rows to print, or -1 for all.
	limit := *limitFlag
	switch {
	case limit < 0 && *format == "table":
		limit = tableRows
	case limit <= 0:
		limit = -1
	}
	if *raw {
		if err := typed.check(); err != nil {
			return err
		}
	}
	if !*raw {
		return scanTyped(name, stdin, rf, *format, limit, *selectFlag, typed, stdout, stderr)
	}
	var w rowWriter
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	switch *format {
	case "json":
		w = &jsonWriter{w: out}
	case "csv":
		w = &csvWriter{w: out}
	case "null":
		w = &nullWriter{}
	case "table":
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		w = &tableWriter{tw: tw}
	default:
		return fmt.Errorf("%w: --format must be json, csv, table or null, got %q", errUsage, *format)
	}
	o, err := rf.doorOptions()
	if err != nil {
		return err
	}
	r, err := openDoor(name, stdin, stderr, o)
	if err != nil {
		return err
	}
	defer r.Close()
	cols, err := selectColumns(*selectFlag, r.Schema())
	if err != nil {
		return err
	}
	if h := headerNames(r); h != nil {
		w.header(pick(h, cols))
	}
	printed, more := 0, false
	var readErr error
	var picked [][]byte
	for row, err := range r.Raw() {
		if err != nil {
			readErr = err
			break
		}
		if limit >= 0 && printed == limit {
			more = true
			break
		}
		if cols != nil {
			picked = picked[:0]
			for _, c := range cols {
				if c < len(row) {
					picked = append(picked, row[c])
				} else {
					picked = append(picked, nil)
				}
			}
			row = picked
		}
		w.row(row)
		printed++
	}
	if err := w.close(); err != nil {
		return err
	}
	if readErr != nil {
		out.Flush()
		return readErr
	}
	if more && *format == "table" {
		fmt.Fprintf(out, "(the first %d rows; --limit 0 prints all)\n", limit)
	}
	return nil
}

// tableRows is how many rows --format table prints unless --limit says.
const tableRows = 40

// nullWriter reads every value (Row makes them, unescaped) and prints
// nothing, so that whole-process timings measure the reading. It counts the
// bytes it saw, so the reads are real.
type nullWriter struct{ bytes int }

func (*nullWriter) header([]string) {}
func (w *nullWriter) row(row [][]byte) {
	for _, v := range row {
		w.bytes += len(v)
	}
}
func (*nullWriter) close() error { return nil }

type rowWriter interface {
	header([]string)
	row([][]byte)
	close() error
}

// jsonWriter prints each data row as a JSON array of strings on its own
// line. The header is not printed.
type jsonWriter struct {
	w   *bufio.Writer
	buf []string
}

func (j *jsonWriter) header([]string) {}

func (j *jsonWriter) row(row [][]byte) {
	j.buf = j.buf[:0]
	for _, v := range row {
		j.buf = append(j.buf, string(v))
	}
	b, _ := json.Marshal(j.buf)
	j.w.Write(b)
	j.w.WriteByte('\n')
}

func (j *jsonWriter) close() error { return j.w.Flush() }

// csvWriter prints RFC 4180: comma, '"' quoting only where needed, LF line
// ends, the header first.
type csvWriter struct {
	w *bufio.Writer
}

func (c *csvWriter) header(h []string) {
	row := make([][]byte, len(h))
	for i, v := range h {
		row[i] = []byte(v)
	}
	c.row(row)
}

func (c *csvWriter) row(row [][]byte) {
	for i, v := range row {
		if i > 0 {
			c.w.WriteByte(',')
		}
		// A lone empty value is quoted, or it would read back as an empty line.
		if len(row) == 1 && len(v) == 0 {
			c.w.WriteString(`""`)
			continue
		}
		if !strings.ContainsAny(string(v), ",\"\r\n") {
			c.w.Write(v)
			continue
		}
		c.w.WriteByte('"')
		c.w.WriteString(strings.ReplaceAll(string(v), `"`, `""`))
		c.w.WriteByte('"')
	}
	c.w.WriteByte('\n')
}

func (c *csvWriter) close() error { return c.w.Flush() }

// tableWriter aligns columns for a person; line ends and tabs inside values
// are shown as \n, \r and \t. It streams: every tableBlock lines it
// prints what it holds (the columns are aligned within each block), so a
// table of a large file takes no more memory than a block.
type tableWriter struct {
	tw    *tabwriter.Writer
	lines int
}

// tableBlock is how many lines a tableWriter aligns together.
const tableBlock = 1000

var cellEscaper = strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`)

func (t *tableWriter) line(cells []string) {
	for i, c := range cells {
		if i > 0 {
			io.WriteString(t.tw, "\t")
		}
		io.WriteString(t.tw, cellEscaper.Replace(c))
	}
	io.WriteString(t.tw, "\n")
	if t.lines++; t.lines%tableBlock == 0 {
		t.tw.Flush()
	}
}

func (t *tableWriter) header(h []string) {
	t.line(h)
	rule := make([]string, len(h))
	for i, c := range h {
		rule[i] = strings.Repeat("-", max(len(cellEscaper.Replace(c)), 1))
	}
	t.line(rule)
}

func (t *tableWriter) row(row [][]byte) {
	cells := make([]string, len(row))
	for i, v := range row {
		cells[i] = string(v)
	}
	t.line(cells)
}

func (t *tableWriter) close() error { return t.tw.Flush() }

func cmdCount(args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	var name string
	defer func() { err = inFile(name, err) }()
	_, name, rf, err := readFlagsOnly("count", args, stderr, nil)
	if err != nil {
		return err
	}
	o, err := rf.doorOptions()
	if err != nil {
		return err
	}
	r, err := openDoor(name, stdin, stderr, o)
	if err != nil {
		return err
	}
	defer r.Close()
	n, err := r.Count()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, n)
	return err
}
