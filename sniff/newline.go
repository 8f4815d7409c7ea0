package sniff

import (
	"bytes"

	"github.com/csvscan/csvscan/dialect"
)

// The line end: detected from the line ends outside quotes, as the table
// reads them (issue 13, class 3), before the dialect candidates are built.

// detectNewline returns the line end of the first line of b, as DuckDB's
// DetectNewLineDelimiter: CRLF when a CR is followed by LF, CR when a CR is
// followed by anything else, LF otherwise (also when there is no line end).
func detectNewline(b []byte) dialect.Newline {
	for i, c := range b {
		if c == '\r' || c == '\n' {
			return newlineAt(b, i)
		}
	}
	return dialect.NewlineLF
}

// newlineAt is the kind of the line end at b[i] (a CR or an LF): a run of
// CRs followed by LF is CRLF, as in DuckDB ("one\r\r\n" is CRLF).
func newlineAt(b []byte, i int) dialect.Newline {
	if b[i] == '\n' {
		return dialect.NewlineLF
	}
	for i < len(b) && b[i] == '\r' {
		i++
	}
	if i < len(b) && b[i] == '\n' {
		return dialect.NewlineCRLF
	}
	return dialect.NewlineCR
}

// newlineScan bounds the bytes detectNewlineOutside looks at.
const newlineScan = 1 << 20

// detectNewlineOutside is detectNewline for a dialect with quote q: the
// first line end outside quoted values (a q opens or closes one wherever
// it stands), as the quote's table reads it. A file whose rows end in
// CRLF but whose first quoted value holds an LF thus reads as CRLF, where
// DuckDB takes the LF and then fails on every CR. When the first
// newlineScan bytes hold no line end outside quotes, it is detectNewline.
func detectNewlineOutside(b []byte, q byte) dialect.Newline {
	b = b[:min(len(b), newlineScan)]
	stops := string([]byte{q, '\r', '\n'})
	for i := 0; i < len(b); {
		j := bytes.IndexAny(b[i:], stops)
		if j < 0 {
			break
		}
		i += j
		if b[i] != q {
			return newlineAt(b, i)
		}
		k := bytes.IndexByte(b[i+1:], q) // the closing quote
		if k < 0 {
			break
		}
		i += k + 2
	}
	return detectNewline(b)
}

// mixesNewlinesOutside says the first newlineScan bytes of b end their
// lines in more than one way (LF, CRLF, CR) outside values quoted with q,
// or hold a quote that does not close there. A CRLF file whose quoted
// values hold LFs, as Windows exports keep them, ends every line one way.
func mixesNewlinesOutside(b []byte, q byte) bool {
	b = b[:min(len(b), newlineScan)]
	stops := string([]byte{q, '\r', '\n'})
	first := dialect.Newline(0)
	seen := false
	for i := 0; i < len(b); {
		j := bytes.IndexAny(b[i:], stops)
		if j < 0 {
			return false
		}
		i += j
		if b[i] != q {
			nl := newlineAt(b, i)
			if seen && nl != first {
				return true
			}
			first, seen = nl, true
			for i < len(b) && b[i] == '\r' {
				i++
			}
			if nl != dialect.NewlineCR {
				i++ // the LF
			}
			continue
		}
		k := bytes.IndexByte(b[i+1:], q) // the closing quote
		if k < 0 {
			return true
		}
		i += k + 2
	}
	return false
}
