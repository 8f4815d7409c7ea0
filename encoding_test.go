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

	"github.com/csvscan/csvscan/internal/decode"
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
	// Every latin-1 byte but 0x80 to 0x9F (C1 control codes, which
	// latin-1 text does not hold: DuckDB refuses them too) decodes to
	// valid UTF-8, and every windows-1252 byte but its five unassigned.
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for _, c := range []struct {
		enc  string
		bad  []byte
		want map[byte]rune
	}{
		{"ISO-8859-1", all[0x80:0xa0], map[byte]rune{0xa0: 0xa0, 0xe9: 'é', 0xff: 'ÿ'}},
		{"windows-1252", []byte{0x81, 0x8d, 0x8f, 0x90, 0x9d}, map[byte]rune{0x80: '€', 0x93: '“', 0x9f: 'Ÿ', 0xe9: 'é'}},
	} {
		var good []byte
		for _, b := range all {
			if bytes.IndexByte(c.bad, b) < 0 {
				good = append(good, b)
			}
		}
		got := []rune(decodeAll(t, good, c.enc, true))
		if len(got) != len(good) || !utf8.ValidString(string(got)) {
			t.Errorf("%s of every good byte: %d runes of %d", c.enc, len(got), len(good))
		}
		for i, b := range good {
			if r, ok := c.want[b]; ok && got[i] != r {
				t.Errorf("%s of 0x%02x = %q, want %q", c.enc, b, got[i], r)
			}
		}
		for _, b := range c.bad {
			in := []byte("ok\nno" + string(rune(0)) + "\n")
			in[5] = b
			out, err := decodeErr(in, c.enc)
			var de *decode.Error
			if out != "ok\nno" || !errors.Is(err, ErrDecoding) || !errors.As(err, &de) || de.Offset != 5 {
				t.Errorf("%s of a byte 0x%02x: %q, %v; want the text before it and an ErrDecoding at byte 5", c.enc, b, out, err)
			}
		}
	}
	// Broken UTF-16: the text before the break, then an error naming its
	// byte (DuckDB: "File is not utf-16 encoded").
	for _, c := range []struct {
		name string
		in   []byte
		want string
		at   int64
	}{
		{"an odd last byte", []byte{'a', 0, 'b'}, "a", 2},
		{"a high surrogate before a character", []byte{'a', 0, 0x00, 0xD8, 'b', 0}, "a", 2},
		{"a high surrogate at the end", []byte{'a', 0, 'b', 0, 0x3D, 0xD8}, "ab", 4},
		{"a low surrogate alone", []byte{0xFF, 0xFE, 'a', 0, 0x00, 0xDC, 'b', 0}, "a", 4},
		{"two high surrogates", []byte{0x3D, 0xD8, 0x3D, 0xD8, 0x00, 0xDE}, "", 0},
	} {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(c.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			d, _ := Decode(r, "utf-16")
			out, err := io.ReadAll(d)
			var de *decode.Error
			if string(out) != c.want || !errors.Is(err, ErrDecoding) || !errors.As(err, &de) || de.Offset != c.at {
				t.Errorf("utf-16 with %s (one byte %v): %q, %v; want %q and an ErrDecoding at byte %d", c.name, oneByte, out, err, c.want, c.at)
			}
		}
	}
	// The byte order named: big-endian without a mark.
	if got := decodeAll(t, encodeUTF16("a,é\n", true, false), "utf-16be", false); got != "a,é\n" {
		t.Errorf("utf-16be = %q", got)
	}
	if _, err := Decode(bytes.NewReader(nil), "ebcdic"); !errors.Is(err, ErrEncoding) {
		t.Errorf("unknown encoding: %v", err)
	}
}

// decodeErr decodes in from enc, returning what it read and the error
// that ended it.
func decodeErr(in []byte, enc string) (string, error) {
	d, err := Decode(bytes.NewReader(in), enc)
	if err != nil {
		return "", err
	}
	out, err := io.ReadAll(d)
	return string(out), err
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
