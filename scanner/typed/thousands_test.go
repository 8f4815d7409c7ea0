package typed

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

// TestTypedThousands: Options.Thousands is removed from the values of the
// numeric columns, through the row loop's short casts and the general
// ones alike, after the null strings are matched; VARCHAR and DATE keep
// it; a separator the casts refuse is NewReader's error.
func TestTypedThousands(t *testing.T) {
	d := dialect.Default()
	d.Delimiter = ";"
	schema := Schema{{Name: "i", Type: TypeBigInt}, {Name: "f", Type: TypeDouble}, {Name: "r", Type: TypeFloat},
		{Name: "u", Type: TypeUSmallInt}, {Name: "m", Type: TypeDecimal, Width: 9, Scale: 2}, {Name: "s", Type: TypeVarchar}}
	in := "1.234;1.234,5;-1.2;6.5.5;1.234,567;1.2\n7;8;9;10;11;x\n.;.;.;.;.;.\n"
	res := typedRead(t, in, scanner.Options{Dialect: d}, Options{Schema: schema, DecimalComma: true, Thousands: '.', NullStr: []string{"."}})
	want := [][]string{{"1234", "1234.5", "-12.0", "655", "1234.57", "1.2"}, {"7", "8.0", "9.0", "10", "11.00", "x"}, {"NULL", "NULL", "NULL", "NULL", "NULL", "NULL"}}
	if res.Err != nil || !cmp.Equal(want, res.Rows) {
		t.Fatalf("got %q, %v; want %q", res.Rows, res.Err, want)
	}
	res = typedRead(t, "1,234\n", scanner.Options{}, Options{Schema: Schema{{Name: "i", Type: TypeBigInt}}})
	if res.Err == nil {
		t.Errorf("without Thousands, 1,234 read as %q", res.Rows)
	}
	for _, bad := range []byte{'.', '-', '7', 0x80} {
		s, _ := scanner.NewBytes([]byte("1\n"), scanner.Options{})
		if _, err := NewReader(s, Options{Schema: schema, Thousands: bad}); err == nil {
			t.Errorf("Thousands %q: no error", bad)
		}
	}
}
