package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const typedColumns = "b:BOOLEAN,i:BIGINT,f:DOUBLE,d:DATE,t:TIME,ts:TIMESTAMP,s:VARCHAR"

func TestScanTypedJSON(t *testing.T) {
	in := "b,i,f,d,t,ts,s\n" +
		"true,42,1.5,2024-02-29,12:34:56.5,2024-02-29T12:34:56Z,\"say \"\"hi\"\"\n\"\n" +
		"f,-7,-0,2000-1-2,00:00,2024-02-29 01:02:03+01,tab\there\n" +
		",,,,,,\n" +
		"1,9223372036854775807,1e16,infinity,24:00:00,2024-02-29,x\n" +
		"0,0,inf,2024-02-29,01:02:03,2024-02-29 00:00:00.000001,\"\"\n" +
		"y,1_000,nan,2024-02-29,12:00,2024-02-29 12:00,ünï\n"
	want := objects(t, "b,i,f,d,t,ts,s", `[true,42,1.5,"2024-02-29","12:34:56.5","2024-02-29 12:34:56","say \"hi\"\n"]
[false,-7,-0.0,"2000-01-02","00:00:00","2024-02-29 01:02:03","tab\there"]
[null,null,null,null,null,null,null]
[true,9223372036854775807,1e+16,"infinity","24:00:00","2024-02-29 00:00:00","x"]
[false,0,"inf","2024-02-29","01:02:03","2024-02-29 00:00:00.000001",null]
[true,1000,"nan","2024-02-29","12:00:00","2024-02-29 12:00:00","ünï"]
`)
	for _, threads := range []string{"1", "2"} {
		code, out, errOut := runCLI(t, in, "scan", "--auto-detect=false", "--header", "--threads", threads, "--columns", typedColumns, "-")
		if code != 0 {
			t.Fatalf("status %d: %s", code, errOut)
		}
		if d := cmp.Diff(want, out); d != "" {
			t.Fatalf("%s threads (-want +got):\n%s", threads, d)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var v map[string]any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatalf("%q is not JSON: %v", line, err)
			}
		}
	}
}

// TestScanTypedNarrow reads the integer types other than BIGINT and FLOAT,
// by DuckDB's names and aliases, at the edges of their ranges: JSON numbers
// as DuckDB renders them, and a cast error one past each edge.
func TestScanTypedNarrow(t *testing.T) {
	cols := "t:TINYINT,s:INT2,i:INT,ut:UTINYINT,us:USMALLINT,ui:UINTEGER,ub:UBIGINT,f:REAL"
	in := "-128,-32768,-2147483648,0,0,0,0,-3.4028235e38\n" +
		"127,32767,2147483647,255,65535,4294967295,18446744073709551615,3.4028235e38\n" +
		"1.5,+2,1e3,-0,1_000,0xFF,9223372036854775808,0.1\n" +
		",,,,,,,1e39\n" +
		"0,0,0,0,0,0,0,-nan\n"
	want := objects(t, "t,s,i,ut,us,ui,ub,f", "[-128,-32768,-2147483648,0,0,0,0,-3.4028235e+38]\n"+
		"[127,32767,2147483647,255,65535,4294967295,18446744073709551615,3.4028235e+38]\n"+
		"[2,2,1000,0,1000,255,9223372036854775808,0.1]\n"+
		"[null,null,null,null,null,null,null,\"inf\"]\n"+
		"[0,0,0,0,0,0,0,\"-nan\"]\n")
	for _, threads := range []string{"1", "2"} {
		code, out, errOut := runCLI(t, in, "scan", "--auto-detect=false", "--threads", threads, "--columns", cols, "-")
		if code != 0 {
			t.Fatalf("status %d: %s", code, errOut)
		}
		if d := cmp.Diff(want, out); d != "" {
			t.Fatalf("%s threads (-want +got):\n%s", threads, d)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var v map[string]any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatalf("%q is not JSON: %v", line, err)
			}
		}
	}
	code, out, errOut := runCLI(t, in, "scan", "--auto-detect=false", "--format", "csv", "--columns", cols, "-")
	if code != 0 || !strings.HasPrefix(out, "t,s,i,ut,us,ui,ub,f\n-128,-32768,-2147483648,0,0,0,0,-3.4028235e+38\n") {
		t.Fatalf("csv: status %d, stderr %q, output\n%s", code, errOut, out)
	}
	for _, tt := range []struct{ typ, value string }{
		{"TINYINT", "128"}, {"TINYINT", "-129"}, {"TINYINT", "127.5"},
		{"SMALLINT", "32768"}, {"SMALLINT", "-32769"},
		{"INTEGER", "2147483648"}, {"INTEGER", "-2147483649"},
		{"UTINYINT", "256"}, {"UTINYINT", "-1"},
		{"USMALLINT", "65536"}, {"UINTEGER", "4294967296"},
		{"UBIGINT", "18446744073709551616"}, {"UBIGINT", "-1"},
		{"FLOAT", "x"},
	} {
		code, out, errOut := runCLI(t, tt.value+"\n", "scan", "--auto-detect=false", "--columns", "a:"+tt.typ, "-")
		want := `Could not convert string "` + tt.value + `" to '` + tt.typ + `'`
		if code != 1 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%s %q: status %d, output %q, stderr %q; want a cast error", tt.typ, tt.value, code, out, errOut)
		}
	}
}

func TestScanTypedOtherFormats(t *testing.T) {
	in := "a,b\n1,x\n,\"y,z\"\n"
	tests := []struct {
		format, want string
	}{
		{"csv", "n,s\n1,x\n,\"y,z\"\n"},
		{"table", "n     s\n-     -\n1     x\nNULL  y,z\n"},
		{"null", ""},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, in, "scan", "--auto-detect=false", "--header", "--format", tt.format, "--columns", "n:BIGINT,s:TEXT", "-")
		if code != 0 || out != tt.want {
			t.Errorf("--format %s: status %d, stderr %q, output\n%s\nwant\n%s", tt.format, code, errOut, out, tt.want)
		}
	}
	code, out, _ := runCLI(t, "x,\"\"\n", "scan", "--auto-detect=false", "--format", "csv", "--nullstr", "NA", "--columns", "a:VARCHAR,b:VARCHAR", "-")
	if code != 0 || out != "a,b\nx,\"\"\n" {
		t.Errorf("an empty string in csv: status %d, output %q", code, out)
	}
}

func TestScanTypedOptions(t *testing.T) {
	tests := []struct {
		name string
		in   string
		args []string
		cols string // the output's keys
		want string
	}{
		{"nullstr", "NA,\n-,x\n", []string{"--nullstr", "NA", "--nullstr", "-", "--columns", "a:VARCHAR,b:VARCHAR"}, "a,b",
			"[null,\"\"]\n[null,\"x\"]\n"},
		{"dateformat", "29/02/2024,29/02/2024 13:05\n", []string{"--dateformat", "%d/%m/%Y", "--timestampformat", "%d/%m/%Y %H:%M", "--columns", "d:DATE,ts:TIMESTAMP"}, "d,ts",
			"[\"2024-02-29\",\"2024-02-29 13:05:00\"]\n"},
		{"null padding", "1,2\n3\n", []string{"--null-padding", "--columns", "a:BIGINT,b:BIGINT"}, "a,b",
			"[1,2]\n[3,null]\n"},
		{"ignore errors", "1,2\nx,2\n3\n4,5,6\n7,8\n", []string{"--ignore-errors", "--columns", "a:BIGINT,b:BIGINT"}, "a,b",
			"[1,2]\n[7,8]\n"},
		{"delimiter", "1;2,5\n", []string{"--delim", ";", "--columns", "a:BIGINT,b:VARCHAR"}, "a,b",
			"[1,\"2,5\"]\n"},
	}
	for _, tt := range tests {
		args := append([]string{"scan", "--auto-detect=false"}, tt.args...)
		code, out, errOut := runCLI(t, tt.in, append(args, "-")...)
		if want := objects(t, tt.cols, tt.want); code != 0 || out != want {
			t.Errorf("%s: status %d, stderr %q, output\n%s\nwant\n%s", tt.name, code, errOut, out, want)
		}
	}
}

func TestScanTypedErrorExit(t *testing.T) {
	in := "a,b\n1,2\n3,x\n5,6\n"
	code, out, errOut := runCLI(t, in, "scan", "--auto-detect=false", "--header", "--threads", "1", "--columns", "a:BIGINT,b:BIGINT", "-")
	if code != 1 || out != `{"a":1,"b":2}`+"\n" {
		t.Fatalf("status %d, output %q", code, out)
	}
	want := `csvscan: standard input: row 3, column 2 ("b"), byte 10: cast error: Error when converting column "b". Could not convert string "x" to 'BIGINT' (set --types to read the column as another type (VARCHAR reads any value), or --ignore-errors to skip the row)` + "\n"
	if errOut != want {
		t.Fatalf("stderr %q, want %q", errOut, want)
	}
	// A parallel scan of a file finds the position again.
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, errOut = runCLI(t, "", "scan", "--auto-detect=false", "--header", "--threads", "2", "--buffer-size", "4", "--columns", "a:BIGINT,b:BIGINT", path)
	if want = strings.Replace(want, "standard input", path, 1); errOut != want {
		t.Fatalf("parallel: stderr %q, want %q", errOut, want)
	}
}

func TestScanTypedUsage(t *testing.T) {
	for _, args := range [][]string{
		{"scan", "--raw", "--nullstr", "x", "-"},
		{"scan", "--raw", "--columns", "a:INT", "-"},
		{"scan", "--select", "nope", "-"},
		{"scan", "--columns", "a", "-"},
		{"scan", "--columns", ":BIGINT", "-"},
		{"scan", "--columns", "a:HUGEINT", "-"},
		{"scan", "--columns", "a:DECIMAL(19,2)", "-"},
		{"scan", "--columns", "a:DECIMAL(5,6)", "-"},
		{"scan", "--columns", "a:NUMBERS", "-"},
		{"scan", "--columns", "a:DATE", "--dateformat", "%Q", "-"},
		{"scan", "--columns", "a:DATE", "--format", "xml", "-"},
	} {
		if code, _, errOut := runCLI(t, "1\n", args...); code != 2 {
			t.Errorf("%q: status %d, want 2 (%s)", args, code, errOut)
		}
	}
}

// TestScanTypedRejects writes the rejects of a file with bad rows, read
// sequentially and in parallel over small buffers: the same JSON lines.
func TestScanTypedRejects(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,x,name\n")
	for i := range 400 {
		id := strconv.Itoa(i)
		switch i % 37 {
		case 5:
			b.WriteString(id + ",bad," + id + "\n")
		case 11:
			b.WriteString(id + ",1.5\n")
		case 17:
			b.WriteString(id + ",1.5,n,extra\n")
		case 23:
			b.WriteString(id + ",2,\"two\nlines\xff\"\n")
		default:
			b.WriteString(id + "," + id + ".25,\"n " + id + "\"\n")
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "in.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var first string
	for _, threads := range []string{"1", "2", "4"} {
		rej := filepath.Join(dir, "rejects-"+threads+".jsonl")
		code, out, errOut := runCLI(t, "", "scan", "--auto-detect=false", "--header", "--threads", threads, "--buffer-size", "100",
			"--columns", "id:BIGINT,x:DOUBLE,name:VARCHAR", "--rejects", rej, path)
		if code != 0 {
			t.Fatalf("status %d: %s", code, errOut)
		}
		if n := strings.Count(out, "\n"); n != 400-4*11 {
			t.Fatalf("%s threads: %d rows", threads, n)
		}
		got, err := os.ReadFile(rej)
		if err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = string(got)
			lines := strings.Split(strings.TrimSpace(first), "\n")
			if len(lines) != 4*11 {
				t.Fatalf("%d rejects:\n%s", len(lines), first)
			}
			var rj map[string]any
			if err := json.Unmarshal([]byte(lines[0]), &rj); err != nil {
				t.Fatal(err)
			}
			want := map[string]any{"line": 7.0, "line_byte_position": 76.0, "byte_position": 78.0, "column_idx": 2.0, "column_name": "x",
				"error_type": "CAST", "csv_line": "5,bad,5",
				"error_message": `Error when converting column "x". Could not convert string "bad" to 'DOUBLE'`}
			if d := cmp.Diff(want, rj); d != "" {
				t.Fatalf("first reject (-want +got):\n%s", d)
			}
			for _, kind := range []string{"MISSING COLUMNS", "TOO MANY COLUMNS", "INVALID ENCODING"} {
				if !strings.Contains(first, `"error_type":"`+kind+`"`) {
					t.Errorf("no %s reject", kind)
				}
			}
			continue
		}
		if d := cmp.Diff(first, string(got)); d != "" {
			t.Fatalf("%s threads: rejects differ from 1 thread (-1 +%s):\n%s", threads, threads, d)
		}
	}
}

func TestScanTypedQuotedNulls(t *testing.T) {
	in := "a,b\n\"\",\nx,\"\"\n"
	cols := "a:VARCHAR,b:VARCHAR"
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{nil, "[null,null]\n[\"x\",null]\n"},
		{[]string{"--allow-quoted-nulls=false"}, "[\"\",null]\n[\"x\",\"\"]\n"},
		{[]string{"--force-not-null", "b"}, "[null,\"\"]\n[\"x\",\"\"]\n"},
	} {
		args := append([]string{"scan", "--auto-detect=false", "--header", "--columns", cols}, c.flags...)
		code, out, errOut := runCLI(t, in, append(args, "-")...)
		if want := objects(t, "a,b", c.want); code != 0 || out != want {
			t.Errorf("%v: status %d (%s), got %q want %q", c.flags, code, errOut, out, want)
		}
	}
}

// objects turns lines of JSON arrays into the lines of JSON objects scan
// prints, keyed by the names (comma-separated), each value's text kept as
// it is written.
func objects(t *testing.T, names, arrays string) string {
	t.Helper()
	keys := strings.Split(names, ",")
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(arrays, "\n"), "\n") {
		var vals []json.RawMessage
		if err := json.Unmarshal([]byte(line), &vals); err != nil || len(vals) != len(keys) {
			t.Fatalf("objects: %q (%v, %d values for %d names)", line, err, len(vals), len(keys))
		}
		b.WriteByte('{')
		for i, v := range vals {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(keys[i])
			b.Write(k)
			b.WriteByte(':')
			b.Write(v)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// TestScanDecimalSeparator: --decimal-separator=, reads "1,5" as the
// DOUBLE 1.5, sniffed or with the columns given, sniff reports DOUBLE
// with it and its prompt carries it; another separator is a usage error
// naming the flag.
func TestScanDecimalSeparator(t *testing.T) {
	in := "a;b\n1,5;2,25\n"
	for _, args := range [][]string{
		{"scan", "--decimal-separator=,", "--delim=;"},
		{"scan", "--decimal-separator=,", "--auto-detect=false", "--delim=;", "--header", "--columns", "a:DOUBLE,b:DOUBLE"},
	} {
		code, out, errOut := runCLI(t, in, append(args, "-")...)
		if want := "{\"a\":1.5,\"b\":2.25}\n"; code != 0 || out != want {
			t.Errorf("%v: status %d (%s), got %q want %q", args, code, errOut, out, want)
		}
	}
	code, out, errOut := runCLI(t, in, "sniff", "--decimal-separator=,", "--delim=;", "-")
	if code != 0 || !strings.Contains(out, "--columns=a:DOUBLE,b:DOUBLE") || !strings.Contains(out, "--decimal-separator=,") {
		t.Errorf("sniff: status %d (%s), got %q; want DOUBLE columns and --decimal-separator=, in the prompt", code, errOut, out)
	}
	code, _, errOut = runCLI(t, in, "scan", "--decimal-separator=;", "-")
	if code == 0 || !strings.Contains(errOut, "--decimal-separator") {
		t.Errorf("--decimal-separator=;: status %d, stderr %q; want an error naming the flag", code, errOut)
	}
}

// TestScanLimitRejectedTail: --limit N with N good rows and then only bad
// rows prints the N rows without the footer that says more follow, and
// --rejects holds every bad row, as the read reaches the end of input. (A
// chunk of rows all rejected comes with no rows under --rejects: it was
// taken for a row past the limit, the footer printed and the read
// stopped with the rejects of one chunk written.)
func TestScanLimitRejectedTail(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b\n")
	for i := range 2048 {
		b.WriteString(strconv.Itoa(i) + "," + strconv.Itoa(i) + "\n")
	}
	for i := range 3000 {
		b.WriteString("x" + strconv.Itoa(i) + "," + strconv.Itoa(i) + "\n")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "tail.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, threads := range []string{"1", "2"} {
		rej := filepath.Join(dir, "rejects-"+threads+".jsonl")
		code, out, errOut := runCLI(t, "", "scan", "--format", "table", "--limit", "2048", "--threads", threads,
			"--header", "--columns", "a:BIGINT,b:BIGINT", "--rejects", rej, path)
		if code != 0 {
			t.Fatalf("%s threads: status %d: %s", threads, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if last := lines[len(lines)-1]; len(lines) != 2+2048 || strings.HasPrefix(last, "(the first") {
			t.Errorf("%s threads: %d lines ending %q; want the header, its rule and 2048 rows, no footer", threads, len(lines), last)
		}
		got, err := os.ReadFile(rej)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(got), "\n"); n != 3000 {
			t.Errorf("%s threads: %d rejects, want 3000", threads, n)
		}
	}
}
