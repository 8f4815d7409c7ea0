package typed

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// selectionChunk returns a chunk of n rows with a BIGINT, a DOUBLE, a DATE
// and a VARCHAR column whose values name their row, every seventh DOUBLE
// NULL (the other columns have none, as most columns of most files).
func selectionChunk(n int) *Chunk {
	c := newChunk(Schema{{Name: "i", Type: TypeBigInt}, {Name: "f", Type: TypeDouble}, {Name: "d", Type: TypeDate}, {Name: "s", Type: TypeVarchar}}, ChunkSize)
	c.reset(ChunkSize)
	for i := range n {
		c.RowNumbers[i] = i + 1
		c.Columns[0].Ints[i] = int64(i)
		c.Columns[1].Floats[i] = float64(i) / 2
		c.Columns[2].Dates[i] = Date(i)
		s := &c.Columns[3]
		s.Data = append(s.Data, "row "+strconv.Itoa(i)...)
		s.Offsets[i+1] = len(s.Data)
		if i%7 == 3 {
			c.Columns[1].setNull(i)
		}
	}
	return &c
}

// selectionKeep returns n keep bytes, each 0 with probability bad.
func selectionKeep(rng *rand.Rand, n int, bad float64) []uint8 {
	keep := make([]uint8, n)
	for i := range keep {
		if rng.Float64() >= bad {
			keep[i] = 1
		}
	}
	return keep
}

func TestSelectionForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	patterns := [][]uint8{{}, {0}, {1}, {0, 1}, {1, 0}, {0, 0, 1, 1, 0}}
	for _, bad := range []float64{0, 0.01, 0.5, 0.99, 1} {
		for _, n := range []int{1, 63, 64, 65, ChunkSize} {
			patterns = append(patterns, selectionKeep(rng, n, bad))
		}
	}
	for _, keep := range patterns {
		a := make([]int32, len(keep))
		b := make([]int32, len(keep))
		na, nb := selectBranchless(keep, a), selectBranching(keep, b)
		var want []int32
		for i, k := range keep {
			if k == 1 {
				want = append(want, int32(i))
			}
		}
		if na != len(want) || nb != len(want) || !slices.Equal(a[:na], want) || !slices.Equal(b[:nb], want) {
			t.Fatalf("keep %v: branchless %v, branching %v, want %v", keep, a[:na], b[:nb], want)
		}
	}
}

// TestCompactKeepsRowsInOrder removes rows from chunks and checks that the
// survivors are exactly the kept rows, in order, with their values and
// NULLs.
func TestCompactKeepsRowsInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, bad := range []float64{0, 0.01, 0.5, 1} {
		for _, n := range []int{1, 2, 64, 65, 1000, ChunkSize} {
			orig := selectionChunk(n)
			want := selectionChunk(n)
			c := selectionChunk(n)
			keep := selectionKeep(rng, n, bad)
			if n > 2 {
				keep[0], keep[n-1] = 0, 0 // the first and last rows go, whatever the draw
			}
			k := c.compact(keep, make([]int32, ChunkSize), make([]int32, ChunkSize))
			c.setLen(k)
			j := 0
			for i := range n {
				if keep[i] == 0 {
					continue
				}
				if c.RowNumbers[j] != orig.RowNumbers[i] {
					t.Fatalf("bad %v, n %d: row %d is row number %d, want %d", bad, n, j, c.RowNumbers[j], orig.RowNumbers[i])
				}
				for col := range c.Columns {
					got := string(c.Columns[col].AppendText(nil, j))
					w := string(want.Columns[col].AppendText(nil, i))
					if got != w {
						t.Fatalf("bad %v, n %d: row %d column %d is %q, want %q (row %d)", bad, n, j, col, got, w, i)
					}
				}
				j++
			}
			if j != k || c.Len() != k {
				t.Fatalf("bad %v, n %d: %d rows kept, want %d", bad, n, k, j)
			}
		}
	}
}

// BenchmarkSelection removes the bad rows of 2048-row chunks with 0%, 1%
// and 50% of the rows bad, building the selection vector branch-free or
// with a branch per row. vector times the selection vector alone; compact
// the whole compaction of a chunk of four columns (BIGINT, DOUBLE with
// NULLs, DATE, VARCHAR), as Reader does it. Each iteration takes the
// next of 64 random patterns of bad rows. Each compact iteration
// first puts back the VARCHAR offsets and length the last one rewrote (a
// 16 KiB copy, the same for both forms); the fixed-size columns are
// compacted again as they are, which costs the same whatever they hold.
func BenchmarkSelection(b *testing.B) {
	forms := []struct {
		name string
		sel  func([]uint8, []int32) int
	}{{"branchless", selectBranchless}, {"branching", selectBranching}}
	for _, form := range forms {
		for _, pct := range []int{0, 1, 50} {
			// 64 patterns in turn: on a single one, repeated, the branch
			// predictor learns where the bad rows are.
			rng := rand.New(rand.NewPCG(5, 6))
			keeps := make([][]uint8, 64)
			for i := range keeps {
				keeps[i] = selectionKeep(rng, ChunkSize, float64(pct)/100)
			}
			sel := make([]int32, ChunkSize)
			b.Run(fmt.Sprintf("%s/vector/bad=%d%%", form.name, pct), func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					form.sel(keeps[n&63], sel)
					n++
				}
			})
			b.Run(fmt.Sprintf("%s/compact/bad=%d%%", form.name, pct), func(b *testing.B) {
				c := selectionChunk(ChunkSize)
				starts := make([]int32, ChunkSize)
				s := &c.Columns[3]
				offsets := slices.Clone(s.Offsets)
				full := len(s.Data)
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					copy(s.Offsets, offsets)
					s.Data = s.Data[:full]
					k := form.sel(keeps[n&63], sel)
					n++
					from := 0 // as Chunk.compact
					for from < k && int(sel[from]) == from {
						from++
					}
					st := runs(sel[:k], from, starts)
					for i := range c.Columns {
						c.Columns[i].gather(sel[:k], from, st)
					}
					move(c.RowNumbers, sel[:k], from, st, longRuns(sel[:k], from, st))
				}
			})
		}
	}
}
