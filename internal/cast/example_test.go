package cast_test

import (
	"fmt"

	"github.com/csvscan/csvscan/internal/cast"
)

func Example() {
	// A BIGINT column as DuckDB's scanner fills it, and as its sniffer
	// judges it.
	for _, field := range []string{"42", " 7 ", "+5", "1.5", "abc"} {
		v, ok := cast.Int64([]byte(field))
		_, sniffOK := cast.Sniff.Int64([]byte(field))
		fmt.Printf("%-6q BIGINT %d %v, sniffer %v\n", field, v, ok, sniffOK)
	}

	f, _ := cast.Float64([]byte("385000000"))
	fmt.Println(cast.FormatFloat64(f))

	d, _ := cast.ParseDate([]byte("2024-02-29"))
	fmt.Println(d, int32(d))

	// A TIMESTAMP keeps the wall time written; a TIMESTAMP WITH TIME ZONE
	// applies the offset (shown in UTC), as DuckDB 1.5.6 casts them.
	ts, _ := cast.ParseTimestamp([]byte("2024-02-29T12:34:56.5+02"))
	tz, _ := cast.Scan.TimestampTZ([]byte("2024-02-29T12:34:56.5+02"))
	fmt.Println(ts, string(tz.AppendFormatTZ(nil)))

	format, _ := cast.ParseFormat("%d/%m/%Y %I:%M %p")
	ts, ok := format.Timestamp([]byte("29/02/2024 01:30 PM"))
	fmt.Println(ts, ok)

	// Output:
	// "42"   BIGINT 42 true, sniffer true
	// " 7 "  BIGINT 7 true, sniffer true
	// "+5"   BIGINT 5 true, sniffer false
	// "1.5"  BIGINT 2 true, sniffer false
	// "abc"  BIGINT 0 false, sniffer false
	// 385000000.0
	// 2024-02-29 19782
	// 2024-02-29 12:34:56.5 2024-02-29 10:34:56.5+00
	// 2024-02-29 13:30:00 true
}

func ExampleFormatCandidates() {
	// The formats DuckDB's sniffer tries on "13/03/1996", in order; the
	// first that reads the value is kept.
	value := []byte("13/03/1996")
	sep, _ := cast.DateSeparator(value)
	for _, c := range cast.FormatCandidates(cast.TypeDate, sep) {
		f, _ := cast.ParseFormat(c)
		fmt.Println(c, f.Matches(value))
	}
	// Output:
	// %y/%m/%d false
	// %Y/%m/%d false
	// %d/%m/%y false
	// %d/%m/%Y true
	// %m/%d/%y false
	// %m/%d/%Y false
}

func ExampleCaster() {
	euro := cast.Caster{DecimalComma: true}
	v, ok := euro.Float64([]byte("3,25"))
	fmt.Println(v, ok)
	_, ok = cast.Sniff.Bool([]byte("1"))
	fmt.Println(ok)
	// Output:
	// 3.25 true
	// false
}
