//go:build linux

package linecount

import (
	"testing"

	"golang.org/x/sys/unix"
)

// TestCountUntilPageEnd runs every kernel (CountUntil's and
// CountMarks') on bytes that end where an unreadable page starts: the last
// block's masked load must not touch it.
func TestCountUntilPageEnd(t *testing.T) {
	page := unix.Getpagesize()
	mem, err := unix.Mmap(-1, 0, 2*page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer unix.Munmap(mem)
	if err := unix.Mprotect(mem[page:], unix.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	for i := range page {
		mem[i] = "ab\n"[i%3]
	}
	for n := 1; n <= 200; n++ {
		checkMarks(t, mem[page-n:page], '\n', 'b', n)
		checkMarks(t, mem[page-n:page], '\n', 'b', 2)
	}
	for name, k := range kernels() {
		for n := 1; n <= 200; n++ {
			b := mem[page-n : page]
			wn, wi := naive(b, '\n', '\r')
			if gn, gi := k(b, '\n', '\r'); gn != wn || gi != wi {
				t.Fatalf("%s: %d bytes before the guard page: %d, %d; want %d, %d", name, n, gn, gi, wn, wi)
			}
		}
	}
}
