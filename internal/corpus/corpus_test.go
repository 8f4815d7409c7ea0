package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSuites(t *testing.T) {
	dir, ok := Dir()
	if !ok {
		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
	}
	cases, err := Suites(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 14 {
		t.Fatalf("Suites(%s) = %d cases, want at least 14", dir, len(cases))
	}
	sources := map[string]int{}
	for _, c := range cases {
		sources[c.Source]++
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(c.Path))); err != nil {
			t.Errorf("%s: %v", c.Path, err)
		}
		if c.ExpectError {
			continue
		}
		if len(c.Rows) == 0 {
			t.Errorf("%s: no expected rows", c.Path)
		}
		if c.HasHeader && len(c.Header) == 0 {
			t.Errorf("%s: has_header without a header", c.Path)
		}
	}
	if sources["csv-spectrum"] == 0 || sources["csv-test-data"] == 0 {
		t.Errorf("cases per source = %v, want both suites", sources)
	}
}

func TestDirFromEnv(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv(EnvVar, tmp)
	if dir, ok := Dir(); dir != tmp || !ok {
		t.Errorf("Dir() = %q, %v, want %q, true", dir, ok, tmp)
	}
	missing := filepath.Join(tmp, "missing")
	t.Setenv(EnvVar, missing)
	if dir, ok := Dir(); dir != missing || ok {
		t.Errorf("Dir() = %q, %v, want %q, false", dir, ok, missing)
	}
}

func TestDirWalksUp(t *testing.T) {
	t.Setenv(EnvVar, "")
	root := t.TempDir()
	want := filepath.Join(root, "shared", "corpus")
	deep := filepath.Join(root, "main", "internal", "x")
	for _, d := range []string{want, deep} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(deep)
	got, ok := Dir()
	if !ok {
		t.Fatalf("Dir() from %s: not found", deep)
	}
	// Compare resolved paths: the temporary directory may be a symlink.
	g, _ := filepath.EvalSymlinks(got)
	w, _ := filepath.EvalSymlinks(want)
	if g != w {
		t.Errorf("Dir() = %q, want %q", got, want)
	}
}

func TestSuitesMissing(t *testing.T) {
	if _, err := Suites(t.TempDir()); err == nil {
		t.Error("Suites of an empty directory: no error")
	}
}
