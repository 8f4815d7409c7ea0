// Package split plans the reading of one CSV file by many workers that
// share nothing but small values: the workers of a distributed engine
// (Apache Beam, Spark, Flink), or processes on one machine.
//
// Where it sits:
//
//	file ─► Plan: ranges ─► Summarize (each range, anywhere) ─► Compose (in order, O(ranges))
//	                                                              │ Start per range
//	                                                              ▼
//	                                      Read (each range, anywhere) ─► scanner.Scanner ─► rows
//
// A Plan cuts a file of known size into byte ranges. A range's Summary is
// computed from its bytes alone: for every state the transition table may
// be in before the range (and what the line in progress holds), the state
// after the range and the counts of line ends, rows and empty lines, plus
// what the first row's width needs. Composing the summaries in file order
// gives each range its Start, the exact state a sequential scan is in
// there and the numbers of its first row and line; Read then reads the
// rows that start in the range, exactly as the sequential scan reads them.
// docs/12-split-plan.md explains the method and its cost.
//
// Why a package of its own, above scanner: iterator cuts the buffers of one
// process into boundaries, and scanner.Parallel resolves their start states
// between goroutines that share memory; a plan is the same idea made of
// values that cross machines (Summary and Start encode to a few dozen
// bytes), and it needs the scanner to read a range, so it cannot sit
// below it.
//
// Basic use, all in one process:
//
//	p, err := split.New(f, size, 64<<20, scanner.Options{Header: true})
//	if err != nil { ... }
//	sums := make([]split.Summary, p.NumRanges())
//	for i, g := range p.Ranges() { // in parallel, in a real plan
//		if sums[i], err = p.Summarize(f, g); err != nil { ... }
//	}
//	starts, err := p.Compose(sums)
//	if err != nil { ... }
//	for _, st := range starts { // in parallel, in a real plan
//		s, err := p.Read(f, st)
//		if err != nil { ... }
//		for s.Scan() {
//			fmt.Println(s.RowNumber(), s.Row())
//		}
//		if err := s.Err(); err != nil { ... } // and ignore the ranges after it
//	}
//
// With Options.IgnoreErrors bad rows are read to their end by the table
// and composed like any row, except in a file with a line near the
// maximum line size or a bad first row, for which Compose returns
// ErrSequential and ReadAll reads the file whole. A plan refuses
// Options.SkipRows (ErrSkipRows): skipped lines end by a rule outside the
// transition table.
package split
