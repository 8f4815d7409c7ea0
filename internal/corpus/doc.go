// Package corpus finds the shared conformance corpus and reads the expected
// answers of its small suites, for tests that hold the scanner to files
// written by others.
//
// The corpus lives outside the checkout (see its README.md): Dir looks at
// $CSVSCAN_CORPUS, then for shared/corpus beside the working directory or
// any of its ancestors (/work/shared/corpus for a test running in
// /work/main/scanner). Tests skip when it is absent:
//
//	dir, ok := corpus.Dir()
//	if !ok {
//		t.Skip("corpus not found: set CSVSCAN_CORPUS or place ../shared/corpus beside the checkout")
//	}
//	cases, err := corpus.Suites(dir)
//	for _, c := range cases {
//		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.Path)))
//		...
//	}
//
// Suites reads csv-spectrum and csv-test-data, whose files are RFC 4180
// (comma, '"' quotes, "" escapes). The DuckDB part of the corpus has a
// richer manifest and is not read here.
package corpus
