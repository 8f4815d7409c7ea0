package csvscan

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/csvscan/csvscan/scanner"
)

func encodeUTF16(s string, bigEndian, bom bool) []byte {
	var out []byte
	put := func(u uint16) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	if bom {
		put(0xFEFF)
	}
	for _, u := range utf16.Encode([]rune(s)) {
		put(u)
	}
	return out
}

func decodeAll(t *testing.T, in []byte, enc string, oneByte bool) string {
	t.Helper()
	var r io.Reader = bytes.NewReader(in)
	if oneByte {
		r = iotest.OneByteReader(r)
	}
	d, err := Decode(r, enc)
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestDecode(t *testing.T) {
	texts := []string{"", "name,age\nJosé,42\n", "ä;ö;ü\r\nß,€,😀\n", "a\"b\",\"c\"\"d\"\n"}
	for _, s := range texts {
		for _, oneByte := range []bool{false, true} {
			for _, c := range []struct{ be, bom bool }{{false, false}, {false, true}, {true, true}} {
				if got := decodeAll(t, encodeUTF16(s, c.be, c.bom), "UTF-16", oneByte); got != s {
					t.Errorf("utf-16 %+v of %q = %q", c, s, got)
				}
			}
			// Latin-1: only the code points up to U+00FF.
			var l1 []byte
			var want []rune
			for _, r := range s {
				if r < 256 {
					l1 = append(l1, byte(r))
					want = append(want, r)
				}
			}
			if got := decodeAll(t, l1, "latin-1", oneByte); got != string(want) {
				t.Errorf("latin-1 of %q = %q", string(want), got)
			}
			if got := decodeAll(t, []byte(s), "utf8", oneByte); got != s {
				t.Errorf("utf-8 of %q = %q", s, got)
			}
		}
	}
	// Every Latin-1 byte decodes to valid UTF-8.
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	if got := decodeAll(t, all, "ISO-8859-1", true); !utf8.ValidString(got) || len([]rune(got)) != 256 {
		t.Errorf("latin-1 of every byte: %d runes, valid %v", len([]rune(got)), utf8.ValidString(got))
	}
	// Broken UTF-16: a lone surrogate and an odd last byte become U+FFFD.
	if got := decodeAll(t, []byte{0x00, 0xD8, 'a', 0, 'b'}, "utf-16", false); got != "\uFFFDa\uFFFD" {
		t.Errorf("broken utf-16 = %q", got)
	}
	if _, err := Decode(bytes.NewReader(nil), "ebcdic"); !errors.Is(err, ErrEncoding) {
		t.Errorf("unknown encoding: %v", err)
	}
}

// ExampleDecode reads a Latin-1 file: é is the one byte E9.
func ExampleDecode() {
	r, _ := Decode(bytes.NewReader([]byte("name\nJos\xe9\n")), "latin-1")
	s, _ := scanner.New(r, scanner.Options{Header: true})
	for s.Scan() {
		fmt.Println(string(s.Row()[0]))
	}
	// Output:
	// José
}
