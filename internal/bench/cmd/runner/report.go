package main

import (
	"fmt"
	"io"
	"strings"
)

// setup is what the report says about the machine and the run.
type setup struct {
	cpuModel      string
	numCPU        int
	gomaxprocs    int
	goVersion     string
	goos, goarch  string
	duckVersion   string
	loadBefore    string // /proc/loadavg when the measurements started
	loadAfter     string // and when they ended
	size          int64
	runs          int
	seed          uint64
	dir           string
	elapsed       string
	buildFixtures string // how long writing or finding the fixtures took
}

// ratio names a column of the summary table: the median throughput of num
// over that of den.
type ratio struct{ num, den string }

// ratios are the summary table's last columns.
var ratios = []ratio{
	{nameSeq, nameStd},
	{nameSeq, nameDuck1},
	{namePar2, nameDuck2},
	{nameDoor2, nameDuck2},
}

// writeReport prints the Markdown report: the setup, the table of median
// throughputs with ratios, then the table of minimum, median and maximum
// times. ms holds the measurements of each fixture and query in the order
// they ran, every group with the engines in the same order.
func writeReport(w io.Writer, s setup, fixtures []fixture, ms []measurement, example string) {
	fmt.Fprintf(w, "# csvscan side-by-side benchmark\n\n")
	fmt.Fprintf(w, "- machine: %s, %d CPUs (runtime.NumCPU), GOMAXPROCS %d, %s/%s\n", s.cpuModel, s.numCPU, s.gomaxprocs, s.goos, s.goarch)
	fmt.Fprintf(w, "- Go %s; DuckDB %s (duckdb-go)\n", s.goVersion, s.duckVersion)
	fmt.Fprintf(w, "- load average before: %s; after: %s\n", s.loadBefore, s.loadAfter)
	fmt.Fprintf(w, "- -size %d -runs %d -seed %d; fixtures in %s (ready in %s); measuring took %s\n", s.size, s.runs, s.seed, s.dir, s.buildFixtures, s.elapsed)
	fmt.Fprintf(w, "- each cell: one warm-up run, then %d timed run(s) per engine, taking turns; GB/s = file bytes / seconds / 10^9\n\n", s.runs)

	fmt.Fprintf(w, "| fixture | bytes | rows |\n|---|--:|--:|\n")
	for _, fx := range fixtures {
		fmt.Fprintf(w, "| %s | %d | %d |\n", fx.name, fx.size, rowCount(ms, fx))
	}
	fmt.Fprintln(w)

	groups := groupByCell(ms)
	if len(groups) == 0 {
		return
	}
	var engines []string
	for _, m := range groups[0] {
		engines = append(engines, m.engine)
	}

	fmt.Fprintf(w, "## Median GB/s\n\n")
	fmt.Fprintf(w, "csvscan seq: sequential Scanner (one goroutine); csvscan par t=N: ScanFile with Threads N, the answer computed by the workers (Parallel.Each; the typed query with a typed.Reader per block). ")
	fmt.Fprintf(w, "csvscan door t=2: the front door, csvscan.Open with Threads 2 and the columns given, rows and chunks in file order (the typed query casts on the workers, count(*) counts on them; Raw, the other queries, reads sequentially below scanner.MinScanThreads goroutines). ")
	fmt.Fprintf(w, "DuckDB t=N: SET threads=N, dialect and VARCHAR columns given; DuckDB sniff: read_csv('F') detects them. ")
	fmt.Fprintf(w, "Ratios divide median throughputs.\n\n")
	header := append([]string{"fixture", "query"}, engines...)
	align := append([]string{"---", "---"}, repeat("--:", len(engines))...)
	for _, r := range ratios {
		header = append(header, r.num+" ÷ "+r.den)
		align = append(align, "--:")
	}
	writeRow(w, header)
	writeRow(w, align)
	for _, g := range groups {
		cells := []string{g[0].fx.name, g[0].q.String()}
		byName := map[string]measurement{}
		for _, m := range g {
			byName[m.engine] = m
			cells = append(cells, fmt.Sprintf("%.2f", m.gbps(m.median())))
		}
		for _, r := range ratios {
			num, ok1 := byName[r.num]
			den, ok2 := byName[r.den]
			if !ok1 || !ok2 {
				cells = append(cells, "")
				continue
			}
			cells = append(cells, fmt.Sprintf("%.2fx", den.median()/num.median()))
		}
		writeRow(w, cells)
	}
	fmt.Fprintln(w)

	fmt.Fprintf(w, "## Seconds: min / median / max\n\n")
	writeRow(w, []string{"fixture", "query", "engine", "answer", "min s", "median s", "max s", "GB/s at min s", "GB/s at median", "GB/s at max s"})
	writeRow(w, []string{"---", "---", "---", "--:", "--:", "--:", "--:", "--:", "--:", "--:"})
	for _, g := range groups {
		for _, m := range g {
			writeRow(w, []string{m.fx.name, m.q.String(), m.engine, fmt.Sprint(m.answer),
				fmt.Sprintf("%.4f", m.min()), fmt.Sprintf("%.4f", m.median()), fmt.Sprintf("%.4f", m.max()),
				fmt.Sprintf("%.2f", m.gbps(m.min())), fmt.Sprintf("%.2f", m.gbps(m.median())), fmt.Sprintf("%.2f", m.gbps(m.max()))})
		}
	}
	fmt.Fprintf(w, "\n## DuckDB statements (first fixture)\n\n```sql\n%s```\n", example)
}

// groupByCell splits ms into runs of measurements of the same fixture and
// query.
func groupByCell(ms []measurement) [][]measurement {
	var groups [][]measurement
	for i, m := range ms {
		if i == 0 || m.fx.path != ms[i-1].fx.path || m.q != ms[i-1].q {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], m)
	}
	return groups
}

// rowCount returns the agreed answer to count(*) about fx, or -1.
func rowCount(ms []measurement, fx fixture) int64 {
	for _, m := range ms {
		if m.fx.path == fx.path && m.q == qCount {
			return m.answer
		}
	}
	return -1
}

func writeRow(w io.Writer, cells []string) {
	fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}
