// Package typedbench holds the in-memory benchmarks of the typed read
// (scanner/typed) on the runner's fixtures: the six shapes of the notes
// files (internal/gen) and the 32-column file (package wide), cast with the
// runner's schema (id and the i.. columns BIGINT, f.. DOUBLE, d.. DATE, the
// others VARCHAR). They sit in this nested module because package wide
// does. Run them with
//
//	cd internal/bench && go test ./typedbench -run '^$' -bench . -count 5
//
// Each benchmark reports MB/s (SetBytes), nanoseconds per row, and
// allocations per run and per row: allocs/row is all the allocations of
// the runs divided by their rows, so a run's fixed setup (the scanner's
// buffers, the parallel scan's batches) shows as a small fraction and
// anything allocated per row as 1 or more. The reads sum a checksum of the
// typed values, as the runner does.
package typedbench
