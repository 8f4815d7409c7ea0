package memtest

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestPattern(t *testing.T) {
	for _, tt := range []struct {
		head, unit string
		n          int64
		tail, want string
	}{
		{"h,", "ab", 5, "\n", "h,ababa\n"},
		{"", "x", 0, "", ""},
		{"", "", 10, "t", "t"},
		{"a\n", "1\n", 6, "", "a\n1\n1\n1\n"},
	} {
		got, err := io.ReadAll(Pattern(tt.head, tt.unit, tt.n, tt.tail))
		if err != nil || string(got) != tt.want {
			t.Errorf("Pattern(%q, %q, %d, %q) = %q, %v; want %q", tt.head, tt.unit, tt.n, tt.tail, got, err, tt.want)
		}
		// One byte at a time gives the same bytes.
		got, err = io.ReadAll(iotest.OneByteReader(Pattern(tt.head, tt.unit, tt.n, tt.tail)))
		if err != nil || string(got) != tt.want {
			t.Errorf("one byte at a time: %q, %v; want %q", got, err, tt.want)
		}
	}
	if err := iotest.TestReader(Pattern("h", "xyz", 1000, "t"), []byte("h"+strings.Repeat("xyz", 334)[:1000]+"t")); err != nil {
		t.Error(err)
	}
}

func TestMeasure(t *testing.T) {
	var keep [][]byte
	peak, err := Measure(func() error {
		for i := 0; i < 64; i++ {
			keep = append(keep, make([]byte, 1<<20))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if peak < 48<<20 {
		t.Fatalf("peak %d after holding 64 MiB, want at least 48 MiB", peak)
	}
	_ = keep
	peak, _ = Measure(func() error { return nil })
	if peak > 8<<20 {
		t.Fatalf("peak %d for no work", peak)
	}
}
