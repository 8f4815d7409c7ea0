package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/internal/corpus"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/google/go-cmp/cmp"
)

// corpusDifferences lists the suite files whose convention differs from
// DuckDB's, with the reason; everything else must read as the suite says.
var corpusDifferences = map[string]string{
	"csv-test-data/csv/bad-unescaped-quote.csv":     "a quote inside an unquoted value is content for DuckDB (and csvscan), not an error",
	"csv-test-data/csv/bad-header-wrong-header.csv": "the suite requires the header foo,bar,baz; which names a header must have is the caller's check, not the reader's",
}

// TestCorpusScanJSON runs `csvscan scan --format json` over every file of
// csv-spectrum and csv-test-data, twice: with the default dialect
// (--auto-detect=false) and with the sniffer choosing it. Good files must
// give exactly the expected rows, bad files a parse error with its position
// (exit status 1), except the listed differences from DuckDB's behaviour.
// The header is given as the suite has it, so that both runs print the same
// rows; which dialect the sniffer picks for a file that is bad by design
// is its own business, so bad files are only read with the default one.
func TestCorpusScanJSON(t *testing.T) {
	dir, ok := corpus.Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	cases, err := corpus.Suites(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, sniffed := range []bool{false, true} {
		for _, c := range cases {
			mode := "fixed"
			if sniffed {
				mode = "sniffed"
			}
			t.Run(mode+"/"+c.Path, func(t *testing.T) {
				_, different := corpusDifferences[c.Path]
				if sniffed && (c.ExpectError || different) {
					t.Skip("a bad file: read with the default dialect only")
				}
				args := []string{"scan", "--raw", "--format", "json", "--auto-detect=" + strconv.FormatBool(sniffed),
					"--header=" + strconv.FormatBool(c.HasHeader)}
				args = append(args, filepath.Join(dir, filepath.FromSlash(c.Path)))
				var stdout, stderr bytes.Buffer
				code := run(args, nil, &stdout, &stderr)
				if reason, ok := corpusDifferences[c.Path]; ok {
					if code != 0 {
						t.Fatalf("listed as a difference (%s) but failed: %s", reason, stderr.String())
					}
					t.Logf("reads without error, as DuckDB does: %s", reason)
					return
				}
				if c.ExpectError {
					if code != 1 || !strings.Contains(stderr.String(), "row ") || !strings.Contains(stderr.String(), "byte ") {
						t.Fatalf("want a parse error naming row and byte, got status %d, stderr %q, stdout %q", code, stderr.String(), stdout.String())
					}
					return
				}
				if code != 0 {
					t.Fatalf("status %d: %s", code, stderr.String())
				}
				var got [][]string
				for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
					if line == "" {
						continue
					}
					var row []string
					if err := json.Unmarshal([]byte(line), &row); err != nil {
						t.Fatalf("line %q: %v", line, err)
					}
					got = append(got, row)
				}
				if d := cmp.Diff(c.Rows, got); d != "" {
					t.Fatalf("rows differ (-suite +csvscan):\n%s", d)
				}
			})
		}
	}
}

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestScanFormats(t *testing.T) {
	in := "h1,h2\n\"a,b\",\"say \"\"hi\"\"\"\n\"x\ny\",\n"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"scan", "--raw", "--header", "--format", "json", "-"}, `["a,b","say \"hi\""]` + "\n" + `["x\ny",""]` + "\n"},
		{[]string{"scan", "--raw", "--header", "--format", "csv", "-"}, "h1,h2\n\"a,b\",\"say \"\"hi\"\"\"\n\"x\ny\",\n"},
		{[]string{"scan", "--raw", "--header", "--format", "table", "-"}, "h1    h2\n--    --\na,b   say \"hi\"\nx\\ny  \n"},
		{[]string{"count", "--header", "-"}, "2\n"},
		{[]string{"count", "--header=false", "-"}, "3\n"},
		{[]string{"count", "-"}, "2\n"}, // the sniffer finds the header (all text)
		{[]string{"count", "--auto-detect=false", "-"}, "3\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, in, tt.args...)
		if code != 0 || out != tt.want {
			t.Errorf("%v: status %d, stderr %q\n got %q\nwant %q", tt.args, code, errOut, out, tt.want)
		}
	}
}

func TestScanCSVRoundTrip(t *testing.T) {
	in := "a\n\"\"\nb\n"
	code, out, _ := runCLI(t, in, "scan", "--raw", "--format", "csv", "-")
	if code != 0 || out != in {
		t.Fatalf("status %d, got %q want %q", code, out, in)
	}
}

func TestDialectFlags(t *testing.T) {
	in := "# note\na||'b||c\\''\n"
	code, out, errOut := runCLI(t, in, "scan", "--raw", "--header=false", "--delim", "||", "--quote", "'", "--escape", `\`, "--comment", "#", "-")
	if want := `["a","b||c'"]` + "\n"; code != 0 || out != want {
		t.Fatalf("status %d (%s), got %q want %q", code, errOut, out, want)
	}
	code, out, _ = runCLI(t, "a\tb\n", "scan", "--raw", "--header=false", "--delim", `\t`, "--quote", "", "-")
	if want := `["a","b"]` + "\n"; code != 0 || out != want {
		t.Fatalf("tab: status %d, got %q", code, out)
	}
}

func TestParseErrorExit(t *testing.T) {
	code, _, errOut := runCLI(t, "a,b\nc,\"d\n", "scan", "--auto-detect=false", "-")
	if code != 1 || !strings.Contains(errOut, "row 2, field 2, byte 6") {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
}

// TestReadErrorNamesFile: a read error names the file, and the advice of a
// parse error names this command's flags, not the library's options; a
// truncated gzip file fails with every thread count instead of printing a
// count (issue 16).
func TestReadErrorNamesFile(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "long.csv")
	if err := os.WriteFile(long, []byte("a,b\n1,\"xxxxxxxxxxxxxxxxxxxxx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI(t, "", "scan", "--auto-detect=false", "--max-line-size", "5", long)
	want := "csvscan: " + long + ": row 2, field 2, byte 9: line size over maximum"
	if code != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, "raise --max-line-size") || !strings.Contains(errOut, "--ignore-errors") || strings.Contains(errOut, "MaxLineSize") {
		t.Fatalf("status %d, stderr %q; want it to start %q and name the flags", code, errOut, want)
	}
	// A gzip stream cut short: gzip's io.ErrUnexpectedEOF is a failed
	// read, not the end of the file.
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	for i := 0; i < 200000; i++ {
		fmt.Fprintf(zw, "%d,row %d\n", i, i*31)
	}
	zw.Close()
	cut := filepath.Join(dir, "cut.csv.gz")
	if err := os.WriteFile(cut, z.Bytes()[:z.Len()*2/3], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, threads := range []string{"1", "2"} {
		for _, cmd := range []string{"count", "scan"} {
			code, out, errOut := runCLI(t, "", cmd, "--auto-detect=false", "--threads", threads, "--format", "null", cut)
			if cmd == "count" {
				code, out, errOut = runCLI(t, "", cmd, "--auto-detect=false", "--threads", threads, cut)
			}
			if code != 1 || !strings.HasPrefix(errOut, "csvscan: "+cut+": ") || !strings.Contains(errOut, "unexpected EOF") {
				t.Errorf("%s --threads %s: status %d, stdout %q, stderr %q; want a read error naming the file", cmd, threads, code, out, errOut)
			}
		}
	}
}

func TestBadFlagsExit2(t *testing.T) {
	for _, args := range [][]string{
		{"scan", "--delim", "", "-"},
		{"scan", "--quote", "ab", "-"},
		{"scan", "--newline", "nl", "-"},
		{"scan", "--format", "xml", "-"},
		{"scan", "--nope", "-"},
		{"scan"},
		{"frobnicate"},
		{"table", "extra"},
	} {
		if code, _, errOut := runCLI(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: status %d, stderr %q; want 2 and a reason", args, code, errOut)
		}
	}
}

func TestTableCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "table")
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"STANDARD", "DELIMITER_FIRST_BYTE", "MAYBE_QUOTED", "18 MAYBE_QUOTED", "stops at '\\n' '\\r' ','", "value=0x08 mask=0xf8 matches 0x08 '\\t' '\\n' 0x0b 0x0c '\\r' 0x0e 0x0f"} {
		if !strings.Contains(out, want) {
			t.Errorf("table output lacks %q", want)
		}
	}
}

func TestTraceCommand(t *testing.T) {
	code, out, _ := runCLI(t, "a,\"b\"\"c\"\n", "trace", "-")
	if code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{
		"DELIMITER         ->  QUOTED            quoted value opens",
		"UNQUOTED          ->  QUOTED            doubled quote",
		"UNQUOTED          ->  RECORD_SEPARATOR  value ends, row ends",
		`["a","b\"c"]`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("trace output lacks %q:\n%s", want, out)
		}
	}
}

func TestFileArgument(t *testing.T) {
	code, out, errOut := runCLI(t, "", "count", "--header", filepath.Join("..", "..", "testdata", "sample.csv"))
	if code != 0 || out != "3\n" {
		t.Fatalf("status %d (%s), got %q", code, errOut, out)
	}
	if code, _, _ := runCLI(t, "", "count", filepath.Join(os.TempDir(), "does-not-exist.csv")); code != 1 {
		t.Fatalf("missing file: status %d, want 1", code)
	}
}

// TestThreadsMatchSequential: scan --threads 2 --buffer-size B prints what
// --threads 1 prints, for the fixture shapes and adversarial inputs, for B
// from 1 byte to 32 MiB.
func TestThreadsMatchSequential(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, sh := range gen.Shapes() {
		for _, size := range []int64{3 << 10, 64 << 10} {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.csv", strings.ReplaceAll(sh.String(), "/", "-"), size))
			if err := os.WriteFile(path, gen.Bytes(sh, size, 3), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, path)
		}
	}
	adversarial := []string{
		"\xEF\xBB\xBFid,text\n1,\"a,b\nc,d\n\"\"e\"\"\",f\n2,\"x\"\n",
		"h1,h2\r\n\"1,2\r\n3,4\",5\r\n6,7\r\n",
		"\"\"\"\"\"\"\"\"\"\"\"\",x\n\"\",\"\"\n",
		"x,y\n1,\"never closed\n2,3\n",
	}
	for i, in := range adversarial {
		path := filepath.Join(dir, fmt.Sprintf("adversarial-%d.csv", i))
		if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	for _, path := range files {
		wantCode, want, wantErr := runCLI(t, "", "scan", "--threads", "1", "--header", "--format", "csv", path)
		var wantCount struct {
			code     int
			out, err string
		}
		wantCount.code, wantCount.out, wantCount.err = runCLI(t, "", "count", "--threads", "1", "--header", path)
		for _, size := range []string{"1", "2", "3", "7", "64", "4096", "1048576", "33554432"} {
			if size == "1" || size == "2" || size == "3" {
				if st, _ := os.Stat(path); st.Size() > 1<<12 {
					continue // a boundary a byte: kept to the small inputs
				}
			}
			code, got, gotErr := runCLI(t, "", "scan", "--threads", "2", "--buffer-size", size, "--header", "--format", "csv", path)
			if code != wantCode || got != want || gotErr != wantErr {
				t.Fatalf("%s, --buffer-size %s: status %d (want %d), stderr %q (want %q), output equal: %v",
					filepath.Base(path), size, code, wantCode, gotErr, wantErr, got == want)
			}
			// count reads in parallel with Parallel.Each: the same count, or
			// the same error.
			code, got, gotErr = runCLI(t, "", "count", "--threads", "2", "--buffer-size", size, "--header", path)
			if code != wantCount.code || got != wantCount.out || gotErr != wantCount.err {
				t.Fatalf("%s, count --buffer-size %s: status %d, %q, stderr %q; --threads 1: %d, %q, %q",
					filepath.Base(path), size, code, got, gotErr, wantCount.code, wantCount.out, wantCount.err)
			}
		}
	}
}

func TestFormatNull(t *testing.T) {
	code, out, errOut := runCLI(t, "a,b\n\"c\"\"\",d\n", "scan", "--format", "null", "-")
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "a,\"b\n", "scan", "--auto-detect=false", "--format", "null", "-")
	if code != 1 || !strings.Contains(errOut, "unterminated quote") {
		t.Fatalf("a parse error must still fail: status %d, %q", code, errOut)
	}
}

// TestMessyFiles reads the files of testdata/messy with the sniffer and
// DuckDB's settings of the Pollock benchmark (--strict=false
// --ignore-errors --null-padding) and compares the CSV output with the
// table each .out file holds. The tables were checked by hand and against
// DuckDB 1.5.6's read_csv with the same options; they differ from it in
// two places on purpose: preamble.csv, whose two lines without a delimiter
// DuckDB keeps as a header and a row (csvscan skips them as a preamble),
// and unescaped_quote.csv, where DuckDB drops the last byte of
// `"closed"here` (closed"her) and csvscan keeps the text after the closing
// quote (closedhere).
func TestMessyFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "messy", "*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no messy files: %v", err)
	}
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".csv") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "", "scan", "--raw", "--strict=false", "--ignore-errors", "--null-padding", "--format", "csv", f)
		if code != 0 || out != string(want) {
			t.Errorf("%s: status %d (%s)\n got:\n%s\nwant:\n%s", filepath.Base(f), code, errOut, out, want)
		}
	}
}

func TestEncodingFlag(t *testing.T) {
	latin1 := "name,city\nJos\xe9,M\xe1laga\n"
	code, out, errOut := runCLI(t, latin1, "scan", "--raw", "--encoding", "latin-1", "--format", "json", "-")
	if want := `["José","Málaga"]` + "\n"; code != 0 || out != want {
		t.Fatalf("latin-1: status %d (%s), got %q want %q", code, errOut, out, want)
	}
	utf16le := []byte{0xFF, 0xFE}
	for _, r := range "a,b\n1,é\n" {
		utf16le = append(utf16le, byte(r), byte(r>>8))
	}
	code, out, errOut = runCLI(t, string(utf16le), "scan", "--raw", "--encoding", "utf-16", "--format", "json", "-")
	if want := `["1","é"]` + "\n"; code != 0 || out != want {
		t.Fatalf("utf-16: status %d (%s), got %q want %q", code, errOut, out, want)
	}
	if code, _, _ := runCLI(t, "a\n", "scan", "--encoding", "ebcdic", "-"); code != 2 {
		t.Fatalf("an unknown encoding: status %d, want 2", code)
	}
}

// TestScanLimit: --limit stops after N rows; --format table shows 40 rows
// unless told, and says so; --limit 0 prints all (issue 12).
func TestScanLimit(t *testing.T) {
	var in strings.Builder
	in.WriteString("n,s\n")
	for i := 0; i < 2500; i++ {
		fmt.Fprintf(&in, "%d,v%d\n", i, i)
	}
	for _, tt := range []struct {
		args  []string
		lines int
		more  bool
	}{
		{[]string{"--format", "table"}, 2 + 40, true},
		{[]string{"--format", "table", "--limit", "3"}, 2 + 3, true},
		{[]string{"--format", "table", "--limit", "0"}, 2 + 2500, false},
		{[]string{"--format", "json", "--limit", "5"}, 5, false},
		{[]string{"--format", "json"}, 2500, false},
		{[]string{"--format", "csv", "--limit", "2", "--columns", "n:INT,s:VARCHAR"}, 1 + 2, false},
		{[]string{"--format", "table", "--columns", "n:INT,s:VARCHAR"}, 2 + 40, true},
	} {
		args := append([]string{"scan", "--header", "--auto-detect=false"}, tt.args...)
		code, out, errOut := runCLI(t, in.String(), append(args, "-")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		footer := strings.HasPrefix(lines[len(lines)-1], "(the first")
		if footer {
			lines = lines[:len(lines)-1]
		}
		if code != 0 || len(lines) != tt.lines || footer != tt.more {
			t.Errorf("%v: status %d, %d lines (footer %v), stderr %q; want %d lines (footer %v)", tt.args, code, len(lines), footer, errOut, tt.lines, tt.more)
		}
	}
}

// TestSeveralFiles: scan and count take several files and globs, read as
// one table, and flags after FILE (issue 12).
func TestSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"a.csv": "id,name\n1,ann\n2,bob\n", "b.csv": "id,name\n3,cy\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	for _, args := range [][]string{
		{"scan", "--format", "csv", a, b},
		{"scan", a, b, "--format", "csv"},
		{"scan", filepath.Join(dir, "*.csv"), "--format=csv"},
	} {
		code, out, errOut := runCLI(t, "", args...)
		if want := "id,name\n1,ann\n2,bob\n3,cy\n"; code != 0 || out != want {
			t.Errorf("%v: status %d, %q, stderr %q; want %q", args, code, out, errOut, want)
		}
	}
	if code, out, _ := runCLI(t, "", "count", filepath.Join(dir, "*.csv")); code != 0 || out != "3\n" {
		t.Errorf("count of a glob: %d %q", code, out)
	}
	if code, _, errOut := runCLI(t, "", "scan", a, "-"); code != 2 {
		t.Errorf("- with a file: status %d, %q", code, errOut)
	}
}

// TestTrailingDelimiterFlag: a file whose data rows end with a delimiter
// is sniffed with TrailingDelimiter, and its prompt says so with
// --trailing-delimiter, so that the prompt's flags read it raw as the
// sniffer did (the raw read failed on every row: one value too many);
// without the flag, the error says to set it.
func TestTrailingDelimiterFlag(t *testing.T) {
	f := filepath.Join(t.TempDir(), "td.csv")
	if err := os.WriteFile(f, []byte("a|b\n1|2|\n3|4|\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := csvscan.Open(f, csvscan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	prompt := r.Prompt().Flags()
	r.Close()
	if !slices.Contains(prompt, "--trailing-delimiter=true") {
		t.Fatalf("the prompt %v has no --trailing-delimiter", prompt)
	}
	args := []string{"scan", "--raw", "--format", "csv"}
	for _, a := range prompt {
		if !strings.HasPrefix(a, "--columns") {
			args = append(args, a)
		}
	}
	code, out, errOut := runCLI(t, "", append(args, f)...)
	if want := "a,b\n1,2\n3,4\n"; code != 0 || out != want {
		t.Errorf("scan --raw with the prompt's flags: exit %d, %q, %s; want %q", code, out, errOut, want)
	}
	code, _, errOut = runCLI(t, "", "count", "--auto-detect=false", "--delim=|", "--header=true", f)
	if code != 1 || !strings.Contains(errOut, "set --trailing-delimiter") {
		t.Errorf("count without the flag: exit %d, %s; want the advice to set --trailing-delimiter", code, errOut)
	}
}
