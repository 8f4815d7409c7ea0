//go:build !unix

package buffer

import (
	"errors"
	"os"
)

func mapRange(f *os.File, offset int64, length int) ([]byte, error) {
	return nil, errors.New("csvscan: memory mapping is not available here")
}

func unmap(b []byte) error { return nil }

const canMap = false
