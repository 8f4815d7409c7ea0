package csvscan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/scanner/typed"
)

// TestThousands: Thousands is removed from the values of numeric columns,
// sniffed or given, in a file and a stream alike, wherever it is in the
// value (DuckDB 1.5.6: ",5" is 5, "12,,3" is 123), before the cast of
// each numeric type and not of the others; the sniffer types such columns
// by it; a null string is matched first; and the values it cannot be are
// ErrOption. The answers are DuckDB 1.5.6's (read_csv with thousands).
func TestThousands(t *testing.T) {
	const quoted = "n,f,d,s\n\"1,234\",\"-12,345.5\",\"2,024-01-01\",\"x,y\"\n\"5,\",\"1,2e3\",2024-02-02,z\n\",5\",\"12,,3\",2024-03-03,w\n"
	const semi = "n;f;t\n1.234.567;1.234,5;10:00\n-2.000;0,25;11:00\nNA;NA;12:00\n"
	for _, c := range []struct {
		name   string
		input  string
		opts   Options
		schema []string
		rows   [][]string
		err    string // in the error, which wraps ErrOption
	}{
		{name: "sniffed", input: quoted, opts: Options{Thousands: ","},
			schema: []string{"n:BIGINT", "f:DOUBLE", "d:VARCHAR", "s:VARCHAR"},
			rows:   [][]string{{"1234", "-12345.5", "2,024-01-01", "x,y"}, {"5", "12000", "2024-02-02", "z"}, {"5", "123", "2024-03-03", "w"}}},
		{name: "without it", input: quoted, opts: Options{},
			schema: []string{"n:VARCHAR", "f:VARCHAR", "d:VARCHAR", "s:VARCHAR"},
			rows:   [][]string{{"1,234", "-12,345.5", "2,024-01-01", "x,y"}, {"5,", "1,2e3", "2024-02-02", "z"}, {",5", "12,,3", "2024-03-03", "w"}}},
		{name: "each numeric type", input: quoted, opts: Options{Thousands: ",", AutoDetect: Off, Header: On,
			Columns: typed.Schema{{Name: "n", Type: typed.TypeSmallInt}, {Name: "f", Type: typed.TypeDecimal, Width: 10, Scale: 2},
				{Name: "d", Type: typed.TypeVarchar}, {Name: "s", Type: typed.TypeVarchar}}},
			schema: []string{"n:SMALLINT", "f:DECIMAL(10,2)", "d:VARCHAR", "s:VARCHAR"},
			rows:   [][]string{{"1234", "-12345.50", "2,024-01-01", "x,y"}, {"5", "12000.00", "2024-02-02", "z"}, {"5", "123.00", "2024-03-03", "w"}}},
		{name: "float and unsigned", input: quoted, opts: Options{Thousands: ",", Types: map[string]string{"n": "UINTEGER", "f": "FLOAT"}},
			schema: []string{"n:UINTEGER", "f:FLOAT", "d:VARCHAR", "s:VARCHAR"},
			rows:   [][]string{{"1234", "-12345.5", "2,024-01-01", "x,y"}, {"5", "12000", "2024-02-02", "z"}, {"5", "123", "2024-03-03", "w"}}},
		{name: "with a decimal comma", input: semi, opts: Options{Thousands: ".", DecimalSeparator: ",", NullStr: []string{"NA"}},
			schema: []string{"n:BIGINT", "f:DOUBLE", "t:TIME"},
			rows:   [][]string{{"1234567", "1234.5", "10h0m0s"}, {"-2000", "0.25", "11h0m0s"}, {"NULL", "NULL", "12h0m0s"}}},
		{name: "a space", input: "a;b\n1 234;x\n-5 678 901;y\n", opts: Options{Thousands: " "},
			schema: []string{"a:BIGINT", "b:VARCHAR"}, rows: [][]string{{"1234", "x"}, {"-5678901", "y"}}},
		{name: "the sniffer's strict casts", input: "a,b\n\"0,5\",\"+1,000\"\n\"1,0\",\"2,0\"\n", opts: Options{Thousands: ","},
			schema: []string{"a:VARCHAR", "b:VARCHAR"}, rows: [][]string{{"0,5", "+1,000"}, {"1,0", "2,0"}}},
		{name: "the separator alone", input: "a\n\",\"\n", opts: Options{Thousands: ",", Columns: typed.Schema{{Name: "a", Type: typed.TypeBigInt}}, Header: On},
			err: "Could not convert"},
		{name: "two bytes", input: quoted, opts: Options{Thousands: ",,"}, err: "more than one byte"},
		{name: "not ASCII", input: quoted, opts: Options{Thousands: "€"}, err: "more than one byte"},
		{name: "the decimal point", input: quoted, opts: Options{Thousands: "."}, err: "is the decimal separator"},
		{name: "the decimal comma", input: quoted, opts: Options{Thousands: ",", DecimalSeparator: ","}, err: "is the decimal separator"},
		{name: "a sign", input: quoted, opts: Options{Thousands: "-"}, err: "part of a number's spelling"},
		{name: "a digit", input: quoted, opts: Options{Thousands: "1"}, err: "part of a number's spelling"},
		{name: "the quote", input: quoted, opts: Options{Thousands: "'", Quote: "'"}, err: "the quote or the escape"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, "t.csv", []byte(c.input))
			for _, stream := range []bool{false, true} {
				var got table
				if stream {
					got = tableOf(OpenReader(strings.NewReader(c.input), c.opts))
				} else {
					got = openAll(t, path, c.opts)
				}
				if c.err != "" {
					if !strings.Contains(got.Err, c.err) {
						t.Errorf("stream %v: error %q, want one saying %q", stream, got.Err, c.err)
					}
					continue
				}
				if got.Err != "" || !cmp.Equal(got.Schema, c.schema) || !cmp.Equal(got.Rows, c.rows) {
					t.Errorf("stream %v: %v %v %s, want %v %v", stream, got.Schema, got.Rows, got.Err, c.schema, c.rows)
				}
			}
			if c.err != "" && c.err != "Could not convert" {
				if _, err := Open(path, c.opts); !errors.Is(err, ErrOption) {
					t.Errorf("not an ErrOption: %v", err)
				}
			}
		})
	}
	// The prompt keeps it, and reads the same rows.
	path := writeFile(t, "p.csv", []byte(quoted))
	r, err := Open(path, Options{Thousands: ","})
	if err != nil {
		t.Fatal(err)
	}
	prompt := r.Prompt()
	r.Close()
	if !slices.Contains(prompt.Flags(), "--thousands=,") {
		t.Errorf("the prompt's flags: %v", prompt.Flags())
	}
	if got := openAll(t, path, prompt); got.Err != "" || got.Rows[0][0] != "1234" {
		t.Errorf("read with the prompt: %v %s", got.Rows, got.Err)
	}
}

// TestAutoTypeCandidates: the sniffer chooses each column's type from
// AutoTypeCandidates, VARCHAR always among them, in DuckDB's order of
// specificity whatever the order given; aliases are DuckDB's; a type
// DuckDB refuses as a candidate, or no type, is ErrOption; Columns and
// AllVarchar leave it nothing to do and Types overrides it. The answers
// are DuckDB 1.5.6's (read_csv with auto_type_candidates).
func TestAutoTypeCandidates(t *testing.T) {
	const input = "a,b,c,d,e,f\n1,2020-01-01 10:00:00+02,2020-01-01,1.5,3000000000,true\n2,2020-01-02 10:00:00,2020-01-02,2.25,1,false\n"
	for _, c := range []struct {
		name   string
		opts   Options
		schema string
		rows   int    // 0: 2
		err    string // in the error, which wraps ErrOption
	}{
		{name: "default", opts: Options{},
			schema: "a:BIGINT b:TIMESTAMP WITH TIME ZONE c:DATE d:DOUBLE e:BIGINT f:BOOLEAN"},
		{name: "one", opts: Options{AutoTypeCandidates: []string{"BIGINT"}},
			schema: "a:BIGINT b:VARCHAR c:VARCHAR d:VARCHAR e:BIGINT f:VARCHAR"},
		{name: "varchar", opts: Options{AutoTypeCandidates: []string{"VARCHAR"}},
			schema: "a:VARCHAR b:VARCHAR c:VARCHAR d:VARCHAR e:VARCHAR f:VARCHAR"},
		{name: "the narrower integer first", opts: Options{AutoTypeCandidates: []string{"BIGINT", "int"}},
			schema: "a:INTEGER b:VARCHAR c:VARCHAR d:VARCHAR e:BIGINT f:VARCHAR"},
		{name: "order does not matter", opts: Options{AutoTypeCandidates: []string{"int4", "bigint"}},
			schema: "a:INTEGER b:VARCHAR c:VARCHAR d:VARCHAR e:BIGINT f:VARCHAR"},
		{name: "float", opts: Options{AutoTypeCandidates: []string{"DOUBLE", "FLOAT"}},
			schema: "a:FLOAT b:VARCHAR c:VARCHAR d:FLOAT e:FLOAT f:VARCHAR"},
		{name: "decimal", opts: Options{AutoTypeCandidates: []string{"DECIMAL", "DOUBLE"}},
			schema: "a:DECIMAL(18,3) b:VARCHAR c:VARCHAR d:DECIMAL(18,3) e:DECIMAL(18,3) f:VARCHAR"},
		{name: "a narrow decimal", opts: Options{AutoTypeCandidates: []string{"DECIMAL(4,1)", "DOUBLE"}},
			schema: "a:DECIMAL(4,1) b:VARCHAR c:VARCHAR d:DECIMAL(4,1) e:DOUBLE f:VARCHAR"},
		{name: "the last decimal", opts: Options{AutoTypeCandidates: []string{"DECIMAL(4,1)", "DECIMAL(10,2)"}},
			schema: "a:DECIMAL(10,2) b:VARCHAR c:VARCHAR d:DECIMAL(10,2) e:VARCHAR f:VARCHAR"},
		{name: "bigint before decimal", opts: Options{AutoTypeCandidates: []string{"DECIMAL", "BIGINT"}},
			schema: "a:BIGINT b:VARCHAR c:VARCHAR d:DECIMAL(18,3) e:BIGINT f:VARCHAR"},
		{name: "tinyint, cast as the reader casts", opts: Options{AutoTypeCandidates: []string{"SMALLINT", "TINYINT"}},
			schema: "a:TINYINT b:VARCHAR c:VARCHAR d:TINYINT e:VARCHAR f:VARCHAR"},
		{name: "date before timestamp", opts: Options{AutoTypeCandidates: []string{"TIMESTAMP", "DATE"}},
			schema: "a:VARCHAR b:VARCHAR c:DATE d:VARCHAR e:VARCHAR f:VARCHAR"},
		{name: "time zones", opts: Options{AutoTypeCandidates: []string{"TIMESTAMPTZ", "TIMESTAMP"}},
			schema: "a:VARCHAR b:TIMESTAMP WITH TIME ZONE c:TIMESTAMP d:VARCHAR e:VARCHAR f:VARCHAR"},
		// "f" is a BOOLEAN (false): the first row fits the types, so it is
		// no header, as DuckDB 1.5.6 reads it.
		{name: "null and duplicates", opts: Options{AutoTypeCandidates: []string{"NULL", "bool", "BOOLEAN"}},
			schema: "column0:VARCHAR column1:VARCHAR column2:VARCHAR column3:VARCHAR column4:VARCHAR column5:BOOLEAN", rows: 3},
		{name: "types override", opts: Options{AutoTypeCandidates: []string{"BIGINT"}, Types: map[string]string{"a": "DOUBLE"}},
			schema: "a:DOUBLE b:VARCHAR c:VARCHAR d:VARCHAR e:BIGINT f:VARCHAR"},
		{name: "all varchar", opts: Options{AutoTypeCandidates: []string{"BIGINT"}, AllVarchar: true},
			schema: "a:VARCHAR b:VARCHAR c:VARCHAR d:VARCHAR e:VARCHAR f:VARCHAR"},
		{name: "unsigned", opts: Options{AutoTypeCandidates: []string{"UBIGINT"}}, err: "UBIGINT: not accepted as an auto type candidate"},
		{name: "hugeint", opts: Options{AutoTypeCandidates: []string{"HUGEINT"}}, err: "not supported"},
		{name: "no type", opts: Options{AutoTypeCandidates: []string{"foo"}}, err: "unknown type name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, "c.csv", []byte(input))
			for _, stream := range []bool{false, true} {
				var got table
				if stream {
					got = tableOf(OpenReader(strings.NewReader(input), c.opts))
				} else {
					got = openAll(t, path, c.opts)
				}
				if c.err != "" {
					if !strings.Contains(got.Err, c.err) {
						t.Errorf("stream %v: error %q, want one saying %q", stream, got.Err, c.err)
					}
					continue
				}
				if s := strings.Join(got.Schema, " "); got.Err != "" || s != c.schema || len(got.Rows) != max(c.rows, 2) {
					t.Errorf("stream %v: %s %v %s, want %s", stream, s, got.Rows, got.Err, c.schema)
				}
			}
			if c.err != "" {
				if _, err := Open(path, c.opts); !errors.Is(err, ErrOption) {
					t.Errorf("not an ErrOption: %v", err)
				}
			}
		})
	}
	flags := Options{AutoTypeCandidates: []string{"BIGINT", "DECIMAL(10,2)"}}.Flags()
	if !slices.Contains(flags, "--auto-type-candidates=BIGINT,DECIMAL(10,2)") {
		t.Errorf("Flags: %v", flags)
	}
}
