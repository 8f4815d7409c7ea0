package sniff_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// The reading options say each fact once; the sniffer's options come from
// them, and its result fills them in. The typed reader takes the dialect,
// null padding and ignore_errors from its scanner.
func ExampleResult_Apply() {
	in := "Report of May\nday;amount;note\n2024-05-01;3.5;x\n2024-05-02;4\n"
	read := scanner.Options{MaxLineSize: 1 << 20} // what the caller knows
	res, err := sniff.SniffBytes([]byte(in), sniff.OptionsFor(read))
	if err != nil {
		panic(err)
	}
	res.Apply(&read)
	var cast typed.Options
	res.ApplyTyped(&cast)
	fmt.Printf("delimiter %q, skip %d, header %v, null padding %v\n", read.Dialect.Delimiter, read.SkipRows, read.Header, read.NullPadding)

	read.FieldsPerRow = -1 // the typed reader judges the widths
	s, err := scanner.New(strings.NewReader(in), read)
	if err != nil {
		panic(err)
	}
	t, err := typed.NewReader(s, cast)
	if err != nil {
		panic(err)
	}
	for c, err := range t.Chunks() {
		if err != nil {
			panic(err)
		}
		for i := 0; i < c.Len(); i++ {
			fmt.Printf("%s %s %s\n", c.Columns[0].AppendText(nil, i), c.Columns[1].AppendText(nil, i), c.Columns[2].AppendText(nil, i))
		}
	}
	// Output:
	// delimiter ";", skip 1, header true, null padding true
	// 2024-05-01 3.5 x
	// 2024-05-02 4.0 NULL
}

// TestApply: Apply and ApplyTyped fill in what the sniffer found and keep
// what the caller gave (formats, a schema, padding and the trailing rule
// turned on).
func TestApply(t *testing.T) {
	res, err := sniff.SniffBytes([]byte("a|b\n1|2024-05-01|\n2|2024-05-02|\n"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	read := scanner.Options{NullPadding: true, IgnoreErrors: true, MaxLineSize: 99}
	res.Apply(&read)
	if read.Dialect != res.Dialect || !read.Header || !read.TrailingDelimiter || !read.NullPadding || !read.IgnoreErrors || read.MaxLineSize != 99 {
		t.Errorf("Apply: %+v (result %+v)", read, res)
	}
	cast := typed.Options{DateFormat: "%Y-%m-%d!"}
	res.ApplyTyped(&cast)
	if len(cast.Schema) != 2 || cast.Schema[1].Type != typed.TypeDate || cast.DateFormat != "%Y-%m-%d!" {
		t.Errorf("ApplyTyped: %+v", cast)
	}
	cast.Schema[0].Name = "changed"
	if res.Columns[0].Name == "changed" {
		t.Error("ApplyTyped shares the result's columns")
	}
	given := typed.Schema{{Name: "x", Type: typed.TypeVarchar}}
	cast = typed.Options{Schema: given}
	res.ApplyTyped(&cast)
	// ISO dates (reported as %Y-%m-%d) get no format: the ISO cast reads them.
	if len(cast.Schema) != 1 || cast.Schema[0].Name != "x" || res.DateFormat != "%Y-%m-%d" || cast.DateFormat != "" {
		t.Errorf("ApplyTyped with a schema: %+v", cast)
	}
	so := sniff.OptionsFor(scanner.Options{SkipRows: 2, NullPadding: true, IgnoreErrors: true, MaxLineSize: 7})
	if so.SkipRows != 2 || !so.NullPadding || !so.IgnoreErrors || so.MaxLineSize != 7 {
		t.Errorf("OptionsFor: %+v", so)
	}
}
