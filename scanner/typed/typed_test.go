package typed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/cast"
	"github.com/csvscan/csvscan/internal/faults"
	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// typedResult is everything a typed read gives: the rows as DuckDB renders
// their values, the rows' numbers, the rejects and the final error.
type typedResult struct {
	Rows    [][]string
	Numbers []int
	Rejects []Reject
	Err     error
}

// typedCollect reads r to the end.
func typedCollect(r *Reader) typedResult {
	var res typedResult
	for c, err := range r.Chunks() {
		if err != nil {
			res.Err = err
			break
		}
		for i := range c.Len() {
			row := make([]string, len(c.Columns))
			for j := range c.Columns {
				row[j] = string(c.Columns[j].AppendText(nil, i))
			}
			res.Rows = append(res.Rows, row)
			res.Numbers = append(res.Numbers, c.RowNumbers[i])
		}
	}
	res.Rejects = r.Rejects()
	return res
}

// typedRead reads input with a sequential scanner over the bytes.
func typedRead(t testing.TB, input string, opts scanner.Options, topts Options) typedResult {
	t.Helper()
	opts.FieldsPerRow = -1
	topts.Dialect = opts.Dialect
	return typedCollect(typedBytes(t, []byte(input), opts, topts))
}

// typedBytes returns a Reader over a sequential scanner of input.
func typedBytes(t testing.TB, input []byte, opts scanner.Options, topts Options) *Reader {
	t.Helper()
	s, err := scanner.NewBytes(input, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(s, topts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// typedSameError compares errors for cmp: a *RowError or a
// *scanner.ParseError field by field, other errors by identity.
func typedSameError(a, b error) bool {
	var ra, rb *RowError
	if errors.As(a, &ra) && errors.As(b, &rb) {
		return *ra == *rb
	}
	var pa, pb *scanner.ParseError
	if errors.As(a, &pa) && errors.As(b, &pb) {
		return pa.Kind == pb.Kind && pa.Row == pb.Row && pa.Field == pb.Field &&
			pa.Offset == pb.Offset && pa.RowOffset == pb.RowOffset &&
			(pa.Line == pb.Line || pa.Line == 0 || pb.Line == 0) // hand-written cases leave Line 0
	}
	return a == b
}

// typedCmp are the options comparing typed results.
// typedCmp compares errors by value and Rejects without their raw-scan row
// numbers (the cases state DuckDB's lines).
var typedCmp = cmp.Options{cmp.Comparer(typedSameError), cmpopts.IgnoreFields(Reject{}, "Row")}

func typedSchema(types ...Type) Schema {
	s := make(Schema, len(types))
	for i, t := range types {
		s[i] = Column{Name: "c" + strconv.Itoa(i+1), Type: t}
	}
	return s
}

// TestTypedCasts reads one column of each type: good values as DuckDB
// renders them (NULL for the empty value, quoted or not), and bad values
// that must fail the cast.
func TestTypedCasts(t *testing.T) {
	tests := []struct {
		typ  Type
		good []string // "value=rendering"
		bad  []string
	}{
		{TypeBoolean,
			[]string{"true=true", "F=false", "yes=true", "n=false", "1=true", "0=false", "=NULL", `""=NULL`},
			[]string{"maybe", " true", "2"}},
		{TypeBigInt,
			[]string{"42=42", " -7 =-7", "+5=5", "1_000=1000", "1.5=2", "-2.5=-3", "1e3=1000", "0x1F=31",
				"9223372036854775807=9223372036854775807", "-9223372036854775808=-9223372036854775808", "=NULL"},
			[]string{"9223372036854775808", "-9223372036854775809", "abc", "1e", "0x", "--1", "1 2"}},
		{TypeDouble,
			[]string{"1.5=1.5", "-0=-0.0", "1e3=1000.0", "-.5=-0.5", "1e-5=1e-05", "1e16=1e+16", "inf=inf",
				"-Infinity=-inf", "nan=nan", "1e400=inf", " 2 =2.0", "=NULL"},
			[]string{"1e", "abc", "1.2.3", "--1", "."}},
		{TypeDate,
			[]string{"2024-02-29=2024-02-29", "2000-02-29=2000-02-29", "2024/2/9=2024-02-09",
				"2024-02-29 12:00=2024-02-29", "infinity=infinity", "=NULL"},
			[]string{"2023-02-29", "1900-02-29", "2024-13-01", "2024-00-10", "29/02/2024", "x"}},
		{TypeTime,
			[]string{"12:34=12:34:00", "12:34:56.789=12:34:56.789", "24:00:00=24:00:00", "00:00:00.000001=00:00:00.000001", "=NULL"},
			[]string{"25:00:00", "12:60", "noon"}},
		{TypeTimestamp,
			[]string{"2024-02-29 12:34:56=2024-02-29 12:34:56", "2024-02-29T12:34:56Z=2024-02-29 12:34:56",
				"2024-02-29 12:00:00+02=2024-02-29 12:00:00", "2024-02-29=2024-02-29 00:00:00", "=NULL"},
			[]string{"2024-02-30 00:00:00", "2024-02-29 25:00:00", "yesterday"}},
		// DuckDB 1.5.6 with TimeZone 'UTC': the offset applied, shown +00.
		{TypeTimestampTZ,
			[]string{"2024-02-29 12:34:56=2024-02-29 12:34:56+00", "2024-02-29T12:34:56Z=2024-02-29 12:34:56+00",
				"2024-02-29 12:00:00+02=2024-02-29 10:00:00+00", "2024-02-29 22:00:00-03:30=2024-03-01 01:30:00+00",
				"2024-02-29 12:00:00 EST=2024-02-29 17:00:00+00", "=NULL"},
			[]string{"2024-02-30 00:00:00", "2024-02-29 12:00:00 EDT", "yesterday"}},
		{TypeVarchar,
			[]string{"abc=abc", "=NULL", `""=NULL`, `" x "= x `, `"a,b"=a,b`, "ünï=ünï"},
			[]string{"\xff", "a\xc3"}},
		{TypeTinyInt,
			[]string{"127=127", "-128=-128", " 7 =7", "+5=5", "126.5=127", "1e2=100", "0x7F=127", "=NULL"},
			[]string{"128", "-129", "127.5", "2e2", "0x80", "abc"}},
		{TypeSmallInt,
			[]string{"32767=32767", "-32768=-32768", "1_000=1000", "-32767.5=-32768", "=NULL"},
			[]string{"32768", "-32769", "32767.5", "0x8000"}},
		{TypeInteger,
			[]string{"2147483647=2147483647", "-2147483648=-2147483648", "1.5=2", "2.147483647e9=2147483647", "=NULL"},
			[]string{"2147483648", "-2147483649", "2147483647.5", "0xFFFFFFFF", "9223372036854775807"}},
		{TypeUTinyInt,
			[]string{"255=255", "0=0", "-0=0", "-00=0", "0xFF=255", "254.5=255", "=NULL"},
			[]string{"256", "-1", "-0.0", "255.5", "0x100"}},
		{TypeUSmallInt,
			[]string{"65535=65535", "-0=0", "=NULL"},
			[]string{"65536", "-1"}},
		{TypeUInteger,
			[]string{"4294967295=4294967295", "0xFFFFFFFF=4294967295", "=NULL"},
			[]string{"4294967296", "-1"}},
		{TypeUBigInt,
			[]string{"18446744073709551615=18446744073709551615", "9223372036854775808=9223372036854775808",
				"0xFFFFFFFFFFFFFFFF=18446744073709551615", "1e19=10000000000000000000", "-0=0", "=NULL"},
			[]string{"18446744073709551616", "-1", "2e19", "18446744073709551615.5"}},
		{TypeFloat,
			[]string{"0.1=0.1", "1.5=1.5", "-0=-0.0", "1e16=1e+16", "3.4028235e38=3.4028235e+38",
				"3.4028236e38=inf", "-1e39=-inf", "1e-46=0.0", "1e-45=1e-45", "16777217=16777216.0",
				"1.00000005960464477539063=1.0000001", "nan=nan", "=NULL"},
			[]string{"1e", "abc", "0x10", "."}},
	}
	for _, tt := range tests {
		t.Run(tt.typ.String(), func(t *testing.T) {
			var in strings.Builder
			var want [][]string
			for _, g := range tt.good {
				v, r, _ := strings.Cut(g, "=")
				in.WriteString(v + "\n")
				want = append(want, []string{r})
			}
			// A lone empty line would be no row in a two-column file: the
			// one-column scan reads it as one empty value.
			res := typedRead(t, in.String(), scanner.Options{}, Options{Schema: typedSchema(tt.typ)})
			if res.Err != nil {
				t.Fatalf("good values: %v", res.Err)
			}
			if d := cmp.Diff(want, res.Rows); d != "" {
				t.Fatalf("good values (-want +got):\n%s", d)
			}
			for _, b := range tt.bad {
				res := typedRead(t, "ok\n"+b+"\n", scanner.Options{Header: true}, Options{Schema: typedSchema(tt.typ)})
				kind := ErrCast
				if tt.typ == TypeVarchar {
					kind = ErrInvalidUnicode
				}
				if !errors.Is(res.Err, kind) || len(res.Rows) != 0 {
					t.Errorf("%q: got rows %q, error %v; want %v", b, res.Rows, res.Err, kind)
				}
			}
		})
	}
}

func TestTypedNullStr(t *testing.T) {
	in := "a,b\n,\nNA,NA\n-,x\n"
	schema := Schema{{Name: "a", Type: TypeVarchar}, {Name: "b", Type: TypeVarchar}}
	tests := []struct {
		nulls []string
		want  [][]string
	}{
		{nil, [][]string{{"NULL", "NULL"}, {"NA", "NA"}, {"-", "x"}}},
		{[]string{"NA", "-"}, [][]string{{"", ""}, {"NULL", "NULL"}, {"NULL", "x"}}},
		{[]string{"", "NA"}, [][]string{{"NULL", "NULL"}, {"NULL", "NULL"}, {"-", "x"}}},
		{[]string{}, [][]string{{"", ""}, {"NA", "NA"}, {"-", "x"}}},
	}
	for _, tt := range tests {
		res := typedRead(t, in, scanner.Options{Header: true}, Options{Schema: schema, NullStr: tt.nulls})
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		if d := cmp.Diff(tt.want, res.Rows); d != "" {
			t.Errorf("nullstr %q (-want +got):\n%s", tt.nulls, d)
		}
	}
	// With "NA" as the only null string the empty value of a BIGINT
	// column is no NULL: it fails the cast, as in DuckDB.
	res := typedRead(t, "a\n\nNA\n", scanner.Options{}, Options{Schema: Schema{{Name: "a", Type: TypeBigInt}}, NullStr: []string{"NA"}})
	if !errors.Is(res.Err, ErrCast) {
		t.Errorf("empty BIGINT with nullstr NA: %v, want a cast error", res.Err)
	}
}

func TestTypedFormats(t *testing.T) {
	in := "29/02/2024,29/02/2024 13:05\n01/12/1999,01/12/1999 00:00\n"
	res := typedRead(t, in, scanner.Options{}, Options{
		Schema:     Schema{{Name: "d", Type: TypeDate}, {Name: "ts", Type: TypeTimestamp}},
		DateFormat: "%d/%m/%Y", TimestampFormat: "%d/%m/%Y %H:%M",
	})
	want := [][]string{{"2024-02-29", "2024-02-29 13:05:00"}, {"1999-12-01", "1999-12-01 00:00:00"}}
	if res.Err != nil || !cmp.Equal(want, res.Rows) {
		t.Fatalf("got %q, %v; want %q", res.Rows, res.Err, want)
	}
	res = typedRead(t, "2024-02-29\n", scanner.Options{}, Options{Schema: Schema{{Name: "d", Type: TypeDate}}, DateFormat: "%d/%m/%Y"})
	if !errors.Is(res.Err, ErrCast) {
		t.Fatalf("an ISO date with dateformat %%d/%%m/%%Y: %v, want a cast error", res.Err)
	}
	for _, opts := range []Options{{DateFormat: "%Q"}, {TimestampFormat: "%"}, {}, {RejectsLimit: -1}} {
		if opts.DateFormat != "" || opts.TimestampFormat != "" || opts.RejectsLimit != 0 {
			opts.Schema = Schema{{Name: "d", Type: TypeDate}}
		}
		s, _ := scanner.NewBytes(nil, scanner.Options{})
		if _, err := NewReader(s, opts); err == nil {
			t.Errorf("%+v: no error", opts)
		}
	}
}

func TestTypedDecimalComma(t *testing.T) {
	d := dialect.Default()
	d.Delimiter = ";"
	res := typedRead(t, "1,5;2;0,1;4\n-0,25;3;1e1;-0\n", scanner.Options{Dialect: d}, Options{
		Schema: Schema{{Name: "f", Type: TypeDouble}, {Name: "i", Type: TypeBigInt}, {Name: "r", Type: TypeFloat}, {Name: "u", Type: TypeUInteger}}, DecimalComma: true})
	want := [][]string{{"1.5", "2", "0.1", "4"}, {"-0.25", "3", "10.0", "0"}}
	if res.Err != nil || !cmp.Equal(want, res.Rows) {
		t.Fatalf("got %q, %v; want %q", res.Rows, res.Err, want)
	}
}

// TestTypedRowErrors checks the error of the first bad row without
// IgnoreErrors, and the rows delivered before it.
func TestTypedRowErrors(t *testing.T) {
	two := Schema{{Name: "a", Type: TypeBigInt}, {Name: "b", Type: TypeBigInt}}
	lenient := dialect.Default()
	lenient.Lenient = true
	tests := []struct {
		name    string
		in      string
		opts    scanner.Options
		topts   Options
		rows    [][]string
		wantErr error
	}{
		{name: "cast", in: "a,b\n1,2\n3,x\n5,6\n", opts: scanner.Options{Header: true}, topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}},
			wantErr: &RowError{Kind: ErrCast, Row: 3, Line: 3, Column: 2, Name: "b", Offset: 10, RowOffset: 8,
				Msg: `Error when converting column "b". Could not convert string "x" to 'BIGINT'`}},
		{name: "missing", in: "1,2\n3\n", topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}},
			wantErr: &RowError{Kind: ErrMissingColumns, Row: 2, Line: 2, Column: 2, Name: "b", Offset: 5, RowOffset: 4,
				Msg: "Expected Number of Columns: 2 Found: 1"}},
		{name: "null padding", in: "1,2\n3\n", topts: Options{Schema: two, NullPadding: true},
			rows: [][]string{{"1", "2"}, {"3", "NULL"}}},
		{name: "too many", in: "1,2\n3,4,5\n", topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}},
			wantErr: &RowError{Kind: ErrTooManyColumns, Row: 2, Line: 2, Column: 3, Offset: 8, RowOffset: 4,
				Msg: "Expected Number of Columns: 2 Found: 3"}},
		{name: "too many after NULLs", in: "1,2,,\n3,4,,x\n", topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}},
			wantErr: &RowError{Kind: ErrTooManyColumns, Row: 2, Line: 2, Column: 4, Offset: 11, RowOffset: 6,
				Msg: "Expected Number of Columns: 2 Found: 3"}},
		{name: "trailing NULLs pass", in: "1,2,\n3,4,,\n", topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}, {"3", "4"}}},
		{name: "lenient drops extra values", in: "1,2,3\n", opts: scanner.Options{Dialect: lenient}, topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}}},
		{name: "invalid unicode", in: "ok,1\nb\xffd,2\n", topts: Options{Schema: Schema{{Name: "s", Type: TypeVarchar}, {Name: "n", Type: TypeBigInt}}},
			rows: [][]string{{"ok", "1"}},
			wantErr: &RowError{Kind: ErrInvalidUnicode, Row: 2, Line: 2, Column: 1, Name: "s", Offset: 5, RowOffset: 5,
				Msg: "Invalid unicode (byte sequence mismatch) detected."}},
		{name: "first error of the row", in: "x,y\n", topts: Options{Schema: two},
			wantErr: &RowError{Kind: ErrCast, Row: 1, Line: 1, Column: 1, Name: "a", Offset: 0, RowOffset: 0,
				Msg: `Error when converting column "a". Could not convert string "x" to 'BIGINT'`}},
		{name: "raw scan error", in: "1,2\n\"3,4\n", topts: Options{Schema: two},
			rows: [][]string{{"1", "2"}}, wantErr: scanner.ErrUnterminatedQuote},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := typedRead(t, tt.in, tt.opts, tt.topts)
			if d := cmp.Diff(tt.rows, res.Rows); d != "" {
				t.Errorf("rows (-want +got):\n%s", d)
			}
			var want *RowError
			if errors.As(tt.wantErr, &want) {
				if d := cmp.Diff(tt.wantErr, res.Err, typedCmp); d != "" {
					t.Errorf("error (-want +got):\n%s", d)
				}
			} else if !errors.Is(res.Err, tt.wantErr) {
				t.Errorf("error %v, want %v", res.Err, tt.wantErr)
			}
		})
	}
}

// typedTable writes rows of four columns (BIGINT id, DOUBLE, DATE, VARCHAR)
// and spoils the rows bad says: a value that does not cast, a row too
// short or too long, invalid UTF-8, or a NULL that is fine, by turns. It
// returns the input and the ids of the rows that must survive, in order.
// Every tenth VARCHAR is quoted and holds a line end and a delimiter.
func typedTable(n int, bad func(i int) bool) (string, []string) {
	var b strings.Builder
	b.WriteString("id,x,day,name\n")
	var keep []string
	for i := range n {
		id := strconv.Itoa(i)
		x := strconv.FormatFloat(float64(i)/4, 'f', -1, 64)
		day := fmt.Sprintf("2024-%02d-%02d", i%12+1, i%28+1)
		name := "n" + id
		if i%10 == 3 {
			name = "\"n" + id + ",\nline\""
		}
		row := id + "," + x + "," + day + "," + name
		if bad(i) {
			switch i % 5 {
			case 0:
				row = id + "," + x + "x," + day + "," + name
			case 1:
				row = id + "," + x + "," + day
			case 2:
				row = row + ",extra"
			case 3:
				row = id + "," + x + "," + day + ",\xfe" + id
			case 4:
				row = id + "," + x + "," + "2023-02-29" + "," + name
			}
		} else {
			if i%7 == 0 {
				row = id + ",," + day + "," + name // a NULL: fine
			}
			keep = append(keep, id)
		}
		b.WriteString(row)
		if i%13 == 5 {
			b.WriteString("\r\n")
		} else {
			b.WriteString("\n")
		}
	}
	return b.String(), keep
}

var typedTableSchema = Schema{{Name: "id", Type: TypeBigInt}, {Name: "x", Type: TypeDouble}, {Name: "day", Type: TypeDate}, {Name: "name", Type: TypeVarchar}}

// TestTypedIgnoreErrorsSurvivors drops bad rows around and across chunk
// boundaries (a whole chunk of bad rows included) and checks that exactly
// the good rows come out, in order, with their values.
func TestTypedIgnoreErrorsSurvivors(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	random := make(map[int]bool)
	for range 200 {
		random[rng.IntN(5*ChunkSize)] = true
	}
	patterns := map[string]func(i int) bool{
		"none":           func(int) bool { return false },
		"all":            func(int) bool { return true },
		"first and last": func(i int) bool { return i == 0 || i == 5*ChunkSize-1 },
		"around each boundary": func(i int) bool {
			m := i % ChunkSize
			return m < 3 || m >= ChunkSize-3
		},
		"a whole chunk":   func(i int) bool { return i >= ChunkSize && i < 2*ChunkSize+1 },
		"every other row": func(i int) bool { return i%2 == 1 },
		"random":          func(i int) bool { return random[i] },
	}
	for name, bad := range patterns {
		t.Run(name, func(t *testing.T) {
			in, keep := typedTable(5*ChunkSize, bad)
			res := typedRead(t, in, scanner.Options{Header: true}, Options{Schema: typedTableSchema, IgnoreErrors: true})
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			var ids []string
			for _, row := range res.Rows {
				ids = append(ids, row[0])
			}
			if d := cmp.Diff(keep, ids); d != "" {
				t.Fatalf("surviving ids (-want +got):\n%s", d)
			}
			for k, row := range res.Rows {
				i, _ := strconv.Atoi(row[0])
				if res.Numbers[k] != i+2 {
					t.Fatalf("row %v has number %d, want %d", row, res.Numbers[k], i+2)
				}
				want := []string{row[0], strconv.FormatFloat(float64(i)/4, 'f', -1, 64), fmt.Sprintf("2024-%02d-%02d", i%12+1, i%28+1), "n" + row[0]}
				if i%10 == 3 {
					want[3] = "n" + row[0] + ",\nline"
				}
				if i%7 == 0 {
					want[1] = "NULL"
				} else if !strings.Contains(want[1], ".") {
					want[1] += ".0"
				}
				if d := cmp.Diff(want, row); d != "" {
					t.Fatalf("row %d (-want +got):\n%s", i, d)
				}
			}
		})
	}
}

// duckdbRejectCases are inputs of DuckDB's test
// test/sql/copy/csv/rejects/test_multiple_errors_same_line.test, rebuilt
// from the lines its expected reject_errors rows show, with those rows
// translated to csvscan's 0-based offsets (DuckDB's minus one, except for
// TOO MANY COLUMNS; see Reject). DuckDB's test reads age and barks as
// INTEGER, csvscan as BIGINT.
var duckdbRejectCases = []struct {
	name string
	in   string
	want []Reject
}{
	{"cast_and_more_col.csv",
		"name,age,current_day, barks\noogie boogie,3, 2023-01-01, 2\noogie boogie,3, 2023-01-02, 5\n" +
			"oogie boogie,3, 2023-01-03, bla, 7\noogie boogie,3, 2023-01-03, bla, 7, 8\n",
		[]Reject{
			{4, 88, 115, 4, "barks", "CAST", "oogie boogie,3, 2023-01-03, bla, 7", `Error when converting column "barks". Could not convert string " bla" to 'BIGINT'`, ErrCast, 0},
			{4, 88, 120, 5, "", "TOO MANY COLUMNS", "oogie boogie,3, 2023-01-03, bla, 7", "Expected Number of Columns: 4 Found: 5", ErrTooManyColumns, 0},
			{5, 123, 150, 4, "barks", "CAST", "oogie boogie,3, 2023-01-03, bla, 7, 8", `Error when converting column "barks". Could not convert string " bla" to 'BIGINT'`, ErrCast, 0},
			{5, 123, 155, 5, "", "TOO MANY COLUMNS", "oogie boogie,3, 2023-01-03, bla, 7, 8", "Expected Number of Columns: 4 Found: 5", ErrTooManyColumns, 0},
			{5, 123, 158, 6, "", "TOO MANY COLUMNS", "oogie boogie,3, 2023-01-03, bla, 7, 8", "Expected Number of Columns: 4 Found: 6", ErrTooManyColumns, 0},
		}},
	{"cast_and_less_col.csv",
		"name,age,current_day, barks\noogie boogie,3, 2023-01-01, 2\noogie boogie,3, 2023-01-02, 5\n" +
			"oogie boogie,bla, 2023-01-03\noogie boogie,bla\n",
		[]Reject{
			{4, 88, 101, 2, "age", "CAST", "oogie boogie,bla, 2023-01-03", `Error when converting column "age". Could not convert string "bla" to 'BIGINT'`, ErrCast, 0},
			{4, 88, 116, 3, "barks", "MISSING COLUMNS", "oogie boogie,bla, 2023-01-03", "Expected Number of Columns: 4 Found: 3", ErrMissingColumns, 0},
			{5, 117, 130, 2, "age", "CAST", "oogie boogie,bla", `Error when converting column "age". Could not convert string "bla" to 'BIGINT'`, ErrCast, 0},
			{5, 117, 133, 2, "current_day", "MISSING COLUMNS", "oogie boogie,bla", "Expected Number of Columns: 4 Found: 2", ErrMissingColumns, 0},
			{5, 117, 133, 3, "barks", "MISSING COLUMNS", "oogie boogie,bla", "Expected Number of Columns: 4 Found: 3", ErrMissingColumns, 0},
		}},
	{"multiple_cast_implicit.csv",
		"name,age,current_day, barks\noogie boogie,3, 2023-01-01, 2\noogie boogie,3, 2023-01-02, 5\n" +
			"oogie boogie,bla_2, 2023-01-02, bla_1\n",
		[]Reject{
			{4, 88, 101, 2, "age", "CAST", "oogie boogie,bla_2, 2023-01-02, bla_1", `Error when converting column "age". Could not convert string "bla_2" to 'BIGINT'`, ErrCast, 0},
			{4, 88, 119, 4, "barks", "CAST", "oogie boogie,bla_2, 2023-01-02, bla_1", `Error when converting column "barks". Could not convert string " bla_1" to 'BIGINT'`, ErrCast, 0},
		}},
	{"invalid_utf_more.csv",
		"name,age,current_day, barks\noogie boogie,3, 2023-01-01, 2\noogie bo\xff\xfegie,3, 2023-01-01, 2, 5\n",
		[]Reject{
			{3, 58, 58, 1, "name", "INVALID ENCODING", "oogie bo??gie,3, 2023-01-01, 2, 5", "Invalid unicode (byte sequence mismatch) detected.", ErrInvalidUnicode, 0},
			{3, 58, 89, 5, "", "TOO MANY COLUMNS", "oogie bo??gie,3, 2023-01-01, 2, 5", "Expected Number of Columns: 4 Found: 5", ErrTooManyColumns, 0},
		}},
}

var duckdbRejectSchema = Schema{{Name: "name", Type: TypeVarchar}, {Name: "age", Type: TypeBigInt}, {Name: "current_day", Type: TypeDate}, {Name: "barks", Type: TypeBigInt}}

func TestRejectsAsDuckDB(t *testing.T) {
	for _, tt := range duckdbRejectCases {
		t.Run(tt.name, func(t *testing.T) {
			res := typedRead(t, tt.in, scanner.Options{Header: true}, Options{Schema: duckdbRejectSchema, StoreRejects: true})
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			if d := cmp.Diff(tt.want, res.Rejects, typedCmp); d != "" {
				t.Fatalf("rejects (-want +got):\n%s", d)
			}
			if len(res.Rows) == 0 {
				t.Fatal("the good rows are missing")
			}
		})
	}
}

func TestRejectsLimitAndJSON(t *testing.T) {
	in := "a\nx\n1\ny\nz\n"
	res := typedRead(t, in, scanner.Options{Header: true}, Options{Schema: Schema{{Name: "a", Type: TypeBigInt}}, StoreRejects: true, RejectsLimit: 2})
	if len(res.Rejects) != 2 || res.Rejects[0].Line != 2 || res.Rejects[1].Line != 4 {
		t.Fatalf("rejects %+v, want lines 2 and 4", res.Rejects)
	}
	if d := cmp.Diff([][]string{{"1"}}, res.Rows); d != "" {
		t.Fatalf("rows (-want +got):\n%s", d)
	}
	b, err := res.Rejects[0].MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"line":2,"line_byte_position":3,"byte_position":3,"column_idx":1,"column_name":"a","error_type":"CAST","csv_line":"x",` +
		`"error_message":"Error when converting column \"a\". Could not convert string \"x\" to 'BIGINT'"}`
	if string(b) != want {
		t.Fatalf("JSON\n%s\nwant\n%s", b, want)
	}
	b, _ = Reject{Line: 3, LineByteOffset: -1, ByteOffset: -1, ErrorType: "TOO MANY COLUMNS"}.MarshalJSON()
	if want := `{"line":3,"line_byte_position":null,"byte_position":null,"column_idx":null,"column_name":null,"error_type":"TOO MANY COLUMNS","csv_line":"","error_message":""}`; string(b) != want {
		t.Fatalf("JSON\n%s\nwant\n%s", b, want)
	}
	// IgnoreErrors alone keeps no rejects.
	res = typedRead(t, in, scanner.Options{Header: true}, Options{Schema: Schema{{Name: "a", Type: TypeBigInt}}, IgnoreErrors: true})
	if len(res.Rejects) != 0 || len(res.Rows) != 1 || res.Err != nil {
		t.Fatalf("IgnoreErrors: %+v", res)
	}
}

func TestRejectsCSVLine(t *testing.T) {
	d := dialect.Default()
	d.Delimiter = ";"
	in := "\"a;b\";\"say \"\"hi\"\"\";\"x\ny\";3\n"
	res := typedRead(t, in, scanner.Options{Dialect: d}, Options{Schema: typedSchema(TypeVarchar, TypeVarchar, TypeVarchar), StoreRejects: true})
	want := "\"a;b\";\"say \"\"hi\"\"\";\"x\ny\";3"
	if len(res.Rejects) != 1 || res.Rejects[0].CSVLine != want {
		t.Fatalf("rejects %+v, want one with line %q", res.Rejects, want)
	}
}

// TestRejectsParallelMatchesSequential reads the same input with a
// sequential Scanner and with Parallel scans of 1 to 4 goroutines over
// small buffers (positions from a Locator): the chunks, the rejects and
// their positions, and the error without IgnoreErrors, must be the same.
func TestRejectsParallelMatchesSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	in, _ := typedTable(3000, func(int) bool { return rng.IntN(20) == 0 })
	input := []byte(in)
	opts := scanner.Options{Header: true, FieldsPerRow: -1}
	for _, topts := range []Options{
		{Schema: typedTableSchema, StoreRejects: true},
		{Schema: typedTableSchema},
	} {
		want := typedCollect(typedBytes(t, input, opts, topts))
		if topts.StoreRejects && len(want.Rejects) < 100 {
			t.Fatalf("only %d rejects", len(want.Rejects))
		}
		for threads := 1; threads <= 4; threads++ {
			for _, size := range []int{64, 1000, 1 << 16} {
				popts := opts
				popts.Threads, popts.BufferSize = threads, size
				p, err := scanner.ScanReaderAt(context.Background(), bytes.NewReader(input), int64(len(input)), popts)
				if err != nil {
					t.Fatal(err)
				}
				loc, err := NewLocator(bytes.NewReader(input), opts)
				if err != nil {
					t.Fatal(err)
				}
				po := topts
				po.Locator = loc
				pr, err := NewReader(p, po)
				if err != nil {
					t.Fatal(err)
				}
				got := typedCollect(pr)
				p.Close()
				if d := cmp.Diff(want, got, typedCmp); d != "" {
					t.Fatalf("rejects %v, %d threads, buffer %d (-sequential +parallel):\n%s", topts.StoreRejects, threads, size, d)
				}
			}
		}
	}
}

// TestTypedPositionsWithoutLocator: a source that cannot tell positions
// gives -1 rather than wrong ones.
func TestTypedPositionsWithoutLocator(t *testing.T) {
	input := []byte("a\nx\n")
	p, err := scanner.ScanReaderAt(context.Background(), bytes.NewReader(input), int64(len(input)), scanner.Options{Header: true, FieldsPerRow: -1, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, _ := NewReader(p, Options{Schema: Schema{{Name: "a", Type: TypeBigInt}}})
	_, err = r.Next()
	var re *RowError
	if !errors.As(err, &re) || re.Offset != -1 || re.RowOffset != -1 || re.Row != 2 {
		t.Fatalf("error %#v, want row 2 at unknown offsets", err)
	}
	if _, err2 := r.Next(); err2 != err {
		t.Fatalf("the error is not sticky: %v", err2)
	}
}

// TestReaderOverSmallReads reads through a Scanner fed a few bytes at
// a time: the same result as over the whole input.
func TestReaderOverSmallReads(t *testing.T) {
	in, _ := typedTable(500, func(i int) bool { return i%17 == 4 })
	topts := Options{Schema: typedTableSchema, StoreRejects: true}
	want := typedRead(t, in, scanner.Options{Header: true}, topts)
	s, err := scanner.New(&faults.Chunked{Data: []byte(in), Size: 7}, scanner.Options{Header: true, FieldsPerRow: -1, BufferSize: 64})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewReader(s, topts)
	if d := cmp.Diff(want, typedCollect(r), typedCmp); d != "" {
		t.Fatalf("(-whole +small reads):\n%s", d)
	}
}

// narrowSchema has a column of each type added after the first seven.
var narrowSchema = Schema{{Name: "t", Type: TypeTinyInt}, {Name: "s", Type: TypeSmallInt}, {Name: "i", Type: TypeInteger}, {Name: "ut", Type: TypeUTinyInt},
	{Name: "us", Type: TypeUSmallInt}, {Name: "ui", Type: TypeUInteger}, {Name: "ub", Type: TypeUBigInt}, {Name: "f", Type: TypeFloat}}

// narrowTable is rows of narrowSchema, the bad ones (bad(i)) with a value
// out of range in column i%8; want is the good rows as rendered. Every
// fifth value is NULL.
func narrowTable(rows int, bad func(i int) bool) (in string, want [][]string) {
	var b strings.Builder
	b.WriteString("t,s,i,ut,us,ui,ub,f\n")
	over := []string{"128", "-32769", "2147483648", "-1", "65536", "4294967296", "18446744073709551616", "x"}
	for i := range rows {
		vals := []string{
			strconv.Itoa(i%256 - 128), strconv.Itoa(i*7%65536 - 32768), strconv.Itoa(i*1000003%(1<<32) - 1<<31),
			strconv.Itoa(i % 256), strconv.Itoa(i * 31 % 65536), strconv.Itoa(i * 2000003 % (1 << 32)),
			strconv.FormatUint(uint64(i)*1e15+1<<63, 10), strconv.Itoa(i) + ".1",
		}
		row := slices.Clone(vals)
		for c := range vals {
			if (i+c)%5 == 0 {
				vals[c], row[c] = "", "NULL"
			}
		}
		if row[7] != "NULL" {
			f, _ := cast.Float32([]byte(vals[7])) // the float nearest i.1
			row[7] = cast.FormatFloat32(f)
		}
		if bad(i) {
			vals[i%8] = over[i%8]
		} else {
			want = append(want, row)
		}
		b.WriteString(strings.Join(vals, ",") + "\n")
	}
	return b.String(), want
}

// TestTypedNarrowIgnoreErrors drops bad rows from chunks of the integer
// types other than BIGINT and FLOAT, which share Ints and Floats: the good
// rows come out with their values, and every Vector keeps its type.
func TestTypedNarrowIgnoreErrors(t *testing.T) {
	for name, bad := range map[string]func(int) bool{
		"none":       func(int) bool { return false },
		"every 7th":  func(i int) bool { return i%7 == 3 },
		"long runs":  func(i int) bool { return i%100 == 50 },
		"most":       func(i int) bool { return i%3 != 0 },
		"one edge":   func(i int) bool { return i == ChunkSize-1 },
		"first half": func(i int) bool { return i < ChunkSize+100 },
	} {
		t.Run(name, func(t *testing.T) {
			in, want := narrowTable(3*ChunkSize+17, bad)
			s, _ := scanner.NewBytes([]byte(in), scanner.Options{Header: true, FieldsPerRow: -1})
			r, err := NewReader(s, Options{Schema: narrowSchema, StoreRejects: true})
			if err != nil {
				t.Fatal(err)
			}
			var got [][]string
			for c, err := range r.Chunks() {
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range c.Columns {
					if v.Type != narrowSchema[k].Type {
						t.Fatalf("column %d has type %v, want %v", k, v.Type, narrowSchema[k].Type)
					}
				}
				for i := range c.Len() {
					row := make([]string, len(c.Columns))
					for k := range c.Columns {
						row[k] = string(c.Columns[k].AppendText(nil, i))
					}
					got = append(got, row)
				}
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("(-want +got):\n%s", d)
			}
			for _, rj := range r.Rejects() {
				typ := narrowSchema[rj.ColumnIndex-1].Type
				if !strings.HasSuffix(rj.Message, "to '"+typ.String()+"'") {
					t.Fatalf("reject message %q for a %v column", rj.Message, typ)
				}
			}
		})
	}
}

func TestTypedUBigIntBits(t *testing.T) {
	res := typedRead(t, "18446744073709551615\n", scanner.Options{}, Options{Schema: Schema{{Name: "u", Type: TypeUBigInt}}})
	if res.Err != nil || res.Rows[0][0] != "18446744073709551615" {
		t.Fatalf("got %q, %v", res.Rows, res.Err)
	}
	s, _ := scanner.NewBytes([]byte("18446744073709551615,-1\n"), scanner.Options{FieldsPerRow: -1})
	r, _ := NewReader(s, Options{Schema: Schema{{Name: "u", Type: TypeUBigInt}, {Name: "i", Type: TypeBigInt}}})
	c, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	// The same bits, read as the column's type says.
	if u, i := c.Columns[0].Uint64(0), c.Columns[1].Ints[0]; u != math.MaxUint64 || c.Columns[0].Ints[0] != i {
		t.Fatalf("UBIGINT %d (bits %d), BIGINT %d", u, c.Columns[0].Ints[0], i)
	}
	if _, err := NewReader(s, Options{Schema: Schema{{Name: "x", Type: Type(200)}}}); err == nil {
		t.Fatal("no error for an unknown type")
	}
}

// TestTypedAllocations: reading more rows allocates no more (numbers and
// dates cast in place, chunks reused).
func TestTypedAllocations(t *testing.T) {
	allocs := func(rows int) float64 {
		in, _ := typedTable(rows, func(int) bool { return false })
		input := []byte(in)
		return testing.AllocsPerRun(5, func() {
			s, _ := scanner.NewBytes(input, scanner.Options{Header: true, FieldsPerRow: -1})
			r, _ := NewReader(s, Options{Schema: typedTableSchema})
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
		})
	}
	small, large := allocs(3*ChunkSize), allocs(12*ChunkSize)
	// The VARCHAR arena grows until it fits a chunk; nothing else grows.
	if large > small+2 {
		t.Fatalf("%v allocations for %d rows, %v for %d rows", large, 12*ChunkSize, small, 3*ChunkSize)
	}
	// The narrower integers and FLOAT: no allocation per value either.
	narrow := func(rows int) float64 {
		in, _ := narrowTable(rows, func(int) bool { return false })
		input := []byte(in)
		return testing.AllocsPerRun(5, func() {
			s, _ := scanner.NewBytes(input, scanner.Options{Header: true, FieldsPerRow: -1})
			r, _ := NewReader(s, Options{Schema: narrowSchema})
			for {
				if _, err := r.Next(); err != nil {
					break
				}
			}
		})
	}
	// (One or two allocations of slack: the runtime, under the race
	// detector especially, sometimes allocates during a run; a cost per
	// value would add thousands.)
	if small, large := narrow(3*ChunkSize), narrow(12*ChunkSize); large > small+2 {
		t.Fatalf("narrow types: %v allocations for %d rows, %v for %d rows", large, 12*ChunkSize, small, 3*ChunkSize)
	}
}

// typedBenchValues are the values each column of a benchmark input takes.
var typedBenchValues = map[Type]func(i int) string{
	TypeBoolean: func(i int) string { return [...]string{"true", "false", "t", "0"}[i%4] },
	TypeBigInt:  func(i int) string { return strconv.Itoa((i*7919)%2000003 - 1000000) },
	TypeDouble:  func(i int) string { return strconv.FormatFloat(float64(i%100003)*1.25-50000, 'f', -1, 64) },
	TypeDate:    func(i int) string { return fmt.Sprintf("%04d-%02d-%02d", 1990+i%40, i%12+1, i%28+1) },
	TypeTime:    func(i int) string { return fmt.Sprintf("%02d:%02d:%02d.%03d", i%24, i%60, (i/7)%60, i%1000) },
	TypeTimestamp: func(i int) string {
		return fmt.Sprintf("2024-%02d-%02d %02d:%02d:%02d", i%12+1, i%28+1, i%24, i%60, i%59)
	},
	TypeVarchar: func(i int) string { return "value-" + strconv.Itoa(i) },
	TypeInteger: func(i int) string { return strconv.Itoa((i*7919)%2000003 - 1000000) },
	TypeFloat:   func(i int) string { return strconv.FormatFloat(float64(i%100003)*1.25-50000, 'f', -1, 64) },
	TypeDecimal: func(i int) string { return strconv.FormatFloat(float64(i%1000003)*0.25-125000, 'f', 2, 64) },
}

// BenchmarkTypedCast reads 50,000 rows of four columns of one type through
// a Scanner and a Reader and reports the values cast per second.
// scan-only is the same BIGINT input read by the Scanner alone, touching
// every value: the difference is the typed layer.
func BenchmarkTypedCast(b *testing.B) {
	const rows, cols = 50_000, 4
	input := func(t Type) []byte {
		var buf bytes.Buffer
		f := typedBenchValues[t]
		for i := range rows {
			for c := range cols {
				if c > 0 {
					buf.WriteByte(',')
				}
				buf.WriteString(f(i*cols + c))
			}
			buf.WriteByte('\n')
		}
		return buf.Bytes()
	}
	for _, t := range []Type{TypeBoolean, TypeBigInt, TypeDouble, TypeDate, TypeTime, TypeTimestamp, TypeVarchar,
		TypeInteger, TypeFloat, TypeDecimal} {
		data := input(t)
		schema := make(Schema, cols)
		for c := range schema {
			schema[c] = Column{Name: "c" + strconv.Itoa(c), Type: t}
		}
		b.Run(t.String(), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				s, _ := scanner.NewBytes(data, scanner.Options{FieldsPerRow: -1})
				r, _ := NewReader(s, Options{Schema: schema})
				n := 0
				for {
					c, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n += c.Len()
				}
				if n != rows {
					b.Fatalf("%d rows", n)
				}
			}
			b.ReportMetric(float64(rows*cols)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
		})
	}
	b.Run("scan-only", func(b *testing.B) {
		data := input(TypeBigInt)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		sum := 0
		for b.Loop() {
			s, _ := scanner.NewBytes(data, scanner.Options{FieldsPerRow: -1})
			s.TrackFieldOffsets()
			for s.Scan() {
				for _, v := range s.Row() {
					sum += len(v)
				}
			}
		}
		b.ReportMetric(float64(rows*cols)*float64(b.N)/b.Elapsed().Seconds(), "values/s")
	})
}

// FuzzTyped reads arbitrary input with a three-column schema, storing
// rejects, and checks: every raw row either survives or has a Reject, in
// order; IgnoreErrors alone gives the same rows; a parallel read with a
// Locator gives the same rows and rejects.
func FuzzTyped(f *testing.F) {
	f.Add([]byte("1,1.5,a\nx,2,b\n3\n4,5,c,d\n5,,\xff\n"), uint8(0))
	f.Add([]byte("\"1\",\"2\"\"\",\"a\nb\"\r\n,,\n"), uint8(1))
	f.Add([]byte(strings.Repeat("7\n", 2050)+"bad\n"), uint8(14))
	schema := Schema{{Name: "i", Type: TypeBigInt}, {Name: "f", Type: TypeDouble}, {Name: "s", Type: TypeVarchar}}
	f.Fuzz(func(t *testing.T, input []byte, flags uint8) {
		opts := scanner.Options{Header: flags&1 != 0, FieldsPerRow: -1}
		topts := Options{Schema: schema, StoreRejects: true, NullPadding: flags&2 != 0}
		raw, err := scanner.NewBytes(input, opts)
		if err != nil {
			t.Fatal(err)
		}
		var numbers []int
		for raw.Scan() {
			numbers = append(numbers, raw.RowNumber())
		}
		s, _ := scanner.NewBytes(input, opts)
		r, err := NewReader(s, topts)
		if err != nil {
			t.Fatal(err)
		}
		got := typedCollect(r)
		headerOK := true
		for _, name := range raw.Header() {
			headerOK = headerOK && utf8.ValidString(name)
		}
		if !headerOK {
			// The typed reader refuses a header that is not UTF-8, as DuckDB.
			if !errors.Is(got.Err, ErrInvalidUnicode) {
				t.Fatalf("header %q: error %v, want invalid unicode", raw.Header(), got.Err)
			}
			return
		}
		if !errors.Is(got.Err, raw.Err()) && !typedSameError(got.Err, raw.Err()) {
			t.Fatalf("error %v, raw scan's %v", got.Err, raw.Err())
		}
		// Every row survives or is rejected, in order, never both.
		rejected := map[int]bool{}
		last := 0
		for _, rj := range got.Rejects {
			if rj.Row < last {
				t.Fatalf("rejects out of order: %+v", got.Rejects)
			}
			last = rj.Row
			rejected[rj.Row] = true
		}
		k := 0
		for _, n := range numbers {
			switch {
			case rejected[n]:
				if k < len(got.Numbers) && got.Numbers[k] == n {
					t.Fatalf("row %d both kept and rejected", n)
				}
			case k < len(got.Numbers) && got.Numbers[k] == n:
				k++
			default:
				t.Fatalf("row %d neither kept nor rejected (kept %v, rejects %+v)", n, got.Numbers, got.Rejects)
			}
		}
		if k != len(got.Numbers) {
			t.Fatalf("kept rows %v, raw rows %v", got.Numbers, numbers)
		}
		// IgnoreErrors alone: the same rows.
		s, _ = scanner.NewBytes(input, opts)
		ig := topts
		ig.StoreRejects, ig.IgnoreErrors = false, true
		r, _ = NewReader(s, ig)
		if d := cmp.Diff(got.Rows, typedCollect(r).Rows); d != "" {
			t.Fatalf("IgnoreErrors differs from StoreRejects:\n%s", d)
		}
		// In parallel, with a Locator: the same result.
		popts := opts
		popts.Threads, popts.BufferSize = 2, []int{3, 16, 64, 4096}[flags>>2&3]
		p, err := scanner.ScanReaderAt(context.Background(), bytes.NewReader(input), int64(len(input)), popts)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		loc, _ := NewLocator(bytes.NewReader(input), opts)
		po := topts
		po.Locator = loc
		pr, _ := NewReader(p, po)
		if d := cmp.Diff(got, typedCollect(pr), typedCmp); d != "" {
			t.Fatalf("parallel differs (-sequential +parallel):\n%s", d)
		}
	})
}

// TestQuotedNotNullAndForceNotNull checks DuckDB's allow_quoted_nulls=false
// and force_not_null: a quoted "" is the empty string, and a listed column
// is never NULL.
func TestQuotedNotNullAndForceNotNull(t *testing.T) {
	in := "a,b,c\n\"\",,x\n,\"\",\n"
	schema := Schema{{Name: "a", Type: TypeVarchar}, {Name: "b", Type: TypeVarchar}, {Name: "c", Type: TypeVarchar}}
	read := func(opts Options) [][]*string {
		t.Helper()
		s, err := scanner.NewBytes([]byte(in), scanner.Options{Header: true})
		if err != nil {
			t.Fatal(err)
		}
		opts.Schema = schema
		tr, err := NewReader(s, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out [][]*string
		for ch, err := range tr.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
			for i := range ch.Len() {
				row := make([]*string, len(ch.Columns))
				for c := range ch.Columns {
					if !ch.Columns[c].IsNull(i) {
						v := string(ch.Columns[c].Bytes(i))
						row[c] = &v
					}
				}
				out = append(out, row)
			}
		}
		return out
	}
	show := func(rows [][]*string) string {
		var b strings.Builder
		for _, r := range rows {
			for _, v := range r {
				if v == nil {
					b.WriteString("NULL ")
				} else {
					b.WriteString(strconv.Quote(*v) + " ")
				}
			}
			b.WriteString("| ")
		}
		return b.String()
	}
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{}, `NULL NULL "x" | NULL NULL NULL | `},
		{Options{QuotedNotNull: true}, `"" NULL "x" | NULL "" NULL | `},
		{Options{ForceNotNull: []string{"C"}}, `NULL NULL "x" | NULL NULL "" | `},
		{Options{QuotedNotNull: true, ForceNotNull: []string{"a"}}, `"" NULL "x" | "" "" NULL | `},
	} {
		if got := show(read(c.opts)); got != c.want {
			t.Errorf("%+v: got %s, want %s", c.opts, got, c.want)
		}
	}
	s, _ := scanner.NewBytes([]byte(in), scanner.Options{})
	if _, err := NewReader(s, Options{Schema: schema, ForceNotNull: []string{"nope"}}); err == nil {
		t.Error("ForceNotNull of a missing column accepted")
	}
	p, err := scanner.ScanReader(context.Background(), strings.NewReader(in), scanner.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := NewReader(p, Options{Schema: schema, QuotedNotNull: true}); err == nil {
		t.Error("QuotedNotNull over a scanner.Parallel accepted")
	}
}

// TestReaderReset reads one input, then others after Reset, and
// requires for each what a new Reader gives: rows, numbers, rejects
// and errors, none of the earlier input's state carried over.
func TestReaderReset(t *testing.T) {
	topts := Options{Schema: typedSchema(TypeBigInt, TypeVarchar, TypeDate), StoreRejects: true, IgnoreErrors: true}
	inputs := []string{
		"1,a,2024-01-01\nx,b,2024-01-02\n3,\"long value " + strings.Repeat("z", 5000) + "\",2024-01-03\n",
		"4,d\n5,e,2024-02-30\n6,f,2024-02-01,extra\n",
		"",
		"7,g,2024-03-01\n",
	}
	for _, ignore := range []bool{true, false} {
		topts.IgnoreErrors, topts.StoreRejects = ignore, ignore
		var r *Reader
		for i, in := range inputs {
			want := typedRead(t, in, scanner.Options{}, topts)
			s, err := scanner.NewBytes([]byte(in), scanner.Options{FieldsPerRow: -1})
			if err != nil {
				t.Fatal(err)
			}
			if r == nil {
				r, err = NewReader(s, topts)
			} else {
				err = r.Reset(s)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := typedCollect(r)
			if d := cmp.Diff(want, got, cmp.Comparer(typedSameError), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("ignore=%v, input %d after Reset (-new reader +reset reader):\n%s", ignore, i, d)
			}
		}
	}
	// Reset checks the new source as NewReader does.
	s, _ := scanner.NewBytes([]byte("1,a,2024-01-01\n"), scanner.Options{FieldsPerRow: -1})
	r, err := NewReader(s, Options{Schema: typedSchema(TypeBigInt, TypeVarchar, TypeDate), QuotedNotNull: true})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := scanner.ScanReaderAt(context.Background(), strings.NewReader("1,a,2024-01-01\n"), 15, scanner.Options{})
	defer p.Close()
	if err := r.Reset(p); err == nil {
		t.Error("Reset to a source that cannot tell quoted values, with QuotedNotNull: no error")
	}
}
