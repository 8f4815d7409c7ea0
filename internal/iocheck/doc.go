// Package iocheck guards csvscan against readers that break the contract
// of io.Reader or io.ReaderAt by returning a count outside [0, len(p)]: the
// bytes past len(p) are not the input's, bufio (and the decompressors over
// it) panic on such a count, and a section reader takes it as read. Every
// place csvscan reads a caller's reader through a layer of the standard
// library goes through one of the two types here; the Scanner, the tap of
// the encoding/csv drop-in and the buffer check the count where they read
// (with CountError's text).
//
// It sits below every package that reads a caller's input and uses nothing
// of csvscan's.
//
//	r := &iocheck.Reader{R: src}
//	n, err := r.Read(p) // err is a count error when src returned too many bytes
//	total := r.N        // the bytes read so far
package iocheck
