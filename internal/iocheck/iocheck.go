package iocheck

import (
	"fmt"
	"io"
)

// CountError is the error of a read that returned n bytes for a buffer of
// size bytes.
func CountError(n, size int) error {
	return fmt.Errorf("csvscan: the reader returned %d bytes for a %d-byte buffer", n, size)
}

// Reader reads R, turning a count outside [0, len(p)] into an error that
// every later Read returns too, and counts the bytes read in N.
type Reader struct {
	R   io.Reader
	N   int64 // the bytes read
	err error
}

// Read reads from R.
func (c *Reader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.R.Read(p)
	if n < 0 || n > len(p) {
		c.err = CountError(n, len(p))
		return 0, c.err
	}
	c.N += int64(n)
	return n, err
}

// ReaderAt reads R, turning a count outside [0, len(p)] into an error.
type ReaderAt struct{ R io.ReaderAt }

// ReadAt reads from R.
func (c ReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.R.ReadAt(p, off)
	if n < 0 || n > len(p) {
		return 0, fmt.Errorf("%w at offset %d", CountError(n, len(p)), off)
	}
	return n, err
}
