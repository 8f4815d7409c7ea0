package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner/typed"
)

// typedFlags are the flags of scan that cast the values to a schema
// (--columns) and say what to do with bad rows; their names are read_csv's.
type typedFlags struct {
	columns         string
	types           string
	allVarchar      bool
	nullstr         stringsFlag
	dateFormat      string
	timestampFormat string
	rejects         string
	forceNotNull    stringsFlag
	quotedNulls     bool
	fs              *flag.FlagSet
}

// stringsFlag is a flag that may be given several times.
type stringsFlag []string

func (s *stringsFlag) String() string     { return strings.Join(*s, ",") }
func (s *stringsFlag) Set(v string) error { *s = append(*s, v); return nil }

func addTypedFlags(fs *flag.FlagSet) *typedFlags {
	f := &typedFlags{fs: fs}
	fs.StringVar(&f.columns, "columns", "", "the columns, instead of sniffing them: 'name:TYPE,...' with BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, UTINYINT, USMALLINT, UINTEGER, UBIGINT, FLOAT, DOUBLE, DECIMAL(w,s), DATE, TIME, TIMESTAMP, TIMESTAMPTZ, VARCHAR (DuckDB's names and aliases: INT, REAL, ...)")
	fs.StringVar(&f.types, "types", "", "override the sniffed type of some columns: 'name:TYPE,...'")
	fs.BoolVar(&f.allVarchar, "all-varchar", false, "read every column as VARCHAR (names are still sniffed)")
	fs.Var(&f.nullstr, "nullstr", "a value that means NULL; repeat for several (default: the empty value)")
	fs.StringVar(&f.dateFormat, "dateformat", "", "the strptime format of DATE values, such as %d/%m/%Y (default: sniffed)")
	fs.StringVar(&f.timestampFormat, "timestampformat", "", "the strptime format of TIMESTAMP values (default: sniffed)")
	fs.Var(&f.forceNotNull, "force-not-null", "a column whose values are never NULL (a null string reads as empty); repeat for several")
	fs.BoolVar(&f.quotedNulls, "allow-quoted-nulls", true, "a quoted value may be NULL (\"\" matches the empty null string); false reads sequentially")
	fs.StringVar(&f.rejects, "rejects", "", "write every error of a skipped row to FILE as JSON lines (DuckDB's reject_errors fields); implies --ignore-errors")
	return f
}

// check refuses the typed flags with --raw, which does not cast.
func (f *typedFlags) check() error {
	var set []string
	f.fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "columns", "types", "all-varchar", "nullstr", "dateformat", "timestampformat", "rejects", "force-not-null", "allow-quoted-nulls":
			set = append(set, "--"+fl.Name)
		}
	})
	if len(set) > 0 {
		return fmt.Errorf("%w: %s: not with --raw, which prints the values uncast", errUsage, strings.Join(set, ", "))
	}
	return nil
}

// selectColumns reads --select: names or 1-based numbers of the schema's
// columns, in the order given; nil when empty (every column).
func selectColumns(spec string, schema typed.Schema) ([]int, error) {
	if spec == "" {
		return nil, nil
	}
	var cols []int
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		i := slices.IndexFunc(schema, func(c typed.Column) bool { return c.Name == part })
		if i < 0 {
			if n, err := strconv.Atoi(part); err == nil && n >= 1 && n <= len(schema) {
				i = n - 1
			}
		}
		if i < 0 {
			names := make([]string, len(schema))
			for k, c := range schema {
				names[k] = c.Name
			}
			return nil, fmt.Errorf("%w: --select: %q is no column (the columns: %s)", errUsage, part, strings.Join(names, ", "))
		}
		cols = append(cols, i)
	}
	return cols, nil
}

// pick returns the elements of s at cols, or s itself when cols is nil.
func pick[T any](s []T, cols []int) []T {
	if cols == nil {
		return s
	}
	out := make([]T, len(cols))
	for i, c := range cols {
		out[i] = s[c]
	}
	return out
}

// parseColumns reads --columns and --types: 'name:TYPE,name:TYPE', as
// typed.ParseSchema does.
func parseColumns(s string) (typed.Schema, error) {
	schema, err := typed.ParseSchema(s)
	if err != nil {
		return nil, fmt.Errorf("%w: --columns: %v", errUsage, strings.TrimPrefix(err.Error(), "csvscan: columns: "))
	}
	return schema, nil
}

// scanTyped is scan with --columns: the rows are cast to the columns and
// printed as typed values.
func scanTyped(name string, stdin io.Reader, rf *readFlags, format string, limit int, sel string, tf *typedFlags, stdout, stderr io.Writer) error {
	var schema typed.Schema
	if tf.columns != "" {
		var err error
		if schema, err = parseColumns(tf.columns); err != nil {
			return err
		}
	}
	o, err := rf.doorOptions()
	if err != nil {
		return err
	}
	if tf.types != "" {
		types, err := parseColumns(tf.types)
		if err != nil {
			return fmt.Errorf("%w (--types)", err)
		}
		o.Types = map[string]string{}
		for _, c := range types {
			o.Types[c.Name] = c.TypeName()
		}
	}
	o.AllVarchar = tf.allVarchar
	o.Columns, o.NullStr, o.ForceNotNull = schema, tf.nullstr, tf.forceNotNull
	o.DateFormat, o.TimestampFormat = tf.dateFormat, tf.timestampFormat
	o.StoreRejects = tf.rejects != ""
	if !tf.quotedNulls {
		o.AllowQuotedNulls = csvscan.Off
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var w chunkWriter
	switch format {
	case "json":
		w = &typedJSONWriter{w: out}
	case "csv":
		w = &typedCSVWriter{w: out, delim: ','}
	case "table":
		w = &typedTableWriter{tw: tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)}
		t := w.(*typedTableWriter)
		t.t.tw = t.tw
	case "null":
		w = &typedNullWriter{}
	default:
		return fmt.Errorf("%w: --format must be json, csv, table or null, got %q", errUsage, format)
	}
	r, err := openDoor(name, stdin, stderr, o)
	if err != nil {
		return err
	}
	defer r.Close()
	cols, err := selectColumns(sel, r.Schema())
	if err != nil {
		return err
	}
	w.header(pick(r.Schema(), cols))
	var rw *rejectWriter
	if tf.rejects != "" {
		if rw, err = newRejectWriter(tf.rejects); err != nil {
			return err
		}
		defer rw.f.Close()
	}
	var readErr error
	left, more := limit, false
	for c, err := range r.Chunks() {
		if err != nil {
			readErr = err
			break
		}
		n := c.Len()
		if left >= 0 {
			// A chunk of rows all rejected (it has none, with --rejects)
			// is no row past the limit: the read goes on to one that is.
			if left == 0 && n > 0 {
				more = true
				break
			}
			n = min(n, left)
			left -= n
			more = n < c.Len()
		}
		if cols != nil {
			c = typed.NewChunk(pick(c.Columns, cols), c.RowNumbers)
		}
		w.chunk(c, n)
		if rw != nil {
			// Written as the read goes: a million rejects held to the end
			// took 800 MB.
			if err := rw.write(r.TakeRejects()); err != nil {
				return err
			}
		}
		if more {
			break
		}
	}
	if err := w.close(); err != nil {
		return err
	}
	if more && format == "table" {
		fmt.Fprintf(out, "(the first %d rows; --limit 0 prints all)\n", limit)
	}
	if rw != nil {
		if err := rw.write(r.TakeRejects()); err != nil {
			return err
		}
		if err := rw.close(); err != nil {
			return err
		}
	}
	if readErr != nil {
		out.Flush()
		return readErr
	}
	return out.Flush()
}

// rejectWriter writes rejects to a file, one JSON object a line, as the
// read hands them out.
type rejectWriter struct {
	f *os.File
	w *bufio.Writer
}

// newRejectWriter creates the file path for rejects.
func newRejectWriter(path string) (*rejectWriter, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &rejectWriter{f: f, w: bufio.NewWriter(f)}, nil
}

// write writes rejects.
func (rw *rejectWriter) write(rejects []typed.Reject) error {
	for _, rj := range rejects {
		b, err := rj.MarshalJSON()
		if err != nil {
			return err
		}
		rw.w.Write(b)
		if err := rw.w.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// close flushes the rejects written and closes the file.
func (rw *rejectWriter) close() error {
	if err := rw.w.Flush(); err != nil {
		return err
	}
	return rw.f.Close()
}

type chunkWriter interface {
	header(typed.Schema)
	chunk(c *typed.Chunk, n int) // the first n rows of c
	close() error
}

// typedJSONWriter prints each row as a JSON object of typed values keyed
// by column name, one per line (JSON lines): BOOLEAN as true or false, the
// integer types, DECIMAL, FLOAT and DOUBLE as numbers (as DuckDB renders
// them: "1.0", "1e+16", a FLOAT with float32's shortest digits; inf, -inf
// and nan as strings), DATE, TIME, TIMESTAMP and TIMESTAMP WITH TIME ZONE
// as strings as DuckDB renders them ("2024-02-29", "12:34:56.5",
// "2024-02-29 12:34:56", "2024-02-29 10:34:56+00"), VARCHAR as strings,
// NULL as null.
type typedJSONWriter struct {
	w    *bufio.Writer
	keys [][]byte // each column's `"name":`
	buf  []byte
}

func (j *typedJSONWriter) header(s typed.Schema) {
	j.keys = j.keys[:0]
	for _, c := range s {
		k := appendJSONBytes(nil, []byte(c.Name))
		j.keys = append(j.keys, append(k, ':'))
	}
}

func (j *typedJSONWriter) chunk(c *typed.Chunk, n int) {
	for i := range n {
		b := append(j.buf[:0], '{')
		for k := range c.Columns {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, j.keys[k]...)
			b = appendJSONValue(b, &c.Columns[k], i)
		}
		b = append(b, '}', '\n')
		j.w.Write(b)
		j.buf = b
	}
}

func (j *typedJSONWriter) close() error { return j.w.Flush() }

func appendJSONValue(b []byte, v *typed.Vector, i int) []byte {
	if v.IsNull(i) {
		return append(b, "null"...)
	}
	switch v.Type {
	case typed.TypeBoolean, typed.TypeBigInt, typed.TypeInteger, typed.TypeSmallInt,
		typed.TypeTinyInt, typed.TypeUBigInt, typed.TypeUInteger, typed.TypeUSmallInt,
		typed.TypeUTinyInt:
		return v.AppendText(b, i)
	case typed.TypeDecimal:
		// DuckDB writes a DECIMAL(5,5) as ".00200"; JSON wants "0.00200".
		start := len(b)
		b = v.AppendText(b, i)
		switch t := b[start:]; {
		case len(t) > 0 && t[0] == '.':
			b = slices.Insert(b, start, '0')
		case len(t) > 1 && t[0] == '-' && t[1] == '.':
			b = slices.Insert(b, start+1, '0')
		}
		return b
	case typed.TypeDouble, typed.TypeFloat:
		if f := v.Floats[i]; math.IsInf(f, 0) || math.IsNaN(f) {
			b = append(b, '"')
			b = v.AppendText(b, i) // inf, -inf, nan or -nan
			return append(b, '"')
		}
		return v.AppendText(b, i)
	case typed.TypeVarchar:
		return appendJSONBytes(b, v.Bytes(i))
	}
	b = append(b, '"')
	b = v.AppendText(b, i) // dates and times need no escaping
	return append(b, '"')
}

// appendJSONBytes appends s, valid UTF-8, as a JSON string.
func appendJSONBytes(b, s []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i, c := range s {
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// typedCSVWriter prints RFC 4180 CSV of the values as DuckDB renders them,
// the column names first; NULL is nothing, an empty string "".
type typedCSVWriter struct {
	w     *bufio.Writer
	delim byte
	buf   []byte
}

func (c *typedCSVWriter) header(s typed.Schema) {
	b := c.buf[:0]
	for i, col := range s {
		if i > 0 {
			b = append(b, c.delim)
		}
		b = appendCSVValue(b, []byte(col.Name))
	}
	c.w.Write(append(b, '\n'))
	c.buf = b
}

func (c *typedCSVWriter) chunk(ch *typed.Chunk, n int) {
	var val []byte
	for i := range n {
		b := c.buf[:0]
		for k := range ch.Columns {
			if k > 0 {
				b = append(b, c.delim)
			}
			v := &ch.Columns[k]
			if v.IsNull(i) {
				continue
			}
			val = v.AppendText(val[:0], i)
			b = appendCSVValue(b, val)
		}
		c.w.Write(append(b, '\n'))
		c.buf = b
	}
}

// appendCSVValue quotes v where RFC 4180 needs it, and when it is empty,
// so that an empty string differs from NULL, which is written as nothing.
func appendCSVValue(b, v []byte) []byte {
	if len(v) == 0 || strings.ContainsAny(string(v), ",\"\r\n") {
		b = append(b, '"')
		b = append(b, strings.ReplaceAll(string(v), `"`, `""`)...)
		return append(b, '"')
	}
	return append(b, v...)
}

func (c *typedCSVWriter) close() error { return c.w.Flush() }

// typedTableWriter aligns the values for a person, NULL shown as NULL.
type typedTableWriter struct {
	tw *tabwriter.Writer
	t  tableWriter
}

func (t *typedTableWriter) header(s typed.Schema) {
	t.t.tw = t.tw
	names := make([]string, len(s))
	for i, col := range s {
		names[i] = col.Name
	}
	t.t.header(names)
}

func (t *typedTableWriter) chunk(c *typed.Chunk, n int) {
	cells := make([]string, len(c.Columns))
	var buf []byte
	for i := range n {
		for k := range c.Columns {
			buf = c.Columns[k].AppendText(buf[:0], i)
			cells[k] = string(buf)
		}
		t.t.line(cells)
	}
}

func (t *typedTableWriter) close() error { return t.t.close() }

// typedNullWriter prints nothing; it counts the rows, so the reads are real.
type typedNullWriter struct{ rows int }

func (*typedNullWriter) header(typed.Schema)           {}
func (w *typedNullWriter) chunk(_ *typed.Chunk, n int) { w.rows += n }
func (*typedNullWriter) close() error                  { return nil }
