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

	"github.com/csvscan/csvscan/dialect"
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

// goldenResult is a sniff result in the shape `csvscan sniff --json`
// prints: DuckDB's sniff_csv fields, with "" for an absent quote, escape,
// comment or format.
type goldenResult struct {
	Delimiter       string         `json:"delimiter"`
	Quote           string         `json:"quote"`
	Escape          string         `json:"escape"`
	Newline         string         `json:"newline"`
	Comment         string         `json:"comment"`
	SkipRows        int            `json:"skip_rows"`
	HasHeader       bool           `json:"has_header"`
	Columns         []goldenColumn `json:"columns"`
	DateFormat      string         `json:"date_format"`
	TimestampFormat string         `json:"timestamp_format"`
}

type goldenColumn struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

func goldenChar(c dialect.Char) string {
	if b, ok := c.Byte(); ok {
		return string([]byte{b})
	}
	return ""
}

func goldenNewline(n dialect.Newline) string {
	switch n {
	case dialect.NewlineCRLF:
		return "\r\n"
	case dialect.NewlineCR:
		return "\r"
	}
	return "\n"
}

func toGolden(res *sniff.Result) goldenResult {
	g := goldenResult{
		Delimiter:       res.Dialect.Delimiter,
		Quote:           goldenChar(res.Dialect.Quote),
		Escape:          goldenChar(res.Dialect.Escape),
		Newline:         goldenNewline(res.Dialect.Newline),
		Comment:         goldenChar(res.Dialect.Comment),
		SkipRows:        res.SkipRows,
		HasHeader:       res.HasHeader,
		Columns:         []goldenColumn{},
		DateFormat:      res.DateFormat,
		TimestampFormat: res.TimestampFormat,
	}
	for _, c := range res.Columns {
		g.Columns = append(g.Columns, goldenColumn{Name: c.Name, Type: c.Type.String()})
	}
	return g
}

// marshalGolden renders g as `csvscan sniff --json` does: one line of
// compact JSON and a newline.
func marshalGolden(g goldenResult) ([]byte, error) {
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
			got := toGolden(res)
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
			var want goldenResult
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
