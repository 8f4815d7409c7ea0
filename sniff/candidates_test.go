package sniff

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/internal/cast"
)

// typesOf sniffs data and returns its columns as "name:TYPE" (a DECIMAL
// with its width and scale).
func typesOf(t *testing.T, data string, opts Options) string {
	t.Helper()
	res, err := SniffBytes([]byte(data), opts)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(res.Report().columnList(), " ")
}

func (r Report) columnList() []string {
	var l []string
	for _, c := range r.Columns {
		l = append(l, c.Name+":"+c.Type)
	}
	return l
}

// TestSniffThousands: with Options.Thousands the numeric candidates are
// tried on the values without it, with the strict casts; DuckDB 1.5.6
// sniffs the same types.
func TestSniffThousands(t *testing.T) {
	data := "a;b;c;d;e\n1.234;1.234,5;0.5;+1.000;12:00\n-5.678.901;2,25;0.7;+2.000;13:00\n"
	if got, want := typesOf(t, data, Options{}), "a:VARCHAR b:VARCHAR c:DOUBLE d:VARCHAR e:TIME"; got != want {
		t.Errorf("without: %s, want %s", got, want)
	}
	got := typesOf(t, data, Options{Thousands: '.', DecimalComma: true})
	if want := "a:BIGINT b:DOUBLE c:VARCHAR d:VARCHAR e:TIME"; got != want { // "05", "07" and "+1000" are no strict numbers
		t.Errorf("with '.': %s, want %s", got, want)
	}
	if _, err := SniffBytes([]byte(data), Options{Thousands: ','}); err != nil {
		t.Errorf("',' with '.' decimals: %v", err)
	}
	if _, err := SniffBytes([]byte(data), Options{Thousands: '.'}); err == nil {
		t.Error("'.' with '.' decimals: no error")
	}
}

// TestTypeCandidates: the candidates in DuckDB's order whatever the order
// given, VARCHAR added, NULL and duplicates dropped, the last DECIMAL kept;
// the sniffer chooses from them.
func TestTypeCandidates(t *testing.T) {
	cols, err := ParseTypeCandidates([]string{"bool", "DECIMAL(4,1)", "int", "null", "TimestampTZ", "DOUBLE", "INTEGER", "decimal(9,2)", "TINYINT"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cols {
		got = append(got, c.Type.String())
	}
	want := []string{"VARCHAR", "DOUBLE", "DECIMAL", "INTEGER", "TINYINT", "TIMESTAMP WITH TIME ZONE", "BOOLEAN"}
	if !cmp.Equal(got, want) || cols[2].Width != 9 || cols[2].Scale != 2 {
		t.Errorf("%v %+v, want %v and DECIMAL(9,2)", got, cols, want)
	}
	for _, c := range []struct {
		names []string
		err   error
	}{{[]string{"UBIGINT"}, ErrTypeCandidate}, {[]string{"INTERVAL"}, cast.ErrUnsupportedType}, {[]string{"nope"}, cast.ErrUnknownType}} {
		if _, err := ParseTypeCandidates(c.names); !errors.Is(err, c.err) {
			t.Errorf("%v: %v, want %v", c.names, err, c.err)
		}
		if _, err := SniffBytes([]byte("a\n1\n"), Options{AutoTypeCandidates: c.names}); !errors.Is(err, c.err) {
			t.Errorf("sniffing with %v: %v, want %v", c.names, err, c.err)
		}
	}
	data := "a,b,c,d\n1,1.5,300,2020-01-01\n2,2.5,-300,2020-01-02\n"
	for _, c := range []struct {
		names []string
		want  string
	}{
		{nil, "a:BIGINT b:DOUBLE c:BIGINT d:DATE"},
		{[]string{"SMALLINT", "INTEGER"}, "a:SMALLINT b:VARCHAR c:SMALLINT d:VARCHAR"},
		{[]string{"TINYINT"}, "a:TINYINT b:TINYINT c:VARCHAR d:VARCHAR"}, // DuckDB's lenient TINYINT: 1.5 is 2
		{[]string{"FLOAT", "DECIMAL(3,1)"}, "a:DECIMAL(3,1) b:DECIMAL(3,1) c:FLOAT d:VARCHAR"},
		{[]string{"TIMESTAMP"}, "a:VARCHAR b:VARCHAR c:VARCHAR d:TIMESTAMP"},
	} {
		if got := typesOf(t, data, Options{AutoTypeCandidates: c.names}); got != c.want {
			t.Errorf("%v: %s, want %s", c.names, got, c.want)
		}
	}
}
