package sniff_test

// Tests of the defects an audit found by comparing csvscan's sniffer with
// DuckDB 1.5.6 on generated files, one function per class of input. The
// inputs are our own; each class has several shapes.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/sniff"
)

// rowsOf is head followed by n rows made by row(i), i from 1.
func rowsOf(head string, n int, row func(i int) string) string {
	var b strings.Builder
	b.WriteString(head)
	for i := 1; i <= n; i++ {
		b.WriteString(row(i))
	}
	return b.String()
}

// A clean table with a delimiter of several bytes (", ", " || ") is read
// by the one byte inside it too, at the same places: that reading is the
// same table, not a rival, and the sniffer is sure of it. The confidence
// was 0.000, the one-byte reading counted as a runner-up that read every
// row as well.
func TestConfidenceWideDelimiter(t *testing.T) {
	for _, tt := range []struct {
		name, in, delim string
	}{
		{"comma space", rowsOf("id, name, score\n", 40, func(i int) string {
			return fmt.Sprintf("%d, name%d, %d\n", i, i, i*7%100)
		}), ", "},
		{"comma space, two columns", rowsOf("a, b\n", 30, func(i int) string {
			return fmt.Sprintf("%d, %d.5\n", i, i*2)
		}), ", "},
		{"comma space, dates", rowsOf("day, city, temp, rain\n", 28, func(i int) string {
			return fmt.Sprintf("2024-01-%02d, Oslo, %d, %d\n", i, i-10, i%3)
		}), ", "},
		{"padded double bar", rowsOf("x || y || z\n", 25, func(i int) string {
			return fmt.Sprintf("%d || %d || v%d\n", i, i*2, i)
		}), " || "},
		{"padded semicolon", rowsOf("a ; b ; c\n", 20, func(i int) string {
			return fmt.Sprintf("%d ; %d ; w%d\n", i, i+1, i)
		}), " ; "},
	} {
		res, err := sniff.SniffBytes([]byte(tt.in), sniff.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Dialect.Delimiter != tt.delim || res.Scores.Dialect != 1 {
			t.Fatalf("%s: delimiter %q, dialect score %.3f; want %q and 1", tt.name, res.Dialect.Delimiter, res.Scores.Dialect, tt.delim)
		}
		if res.Scores.Confidence != 1 {
			t.Errorf("%s: confidence %.3f, want 1 (no other delimiter reads it)", tt.name, res.Scores.Confidence)
		}
	}
	// A delimiter that is no part of the wide one still rivals it.
	res, err := sniff.SniffBytes([]byte("a; b, c\n1; 2, 3\n4; 5, 6\n7; 8, 9\n"), sniff.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Scores.Confidence != 0 {
		t.Errorf("';' and \", \" read the same table: confidence %.3f, want 0", res.Scores.Confidence)
	}
}
