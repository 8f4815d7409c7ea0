package dialect_test

import (
	"errors"
	"fmt"

	"github.com/csvscan/csvscan/dialect"
)

func ExampleDialect_Validate() {
	d := dialect.Default()
	d.Delimiter = `|"`
	err := d.Validate()
	fmt.Println(err)
	fmt.Println(errors.Is(err, dialect.ErrInvalid))
	// Output:
	// csvscan: dialect: delim: must not hold the quote '"'
	// true
}

func ExampleDialect_String() {
	d := dialect.Default()
	d.Delimiter = ";"
	d.Comment = dialect.Some('#')
	fmt.Println(d)
	// Output: delim=';', quote='"', escape='"', new_line='auto', comment='#', strict_mode=true
}
