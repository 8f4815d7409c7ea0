// Package scanner reads CSV rows with DuckDB's table-driven state machine.
//
// Where it sits:
//
//	dialect ─► statemachine.Table ─► scanner ─► rows ─► caller
//	                                   ▲
//	                 skipper ◄── swar ─┘ (runs of ordinary bytes skipped 64 at a time)
//
// The loop reads one byte, looks up the next state in the 256 × 19 table,
// and acts only on the states that mean something: a delimiter ends a value,
// a line end ends a row, a quote opens or closes a quoted value. Inside an
// unquoted value, a quoted value or a comment, the SWAR skipper jumps to the
// next byte that could change the state. The rules that turn states into
// values are written out in docs/reading-rules.md; in short, with the
// default dialect (RFC 4180, DuckDB's defaults):
//
//	input                 values
//	a,b,c\n               [a b c]
//	"a,b",c\n             [a,b c]          a quoted delimiter is text
//	"say ""hi""",x\n      [say "hi" x]     a doubled quote is one quote
//	"two\nlines",x\n      [two\nlines x]   a quoted line end is kept
//	a,b\r\nc,d\n          [a b] [c d]      LF, CRLF and a lone CR end rows
//	a,b\n\nc,d\n          [a b] [c d]      an empty line is no row...
//	a\n\nb\n              [a] [] [b]       ...except in a one-column file
//	""\n                  []               one empty value
//	ab"c,d\n              [ab"c d]         a quote inside a value is text
//	"a"b,c\n              error            text after a closing quote (strict)
//	"abc                  error            unterminated quote, at the quote
//
// A byte order mark at the start is dropped. Errors are *ParseError values
// naming the row, the field and the byte offset; errors.Is matches them
// against ErrUnterminatedQuote, ErrUnquotedValue, ErrInvalidState,
// ErrLineTooLong and ErrFieldCount.
//
// Parallel reads one input with several goroutines (ScanFile, ScanReaderAt,
// ScanReader) and returns exactly the rows, header and error of a
// sequential scan, in file order; docs/parallel.md explains how boundaries
// get exact start states. Parallel.Each hands the same rows to the workers
// instead, block by block, so that the caller's work on them runs in
// parallel too.
//
// This package reads rows only. On top of them: package scanner/typed
// casts rows into column-major chunks with DuckDB's types and keeps bad
// rows as rejects; package scanner/csv is a drop-in for encoding/csv; the
// front door (package csvscan) composes decompression, decoding, the
// sniffer, this scanner and the typed reader in one call. Here, All and
// Chunks iterate with range, Open reads a file (in parallel from
// MinScanThreads goroutines on, sequentially below), and
// Options.IgnoreErrors skips rows with parse errors instead of stopping.
//
// Basic use:
//
//	s, err := scanner.New(file, scanner.Options{Header: true})
//	if err != nil { ... }          // an invalid dialect
//	for s.Scan() {
//		row := s.Row()             // valid until the next Scan
//		fmt.Println(string(row[0]))
//	}
//	if err := s.Err(); err != nil { ... }
package scanner
