package cast

import (
	"errors"
	"testing"
)

// decimalCases were checked against DuckDB 1.5.6's TRY_CAST(s AS
// DECIMAL(w,s)) (internal/bench/duckcast runs that comparison on random
// strings as well); "" means the cast fails.
var decimalCases = []struct {
	in           string
	width, scale int
	want         string
}{
	{"1", 15, 2, "1.00"},
	{"1.235", 15, 2, "1.24"},   // half away from zero on the first digit past the scale
	{"-1.235", 15, 2, "-1.24"}, // the same, negative
	{"1.2349", 15, 2, "1.23"},  // only the first digit past the scale counts
	{"1521000", 15, 2, "1521000.00"},
	{" 12.3 ", 15, 2, "12.30"},
	{"1_000.5", 15, 2, "1000.50"},
	{"+3", 15, 2, "3.00"},
	{".5", 15, 2, "0.50"},
	{"1.", 15, 2, "1.00"},
	{"1e2", 15, 2, "100.00"},
	{"1.2345e2", 15, 2, "123.45"},
	{"12345e-3", 15, 2, "12.35"},
	{"0.005", 15, 2, "0.01"},
	{"-0.005", 15, 2, "-0.01"},
	{"9999999999999.99", 15, 2, "9999999999999.99"},
	{"9999999999999.995", 15, 2, ""}, // rounds past the width
	{"10000000000000", 15, 2, ""},    // 14 integer digits in DECIMAL(15,2)
	{"1e20", 15, 2, ""},
	{"28377.737364e10", 15, 2, "283777373640000.00"}, // an exponent may pass 10^width within int64, as in DuckDB
	{"7.0923e10", 9, 0, ""},                          // but not the int32 a DECIMAL(9,0) is stored in
	{"1.1727676e9", 9, 0, "1172767600"},
	{"0.12254", 5, 5, ".12254"}, // no integer part when the scale is the width
	{"-0", 5, 5, ".00000"},
	{"", 15, 2, ""},
	{".", 15, 2, ""},
	{"-", 15, 2, ""},
	{"abc", 15, 2, ""},
	{"0x10", 15, 2, ""},
	{"1,5", 15, 2, ""},
	{"1e", 15, 2, ""},
	{"1 2", 15, 2, ""},
}

func TestDecimal(t *testing.T) {
	for _, c := range decimalCases {
		v, ok := Scan.Decimal([]byte(c.in), c.width, c.scale)
		got := ""
		if ok {
			got = string(AppendDecimal(nil, v, c.width, c.scale))
		}
		if got != c.want {
			t.Errorf("DECIMAL(%d,%d) %q = %q, want %q", c.width, c.scale, c.in, got, c.want)
		}
	}
	// The decimal comma.
	if v, ok := comma.Decimal([]byte("12,5"), 15, 2); !ok || v != 1250 {
		t.Errorf("12,5 with a decimal comma = %d, %v", v, ok)
	}
	if _, ok := comma.Decimal([]byte("12.5"), 15, 2); ok {
		t.Error("12.5 read with a decimal comma")
	}
	// A bad width is a failed cast, not a panic.
	for _, ws := range [][2]int{{0, 0}, {19, 2}, {5, 6}, {5, -1}} {
		if _, ok := Scan.Decimal([]byte("1"), ws[0], ws[1]); ok {
			t.Errorf("DECIMAL(%d,%d) accepted", ws[0], ws[1])
		}
	}
}

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		in           string
		width, scale int
		ok, err      bool
	}{
		{"DECIMAL", 18, 3, true, false},
		{"decimal(15,2)", 15, 2, true, false},
		{"DECIMAL(15, 2)", 15, 2, true, false},
		{"NUMERIC(9)", 9, 0, true, false},
		{"dec(5,5)", 5, 5, true, false},
		{"DECIMAL(19,2)", 0, 0, true, true},
		{"DECIMAL(5,6)", 0, 0, true, true},
		{"DECIMAL(x)", 0, 0, true, true},
		{"BIGINT", 0, 0, false, false},
	} {
		w, s, ok, err := ParseDecimal(c.in)
		if ok != c.ok || (err != nil) != c.err || !c.err && (w != c.width || s != c.scale) {
			t.Errorf("ParseDecimal(%q) = %d, %d, %v, %v", c.in, w, s, ok, err)
		}
		if err != nil && !errors.Is(err, ErrUnsupportedType) && !errors.Is(err, ErrUnknownType) {
			t.Errorf("ParseDecimal(%q): %v matches neither sentinel", c.in, err)
		}
	}
}

func FuzzDecimal(f *testing.F) {
	for _, c := range decimalCases {
		f.Add(c.in, uint8(c.width), uint8(c.scale))
	}
	f.Fuzz(func(t *testing.T, in string, w, s uint8) {
		width, scale := int(w%19), int(s%19)
		v, ok := Scan.Decimal([]byte(in), width, scale)
		if !ok || v >= decPow10[width] || v <= -decPow10[width] {
			return // an exponent may pass 10^width (see decimalCases)
		}
		// What the cast makes renders and reads back to itself.
		text := AppendDecimal(nil, v, width, scale)
		back, ok := Scan.Decimal(text, width, scale)
		if !ok || back != v {
			t.Fatalf("%q as DECIMAL(%d,%d) = %s, which reads back as %d, %v", in, width, scale, text, back, ok)
		}
	})
}

// FuzzDecimalFast checks that the fast path agrees with the general loop
// wherever it answers.
func FuzzDecimalFast(f *testing.F) {
	for _, c := range decimalCases {
		f.Add(c.in, uint8(c.width), uint8(c.scale), false)
	}
	f.Fuzz(func(t *testing.T, in string, w, s uint8, comma bool) {
		width, scale := int(w%18)+1, int(s%19)
		if scale > width {
			scale = width
		}
		sep := byte('.')
		if comma {
			sep = ','
		}
		fast, ok := decimalFast([]byte(in), width, scale, sep)
		if !ok {
			return
		}
		slow, sok := decimalGeneral([]byte(in), width, scale, sep)
		if !sok || slow != fast {
			t.Fatalf("%q DECIMAL(%d,%d): fast %d, general %d %v", in, width, scale, fast, slow, sok)
		}
	})
}
