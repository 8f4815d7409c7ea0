package typed

import (
	"errors"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

// TestOptionsSource: over a source that says its options, the Reader
// takes the dialect, null padding and ignore_errors from there, and
// refuses a different dialect given in Options.
func TestOptionsSource(t *testing.T) {
	semi := dialect.Default()
	semi.Delimiter = ";"
	schema := Schema{{Name: "a", Type: TypeBigInt}, {Name: "b", Type: TypeBigInt}}
	open := func(so scanner.Options) *scanner.Scanner {
		so.FieldsPerRow = -1
		s, err := scanner.New(strings.NewReader("a;b\n1;2\n3\nx;4\n5;6\n"), so)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	r, err := NewReader(open(scanner.Options{Dialect: semi, Header: true, NullPadding: true, IgnoreErrors: true}), Options{Schema: schema, StoreRejects: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for c, err := range r.Chunks() {
		if err != nil {
			t.Fatal(err)
		}
		n += c.Len()
	}
	if n != 3 || len(r.Rejects()) != 1 || !strings.Contains(r.Rejects()[0].CSVLine, "x;4") {
		t.Errorf("rows %d, rejects %+v; want 3 rows (one padded) and the cast error of x;4 written with ';'", n, r.Rejects())
	}
	if _, err := NewReader(open(scanner.Options{Dialect: semi, Header: true}), Options{Schema: schema, Dialect: dialect.Default()}); err == nil {
		t.Error("a dialect other than the source's: no error")
	}
	if _, err := NewReader(open(scanner.Options{Dialect: semi, Header: true}), Options{Schema: schema, Dialect: semi}); err != nil {
		t.Errorf("the source's own dialect: %v", err)
	}
	// Without the source's padding, the short row is an error.
	r, _ = NewReader(open(scanner.Options{Dialect: semi, Header: true}), Options{Schema: schema})
	_, err = r.Next()
	for err == nil {
		_, err = r.Next()
	}
	if !errors.Is(err, ErrMissingColumns) {
		t.Errorf("no padding: %v, want ErrMissingColumns", err)
	}
}
