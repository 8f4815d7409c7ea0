// Package skipper walks a buffer to the next byte that may matter to a CSV
// state machine, 64 bytes at a time.
//
// # Where it sits
//
// The statemachine package builds, for a dialect, a transition table, skip
// tables (for a state, which bytes leave it unchanged) and stop patterns
// (swar.BytePatterns matching every byte some skip table does not skip: the
// delimiter, the quote, '\n' and '\r', the comment marker, the escape byte).
// Every reader of a table (the scanner's loop, a parallel worker's, the
// sniffer's column counter) runs the transition table on one byte, and when
// the new state is one where long runs of ordinary bytes occur (an unquoted
// or quoted field, a comment) takes the skip step: Walker.Skip jumps to the
// next byte that state's skip table does not skip. A Walker is built once
// per table and decides, once, how: a Skipper finds candidates with the
// masks of a vector kernel (kernel.go: AVX-512 or AVX2, 1 KiB per call)
// where the CPU has one, or with swar.Patterns.MaybeAnyMask 64 bytes at a
// time (other CPUs, or the purego build tag), and checks each candidate
// against the skip table; a quoted run that one byte ends is found with
// bytes.IndexByte; and the quote-aware lane is on where it pays. The
// readers' cost follows the number of interesting bytes, not the number of
// bytes. The slow reference reader (internal/reference) does not use it: it
// is the oracle the fast paths are tested against.
//
//	dialect → statemachine (table, skip tables, stop patterns)
//	        → skipper (this package, on vector or swar masks) → scanner, sniff
//
// # Use
//
//	tab, _ := statemachine.For(dialect.RFC4180)
//	w := skipper.NewWalker(tab)
//	w.Reset(buf)
//	st = next[buf[pos]][st] // the reader's transition
//	pos = w.Skip(st, pos+1, len(buf)) // buf[pos] may move the machine, or pos == len(buf)
//
// Below the Walker, a Skipper walks one skip table with stop patterns of its
// own:
//
//	ps, _ := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
//	var skip [256]bool // skip table of the unquoted-field state
//	for i := range skip {
//		skip[i] = true
//	}
//	skip[','], skip['\n'], skip['\r'] = false, false, false
//
//	s := skipper.New(ps)
//	s.Reset(buf)
//	pos = s.SkipToStop(&skip, pos, len(buf)) // buf[pos] is ',', '\n', '\r' or the last byte
//
// The skip table and the patterns must agree: every byte the table does not
// skip must match a pattern. SkipToStop documents that contract; a table's
// own skip tables and stop patterns keep it.
//
// # The quote-aware lane
//
// For a table that reads plain CSV (statemachine.Table.Lane: one delimiter
// byte, the quote as its own escape, LF, CR or CRLF line ends), a Lane reads whole
// values from three masks per 64-byte block (quotes, enders, and their
// prefix XOR, which marks the bytes inside quotes) instead of stopping at
// each quote and delimiter. It declines every value the table would read
// differently, and the caller's loop reads that one byte by byte:
//
//	tab, _ := statemachine.For(dialect.RFC4180)
//	l, ok := tab.Lane() // ok: RFC 4180 qualifies
//	lane := skipper.NewLane(l)
//	lane.Reset(buf)
//	e, quotes, ok := lane.Value(vs, len(buf)) // buf[e] ends the value at vs
package skipper
