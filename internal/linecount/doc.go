// Package linecount counts one byte value and finds another, in one pass:
// the LF bytes of the input, and its CRs, for the encoding/csv drop-in
// (scanner/csv), which counts the lines of every byte it reads (for
// FieldPos and the line numbers of its errors) and must know where a CR
// lies (encoding/csv drops the CR of a CRLF inside a quoted field).
// CountUntil counts up to the first CR (a file of LF line ends has none);
// CountMarks counts and lists the offsets of every CR (a file of CRLF line
// ends has one a line), so that whether a row holds a CR is a lookup. With
// AVX-512 each is one pass over the bytes the drop-in has just read, where
// bytes.Count and bytes.IndexByte were two; elsewhere they are those
// searches.
//
// It sits below scanner/csv and uses nothing of csvscan's.
//
//	n, i := linecount.CountUntil([]byte("a\nb\nc\rd\n"), '\n', '\r')
//	// n == 2 (the LFs before the CR), i == 5 (the CR)
//	n, crs, at := linecount.CountMarks([]byte("a\r\nb\r\n"), '\n', '\r', make([]uint32, 0, 4))
//	// n == 2, crs == [1 4], at == 6 (all of it: crs had room)
package linecount
