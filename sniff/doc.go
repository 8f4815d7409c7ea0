// Package sniff finds how a CSV file nobody described is written: its
// delimiter, quote, escape, comment and line ends, the lines of notes before
// the table, whether the first row is a header, and the name and type of
// each column. It answers what DuckDB's sniff_csv answers, by DuckDB's
// method, so that a file csvscan reads is read as DuckDB reads it.
//
// Where it sits:
//
//	sample ─► candidate dialects ─► statemachine tables (cached) ─► row widths
//	       ─► the most consistent dialect ─► types per column ─► header ─► Result
//
// The sniffer never parses CSV on its own: every candidate dialect is read
// by its transition table, the same table the scanner runs, so a dialect the
// sniffer chooses reads the file exactly as the sniffer saw it. The phases,
// one file each:
//
//	sample.go   which bytes are read: the head, and windows further on
//	dialect.go  the candidate dialects and how they are compared
//	ragged.go   tables with short or long rows, scored by consistency;
//	            a second table; the confidence
//	delims.go   a delimiter that always comes doubled, or padded before
//	            a quote
//	skip.go     where the table starts (notes, comments, a wide preamble,
//	            a block above an empty line)
//	types.go    the type of each column over the first chunk of rows
//	refine.go   the types checked against the rest of the sample
//	header.go   header detection and column names
//
// Each file's opening comment says what DuckDB does, where csvscan follows
// it and where it goes further: delimiters DuckDB does not try, ragged
// rows, the newline outside quotes, doubled quotes in lenient mode, a
// preamble as wide as the table, an all-text first row shaped like the
// data, a second table, a quote first seen in a window from later in the
// file, UTF-16 and latin-1 samples, and a confidence with a meaning.
// docs/10-sniffing.md walks through an example and lists every difference
// from DuckDB with its reason.
//
// Basic use:
//
//	f, _ := os.Open("export.csv")
//	st, _ := f.Stat()
//	res, err := sniff.Sniff(f, st.Size(), sniff.Options{})
//	if err != nil { ... }          // sniff.ErrNoDialect: nothing reads it consistently
//	s, _ := scanner.New(f, scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, SkipRows: res.SkipRows})
//
// When the sample's table is ragged, res.NullPadding and res.IgnoreErrors
// say so: read it with FieldsPerRow -1 and a TypedReader with those
// options (DuckDB's null_padding and ignore_errors), as the sniffer did.
//
// Cost: the sniffer holds its sample and what it learns from it, never
// more. The sample is the head (DefaultSampleSize lines, cut short
// MaxLineSize bytes past the last line end and at 64 MiB; for Sniff of an
// input over 16 MiB, at DefaultSampleBytes) and, for Sniff, four windows
// of 64 KiB spread over the rest and one at its end (the whole rest when it
// is shorter), and one more from the first '"' after a head so cut that has
// none (found in a pass over the rest of DuckDB's 20,480 lines, a megabyte
// at a time); the types of such a head are refined over the rest of those
// lines too, up to 32Ki values past it, 64 KiB at a time. Its peak heap is at most 192 bytes per sampled byte plus
// 16 MiB, whatever the shape of the input: the worst case, a sample of
// empty values (2 rows of 1,000,000 columns in 2 MB), holds about 65
// bytes live per sampled byte, and garbage not yet collected doubles
// that. TestMemory checks the bound on the hostile shapes. A read error is
// the sniff's error, never a short sample. On a 200 MB file of any of the
// benchmark shapes a sniff costs at most 1.5% of reading the file at
// default settings (internal/bench/cmd/sniffspeed; docs/10-sniffing.md).
//
// Options fix what is known: Fixed names the parts of Options.Dialect to
// take as given, and the sniffer searches the rest.
package sniff
