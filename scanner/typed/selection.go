package typed

// Removing bad rows from a chunk: DuckDB's selection vector, built
// branch-free (always write the row's index, advance only on a keep). The typed reader writes every row into the
// chunk, marks each with keep[i] = 1 (good) or 0 (bad), and when a chunk
// holds a bad row it builds the selection vector, the indexes of the rows
// that stay, and moves those rows down, column by column, in order. A chunk
// without a bad row is left as it is.
//
// Two ways build the vector. The branch-free one writes every index and
// advances only over a kept row (sel[n] = i; n += keep[i]), so the loop has
// no data-dependent branch; the branching one writes only kept rows (if
// keep[i] != 0 { sel[n] = i; n++ }) and pays a mispredicted branch whenever
// the pattern of bad rows surprises the predictor. BenchmarkSelection
// compares them on 2048-row chunks, each iteration with the next of 64
// random patterns of bad rows: "vector" is the selection vector alone,
// "compact" the whole compaction of a BIGINT, a DOUBLE (with NULLs), a
// DATE and a VARCHAR column. Medians of 5 runs (Intel Xeon, amd64, Go 1.26):
//
//	                 vector                    compact
//	bad rows   branchless  branching    branchless  branching
//	0%           0.72 µs    1.39 µs        2.2 µs     2.9 µs
//	1%           0.72 µs    1.55 µs        7.4 µs     8.4 µs
//	50%          0.71 µs    9.47 µs       10.8 µs    19.8 µs
//
// The branch-free form costs the same whatever the bad rows, and is the
// faster at every rate; the branching one is half as fast even when its
// branch is always right (the compiler keeps a branch per row and a
// conditional store), and 13 times slower with half the rows bad. The
// reader uses selectBranchless. The moves use the same idea where it pays:
// the kept rows are cut into runs of consecutive rows (run starts found
// branch-free too), long runs move with one copy each, short ones value by
// value, and a column without NULLs leaves its validity alone.

// selectBranchless fills sel with the indexes i where keep[i] is 1, in
// order, and returns how many there are. keep holds only 0 and 1; sel is
// at least as long as keep.
func selectBranchless(keep []uint8, sel []int32) int {
	sel = sel[:len(keep)]
	n := 0
	for i, k := range keep {
		// Always write; a dropped row's index is overwritten by the next.
		// n <= i, so the write stays inside sel.
		sel[n] = int32(i)
		n += int(k)
	}
	return n
}

// selectBranching is selectBranchless with a branch per row, kept for the
// benchmark and the tests that hold both to the same answer.
func selectBranching(keep []uint8, sel []int32) int {
	sel = sel[:len(keep)]
	n := 0
	for i, k := range keep {
		if k != 0 {
			sel[n] = int32(i)
			n++
		}
	}
	return n
}

// runs cuts the kept rows from from on into runs of consecutive rows:
// run q moves rows sel[starts[q]]... to rows starts[q]..starts[q+1]-1 (the
// last run ends at len(sel)). It is built like the selection vector,
// always writing and advancing only where a run starts. from must be the
// first j with sel[j] != j, so a run starts there.
func runs(sel []int32, from int, starts []int32) []int32 {
	starts = starts[:len(sel)]
	n := 0
	prev := int32(from) - 1 // sel[from-1] == from-1, or -1
	for j := from; j < len(sel); j++ {
		i := sel[j]
		starts[n] = int32(j)
		// A new run when i != prev+1: d is then positive (sel increases),
		// and (d | -d) >> 31 is 1, else 0.
		d := uint32(i - prev - 1)
		n += int((d | -d) >> 31)
		prev = i
	}
	return starts[:n]
}

// moveRuns moves the runs down in v: the rows from sel[start] on to the
// rows from start on, one copy per run (copy handles the overlap).
func moveRuns[T any](v []T, sel, starts []int32) {
	for q, j := range starts {
		end := int32(len(sel))
		if q+1 < len(starts) {
			end = starts[q+1]
		}
		i := sel[j]
		copy(v[j:end], v[i:i+end-j])
	}
}

// gather moves v[sel[j]] to v[j] for every j from from on, one value at a
// time. Because sel is increasing and sel[j] >= j, no value is overwritten
// before it is moved.
func gather[T any](v []T, sel []int32, from int) {
	for j := from; j < len(sel); j++ {
		v[j] = v[sel[j]]
	}
}

// move moves rows in v, by runs when they are long, else value by value:
// a copy per run of two rows costs more than two moves.
func move[T any](v []T, sel []int32, from int, starts []int32, long bool) {
	if long {
		moveRuns(v, sel, starts)
	} else {
		gather(v, sel, from)
	}
}

// longRuns reports whether the runs average 16 rows or more, when moving
// them with one copy each is the faster way.
func longRuns(sel []int32, from int, starts []int32) bool {
	return len(sel)-from >= 16*len(starts)
}

// gather keeps the rows sel names, in place: row sel[j] becomes row j. The
// rows before from stay where they are; starts are the runs from there.
func (v *Vector) gather(sel []int32, from int, starts []int32) {
	long := longRuns(sel, from, starts)
	v.Validity.gather(sel, from, starts, long)
	t, _ := storage(v.Type) // the narrow integers live in Ints, FLOAT in Floats
	switch t {
	case TypeBoolean:
		move(v.Bools, sel, from, starts, long)
	case TypeBigInt:
		move(v.Ints, sel, from, starts, long)
	case TypeDouble:
		move(v.Floats, sel, from, starts, long)
	case TypeDate:
		move(v.Dates, sel, from, starts, long)
	case TypeTime:
		move(v.Times, sel, from, starts, long)
	case TypeTimestamp:
		move(v.Timestamps, sel, from, starts, long)
	case TypeVarchar:
		v.gatherBytes(sel, from, starts, long)
	}
}

// gather sets bit j to bit sel[j] for every j from from on, and clears the
// bits past len(sel) in its last word. A column with no NULL among the
// rows written (every bit still set since Chunk.reset) needs nothing.
func (m Validity) gather(sel []int32, from int, starts []int32, long bool) {
	if from == len(sel) {
		return // only rows at the end were dropped
	}
	all := ^uint64(0)
	for _, w := range m {
		all &= w
	}
	if all == ^uint64(0) {
		return
	}
	if long {
		// Copy each run's bits 64 at a time. A run's bits are read at or
		// above where they are written, and each write keeps the bits
		// around it.
		for q, j := range starts {
			end := len(sel)
			if q+1 < len(starts) {
				end = int(starts[q+1])
			}
			i := int(sel[j])
			for off := 0; off < end-int(j); off += 64 {
				m.set(int(j)+off, min(64, end-int(j)-off), m.get(i+off))
			}
		}
	} else {
		// Bit by bit: each word is built in a register, starting with the
		// bits below from, and stored once, after all the bits it takes
		// were read (sel[j] >= j).
		w := m[from>>6] & (1<<(uint(from)&63) - 1)
		for j := from; j < len(sel); j++ {
			i := sel[j]
			w |= (m[i>>6] >> (uint(i) & 63) & 1) << (uint(j) & 63)
			if j&63 == 63 {
				m[j>>6] = w
				w = 0
			}
		}
		if len(sel)&63 != 0 {
			m[len(sel)>>6] = w
		}
		return
	}
	if n := len(sel); n&63 != 0 {
		m[n>>6] &= 1<<(uint(n)&63) - 1
	}
}

// get returns the 64 bits from bit pos on (bits past the end read as 0).
func (m Validity) get(pos int) uint64 {
	w, b := pos>>6, uint(pos)&63
	v := m[w] >> b
	if b != 0 && w+1 < len(m) {
		v |= m[w+1] << (64 - b)
	}
	return v
}

// set writes the low n bits of v (1 <= n <= 64) to bits pos..pos+n-1 and
// leaves the others.
func (m Validity) set(pos, n int, v uint64) {
	mask := ^uint64(0)
	if n < 64 {
		mask = 1<<uint(n) - 1
	}
	v &= mask
	w, b := pos>>6, uint(pos)&63
	m[w] = m[w]&^(mask<<b) | v<<b
	if b != 0 && b+uint(n) > 64 {
		m[w+1] = m[w+1]&^(mask>>(64-b)) | v>>(64-b)
	}
}

// gatherBytes keeps the VARCHAR values sel names: the rows before from stay
// where they are, and the others move down, a run of rows with one copy of
// its bytes when the runs are long, else row by row.
func (v *Vector) gatherBytes(sel []int32, from int, starts []int32, long bool) {
	w := v.Offsets[from] // the end of the rows that stay
	if !long {
		// Offsets[j+1] is written after Offsets[sel[j]+1] was read, and
		// from on sel[j] > j, so no later row reads it.
		for j := from; j < len(sel); j++ {
			i := sel[j]
			w += copy(v.Data[w:], v.Data[v.Offsets[i]:v.Offsets[i+1]])
			v.Offsets[j+1] = w
		}
		v.Data = v.Data[:w]
		return
	}
	for q, j0 := range starts {
		j, end := int(j0), len(sel)
		if q+1 < len(starts) {
			end = int(starts[q+1])
		}
		i := int(sel[j])
		s, e := v.Offsets[i], v.Offsets[i+end-j]
		copy(v.Data[w:], v.Data[s:e])
		// Offsets are read at i+1.. >= j+1.. before being written there;
		// from on sel[j] > j, so later runs read above everything written
		// here.
		d := s - w
		for q := j; q < end; q++ {
			v.Offsets[q+1] = v.Offsets[i+q-j+1] - d
		}
		w += e - s
	}
	v.Data = v.Data[:w]
}

// compact keeps the rows of c whose keep byte is 1, in order, and returns
// how many. keep is as long as the rows written; sel and starts are
// scratch at least as long.
func (c *Chunk) compact(keep []uint8, sel, starts []int32) int {
	k := selectBranchless(keep, sel)
	sel = sel[:k]
	from := 0 // the rows before the first dropped one do not move
	for from < k && int(sel[from]) == from {
		from++
	}
	starts = runs(sel, from, starts)
	for i := range c.Columns {
		c.Columns[i].gather(sel, from, starts)
	}
	move(c.RowNumbers, sel, from, starts, longRuns(sel, from, starts))
	return k
}
