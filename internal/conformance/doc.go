// Package conformance holds csvscan to the answers of DuckDB's own CSV
// tests, recorded in the shared corpus (duckdb/manifest.jsonl and
// duckdb/errors.jsonl; see the corpus README).
//
// The package has no API: its tests do the work. TestDuckDBRows reads every
// file with the options a DuckDB test gave read_csv (or COPY), when csvscan
// can honour them without a sniffer, and compares the rows with the ones the
// test expects, rendered as DuckDB renders them. TestDuckDBErrors checks that
// csvscan fails where DuckDB's tests expect a statement reading one file to
// fail. Both log a summary of passes, failures and skips by reason, and fail
// only when the passes drop below a floor or a failure is not among the known
// differences; the doc comments of the tests give the exact rules.
//
// The tests skip when the corpus is absent; internal/corpus.Dir finds it
// ($CSVSCAN_CORPUS, or shared/corpus beside the checkout).
//
//	go test ./internal/conformance -v -run DuckDB
package conformance
