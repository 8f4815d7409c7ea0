package typed_test

import (
	"errors"
	"fmt"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

func ExampleReader() {
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
	r, err := typed.NewReader(s, typed.Options{
		Schema: typed.Schema{
			{Name: "id", Type: typed.TypeBigInt},
			{Name: "price", Type: typed.TypeDouble},
			{Name: "day", Type: typed.TypeDate},
			{Name: "name", Type: typed.TypeVarchar},
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
	r, _ := typed.NewReader(s, typed.Options{Schema: typed.Schema{
		{Name: "a", Type: typed.TypeVarchar},
		{Name: "b", Type: typed.TypeBigInt},
	}})
	for c, err := range r.Chunks() {
		var re *typed.RowError
		if errors.As(err, &re) {
			fmt.Println(errors.Is(err, typed.ErrCast), re.Row, re.Column, re.Name, re.Offset)
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

func ExampleParseSchema() {
	schema, err := typed.ParseSchema("id:BIGINT, price:DECIMAL(15,2), day:DATE")
	if err != nil {
		panic(err)
	}
	for _, c := range schema {
		fmt.Println(c.Name, c.Type, c.Width, c.Scale)
	}
	_, err = typed.ParseSchema("id BIGINT")
	fmt.Println(err)
	// Output:
	// id BIGINT 0 0
	// price DECIMAL 15 2
	// day DATE 0 0
	// csvscan: columns: "id BIGINT" is not name:TYPE
}
