// Command sniffspeed measures what sniffing costs against reading, per
// benchmark shape: csvscan's sniffer (sniff.Sniff on the file, head and
// windows, exactly as csvscan.Open sniffs at default settings), a read of
// the whole file at default settings with what the sniffer found given
// (csvscan.Open with csvscan.OptionsFrom: typed rows, GOMAXPROCS
// goroutines, no sniffing), a raw parallel count of the rows (no types,
// the fastest read), and DuckDB's sniff_csv on the same file, the four
// taking turns run by run.
//
// Usage, from internal/bench:
//
//	go run ./cmd/sniffspeed -size 200000000 -runs 5
//	go run ./cmd/sniffspeed -sniff-only -runs 9    (the sniffer alone, one line per run)
//
// The fixtures are those of cmd/runner (the six shapes of seed 004 from
// internal/gen, and the 32-column file from package wide), written to -dir
// under the runner's names, so the two commands share them. Each cell is
// the median of -runs timed runs after one warm-up run; the table also
// gives the minimum and maximum, and the user+system CPU seconds of the
// sniffer, which the load of other processes disturbs less than wall time.
//
// With -sniff-only the command times only csvscan's sniffer and prints one
// line per fixture and run: built once from the code before a change and
// once after, two binaries run alternately compare the two in one run.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/gen/wide"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
	_ "github.com/duckdb/duckdb-go/v2"
)

// fixture is one file of a benchmark shape.
type fixture struct {
	name, path string
	size       int64
}

// slack is how far past the requested size a whole fixture may end.
const slack = 64 << 10

// prepare returns the fixture file for a shape, writing it when dir holds
// no whole one of that size and seed (cmd/runner's naming).
func prepare(dir, name, file string, size int64, seed uint64, write func(io.Writer, int64, uint64) error) (fixture, error) {
	path := filepath.Join(dir, fmt.Sprintf("%s.size%d.seed%d.csv", file, size, seed))
	fx := fixture{name: name, path: path}
	if st, err := os.Stat(path); err == nil && st.Size() >= size && st.Size() < size+slack {
		fx.size = st.Size()
		return fx, nil
	}
	tmp, err := os.CreateTemp(dir, file+".*.tmp")
	if err != nil {
		return fx, err
	}
	defer os.Remove(tmp.Name())
	if err := write(tmp, size, seed); err != nil {
		tmp.Close()
		return fx, err
	}
	if err := tmp.Close(); err != nil {
		return fx, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fx, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return fx, err
	}
	fx.size = st.Size()
	return fx, nil
}

func fixtures(dir string, size int64, seed uint64, filter *regexp.Regexp) ([]fixture, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var out []fixture
	for _, s := range gen.Shapes() {
		if !filter.MatchString(s.String()) {
			continue
		}
		file := strings.NewReplacer("=", "", "/", "_").Replace(s.String())
		fx, err := prepare(dir, s.String(), file, size, seed, func(w io.Writer, size int64, seed uint64) error {
			return gen.Write(w, s, size, seed)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, fx)
	}
	if filter.MatchString("32 columns") {
		fx, err := prepare(dir, "32 columns", "wide32", size, seed, wide.Write)
		if err != nil {
			return nil, err
		}
		out = append(out, fx)
	}
	return out, nil
}

// sniffFile sniffs fx as csvscan.Open does at default settings.
func sniffFile(fx fixture) (*sniff.Result, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sniff.Sniff(f, fx.size, sniff.Options{})
}

// countFile counts the rows of fx with a parallel raw scan (no types) of
// GOMAXPROCS goroutines and the sniffed dialect: the fastest read csvscan
// has, the strictest yardstick for the sniffer.
func countFile(ctx context.Context, fx fixture, res *sniff.Result) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	p, err := scanner.ScanFile(ctx, f, scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, SkipRows: res.SkipRows,
		Threads: runtime.GOMAXPROCS(0)})
	if err != nil {
		return 0, err
	}
	defer p.Close()
	var n int64
	for p.Scan() {
		n++
	}
	return n, p.Err()
}

// readFile reads every row of fx, typed, at default settings with opts
// (what the sniffer found) given, and returns the number of rows.
func readFile(fx fixture, opts csvscan.Options) (int64, error) {
	r, err := csvscan.Open(fx.path, opts)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	var n int64
	for c, err := range r.Chunks() {
		if err != nil {
			return n, err
		}
		n += int64(c.Len())
	}
	return n, nil
}

// cpuTime is the process's user plus system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stats are the times of one cell.
type stats struct{ wall, cpu []time.Duration }

func (s *stats) add(wall, cpu time.Duration) {
	s.wall = append(s.wall, wall)
	s.cpu = append(s.cpu, cpu)
}

func median(d []time.Duration) time.Duration {
	d = slices.Clone(d)
	slices.Sort(d)
	return d[len(d)/2]
}

func span(d []time.Duration) string {
	return fmt.Sprintf("%s / %s / %s", ms(slices.Min(d)), ms(median(d)), ms(slices.Max(d)))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()*1000) }

// timed runs f and returns its wall and CPU time.
func timed(f func() error) (time.Duration, time.Duration, error) {
	runtime.GC()
	c0, t0 := cpuTime(), time.Now()
	err := f()
	return time.Since(t0), cpuTime() - c0, err
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("sniffspeed: ")
	size := flag.Int64("size", 200_000_000, "bytes per fixture")
	runs := flag.Int("runs", 5, "timed runs per cell, after one warm-up run")
	dir := flag.String("dir", filepath.Join(os.TempDir(), "csvscan-bench"), "directory of the fixtures (shared with cmd/runner)")
	seed := flag.Uint64("seed", 1, "generator seed")
	match := flag.String("fixtures", "", "regular expression over fixture names")
	sniffOnly := flag.Bool("sniff-only", false, "time csvscan's sniffer alone, one line per run")
	flag.Parse()
	filter, err := regexp.Compile(*match)
	if err != nil {
		log.Fatalf("-fixtures: %v", err)
	}
	fxs, err := fixtures(*dir, *size, *seed, filter)
	if err != nil {
		log.Fatal(err)
	}
	if *sniffOnly {
		for _, fx := range fxs {
			for i := 0; i <= *runs; i++ {
				wall, cpu, err := timed(func() error { _, err := sniffFile(fx); return err })
				if err != nil {
					log.Fatalf("%s: %v", fx.name, err)
				}
				if i > 0 {
					fmt.Printf("%s\t%s\t%s\n", fx.name, ms(wall), ms(cpu))
				}
			}
		}
		return
	}
	db, err := sql.Open("duckdb", "")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	fmt.Printf("- %d CPUs, GOMAXPROCS %d, %s; -size %d -runs %d; times in ms, min / median / max\n\n",
		runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), *size, *runs)
	fmt.Println("| shape | csvscan sniff | sniff CPU | read at defaults | read CPU | sniff ÷ read | raw count | sniff ÷ count | DuckDB sniff_csv | DuckDB ÷ csvscan | sniffed |")
	fmt.Println("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|")
	for _, fx := range fxs {
		log.Printf("%s", fx.name)
		res, err := sniffFile(fx)
		if err != nil {
			log.Fatalf("%s: %v", fx.name, err)
		}
		opts := csvscan.OptionsFrom(res)
		query := fmt.Sprintf("SELECT delimiter FROM sniff_csv('%s')", strings.ReplaceAll(fx.path, "'", "''"))
		var sn, rd, ct, dk stats
		for i := 0; i <= *runs; i++ {
			// The three take turns, each round starting one later.
			steps := []func() error{
				func() error {
					w, c, err := timed(func() error { _, err := sniffFile(fx); return err })
					if i > 0 {
						sn.add(w, c)
					}
					return err
				},
				func() error {
					w, c, err := timed(func() error { _, err := readFile(fx, opts); return err })
					if i > 0 {
						rd.add(w, c)
					}
					return err
				},
				func() error {
					w, c, err := timed(func() error { _, err := countFile(ctx, fx, res); return err })
					if i > 0 {
						ct.add(w, c)
					}
					return err
				},
				func() error {
					w, c, err := timed(func() error { var d string; return db.QueryRowContext(ctx, query).Scan(&d) })
					if i > 0 {
						dk.add(w, c)
					}
					return err
				},
			}
			for k := range steps {
				if err := steps[(k+i)%len(steps)](); err != nil {
					log.Fatalf("%s: %v", fx.name, err)
				}
			}
		}
		cols := make([]string, len(res.Columns))
		for i, c := range res.Columns {
			cols[i] = c.Type.String()
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %.1f%% | %s | %.1f%% | %s | %.2fx | %q, header %v, %s |\n", fx.name,
			span(sn.wall), ms(median(sn.cpu)), span(rd.wall), ms(median(rd.cpu)),
			100*median(sn.wall).Seconds()/median(rd.wall).Seconds(), span(ct.wall),
			100*median(sn.wall).Seconds()/median(ct.wall).Seconds(), span(dk.wall),
			median(dk.wall).Seconds()/median(sn.wall).Seconds(),
			res.Dialect.Delimiter, res.HasHeader, strings.Join(cols, " "))
	}
}
