// Command readdiff compares csvscan's front door with DuckDB's read_csv on
// the files given, or on every DuckDB corpus file (see package readdiff).
//
//	go run ./cmd/readdiff [-v] FILE...
//	go run ./cmd/readdiff -corpus ../../../shared/corpus
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/csvscan/csvscan/internal/bench/readdiff"
)

func main() {
	corpus := flag.String("corpus", "", "compare every file under CORPUS/duckdb/data")
	verbose := flag.Bool("v", false, "print every file's first differing row in full")
	limit := flag.Int("rows", 100000, "rows compared per file")
	flag.Parse()
	files := flag.Args()
	if *corpus != "" {
		filepath.WalkDir(filepath.Join(*corpus, "duckdb", "data"), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				files = append(files, p)
			}
			return nil
		})
	}
	db, err := readdiff.Open()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var version string
	db.QueryRow("select version()").Scan(&version)
	count := map[readdiff.Outcome]int{}
	var diffs []string
	for _, f := range files {
		out, why := readdiff.Compare(db, f, *limit)
		count[out]++
		if out == readdiff.Same || out == readdiff.BothFail {
			continue
		}
		if !*verbose && len(why) > 400 {
			why = why[:400] + " ..."
		}
		diffs = append(diffs, f+"\n    "+why)
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		fmt.Println(d)
	}
	read := count[readdiff.Same] + count[readdiff.SchemaDiff] + count[readdiff.RowsDiff] + count[readdiff.OursFails]
	fmt.Printf("\nDuckDB %s, %d files; both fail on %d, not counted below:\n", version, len(files), count[readdiff.BothFail])
	fmt.Printf("  DuckDB reads %d; of those csvscan gives the same schema and rows for %d\n", read, count[readdiff.Same])
	fmt.Printf("  schema differs %d, rows differ %d, csvscan fails where DuckDB reads %d, DuckDB fails where csvscan reads %d\n",
		count[readdiff.SchemaDiff], count[readdiff.RowsDiff], count[readdiff.OursFails], count[readdiff.DuckFails])
}
