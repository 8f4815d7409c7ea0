package csvbeam

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/split"
)

var counted atomic.Int64

func countRow(Row)       { counted.Add(1) }
func countRecord(Record) { counted.Add(1) }

func init() {
	register.Function1x0[Row](countRow)
	register.Function1x0[Record](countRecord)
}

// TestLargeOverhead times, on a file it generates in a temporary
// directory (CSVBEAM_LARGE=200 for 200 MB; skipped without it), a
// sequential scan, the summary pass alone, and the pipelines on the
// direct runner, rows counted and not kept: Read in ranges of 64 and 16
// MiB, with and without the error filter, and ReadTyped against a
// sequential csvscan.Open. The measures are interleaved, CSVBEAM_ROUNDS
// times (3), and their medians logged. CSVBEAM_ONLY=name runs one measure
// alone, whose peak resident set (VmHWM) is then its own.
func TestLargeOverhead(t *testing.T) {
	mb, _ := strconv.Atoi(os.Getenv("CSVBEAM_LARGE"))
	if mb <= 0 {
		t.Skip("CSVBEAM_LARGE=<MB> times a pipeline over a generated file")
	}
	rounds, _ := strconv.Atoi(os.Getenv("CSVBEAM_ROUNDS"))
	if rounds <= 0 {
		rounds = 3
	}
	only := os.Getenv("CSVBEAM_ONLY")
	dir := t.TempDir()
	file := filepath.Join(dir, "big.csv")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := gen.Write(f, gen.Shape{NoteLen: 256, Quoted: true}, int64(mb)<<20, 9); err != nil {
		t.Fatal(err)
	}
	f.Close()
	info, _ := os.Stat(file)
	size := info.Size()
	opts := scanner.Options{Header: true}

	n := 0 // the rows of the sequential scan
	sequential := func() {
		r, _ := os.Open(file)
		defer r.Close()
		s, err := scanner.New(r, opts)
		if err != nil {
			t.Fatal(err)
		}
		n = 0
		for s.Scan() {
			n++
		}
	}
	summaries := func() {
		r, _ := os.Open(file)
		defer r.Close()
		p, err := split.New(r, size, 64<<20, opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range p.Ranges() {
			if _, err := p.Summarize(r, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	frontDoor := func() {
		rd, err := csvscan.Open(file, csvscan.Options{Threads: 1})
		if err != nil {
			t.Fatal(err)
		}
		defer rd.Close()
		m := 0
		for c, err := range rd.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
			m += c.Len()
		}
		if m != n {
			t.Fatalf("csvscan.Open: %d rows, the sequential scan %d", m, n)
		}
	}
	pipeline := func(o Options) func() {
		return func() {
			o.Scanner = opts
			counted.Store(0)
			p, sc := beam.NewPipelineWithRoot()
			rows, _, _ := Read(sc, file, o)
			beam.ParDo0(sc, countRow, rows)
			if _, err := direct.Execute(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			if int(counted.Load()) != n {
				t.Fatalf("%d rows, the sequential scan %d", counted.Load(), n)
			}
		}
	}
	typed := func() {
		counted.Store(0)
		p, sc := beam.NewPipelineWithRoot()
		out := ReadTyped(sc, file, TypedOptions{RangeSize: 64 << 20})
		beam.ParDo0(sc, countRecord, out.Records)
		if _, err := direct.Execute(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		if int(counted.Load()) != n {
			t.Fatalf("%d records, the sequential scan %d", counted.Load(), n)
		}
	}
	measures := []struct {
		name string
		run  func()
	}{
		{"sequential-scan", sequential},
		{"summary-pass", summaries},
		{"read-64MiB-unfiltered", pipeline(Options{RangeSize: 64 << 20, Unfiltered: true})},
		{"read-64MiB-filtered", pipeline(Options{RangeSize: 64 << 20})},
		{"read-16MiB-unfiltered", pipeline(Options{RangeSize: 16 << 20, Unfiltered: true})},
		{"read-16MiB-filtered", pipeline(Options{RangeSize: 16 << 20})},
		{"front-door-typed", frontDoor},
		{"readtyped-64MiB-filtered", typed},
	}
	sequential() // n, and the file in the page cache
	took := map[string][]time.Duration{}
	for range rounds {
		for _, m := range measures {
			if only != "" && m.name != only {
				continue
			}
			start := time.Now()
			m.run()
			took[m.name] = append(took[m.name], time.Since(start))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d MB, %d rows, medians of %d:", mb, n, rounds)
	for _, m := range measures {
		if d := took[m.name]; len(d) > 0 {
			slices.Sort(d)
			fmt.Fprintf(&b, "\n  %-26s %8.3f s  (%v)", m.name, d[len(d)/2].Seconds(), d)
		}
	}
	fmt.Fprintf(&b, "\n  peak resident set (VmHWM): %s", peakRSS())
	t.Log(b.String())
}

// peakRSS is the process's VmHWM line from /proc/self/status.
func peakRSS() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	b, _ := io.ReadAll(f)
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "unknown"
}
