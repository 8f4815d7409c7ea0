// Package csvscan is the front door of the csvscan module: one call reads
// a CSV file the way DuckDB's SELECT * FROM read_csv('file') does.
//
// Open (a file) and OpenReader (a stream) run the whole pipeline, each
// step skipped when its option is given:
//
//	decompress  gzip or zstd, chosen by the magic bytes (Options.Compression)
//	decode      UTF-8, a UTF-16 byte order mark recognised (Options.Encoding)
//	sniff       dialect, preamble, header, column names and types, date and
//	            timestamp formats (package sniff; Options.AutoDetect,
//	            AutoTypeCandidates)
//	read        in parallel from a file, sequentially from a stream
//	            (package scanner; Options.Threads)
//	cast        into typed chunks (typed.Reader; Options.Columns,
//	            Types, AllVarchar, NullStr, DecimalSeparator, Thousands, IgnoreErrors,
//	            NullPadding), on
//	            the parallel read's goroutines for a file, the chunks
//	            handed out in file order
//
// The option names are read_csv's, as Go fields; each documents its
// default. This package is the one place that knows both sniffing and
// reading: the packages below never import each other that way.
//
// Basic use:
//
//	r, err := csvscan.Open("people.csv.gz", csvscan.Options{})
//	if err != nil {
//		return err
//	}
//	defer r.Close()
//	for row, err := range r.Values() { // []any: int64, float64, string, time.Time, nil ...
//		...
//	}
//
// Chunks gives the typed column vectors instead (the fast way to consume
// typed data), Raw the rows' bytes uncast (the fastest). Detected tells
// what was found, and Prompt the options that read the same input again
// without sniffing (Options.Flags: as csvscan command-line flags).
package csvscan
