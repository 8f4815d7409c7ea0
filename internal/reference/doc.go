// Package reference is the slow, obvious CSV reader that the scanner is
// checked against. It implements docs/reading-rules.md and nothing else, and
// shares no code with the scanner or the statemachine package: it declares
// its own 19 states (same meanings and names as DuckDB's), writes every
// transition as a plain switch on the state, and walks the whole input one
// byte at a time. It is written for clarity, not speed; use it in tests
// only.
//
// Where it sits:
//
//	dialect ─► statemachine.Table ─► scanner ─► rows
//	dialect ─► reference.Read ──────────────► rows   (differential tests, fuzzing)
//
// Basic use:
//
//	header, rows, err := reference.Read([]byte("a,b\n1,\"x,y\"\n"),
//		reference.Options{Dialect: dialect.RFC4180, Header: true})
//	// header = [a b], rows = [[1 x,y]], err = nil
//
// What some inputs read as, with dialect.RFC4180 unless stated:
//
//	a,"b,c"           [a] [b,c]        a quoted delimiter is text
//	"a""b"            [a"b]            a doubled quote is one quote
//	  "a"  ,b         [a] [b]          spaces around quotes are dropped
//	""                [""]             one empty value (an empty line is none)
//	"a"b              error            unquoted value at offset 3 (strict)
//	"a"b  (lenient)   [ab]             text after the closing quote is kept
//	a\,b  (lenient, escape \)  [a,b]   an escape works outside quotes
//	a|||b (delimiter "||")     [a] [|b]
//
// # Choices where docs/reading-rules.md leaves room
//
//   - Empty lines before the first row are never rows, even when
//     FieldsPerRow is 1: the width-1 rule only applies once a row has ended.
//   - "The byte at rowstart+MaxLineSize does not end the row" is read as
//     "that byte is not a line end" (cur is neither RECORD_SEPARATOR nor
//     CARRIAGE_RETURN). A comment line of exactly MaxLineSize bytes is
//     therefore accepted, and a longer one is an error even though it would
//     have been dropped. The row start moves past the LF of a CRLF, so the
//     LF never counts toward the next line.
//   - The field of a line-too-long error is counted after that byte's
//     events: when the byte is a delimiter, the field is the one it starts.
//   - A row that fails the field-count check is not delivered. When it is
//     the header (row 1), Read returns a nil header.
//   - An empty line that makes a row (width 1) is a row for numbering and is
//     subject to the field count like any other row (it always has 1 value).
//   - "No delimiter ended a value on this line" in the comment rule is read
//     as "the row being read has no values yet". The two only differ when a
//     quoted value spans lines, and then [vs, c) holds a quote, so the line
//     is never dropped either way.
//   - "Spaces" (trailing spaces of a quoted value's tail, spaces before a
//     comment) means the byte 0x20 only, not tabs.
//
// # Bad rows
//
// With Options.IgnoreErrors, ReadAll keeps each error as a BadRow and reads
// on, by "Bad rows" in docs/reading-rules.md: a row with an INVALID byte is
// run by the table to its line end; a row whose byte at
// rowstart+MaxLineSize does not end it (a line too long, or a bad row still
// looking for its end) ends at the first line-end byte after the last quote
// that took the machine into quotes, when it is inside quotes there, or
// after the limit otherwise; the reader goes back to that quote, which is
// easy here because it holds the whole input. Reading resumes after that
// byte in the state the dialect gives it after unquoted text:
//
//	input (RFC 4180, MaxLineSize 8)   rows               bad row
//	a,b\n1,"x\n2,y\n3,z\n         [a b] [2 y] [3 z]  line too long, row 2, line 2, offset 12
//
// # Consequences of the rules that surprise
//
// These follow from the transition table and the rules as written; the
// tests pin them so that the scanner cannot drift from them unnoticed.
//
//   - Strict mode does not always keep the tail of a quoted value empty: a
//     partial multi-byte delimiter after the closing quote falls back to
//     unquoted text, so with delimiter "||", "a"|b||c reads [a|b] [c].
//   - Strict NewlineCRLF rejects an LF only after unquoted text (or a
//     partial delimiter): an LF after a closing quote, a delimiter, a
//     comment or another line end still ends the line.
//   - NewlineLF reads CRLF as a row end followed by an empty line, which is
//     a row of one empty value in a one-column file.
package reference
