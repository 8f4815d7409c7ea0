package sniff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNormalizeName: names normalized as DuckDB 1.5.6's normalize_names
// normalizes them (each checked with DuckDB; internal/bench/readdiff holds
// random headers to it).
func TestNormalizeName(t *testing.T) {
	for in, want := range map[string]string{
		"First Name":   "first_name",
		"Total $":      "total",
		"x.y-z":        "xyz",
		"a  \t b":      "a_b",
		" padded ":     "padded",
		"ÄÖ Ü":         "ao_u",
		"ﬁle":          "file",    // a compatibility ligature
		"Ｆｕｌｌ":         "_full",   // full-width letters, then a keyword
		"Straße":       "strae",   // ß has no decomposition
		"日本":           "_",       // nothing left
		"":             "_",       // (HeaderNames names an empty value first)
		"2020":         "_2020",   // a leading digit
		"select":       "_select", // reserved
		"SELECT":       "_select",
		"columns":      "_columns", // type_function
		"key":          "_key",     // unreserved
		"integer":      "integer",  // column_name: left as it is
		"_ok":          "_ok",
		"CamelCase_42": "camelcase_42",
		"(kg)":         "kg",
	} {
		if got := NormalizeName(in); got != want {
			t.Errorf("NormalizeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHeaderNames: empty values get generated names, spaces-only ones
// too unless normalizing (then "_"), and duplicates, compared without
// regard to ASCII case after normalizing, get suffixes.
func TestHeaderNames(t *testing.T) {
	row := [][]byte{[]byte(" a "), []byte(""), []byte("  "), []byte("A"), []byte("a_1"), []byte("\u3000")}
	if got, want := HeaderNames(row, 7, false), []string{"a", "column1", "column2", "A_1", "a_1_1", "column5", "column6"}; !cmp.Equal(got, want) {
		t.Errorf("plain: %q, want %q", got, want)
	}
	if got, want := HeaderNames(row, 7, true), []string{"a", "column1", "_", "a_1", "a_1_1", "__1", "column6"}; !cmp.Equal(got, want) {
		t.Errorf("normalized: %q, want %q", got, want)
	}
}
