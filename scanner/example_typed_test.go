package scanner_test

import (
	"errors"
	"fmt"

	"github.com/csvscan/csvscan/scanner"
)

func ExampleTypedReader() {
	in := "id,price,day,name\n" +
		"1,9.5,2024-02-29,apple\n" +
		"2,oops,2024-03-01,pear\n" + // not a DOUBLE: rejected
		"3,,2024-03-02,\n" + // empty values are NULL
		"4,1e3,2024-03-03\n" // a column short: rejected
	// FieldsPerRow -1: the typed reader judges the number of values.
	s, err := scanner.NewBytes([]byte(in), scanner.Options{Header: true, FieldsPerRow: -1})
	if err != nil {
		panic(err)
	}
	r, err := scanner.NewTypedReader(s, scanner.TypedOptions{
		Schema: scanner.Schema{
			{Name: "id", Type: scanner.TypeBigInt},
			{Name: "price", Type: scanner.TypeDouble},
			{Name: "day", Type: scanner.TypeDate},
			{Name: "name", Type: scanner.TypeVarchar},
		},
		StoreRejects: true, // implies IgnoreErrors
	})
	if err != nil {
		panic(err)
	}
	for c, err := range r.Chunks() {
		if err != nil {
			panic(err)
		}
		ids, prices, days, names := &c.Columns[0], &c.Columns[1], &c.Columns[2], &c.Columns[3]
		for i := range c.Len() {
			fmt.Printf("row %d: id=%d price=%s day=%v name=%s\n", c.RowNumbers[i],
				ids.Ints[i], prices.AppendText(nil, i), days.Dates[i], names.AppendText(nil, i))
		}
	}
	for _, rj := range r.Rejects() {
		fmt.Printf("line %d, byte %d, column %d: %s: %s\n", rj.Line, rj.ByteOffset, rj.ColumnIndex, rj.ErrorType, rj.Message)
	}
	// Output:
	// row 2: id=1 price=9.5 day=2024-02-29 name=apple
	// row 4: id=3 price=NULL day=2024-03-02 name=NULL
	// line 3, byte 43, column 2: CAST: Error when converting column "price". Could not convert string "oops" to 'DOUBLE'
	// line 5, byte 95, column 3: MISSING COLUMNS: Expected Number of Columns: 4 Found: 3
}

func ExampleRowError() {
	s, _ := scanner.NewBytes([]byte("a,b\n1,2\n3,x\n"), scanner.Options{Header: true, FieldsPerRow: -1})
	r, _ := scanner.NewTypedReader(s, scanner.TypedOptions{Schema: scanner.Schema{
		{Name: "a", Type: scanner.TypeVarchar},
		{Name: "b", Type: scanner.TypeBigInt},
	}})
	for c, err := range r.Chunks() {
		var re *scanner.RowError
		if errors.As(err, &re) {
			fmt.Println(errors.Is(err, scanner.ErrCast), re.Row, re.Column, re.Name, re.Offset)
			fmt.Println(err)
			break
		}
		fmt.Println(c.Len(), "good rows first")
	}
	// Output:
	// 1 good rows first
	// true 3 2 b 10
	// csvscan: row 3, column 2 ("b"), byte 10: cast error: Error when converting column "b". Could not convert string "x" to 'BIGINT'
}
