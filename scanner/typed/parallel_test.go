package typed

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
)

// TestParallelEachTyped casts every block of a parallel scan
// (scanner.Parallel.Each) with its own Reader and requires, chunk rows put
// in file order, the values, row numbers and rejects of a Reader over the
// sequential scan. The Readers are given the schema only: over a Block, as
// over a Scanner, the dialect comes from the scan (the rejects' text is
// written in it), so a file delimited by ';' reads as one delimited by ','.
func TestParallelEachTyped(t *testing.T) {
	for _, delim := range []string{",", ";"} {
		t.Run("delim="+delim, func(t *testing.T) { testParallelEachTyped(t, delim) })
	}
}

func testParallelEachTyped(t *testing.T, delim string) {
	var in strings.Builder
	in.WriteString("id,price,day,note\n")
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 5000; i++ {
		switch {
		case i%997 == 5:
			fmt.Fprintf(&in, "%d,not a number,2024-01-01,x\n", i) // a cast error
		case i%1009 == 7:
			fmt.Fprintf(&in, "%d,1.5\n", i) // too few values
		default:
			fmt.Fprintf(&in, "%d,%d.%02d,2024-%02d-%02d,\"n %d\"\"\"\n", i, rng.IntN(1000), rng.IntN(100), 1+rng.IntN(12), 1+rng.IntN(28), i)
		}
	}
	data := []byte(strings.ReplaceAll(in.String(), ",", delim)) // no value holds a comma
	schema := Schema{{Name: "id", Type: TypeBigInt}, {Name: "price", Type: TypeDouble}, {Name: "day", Type: TypeDate}, {Name: "note", Type: TypeVarchar}}
	opts := scanner.Options{Header: true, FieldsPerRow: -1}
	opts.Dialect = dialect.Default()
	opts.Dialect.Delimiter = delim
	topts := Options{Schema: schema, IgnoreErrors: true, StoreRejects: true}

	type row struct {
		num  int
		vals string
	}
	typedRows := func(r *Reader) ([]row, []string) {
		var rows []row
		for c, err := range r.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < c.Len(); i++ {
				v := fmt.Sprint(c.Columns[0].Ints[i], c.Columns[1].Floats[i], c.Columns[2].Dates[i], string(c.Columns[3].Bytes(i)))
				rows = append(rows, row{c.RowNumbers[i], v})
			}
		}
		var rejects []string
		for _, rj := range r.Rejects() {
			// A Block, like Parallel, does not report byte offsets: -1.
			rj.LineByteOffset, rj.ByteOffset = -1, -1
			rejects = append(rejects, fmt.Sprintf("%+v", rj))
		}
		return rows, rejects
	}
	wantRows, wantRejects := typedRows(typedBytes(t, data, opts, topts))
	if len(wantRejects) == 0 || len(wantRows) < 4900 {
		t.Fatalf("the input should have good rows and rejects: %d rows, %d rejects", len(wantRows), len(wantRejects))
	}

	popts := opts
	popts.Threads, popts.BufferSize = 3, 4096
	p, err := scanner.ScanReaderAt(context.Background(), bytes.NewReader(data), int64(len(data)), popts)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var gotRows []row
	var gotRejects []string
	// One Reader per worker, Reset for each block, as a user would.
	var readers sync.Pool
	err = p.Each(func(b *scanner.Block) error {
		r, _ := readers.Get().(*Reader)
		if r == nil {
			var err error
			if r, err = NewReader(b, topts); err != nil {
				return err
			}
		} else if err := r.Reset(b); err != nil {
			return err
		}
		defer readers.Put(r)
		rows, rejects := typedRows(r)
		mu.Lock()
		defer mu.Unlock()
		gotRows = append(gotRows, rows...)
		gotRejects = append(gotRejects, rejects...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(gotRows, func(a, b row) int { return a.num - b.num })
	slices.Sort(gotRejects)
	slices.Sort(wantRejects)
	if d := cmp.Diff(wantRows, gotRows, cmp.AllowUnexported(row{})); d != "" {
		t.Errorf("typed rows differ (-sequential +Each):\n%s", d)
	}
	if d := cmp.Diff(wantRejects, gotRejects); d != "" {
		t.Errorf("rejects differ (-sequential +Each):\n%s", d)
	}
}

// TestParallelEachStopsAtWidthError: a row of the wrong width stops Each's
// sequencer while later boundaries still need it: one starts inside quotes
// whose side-by-side runs have not met (its first rows left to the
// sequencer), the next starts where every run dies (it waits for its start
// state). Each must still return, with the sequential scan's error.
