package sniff_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// FuzzSniff sniffs arbitrary input and checks what a caller depends on: no
// panic; either ErrNoDialect or a result whose dialect reads the whole
// input (a small input is sampled whole) from SkipRows on without a parse
// error (skipping bad rows when the result says IgnoreErrors); one name
// per column, unique ignoring ASCII case.
func FuzzSniff(f *testing.F) {
	for _, s := range []string{
		"a,b,c\n1,2,3\n4,5,6\n",
		"notes\nmore notes\nx;y\n1;2\n",
		"# c\n\"a\"\"b\"|c\n1|2\n",
		"d\tt\r\n2020-01-02\t10:00:00\r\n",
		"'q',1\n'r',2\n",
		"\xEF\xBB\xBFa:b\n1:2\n",
		"a,a,A,\n1,2,3,\n",
		"id,name,n\n1,Ann,5\n2,Bob\n3,Cy,7\n",
		"a||b||c\n1||2||3\n",
		"\xff\xfea\x00,\x00b\x00\n\x001\x00,\x002\x00\n\x00",
		"PREAMBLE,,,\n,,,\nA,B,C,D\n1,2,3,4\n",
		"a,b,c\n1,2,3\n4,5,6\n\nx,y\n7,8\n9,10\n",
		"k;v\r\n\"x\ny\";1\r\n",
		"",
		// The all-text header rules, sep= lines, blocks above an empty
		// line, optional last values, fixed-length codes, counts above a
		// header, numbered headers.
		"sep=;\na;b\n1;2\n",
		"Station,Berlin\nLatitude,52.47\n\nDate,amount\n2024-01-01,3\n2024-01-02,4\n",
		"active,Oslo\nclosed,Lima\nactive,Rome\n",
		"Country,2019,2020,2021\nNorway,1.5,2.25,3.75\nPeru,4.5,,6.25\n",
		",0,1,2\n0,0.5,1.25,-0.75\n1,0.25,2.5,1.5\n2,1.75,-1.5,0.5\n",
		"m v1.0.0 h1:abcd1234abcd1234\nn v2.1.0 h1:ffff0000ffff0000\n",
		"AD\t+4230+00131\tEurope/Andorra\nAE\t+2518+05518\tAsia/Dubai\nAF\t+3431+06912\tAsia/Kabul\tnote\n",
		"506,13,,,\nCRIM,ZN,INDUS,CHAS,NOX\n0.006,18,2.31,0,0.538\n",
		"Oslo;28,8;37,4\nLima;13,7;46,5\n",
		"'OBS' 'GPA' 'TUCE'\n1 2.66 20\n2 2.89 22\n",
	} {
		f.Add([]byte(s), false, false)
	}
	f.Fuzz(func(t *testing.T, in []byte, pad, ignore bool) {
		if len(in) > 1024 {
			return
		}
		res, err := sniff.SniffBytes(in, sniff.Options{NullPadding: pad, IgnoreErrors: ignore})
		if err != nil {
			if !errors.Is(err, sniff.ErrNoDialect) && !errors.Is(err, sniff.ErrDecoding) {
				t.Fatalf("%q: %v", in, err)
			}
			return
		}
		if len(res.Columns) == 0 {
			t.Fatalf("%q: no columns", in)
		}
		seen := map[string]bool{}
		for _, c := range res.Columns {
			k := asciiLower(c.Name)
			if c.Name == "" || seen[k] {
				t.Fatalf("%q: names %v: empty or duplicate %q", in, res.Columns, c.Name)
			}
			seen[k] = true
		}
		if bytes.Count(in, []byte{'\n'})+bytes.Count(in, []byte{'\r'}) > 1500 {
			return
		}
		if strings.HasPrefix(res.Encoding, "utf-16") {
			// The result reads the decoded text.
			dec, err := decode.Reader(bytes.NewReader(in), res.Encoding)
			if err != nil {
				t.Fatal(err)
			}
			if in, err = io.ReadAll(dec); err != nil {
				t.Fatal(err)
			}
		}
		// A ragged result may ask for IgnoreErrors (its rejects); without
		// it, nothing may fail.
		s, err := scanner.NewBytes(in, scanner.Options{Dialect: res.Dialect, SkipRows: res.SkipRows, FieldsPerRow: -1,
			IgnoreErrors: res.IgnoreErrors})
		if err != nil {
			t.Fatalf("%q: dialect %v: %v", in, res.Dialect, err)
		}
		for s.Scan() {
		}
		if err := s.Err(); err != nil {
			t.Fatalf("%q: the sniffed dialect %v (skip %d) does not read the input: %v", in, res.Dialect, res.SkipRows, err)
		}
	})
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
