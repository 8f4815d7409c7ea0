//go:build unix

package buffer

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapRange maps length bytes of f from offset (page-aligned) read-only.
// MAP_POPULATE (where the system has it) faults the pages in now, so a
// background prefetch leaves nothing for the reader to wait on.
func mapRange(f *os.File, offset int64, length int) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), offset, length, unix.PROT_READ, unix.MAP_SHARED|mapPopulate)
}

func unmap(b []byte) error { return unix.Munmap(b) }

const canMap = true
