package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputErrorMessages: the CLI's answer for each input that cannot be
// read as CSV: its own message, with the flag to set, and status 1; an
// empty file reads as no rows with a note (status 0).
func TestInputErrorMessages(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	latin := write("latin.csv", []byte("name,city\nJos\xe9,M\xfcnchen\n"))
	binary := write("bin.csv", append([]byte("PK\x03\x04"), bytes.Repeat([]byte{0, 1, 2, 0xff, 0x10, '"', ',', '\n'}, 200)...))
	long := write("long.csv", []byte("a,b\n1,2\n"+strings.Repeat("x", 300)+"\n3,4\n"))
	empty := write("empty.csv", nil)
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr []string
	}{
		{[]string{"scan", filepath.Join(dir, "missing.csv")}, 1, "", []string{"missing.csv: no such file"}},
		{[]string{"count", dir}, 1, "", []string{"is a directory, not a CSV file"}},
		{[]string{"scan", empty}, 0, "", []string{"empty.csv: the input is empty (no bytes): no rows"}},
		{[]string{"count", empty}, 0, "0\n", []string{"the input is empty"}},
		{[]string{"sniff", empty}, 1, "", []string{"the input is empty: there is nothing to sniff"}},
		{[]string{"scan", latin}, 1, "", []string{`row 2, line 2, column 1 ("name"), byte 13: not valid UTF-8`, "set --encoding"}},
		// sniff reads such a file as latin-1 and says so (TestSniffLatin1).
		{[]string{"sniff", "--json", latin}, 0, `{"delimiter":",","quote":"","escape":"","newline":"\n","comment":"","skip_rows":0,"has_header":true,"columns":[{"name":"name","type":"VARCHAR"},{"name":"city","type":"VARCHAR"}],"date_format":"","timestamp_format":"",` +
			`"prompt":["--auto-detect=false","--delim=,","--quote=","--escape=","--comment=","--newline=lf","--header=true","--skip=0","--columns=name:VARCHAR,city:VARCHAR","--encoding=latin-1"]}` + "\n", []string{"not valid UTF-8: sniffed as latin-1"}},
		// The flags the errors advise are the sniff command's too.
		{[]string{"sniff", "--json", "--encoding", "latin-1", latin}, 0, `{"delimiter":",","quote":"","escape":"","newline":"\n","comment":"","skip_rows":0,"has_header":true,"columns":[{"name":"name","type":"VARCHAR"},{"name":"city","type":"VARCHAR"}],"date_format":"","timestamp_format":"",` +
			`"prompt":["--auto-detect=false","--delim=,","--quote=","--escape=","--comment=","--newline=lf","--header=true","--skip=0","--columns=name:VARCHAR,city:VARCHAR","--encoding=latin-1"]}` + "\n", nil},
		{[]string{"sniff", binary}, 1, "", []string{"binary data, not CSV text", "set --compression", "set --encoding"}},
		{[]string{"sniff", "--compression", "none", "--encoding", "windows-1252", "--json", latin}, 0, `{"delimiter":",","quote":"","escape":"","newline":"\n","comment":"","skip_rows":0,"has_header":true,"columns":[{"name":"name","type":"VARCHAR"},{"name":"city","type":"VARCHAR"}],"date_format":"","timestamp_format":"",` +
			`"prompt":["--auto-detect=false","--delim=,","--quote=","--escape=","--comment=","--newline=lf","--header=true","--skip=0","--columns=name:VARCHAR,city:VARCHAR","--encoding=windows-1252"]}` + "\n", nil},
		{[]string{"scan", "--format", "csv", "--all-varchar", latin}, 1, "", []string{"not valid UTF-8"}},
		{[]string{"scan", "--raw", latin}, 1, "", []string{"not valid UTF-8"}},
		{[]string{"scan", binary}, 1, "", []string{"binary data, not CSV text", "set --compression", "set --encoding"}},
		{[]string{"scan", "--max-line-size", "100", long}, 1, "", []string{"row 3, line 3, byte 108: a line longer than the maximum line size of 100 bytes", "raise --max-line-size"}},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI(t, "", tt.args...)
		if code != tt.code || stdout != tt.stdout {
			t.Errorf("%v: status %d, stdout %q (stderr %q); want %d, %q", tt.args, code, stdout, stderr, tt.code, tt.stdout)
		}
		for _, w := range tt.stderr {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr %q lacks %q", tt.args, stderr, w)
			}
		}
		if strings.Contains(stderr, "no dialect reads the sample consistently") || strings.ContainsRune(stdout, '\uFFFD') {
			t.Errorf("%v: %q / %q", tt.args, stderr, stdout)
		}
	}
}
