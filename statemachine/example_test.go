package statemachine_test

import (
	"fmt"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/statemachine"
)

// Walk the RFC 4180 machine over one row, one table lookup per byte.
func Example() {
	t, err := statemachine.For(dialect.Default())
	if err != nil {
		panic(err)
	}
	s := statemachine.NotSet
	for _, b := range []byte("a,\"b\"\"c\"\n") {
		next := t.Next(s, b)
		fmt.Printf("%-4q %v -> %v\n", b, s, next)
		s = next
	}
	// Output:
	// 'a'  NOT_SET -> STANDARD
	// ','  STANDARD -> DELIMITER
	// '"'  DELIMITER -> QUOTED
	// 'b'  QUOTED -> QUOTED
	// '"'  QUOTED -> UNQUOTED
	// '"'  UNQUOTED -> QUOTED
	// 'c'  QUOTED -> QUOTED
	// '"'  QUOTED -> UNQUOTED
	// '\n' UNQUOTED -> RECORD_SEPARATOR
}

// The skip tables say which bytes a state can jump over; the stop patterns
// are what the SWAR skipper looks for instead.
func ExampleTable_SkipStandard() {
	d := dialect.Default()
	d.Comment = dialect.Some('#')
	t, _ := statemachine.Build(d)
	for _, b := range []byte{'a', ',', '"', '#', '\n'} {
		fmt.Printf("%q skipped in STANDARD: %v, in QUOTED: %v\n", b, t.SkipStandard()[b], t.SkipQuoted()[b])
	}
	stop := t.StopPatterns()
	fmt.Println(stop.Len(), "stop patterns")
	// Output:
	// 'a' skipped in STANDARD: true, in QUOTED: true
	// ',' skipped in STANDARD: false, in QUOTED: true
	// '"' skipped in STANDARD: true, in QUOTED: false
	// '#' skipped in STANDARD: false, in QUOTED: true
	// '\n' skipped in STANDARD: false, in QUOTED: false
	// 4 stop patterns
}

func ExamplePair() {
	p := statemachine.Pair{Prev: statemachine.CarriageReturn, Cur: statemachine.RecordSeparator}
	fmt.Println(p.CRLF(), p.EmptyLine(), p.NewRow())
	p = statemachine.Pair{Prev: statemachine.RecordSeparator, Cur: statemachine.RecordSeparator}
	fmt.Println(p.CRLF(), p.EmptyLine(), p.NewRow())
	// Output:
	// true false false
	// false true false
}
