// Package decode turns text in the encodings DuckDB's encoding option
// names into UTF-8 before any parsing, as DuckDB decodes its buffers. The
// front door (csvscan.Decode, Options.Encoding) and the sniffer (a UTF-16
// input with a byte order mark) both read through it; one place for the
// decoders, below both.
//
// Basic use:
//
//	r, err := decode.Reader(file, "latin-1")
//	if err != nil { ... } // errors.Is(err, decode.ErrUnknown)
//	s, err := scanner.New(r, scanner.Options{})
package decode
