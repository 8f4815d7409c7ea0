package sniff_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/sniff"
)

// update rewrites the golden .json files from the sniffer's answers:
//
//	go test ./sniff -run TestGolden -update
//
// Check every rewritten file by hand before committing it: a golden file
// holds what DuckDB answers, not whatever the sniffer says today.
var update = flag.Bool("update", false, "rewrite testdata/sniff/*.json from the sniffer's results")

// goldenDir holds the golden inputs NAME.csv, each a few hand-written lines
// for one decision of the sniffer, and their expected results NAME.json.
const goldenDir = "../testdata/sniff"

// marshalGolden renders g as `csvscan sniff --json` does: one line of
// compact JSON and a newline.
func marshalGolden(g sniff.Report) ([]byte, error) {
	b, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// TestGolden sniffs each testdata/sniff/NAME.csv with the zero Options and
// compares the result with NAME.json.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join(goldenDir, "*.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatalf("no golden inputs in %s", goldenDir)
	}
	for _, in := range inputs {
		name := filepath.Base(in)
		t.Run(strings.TrimSuffix(name, ".csv"), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			res, err := sniff.SniffBytes(data, sniff.Options{})
			if err != nil {
				t.Fatalf("%s: SniffBytes: %v", name, err)
			}
			got := res.Report()
			wantPath := strings.TrimSuffix(in, ".csv") + ".json"
			if *update {
				b, err := marshalGolden(got)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(wantPath, b, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			raw, err := os.ReadFile(wantPath)
			if err != nil {
				t.Fatalf("%s: %v (run with -update to create it, then check it by hand)", name, err)
			}
			var want sniff.Report
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&want); err != nil {
				t.Fatalf("%s: bad golden file %s: %v", name, filepath.Base(wantPath), err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: sniff result differs from %s (-want +got):\n%s", name, filepath.Base(wantPath), diff)
			}
		})
	}

	// A golden result without its input tests nothing: flag it.
	results, err := filepath.Glob(filepath.Join(goldenDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if _, err := os.Stat(strings.TrimSuffix(r, ".json") + ".csv"); err != nil {
			t.Errorf("%s has no input %s", filepath.Base(r), strings.TrimSuffix(filepath.Base(r), ".json")+".csv")
		}
	}
}
