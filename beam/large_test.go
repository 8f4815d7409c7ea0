package csvbeam

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/scanner"
)

var counted atomic.Int64

func countRow(Row) { counted.Add(1) }

func init() { register.Function1x0[Row](countRow) }

// TestLargeOverhead times the three stages on the direct runner against a
// sequential scan of the same file, which it generates in a temporary
// directory: CSVBEAM_LARGE=200 for 200 MB (skipped without it). The
// pipeline's rows are counted, not kept.
func TestLargeOverhead(t *testing.T) {
	mb, _ := strconv.Atoi(os.Getenv("CSVBEAM_LARGE"))
	if mb <= 0 {
		t.Skip("CSVBEAM_LARGE=<MB> times a pipeline over a generated file")
	}
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
	opts := scanner.Options{Header: true}

	start := time.Now()
	r, _ := os.Open(file)
	s, err := scanner.New(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for s.Scan() {
		n++
	}
	r.Close()
	seq := time.Since(start)

	for _, o := range []Options{{RangeSize: 16 << 20}, {RangeSize: 64 << 20}, {RangeSize: 16 << 20, Unfiltered: true}, {RangeSize: 64 << 20, Unfiltered: true}} {
		o.Scanner = opts
		counted.Store(0)
		p, sc := beam.NewPipelineWithRoot()
		rows, _, _ := Read(sc, file, o)
		beam.ParDo0(sc, countRow, rows)
		start = time.Now()
		if _, err := direct.Execute(context.Background(), p); err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		if int(counted.Load()) != n {
			t.Fatalf("%d rows, the sequential scan %d", counted.Load(), n)
		}
		t.Logf("%d MB, %d rows: sequential scan %v; pipeline (ranges of %d MiB, unfiltered %v) %v, %.2fx", mb, n, seq, o.RangeSize>>20, o.Unfiltered, took, took.Seconds()/seq.Seconds())
	}
}
