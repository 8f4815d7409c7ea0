package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"text/tabwriter"

	"github.com/csvscan/csvscan/scanner"
)

func cmdScan(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	var format *string
	var typed *typedFlags
	opts, name, rf, err := readFlagsOnly("scan", args, stderr, func(fs *flag.FlagSet) {
		format = fs.String("format", "json", "output: json (one array of strings per row; with --columns, of typed values), csv (RFC 4180), table, or null (read and unescape every field, print nothing: for timing)")
		typed = addTypedFlags(fs)
	})
	if err != nil {
		return err
	}
	if err := typed.check(); err != nil {
		return err
	}
	typed.ignoreErrors, typed.nullPadding = rf.ignoreErrors, rf.nullPadding
	if typed.columns != "" {
		return scanTyped(name, stdin, opts, rf, *format, typed, stdout)
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
	in, err := rf.openInput(name, stdin, opts)
	if err != nil {
		return err
	}
	defer in.done()
	s := in.rows
	pad := newPadder(rf, in)
	wroteHeader := false
	for s.Scan() {
		if !wroteHeader && s.Header() != nil {
			w.header(headerNames(s.Header(), in))
			if pad.width == 0 {
				pad.width = len(s.Header())
			}
		}
		wroteHeader = true
		row, ok, err := pad.row(s.Row())
		if err != nil {
			w.close()
			out.Flush()
			return err
		}
		if ok {
			w.row(row)
		}
	}
	if !wroteHeader && s.Header() != nil {
		w.header(headerNames(s.Header(), in))
	}
	if err := s.Err(); err != nil {
		w.close()
		out.Flush()
		return err
	}
	return w.close()
}

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
// are shown as \n, \r and \t.
type tableWriter struct {
	tw *tabwriter.Writer
}

var cellEscaper = strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`)

func (t *tableWriter) line(cells []string) {
	for i, c := range cells {
		if i > 0 {
			io.WriteString(t.tw, "\t")
		}
		io.WriteString(t.tw, cellEscaper.Replace(c))
	}
	io.WriteString(t.tw, "\n")
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

func cmdCount(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	opts, name, rf, err := readFlagsOnly("count", args, stderr, nil)
	if err != nil {
		return err
	}
	in, err := rf.openInput(name, stdin, opts)
	if err != nil {
		return err
	}
	defer in.done()
	s := in.rows
	pad := newPadder(rf, in)
	if p, ok := s.(*scanner.Parallel); ok && !pad.on && !pad.trailing {
		// Counting needs no order: the workers count their blocks.
		var n atomic.Int64
		err := p.Each(func(b *scanner.Block) error {
			k := 0
			for b.Scan() {
				k++
			}
			n.Add(int64(k))
			return nil
		})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, n.Load())
		return err
	}
	n := 0
	for s.Scan() {
		if pad.width == 0 && s.Header() != nil {
			pad.width = len(s.Header())
		}
		_, ok, err := pad.row(s.Row())
		if err != nil {
			return err
		}
		if ok {
			n++
		}
	}
	if err := s.Err(); err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, n)
	return err
}

// padder fits raw rows to the table's width when the scanner cannot: with
// --null-padding a row with fewer values than the width gets empty ones;
// when the sniffer found a trailing delimiter on the data rows, their last,
// empty value is dropped. Then a row of another width is an error, or is
// left out with --ignore-errors. The width is the sniffed number of
// columns, or the header's or first row's.
type padder struct {
	on, trailing, skip bool
	width              int
	rowNum             int
	buf                [][]byte
}

func newPadder(rf *readFlags, in *input) padder {
	p := padder{on: rf.nullPadding, skip: rf.ignoreErrors}
	if in.res != nil {
		p.width = len(in.res.Columns)
		p.trailing = in.res.TrailingDelimiter
		// Ragged rows the sniffer found short are padded, as it read them.
		p.on = p.on || in.res.NullPadding
	}
	return p
}

func (p *padder) row(row [][]byte) ([][]byte, bool, error) {
	p.rowNum++
	if !p.on && !p.trailing {
		return row, true, nil
	}
	if p.width == 0 {
		p.width = len(row)
	}
	switch {
	case len(row) == p.width:
		return row, true, nil
	case p.trailing && len(row) == p.width+1 && len(row[p.width]) == 0:
		return row[:p.width], true, nil
	case p.on && len(row) < p.width:
		p.buf = append(p.buf[:0], row...)
		for len(p.buf) < p.width {
			p.buf = append(p.buf, nil)
		}
		return p.buf, true, nil
	case p.skip:
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("csvscan: data row %d has %d values, not the %d columns", p.rowNum, len(row), p.width)
}

// headerNames is the header line to print: the sniffer's column names when
// it found the header (unique, padded to the table's width), else the
// header row as read.
func headerNames(h []string, in *input) []string {
	if in.res == nil || !in.res.HasHeader {
		return h
	}
	names := make([]string, len(in.res.Columns))
	for i, c := range in.res.Columns {
		names[i] = c.Name
	}
	return names
}
