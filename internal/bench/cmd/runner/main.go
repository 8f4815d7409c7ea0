// Command runner measures csvscan side by side with encoding/csv and DuckDB
// on the six benchmark shapes and a 32-column file, and prints the results as
// Markdown.
//
// Usage, from internal/bench:
//
//	go run ./cmd/runner -size 200000000 -runs 5
//
// It writes the fixtures to -dir (or reuses them there), then, for every
// fixture and query, runs every engine once to warm up and -runs times more,
// checks that all engines gave the same answer (and stops with an ANSWER
// MISMATCH error if not), and prints two tables to standard output: median
// GB/s with ratios, and min / median / max seconds. Progress goes to standard
// error.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("runner: ")
	size := flag.Int64("size", 200_000_000, "bytes per fixture (each file ends at the first row past it)")
	runs := flag.Int("runs", 5, "timed runs per engine, query and fixture, after one warm-up run")
	dir := flag.String("dir", filepath.Join(os.TempDir(), "csvscan-bench"), "directory for the fixtures, outside the repository; files of the same size and seed are reused")
	seed := flag.Uint64("seed", 1, "generator seed")
	match := flag.String("fixtures", "", "regular expression: measure only the fixtures whose name matches")
	sniffOnly := flag.Bool("sniff", false, "measure the sniffer instead: csvscan's and DuckDB's, against a full scan")
	flag.Parse()
	if flag.NArg() > 0 || *runs < 1 || *size < 1 {
		flag.Usage()
		os.Exit(2)
	}
	filter, err := regexp.Compile(*match)
	if err != nil {
		log.Fatalf("-fixtures: %v", err)
	}
	if err := run(context.Background(), *size, *runs, *dir, *seed, filter, *sniffOnly); err != nil {
		var mm *mismatchError
		if errors.As(err, &mm) {
			log.Printf("%s", strings.Repeat("!", 72))
			log.Printf("%v", err)
			log.Printf("the engines disagree: no timing of this run can be trusted")
			log.Printf("%s", strings.Repeat("!", 72))
			os.Exit(1)
		}
		log.Fatal(err)
	}
}

// run prepares the fixtures, measures every engine and prints the report.
func run(ctx context.Context, size int64, runs int, dir string, seed uint64, filter *regexp.Regexp, sniffOnly bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	start := time.Now()
	var fixtures []fixture
	for _, spec := range specs() {
		if !filter.MatchString(spec.name) {
			continue
		}
		t := time.Now()
		fx, err := prepare(spec, dir, size, seed)
		if err != nil {
			return err
		}
		log.Printf("fixture %-18s %s (%d bytes, %.1fs)", fx.name, fx.path, fx.size, time.Since(t).Seconds())
		fixtures = append(fixtures, fx)
	}
	if len(fixtures) == 0 {
		return errors.New("no fixture matches -fixtures")
	}
	prepared := time.Since(start)

	d1, err := openDuck(ctx, 1)
	if err != nil {
		return fmt.Errorf("opening DuckDB: %w", err)
	}
	defer d1.db.Close()
	d2, err := openDuck(ctx, 2)
	if err != nil {
		return fmt.Errorf("opening DuckDB: %w", err)
	}
	defer d2.db.Close()
	version, err := d1.version(ctx)
	if err != nil {
		return err
	}
	if sniffOnly {
		fmt.Printf("Sniffing cost, %s, %d CPUs, %s, DuckDB %s, load before %s, medians of %d runs after a warm-up:\n\n",
			cpuModel(), runtime.NumCPU(), runtime.Version(), version, loadAverage(), runs)
		return sniffCost(ctx, os.Stdout, fixtures, runs, d1)
	}
	engines := append(goEngines(),
		d1.engine(nameDuck1, false), d2.engine(nameDuck2, false),
		d1.engine(nameSniff1, true), d2.engine(nameSniff2, true))

	s := setup{
		cpuModel:      cpuModel(),
		numCPU:        runtime.NumCPU(),
		gomaxprocs:    runtime.GOMAXPROCS(0),
		goVersion:     runtime.Version(),
		goos:          runtime.GOOS,
		goarch:        runtime.GOARCH,
		duckVersion:   version,
		loadBefore:    loadAverage(),
		size:          size,
		runs:          runs,
		seed:          seed,
		dir:           dir,
		buildFixtures: prepared.Round(100 * time.Millisecond).String(),
	}
	start = time.Now()
	var all []measurement
	for _, fx := range fixtures {
		for _, q := range queries {
			ms, err := measure(ctx, fx, q, engines, runs)
			if err != nil {
				return err
			}
			all = append(all, ms...)
			var line bytes.Buffer
			for _, m := range ms {
				fmt.Fprintf(&line, "  %s %.2f", m.engine, m.gbps(m.median()))
			}
			log.Printf("%s, %s = %d: median GB/s%s", fx.name, q, ms[0].answer, line.String())
		}
	}
	s.elapsed = time.Since(start).Round(time.Second).String()
	s.loadAfter = loadAverage()

	var example strings.Builder
	for _, sniff := range []bool{false, true} {
		for _, q := range queries {
			fmt.Fprintf(&example, "%s;\n", duckSQL(fixtures[0], q, sniff))
		}
	}
	out := bufio.NewWriter(os.Stdout)
	writeReport(out, s, fixtures, all, example.String())
	return out.Flush()
}

// cpuModel returns the first "model name" of /proc/cpuinfo, or "unknown CPU".
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// loadAverage returns the first three fields of /proc/loadavg, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}
