//go:build unix

package buffer

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapRange maps length bytes of f from offset (page-aligned) read-only.
// Pages fault in as the scanners touch them (MAP_POPULATE measured slower:
// it moves the faults onto one core).
func mapRange(f *os.File, offset int64, length int) ([]byte, error) {
	return unix.Mmap(int(f.Fd()), offset, length, unix.PROT_READ, unix.MAP_SHARED)
}

func unmap(b []byte) error { return unix.Munmap(b) }

const canMap = true
