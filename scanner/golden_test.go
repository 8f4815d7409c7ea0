package scanner

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden is what a golden file holds for one input.
type golden struct {
	Options string     `json:"options"`
	Header  []string   `json:"header,omitempty"`
	Rows    [][]string `json:"rows"`
	Error   string     `json:"error,omitempty"`
}

// goldenOptions gives the options of each golden input; the rest read with
// the defaults and any row width.
var goldenOptions = map[string]Options{
	"crlf.csv":          {Header: true, FieldsPerRow: -1},
	"pipes-comment.csv": {Header: true, Dialect: dialect.Dialect{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Comment: dialect.Some('#')}},
	"tsv.csv":           {Dialect: dialect.TSV},
}

// TestGolden reads every input in testdata/golden and compares rows and
// error with the .golden file beside it (go test -run TestGolden -update
// rewrites them; review the diff before committing).
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("..", "testdata", "golden", "*.csv"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, in := range inputs {
		name := filepath.Base(in)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			opts, ok := goldenOptions[name]
			if !ok {
				opts = Options{FieldsPerRow: -1}
			}
			res := scanBytes(t, data, opts)
			got := golden{Options: opts.withDefaults().Dialect.String(), Header: res.Header, Rows: res.Rows}
			if res.Err != nil {
				got.Error = res.Err.Error()
			}
			path := strings.TrimSuffix(in, ".csv") + ".golden"
			if *update {
				b, _ := json.MarshalIndent(got, "", "  ")
				if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			var want golden
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("%s differs (-golden +now):\n%s", path, d)
			}
			// The same through small reads.
			small := scanReader(t, &chunkReader{data: data, size: 3}, opts)
			if d := cmp.Diff(res, small, cmp.Comparer(sameError)); d != "" {
				t.Fatalf("read size 3 differs:\n%s", d)
			}
		})
	}
}
