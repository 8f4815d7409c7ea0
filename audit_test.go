package csvscan

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/scanner/typed"
)

// Tests of the defects a comparison with DuckDB 1.5.6 found; each case's
// expected answer is DuckDB's read_csv of the same input.

// rendered is a read as DuckDB renders it: "name:TYPE" per column, each
// row's values as text ("NULL" for NULL), and the error.
type rendered struct {
	Schema []string
	Rows   [][]string
	Err    string
}

// renderRead opens in with o and reads it to the end with Next, each
// value rendered by typed.Vector.AppendText (DuckDB's text).
func renderRead(in string, o Options) rendered {
	var out rendered
	r, err := OpenReader(strings.NewReader(in), o)
	if err != nil {
		out.Err = err.Error()
		return out
	}
	defer r.Close()
	for _, c := range r.Schema() {
		out.Schema = append(out.Schema, c.Name+":"+c.TypeName())
	}
	for {
		c, err := r.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				out.Err = err.Error()
			}
			return out
		}
		for i := 0; i < c.Len(); i++ {
			row := make([]string, len(c.Columns))
			for j := range c.Columns {
				row[j] = string(c.Columns[j].AppendText(nil, i))
			}
			out.Rows = append(out.Rows, row)
		}
	}
}

// TestISODates: a DATE or TIMESTAMP column of ISO 8601 values is read with
// DuckDB's ISO cast, as DuckDB reads it when it detected no format, so
// the values that cast reads and the strptime format %Y-%m-%d does not
// (a year of five digits, a negative year, '\' between the fields, a
// "(BC)" suffix) are read, not a cast error; the prompt has no date
// format and reads the same rows. A date in a local format still gets
// its format.
func TestISODates(t *testing.T) {
	for _, c := range []struct {
		odd, want string // a value after ISO dates, and DuckDB's rendering of it
	}{
		{"12024-01-31", "12024-01-31"},
		{"-0044-03-15", "0045-03-15 (BC)"},
		{`2024\01\31`, "2024-01-31"},
		{"2024-01-31 (BC)", "2024-01-31 (BC)"},
		{"12024-01-31 10:00:00", "12024-01-31 10:00:00"},
		{"-0044-03-15 10:00:00", "0045-03-15 (BC) 10:00:00"},
		{`2024\01\31 10:00:00`, "2024-01-31 10:00:00"},
	} {
		ts := strings.Contains(c.odd, ":")
		typ, first, second := "DATE", "2024-01-31", "1999-12-31"
		if ts {
			typ, first, second = "TIMESTAMP", "2024-01-31 08:00:00", "1999-12-31 23:59:59"
		}
		for _, at := range []int{1, 2} { // after the first ISO value, and as the last row
			rows := []string{first, second}
			rows = slices.Insert(rows, at, c.odd)
			in := "id,d\n"
			for i, v := range rows {
				in += string(rune('1'+i)) + "," + v + "\n"
			}
			got := renderRead(in, Options{})
			want := rendered{Schema: []string{"id:BIGINT", "d:" + typ}}
			for i, v := range rows {
				if v == c.odd {
					v = c.want
				}
				want.Rows = append(want.Rows, []string{string(rune('1' + i)), v})
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%q (-DuckDB +csvscan):\n%s", in, d)
				continue
			}
			r, err := OpenReader(strings.NewReader(in), Options{})
			if err != nil {
				t.Fatal(err)
			}
			det, prompt := r.Detected(), r.Prompt()
			r.Close()
			if det.DateFormat != "" || det.TimestampFormat != "" || prompt.DateFormat != "" || prompt.TimestampFormat != "" {
				t.Errorf("%q: detected formats %q %q, prompt %q %q; want none (ISO 8601)", in,
					det.DateFormat, det.TimestampFormat, prompt.DateFormat, prompt.TimestampFormat)
			}
			if got := renderRead(in, prompt); !cmp.Equal(want, got) {
				t.Errorf("%q with the prompt %v (-sniffed +prompt):\n%s", in, prompt.Flags(), cmp.Diff(want, got))
			}
		}
	}

	// A local format is still detected and read with.
	in := "id,d\n1,31/01/2024\n2,01/02/2024\n"
	got := renderRead(in, Options{})
	want := rendered{Schema: []string{"id:BIGINT", "d:DATE"}, Rows: [][]string{{"1", "2024-01-31"}, {"2", "2024-02-01"}}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%q (-DuckDB +csvscan):\n%s", in, d)
	}
	r, err := OpenReader(strings.NewReader(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Detected().DateFormat; f != "%d/%m/%Y" {
		t.Errorf("%q: date format %q, want %%d/%%m/%%Y", in, f)
	}
	r.Close()

	// A format the caller gives is read with strptime, as DuckDB does
	// with dateformat='%Y-%m-%d': a year of five digits does not fit it.
	in = "id,d\n1,2024-01-31\n2,12024-01-31\n"
	got = renderRead(in, Options{DateFormat: "%Y-%m-%d", Types: map[string]string{"d": "DATE"}})
	if got.Err == "" || !strings.Contains(got.Err, "12024-01-31") {
		t.Errorf("%q with DateFormat %%Y-%%m-%%d: %+v, want a cast error at 12024-01-31", in, got)
	}
}

// TestInfinityRead: "inf" and "-inf" (any case, as "infinity" and
// "-infinity") are the infinite DATE and TIMESTAMP, sniffed and with the
// columns given, as DuckDB 1.5.6 reads them; Value returns them as the
// Date or Timestamp itself.
func TestInfinityRead(t *testing.T) {
	for _, c := range []struct {
		in   string
		o    Options
		want rendered
	}{
		{"x\n2024-01-31\ninf\n-INF\nInfinity\n", Options{},
			rendered{Schema: []string{"x:DATE"}, Rows: [][]string{{"2024-01-31"}, {"infinity"}, {"-infinity"}, {"infinity"}}}},
		{"x\ninf\n-inf\n", Options{},
			rendered{Schema: []string{"x:DATE"}, Rows: [][]string{{"infinity"}, {"-infinity"}}}},
		{"x\n2024-01-31 10:00:00\n-Inf\n", Options{},
			rendered{Schema: []string{"x:TIMESTAMP WITH TIME ZONE"}, Rows: [][]string{{"2024-01-31 10:00:00+00"}, {"-infinity"}}}},
		{"x\ninf\n-inf\n", Options{Columns: typedSchema("x", "DATE")},
			rendered{Schema: []string{"x:DATE"}, Rows: [][]string{{"infinity"}, {"-infinity"}}}},
		{"x\ninf\n-inf\n2024-01-31 10:00:00\n", Options{Columns: typedSchema("x", "TIMESTAMP")},
			rendered{Schema: []string{"x:TIMESTAMP"}, Rows: [][]string{{"infinity"}, {"-infinity"}, {"2024-01-31 10:00:00"}}}},
	} {
		c.o.Header = On
		if d := cmp.Diff(c.want, renderRead(c.in, c.o)); d != "" {
			t.Errorf("%q %+v (-DuckDB +csvscan):\n%s", c.in, c.o.Columns, d)
		}
	}
	r, err := OpenReader(strings.NewReader("x\ninf\n-inf\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var got []any
	for row, err := range r.Values() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, row[0])
	}
	if want := []any{typed.Date(cast.DateInfinity), typed.Date(cast.DateNegInfinity)}; !cmp.Equal(want, got) {
		t.Errorf("Values: %v, want %v", got, want)
	}
}

// typedSchema is a schema of name:type pairs.
func typedSchema(pairs ...string) typed.Schema {
	var s typed.Schema
	for i := 0; i+1 < len(pairs); i += 2 {
		col, err := typed.ParseColumn(pairs[i], pairs[i+1])
		if err != nil {
			panic(err)
		}
		s = append(s, col)
	}
	return s
}

// TestQuotedNullsOff: with AllowQuotedNulls Off a quoted "" (or a quoted
// null string) is a value, not NULL, in type detection as in the read:
// among numbers, dates or booleans it makes the column VARCHAR, as DuckDB
// 1.5.6's sniffer decides with allow_quoted_nulls=false, where csvscan
// picked BIGINT and the read then failed to cast "". Unquoted empty
// values stay NULL, quoted numbers numbers.
func TestQuotedNullsOff(t *testing.T) {
	off := Options{AllowQuotedNulls: Off}
	for _, c := range []struct {
		in   string
		o    Options
		want rendered
	}{
		{"a,b\n1,x\n\"\",y\n3,z\n", off,
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"", "y"}, {"3", "z"}}}},
		{"a,b\n1.5,x\n\"\",y\n", off,
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"1.5", "x"}, {"", "y"}}}},
		{"a,b\n2024-01-01,x\n\"\",y\n", off,
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"2024-01-01", "x"}, {"", "y"}}}},
		{"a,b\ntrue,x\n\"\",y\n", off,
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"true", "x"}, {"", "y"}}}},
		{"a,b\n1,x\n,y\n", off,
			rendered{Schema: []string{"a:BIGINT", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"NULL", "y"}}}},
		{"a,b\n\"1\",x\n\"2\",y\n", off,
			rendered{Schema: []string{"a:BIGINT", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"2", "y"}}}},
		{"a,b\n1,x\n\"NA\",y\nNA,z\n", Options{AllowQuotedNulls: Off, NullStr: []string{"NA"}},
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"NA", "y"}, {"NULL", "z"}}}},
		{"a,b\n1,x\n\"NA\",y\nNA,z\n", Options{NullStr: []string{"NA"}},
			rendered{Schema: []string{"a:BIGINT", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"NULL", "y"}, {"NULL", "z"}}}},
		{"a,b\n1,x\n\"\",y\n3,z\n", Options{},
			rendered{Schema: []string{"a:BIGINT", "b:VARCHAR"}, Rows: [][]string{{"1", "x"}, {"NULL", "y"}, {"3", "z"}}}},
	} {
		got := renderRead(c.in, c.o)
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%q, AllowQuotedNulls %v, NullStr %q (-DuckDB +csvscan):\n%s", c.in, c.o.AllowQuotedNulls, c.o.NullStr, d)
			continue
		}
		prompt := samePrompt(t, c.in, c.o, c.want) // the prompt reads the same rows
		if off := slices.Contains(prompt.Flags(), "--allow-quoted-nulls=false"); off != (c.o.AllowQuotedNulls == Off) {
			t.Errorf("%q: the prompt's flags %v say --allow-quoted-nulls=false: %v", c.in, prompt.Flags(), off)
		}
	}
}

// TestTrailingDelimiterIgnoreErrors: IgnoreErrors does not change how a
// file whose data rows end with a delimiter the header lacks reads: the
// header's names and every row, as DuckDB 1.5.6's read_csv(...,
// ignore_errors=true) reads it, where the header became a rejected row of
// a four-column table of unnamed columns.
func TestTrailingDelimiterIgnoreErrors(t *testing.T) {
	want := rendered{Schema: []string{"a:BIGINT", "b:BIGINT", "c:BIGINT"},
		Rows: [][]string{{"1", "2", "3"}, {"4", "5", "6"}, {"7", "8", "9"}}}
	for _, in := range []string{
		"a,b,c\n1,2,3,\n4,5,6,\n7,8,9,\n",
		"a,b,c\n1,2,3,\n4,5,6,\n7,8,9\n",
	} {
		for _, o := range []Options{{IgnoreErrors: true}, {StoreRejects: true}} {
			if d := cmp.Diff(want, renderRead(in, o)); d != "" {
				t.Errorf("%q, IgnoreErrors (-DuckDB +csvscan):\n%s", in, d)
			}
			r, err := OpenReader(strings.NewReader(in), o)
			if err != nil {
				t.Fatal(err)
			}
			readAll(r)
			if rj := r.Rejects(); len(rj) != 0 {
				t.Errorf("%q: rejects %v, want none", in, rj)
			}
			r.Close()
		}
	}
}

// TestDecimalSeparator: Options.DecimalSeparator "," (DuckDB's
// decimal_separator=',') reads "1,5" as the DOUBLE 1.5, in type detection
// and in the read, and the prompt (and its flags) read the same; DuckDB
// 1.5.6 reads these inputs so. (Left to sniff the delimiter, DuckDB and
// csvscan both read the two-line "a;b" above "1,5;2,25" with ',' as the
// delimiter, a one-line preamble and three columns: the delimiter is
// given there.) Without the option "1,5" is text; any separator but '.'
// and ',' is an ErrOption.
func TestDecimalSeparator(t *testing.T) {
	for _, c := range []struct {
		in   string
		o    Options
		want rendered
	}{
		{"a;b\n1,5;2,25\n", Options{DecimalSeparator: ",", Delim: ";"},
			rendered{Schema: []string{"a:DOUBLE", "b:DOUBLE"}, Rows: [][]string{{"1.5", "2.25"}}}},
		{"a;b\n1,5;2,25\n3,0;4,5\n7,25;1\n", Options{DecimalSeparator: ","},
			rendered{Schema: []string{"a:DOUBLE", "b:DOUBLE"}, Rows: [][]string{{"1.5", "2.25"}, {"3.0", "4.5"}, {"7.25", "1.0"}}}},
		{"a,b\n\"1,5\",\"-2,25\"\n", Options{DecimalSeparator: ","},
			rendered{Schema: []string{"a:DOUBLE", "b:DOUBLE"}, Rows: [][]string{{"1.5", "-2.25"}}}},
		{"a;b\n1.5;2\n", Options{DecimalSeparator: ","}, // '.' is no decimal point then
			rendered{Schema: []string{"a:VARCHAR", "b:BIGINT"}, Rows: [][]string{{"1.5", "2"}}}},
		{"a;b;c\n1,5;2,25;3,125\n-0,5;10;7\n", Options{DecimalSeparator: ",", Delim: ";", Header: On, AutoDetect: Off,
			Columns: typedSchema("a", "FLOAT", "b", "DECIMAL(10,2)", "c", "DOUBLE")},
			rendered{Schema: []string{"a:FLOAT", "b:DECIMAL(10,2)", "c:DOUBLE"}, Rows: [][]string{{"1.5", "2.25", "3.125"}, {"-0.5", "10.00", "7.0"}}}},
		{"a;b\n1,5;2,25\n3,0;4,5\n7,25;1\n", Options{},
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"1,5", "2,25"}, {"3,0", "4,5"}, {"7,25", "1"}}}},
		{"a;b\n1,5;2,25\n3,0;4,5\n7,25;1\n", Options{DecimalSeparator: "."},
			rendered{Schema: []string{"a:VARCHAR", "b:VARCHAR"}, Rows: [][]string{{"1,5", "2,25"}, {"3,0", "4,5"}, {"7,25", "1"}}}},
	} {
		if d := cmp.Diff(c.want, renderRead(c.in, c.o)); d != "" {
			t.Errorf("%q, DecimalSeparator %q (-DuckDB +csvscan):\n%s", c.in, c.o.DecimalSeparator, d)
			continue
		}
		prompt := samePrompt(t, c.in, c.o, c.want)
		if flag := slices.Contains(prompt.Flags(), "--decimal-separator=,"); flag != (c.o.DecimalSeparator == ",") {
			t.Errorf("%q: the prompt's flags %v say --decimal-separator=,: %v", c.in, prompt.Flags(), flag)
		}
	}

	// The values as Go values.
	r, err := OpenReader(strings.NewReader("a;b\n1,5;2,25\n"), Options{DecimalSeparator: ",", Delim: ";"})
	if err != nil {
		t.Fatal(err)
	}
	var got [][]any
	for row, err := range r.Values() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, row)
	}
	r.Close()
	if want := [][]any{{1.5, 2.25}}; !cmp.Equal(want, got) {
		t.Errorf("Values: %v, want %v", got, want)
	}

	for _, sep := range []string{";", ",,", "d", " "} {
		_, err := OpenReader(strings.NewReader("a\n1\n"), Options{DecimalSeparator: sep})
		if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "DecimalSeparator") {
			t.Errorf("DecimalSeparator %q: error %v, want an ErrOption naming it", sep, err)
		}
	}
}

// samePrompt requires the prompt of a read of in with o to read it as want
// too, and returns it.
func samePrompt(t *testing.T, in string, o Options, want rendered) Options {
	t.Helper()
	r, err := OpenReader(strings.NewReader(in), o)
	if err != nil {
		t.Fatal(err)
	}
	prompt := r.Prompt()
	r.Close()
	if got := renderRead(in, prompt); !cmp.Equal(want, got) {
		t.Errorf("%q with the prompt %v (-sniffed +prompt):\n%s", in, prompt.Flags(), cmp.Diff(want, got))
	}
	return prompt
}
