// Package typedbench holds the in-memory benchmarks of the typed read
// (scanner/typed) on the runner's fixtures: the six shapes of the notes
// files (internal/gen) and the 32-column file (package wide), cast with the
// runner's schema (id and the i.. columns BIGINT, f.. DOUBLE, d.. DATE, the
// others VARCHAR). They sit in this nested module because package wide
// does. Run them with
//
//	cd internal/bench && go test ./typedbench -run '^$' -bench . -count 5
//
// Each benchmark reports GB/s (SetBytes), allocations per run and per row
// (allocs/row, which must be 0 in steady state), and a checksum of the
// typed values so that no cast can be optimized away.
package typedbench
