package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// EnvVar names the environment variable that overrides where the corpus is.
const EnvVar = "CSVSCAN_CORPUS"

// Dir returns the corpus directory: $CSVSCAN_CORPUS when it is set, else
// the first shared/corpus directory found beside the working directory or
// one of its ancestors. ok is false when the directory does not exist.
func Dir() (dir string, ok bool) {
	if env := os.Getenv(EnvVar); env != "" {
		return env, isDir(env)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; {
		candidate := filepath.Join(d, "shared", "corpus")
		if isDir(candidate) {
			return candidate, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// Case is one file of a suite and what it must read as.
type Case struct {
	// Source is the suite: "csv-spectrum" or "csv-test-data".
	Source string
	// Path is the file, slash-separated and relative to the corpus
	// directory, as the manifest writes it.
	Path string
	// HasHeader says the first row is a header.
	HasHeader bool
	// Header is the expected header when HasHeader is set (and, for some
	// files that must fail, the header they are parsed with).
	Header []string
	// Rows are the expected data rows, header excluded; nil when
	// ExpectError is set.
	Rows [][]string
	// ExpectError says reading the file must fail.
	ExpectError bool
	// ErrorSource says where the expectation of an error comes from.
	ErrorSource string
	// DialectConvention says which dialect the suite's files are written in.
	DialectConvention string
}

// manifests are the files Suites reads, relative to the corpus directory.
var manifests = []string{
	"csv-spectrum/manifest.jsonl",
	"csv-test-data/manifest.jsonl",
}

// entry is one manifest line; only the fields Case needs are decoded.
type entry struct {
	Source            string     `json:"source"`
	Path              string     `json:"path"`
	HasHeader         bool       `json:"has_header"`
	Header            []string   `json:"header"`
	Rows              [][]string `json:"rows"`
	ExpectError       bool       `json:"expect_error"`
	ErrorSource       string     `json:"error_source"`
	DialectConvention string     `json:"dialect_convention"`
}

// Suites reads the manifests of csv-spectrum and csv-test-data under dir
// and returns their cases in file order.
func Suites(dir string) ([]Case, error) {
	var cases []Case
	for _, m := range manifests {
		entries, err := ReadJSONL[entry](filepath.Join(dir, filepath.FromSlash(m)))
		if err != nil {
			return nil, fmt.Errorf("csvscan: %w", err)
		}
		for i, e := range entries {
			if e.Path == "" {
				return nil, fmt.Errorf("csvscan: %s: entry %d: no path", m, i+1)
			}
			cases = append(cases, Case(e))
		}
	}
	return cases, nil
}

// ReadJSONL decodes every non-empty line of the file at path into a new T,
// in file order; an error names the file and the line.
func ReadJSONL[T any](path string) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var v T
		if err := json.Unmarshal(text, &v); err != nil {
			return nil, fmt.Errorf("csvscan: %s:%d: %w", path, line, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}
