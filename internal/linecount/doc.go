// Package linecount counts one byte value up to the first of another, in
// one pass: the LF bytes of the input up to its first CR, for the
// encoding/csv drop-in (scanner/csv), which counts the lines of every byte
// it reads (for FieldPos and the line numbers of its errors) and must know
// where a CR lies (encoding/csv drops the CR of a CRLF inside a quoted
// field). With AVX-512 the two are one pass over the bytes the drop-in has
// just read, where bytes.Count and bytes.IndexByte were two; elsewhere
// CountUntil is those two.
//
// It sits below scanner/csv and uses nothing of csvscan's.
//
//	n, i := linecount.CountUntil([]byte("a\nb\nc\rd\n"), '\n', '\r')
//	// n == 2 (the LFs before the CR), i == 5 (the CR)
package linecount
