package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestFlagNamesExist: every flag the advice of an error is turned into
// (flagNames) is a flag of scan. The advice for files of
// different columns named --union-by-name, which no command had, and
// "Options.Types" became --columns, which is not the flag that gives
// Options.Types (--types); Options.NullPadding and Options.StrictMode
// were left in the library's words.
func TestFlagNamesExist(t *testing.T) {
	flagRE := regexp.MustCompile(`--([a-z-]+)`)
	for _, cmd := range []string{"scan"} {
		_, _, help := runCLI(t, "", cmd, "-h")
		for i := 1; i < len(flagPairs); i += 2 {
			for _, m := range flagRE.FindAllStringSubmatch(flagPairs[i], -1) {
				if !strings.Contains(help, "\n  -"+m[1]+"\n") && !strings.Contains(help, "\n  -"+m[1]+" ") {
					t.Errorf("%s: %q advises --%s, which is no flag of it", cmd, flagPairs[i-1], m[1])
				}
			}
		}
	}
	for _, phrase := range []string{"Options.NullPadding", "Options.StrictMode", "Options.Header to Off", "set Options.Quote to csvscan.None"} {
		if got := flagNames.Replace(phrase); strings.Contains(got, "Options.") {
			t.Errorf("%q is not turned into flags: %q", phrase, got)
		}
	}

	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	os.WriteFile(a, []byte("a,b\n1,2\n"), 0o644)
	os.WriteFile(b, []byte("b,c\n3,4\n"), 0o644)
	code, _, errOut := runCLI(t, "", "scan", a, b)
	if code != 1 || !strings.Contains(errOut, "set --union-by-name") {
		t.Fatalf("files of different columns: status %d, %q", code, errOut)
	}
	code, out, errOut := runCLI(t, "", "scan", "--union-by-name", a, b)
	if want := "{\"a\":1,\"b\":2,\"c\":null}\n{\"a\":null,\"b\":3,\"c\":4}\n"; code != 0 || out != want {
		t.Errorf("--union-by-name: status %d, %q (stderr %q), want %q", code, out, errOut, want)
	}
	code, _, errOut = runCLI(t, "", "scan", "--types", "nope:BIGINT", a)
	if code != 2 || !strings.Contains(errOut, "--types:") {
		t.Errorf("--types naming no column: status %d, %q", code, errOut)
	}
}
