// Package duckcast holds differential tests of csvscan's casts against
// DuckDB itself (through duckdb-go): the same strings cast by both, the
// results compared. It has no code of its own; it lives in the benchmark
// module because that module is the one that links DuckDB.
package duckcast
