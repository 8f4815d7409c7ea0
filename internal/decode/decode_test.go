package decode

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Of encodes s as UTF-16 in the given byte order, without a mark.
func utf16Of(s string, bigEndian bool) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestDetect: UTF-16 is found by its mark, or by pairs of an ASCII byte
// and a NUL on one side; UTF-8 text, text with a few NULs, binary data
// and inputs too short to tell are not UTF-16.
func TestDetect(t *testing.T) {
	table := "id,name,city\n1,Ann,Zürich\n2,Bob,Malmö\n"
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"little-endian", utf16Of(table, false), "utf-16le"},
		{"big-endian", utf16Of(table, true), "utf-16be"},
		{"marked little-endian", append([]byte{0xff, 0xfe}, utf16Of(table, false)...), "utf-16"},
		{"marked big-endian", append([]byte{0xfe, 0xff}, utf16Of(table, true)...), "utf-16"},
		{"a head cut at an odd byte", utf16Of(table, false)[:41], "utf-16le"},
		{"UTF-8", []byte(table), ""},
		{"UTF-8 with some NULs", []byte("a,b\n1,\x00\n2,x\x00y\n3,z\n"), ""},
		{"binary", []byte{0x00, 0x01, 0x02, 0x00, 0x10, 0x00, 0xff, 0x00, 0x00, 0x00, 0x7f, 0x00}, ""},
		{"too short", utf16Of("a,", false), ""},
		{"empty", nil, ""},
	} {
		if got := Detect(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// FuzzDecode: no input panics a decoder, what it yields is valid UTF-8,
// and an error is the input's fault (an *Error) or the reader's; text
// encoded in UTF-16 decodes back to itself, whatever the reads' sizes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("a,b\n1,\xe9\n"), "a,é\n😀")
	f.Add([]byte{0xff, 0xfe, 0x00, 0xd8, 'a', 0}, "")
	f.Add([]byte{0x3d, 0xd8, 0x00, 0xde, 'x'}, "x\r\n")
	f.Fuzz(func(t *testing.T, in []byte, text string) {
		for _, enc := range []string{"latin-1", "windows-1252", "utf-16", "utf-16le", "utf-16be"} {
			for _, one := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(in)
				if one {
					r = iotest.OneByteReader(r)
				}
				d, err := Reader(r, enc)
				if err != nil {
					t.Fatal(err)
				}
				out, err := io.ReadAll(d)
				if !utf8.Valid(out) {
					t.Fatalf("%s of % x: invalid UTF-8 % x", enc, in, out)
				}
				var de *Error
				if err != nil && (!errors.As(err, &de) || !errors.Is(err, ErrInvalid) || de.Offset < 0 || de.Offset >= int64(len(in))) {
					t.Fatalf("%s of % x: %v, want an *Error within the input", enc, in, err)
				}
			}
		}
		if !utf8.ValidString(text) {
			return
		}
		for _, be := range []bool{false, true} {
			enc := map[bool]string{false: "utf-16le", true: "utf-16be"}[be]
			d, _ := Reader(iotest.HalfReader(bytes.NewReader(utf16Of(text, be))), enc)
			out, err := io.ReadAll(d)
			if err != nil || string(out) != text {
				t.Fatalf("%s of %q: %q, %v", enc, text, out, err)
			}
		}
	})
}
