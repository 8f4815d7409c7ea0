package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/corpus"
)

// TestSniffCorpusJSON runs `csvscan sniff --json` on every file of the
// DuckDB corpus that a sniff_csv assertion reads without options or
// settings, and compares each field the assertion projects with the JSON
// csvscan prints: DuckDB's answer, field for field.
func TestSniffCorpusJSON(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	type entry struct {
		Path       string                       `json:"path"`
		Present    bool                         `json:"present"`
		Assertions []map[string]json.RawMessage `json:"assertions"`
	}
	entries, err := corpus.ReadJSONL[entry](filepath.Join(dir, "duckdb", "manifest.jsonl"))
	if err != nil {
		t.Skipf("no DuckDB manifest in the corpus: %v", err)
	}
	empty := func(m json.RawMessage) bool {
		s := strings.TrimSpace(string(m))
		return s == "" || s == "null" || s == "[]"
	}
	checked := 0
	for _, e := range entries {
		for _, a := range e.Assertions {
			if string(a["kind"]) != `"sniff"` || !empty(a["options"]) || !empty(a["settings"]) || !e.Present {
				continue
			}
			code, out, errOut := runCLI(t, "", "sniff", "--json", filepath.Join(dir, filepath.FromSlash(e.Path)))
			if code != 0 {
				t.Errorf("%s: status %d: %s", e.Path, code, errOut)
				continue
			}
			var got map[string]any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%s: %v: %s", e.Path, err, out)
			}
			for _, k := range []string{"delimiter", "quote", "escape", "newline", "comment", "skip_rows",
				"has_header", "columns", "date_format", "timestamp_format"} {
				want, ok := a[k]
				if !ok {
					continue
				}
				checked++
				if d := sniffFieldDiff(k, want, got[k]); d != "" {
					t.Errorf("%s: %s", e.Path, d)
				}
			}
		}
	}
	t.Logf("%d sniff_csv fields compared", checked)
	if checked == 0 {
		t.Error("no sniff_csv assertion without options in the corpus manifest")
	}
}

// sniffFieldDiff compares one sniff_csv field as the manifest holds it
// (null for none) with the value csvscan printed ("" for none).
func sniffFieldDiff(key string, want json.RawMessage, got any) string {
	switch key {
	case "columns":
		var w []struct{ Name, Type string }
		if err := json.Unmarshal(want, &w); err != nil {
			return "bad manifest columns"
		}
		gs, _ := got.([]any)
		var wl, gl []string
		for _, c := range w {
			name := c.Name
			if len(name) >= 2 && name[0] == '\'' && name[len(name)-1] == '\'' {
				// sniff_csv prints a name with quotes as 'a\'b'.
				name = strings.ReplaceAll(name[1:len(name)-1], `\'`, `'`)
			}
			wl = append(wl, name+":"+c.Type)
		}
		for _, c := range gs {
			m, _ := c.(map[string]any)
			gl = append(gl, fmt.Sprint(m["name"])+":"+fmt.Sprint(m["type"]))
		}
		if strings.Join(wl, ",") != strings.Join(gl, ",") {
			return fmt.Sprintf("columns: want %v, got %v", wl, gl)
		}
		return ""
	case "skip_rows":
		var n float64
		json.Unmarshal(want, &n)
		if g, _ := got.(float64); g != n {
			return fmt.Sprintf("skip_rows: want %v, got %v", n, got)
		}
		return ""
	case "has_header":
		var b bool
		json.Unmarshal(want, &b)
		if g, _ := got.(bool); g != b {
			return fmt.Sprintf("has_header: want %v, got %v", b, got)
		}
		return ""
	}
	var w *string
	json.Unmarshal(want, &w)
	ws := ""
	if w != nil {
		ws = *w
	}
	if g, _ := got.(string); g != ws {
		return fmt.Sprintf("%s: want %q, got %q", key, ws, g)
	}
	return ""
}

// TestSniffPrompt: the prompt line of csvscan sniff holds the flags that
// read the file as the sniffer found it: scan with them, and no sniffing,
// prints what scan prints when it sniffs and casts to the same columns.
func TestSniffPrompt(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/sniff/*.csv")
	messy, _ := filepath.Glob("../../testdata/messy/*.csv")
	files = append(files, messy...)
	tried := 0
	for _, f := range files {
		code, out, _ := runCLI(t, "", "sniff", f)
		if code != 0 {
			continue // a file the sniffer refuses has no prompt
		}
		i := strings.Index(out, "prompt            ")
		if i < 0 {
			t.Fatalf("%s: no prompt line in\n%s", f, out)
		}
		line := strings.TrimSpace(out[i+len("prompt            "):])
		args := splitShell(t, line)
		var columns string
		for _, a := range args {
			if strings.HasPrefix(a, "--columns=") {
				columns = strings.TrimPrefix(a, "--columns=")
			}
		}
		if columns == "" {
			t.Fatalf("%s: the prompt names no columns: %s", f, line)
		}
		wantCode, want, wantErr := runCLI(t, "", "scan", "--format", "csv", "--columns", columns, f)
		gotCode, got, gotErr := runCLI(t, "", append(append([]string{"scan", "--format", "csv"}, args...), f)...)
		if gotCode != wantCode || got != want || gotErr != wantErr {
			t.Errorf("%s: scan with the prompt %s:\n%d %q %q\nsniffed:\n%d %q %q", f, line, gotCode, got, gotErr, wantCode, want, wantErr)
		}
		tried++
	}
	if tried < 20 {
		t.Fatalf("only %d files had a prompt", tried)
	}
}

// TestSniffLatin1 sniffs a file that is not valid UTF-8 without
// --encoding: the command sniffs it as latin-1 and says so (a note on
// standard error, the result's encoding line, the prompt's
// --encoding=latin-1), and the prompt reads the file's rows; given the
// encoding, it sniffs alike without the note. Standard input, which
// cannot be read again, keeps the error naming --encoding. The sniff
// had stopped with the front door's error on every such file.
func TestSniffLatin1(t *testing.T) {
	f := filepath.Join(t.TempDir(), "l1.csv")
	data := "name;city;n\nJos\xe9;M\xfcnchen;1\nAnn;Paris;2\n"
	if err := os.WriteFile(f, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "", "sniff", f)
	if code != 0 || !strings.Contains(errOut, "sniffed as latin-1") ||
		!strings.Contains(out, "encoding          latin-1") || !strings.Contains(out, "--encoding=latin-1") ||
		!strings.Contains(out, `--delim=;`) || !strings.Contains(out, "--columns=name:VARCHAR,city:VARCHAR,n:BIGINT") {
		t.Fatalf("sniff of a latin-1 file: exit %d\n%s\n%s", code, out, errOut)
	}
	line := strings.TrimSpace(out[strings.Index(out, "prompt            ")+len("prompt            "):])
	code, got, errOut := runCLI(t, "", append(append([]string{"scan", "--format", "csv"}, splitShell(t, line)...), f)...)
	if want := "name,city,n\nJosé,München,1\nAnn,Paris,2\n"; code != 0 || got != want {
		t.Errorf("scan with the prompt: exit %d, %q, %s; want %q", code, got, errOut, want)
	}
	code, given, errOut := runCLI(t, "", "sniff", "--encoding", "latin-1", f)
	if code != 0 || strings.Contains(errOut, "sniffed as") || strings.Replace(given, "encoding          latin-1: the sample is not UTF-8 (read it with --encoding=latin-1)\n", "", 1) != strings.Replace(out, "encoding          latin-1: the sample is not UTF-8 (read it with --encoding=latin-1)\n", "", 1) {
		t.Errorf("sniff --encoding latin-1: exit %d, %s\n%s\nwant as without the flag:\n%s", code, errOut, given, out)
	}
	if code, _, errOut := runCLI(t, data, "sniff", "-"); code == 0 || !strings.Contains(errOut, "--encoding") {
		t.Errorf("sniff of standard input: exit %d, %s; want the error naming --encoding", code, errOut)
	}
}

// splitShell splits a line of arguments quoted as shellQuote quotes them.
func splitShell(t *testing.T, line string) []string {
	var args []string
	var cur strings.Builder
	inQuote, any := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inQuote && c == '\'':
			inQuote = false
		case inQuote:
			cur.WriteByte(c)
		case c == '\'':
			inQuote, any = true, true
		case c == '\\' && i+1 < len(line):
			i++
			cur.WriteByte(line[i])
		case c == ' ':
			if cur.Len() > 0 || any {
				args = append(args, cur.String())
			}
			cur.Reset()
			any = false
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 || any {
		args = append(args, cur.String())
	}
	if inQuote {
		t.Fatalf("unbalanced quote in %q", line)
	}
	return args
}
