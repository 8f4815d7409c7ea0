package buffer

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
)

// mappedFile writes data to a temporary file and returns a Manager over it
// in buffers of two pages, skipping the test where files are not mapped.
func mappedFile(t *testing.T, data []byte) (*Manager, string) {
	t.Helper()
	if !canMap || runtime.GOOS == "windows" {
		t.Skip("files are not mapped here")
	}
	f, path := openTemp(t, data)
	m, err := FromFile(f, 2*os.Getpagesize())
	if err != nil {
		t.Fatal(err)
	}
	// A prefetch may still be mapping the next buffer: the file is closed
	// only after it is done (cleanups run last first: this one before
	// openTemp's Close).
	t.Cleanup(m.Wait)
	if !m.Mapped() {
		t.Fatal("a regular file in buffers of whole pages is not mapped")
	}
	return m, path
}

// touch reads b[i] with faults turned into panics, and returns the error
// m.Fault makes of the panic, or nil when the read did not fault.
func touch(m *Manager, b []byte, i int) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if err = m.Fault(r); err == nil {
				panic(r)
			}
		}
	}()
	if b[i] == 0 {
		return errors.New("a zero byte")
	}
	return nil
}

// TestFaultError: a mapped page gone because the file shrank faults when
// touched; Fault makes of it a *FaultError naming the file and the offset,
// wrapping io.ErrUnexpectedEOF, where the process used to die.
func TestFaultError(t *testing.T) {
	page := os.Getpagesize()
	data := input(8 * page)
	m, path := mappedFile(t, data)
	b, err := m.Pin(1) // bytes [2 pages, 4 pages)
	if err != nil {
		t.Fatal(err)
	}
	if err := touch(m, b.Bytes(), 10); err != nil {
		t.Fatalf("before the file shrank: %v", err)
	}
	if err := os.Truncate(path, int64(2*page)); err != nil {
		t.Fatal(err)
	}
	err = touch(m, b.Bytes(), page+5)
	var fe *FaultError
	if !errors.As(err, &fe) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("touching a page past the new end: %v, want a *FaultError wrapping io.ErrUnexpectedEOF", err)
	}
	if want := int64(3*page + 5); fe.Offset != want || fe.Name != path {
		t.Errorf("FaultError %+v, want offset %d of %s", fe, want, path)
	}
	m.Release(b)

	// What is no memory fault in a mapped buffer is no business of Fault.
	if err := m.Fault("a panic of another kind"); err != nil {
		t.Errorf("Fault of a string: %v", err)
	}
	if err := m.Fault(fakeFault(0x1234)); err != nil {
		t.Errorf("Fault of an address outside the buffers: %v", err)
	}
}

type fakeFault uintptr

func (f fakeFault) Addr() uintptr { return uintptr(f) }

// TestStopMapping: after StopMapping the buffers are read, not mapped: the
// same bytes, and a file that shrinks gives a read error instead of a
// fault.
func TestStopMapping(t *testing.T) {
	page := os.Getpagesize()
	data := input(8 * page)
	m, path := mappedFile(t, data)
	b, err := m.Pin(0) // mapped, then unmapped by StopMapping once released
	if err != nil {
		t.Fatal(err)
	}
	m.Release(b)
	m.StopMapping()
	if m.Mapped() {
		t.Fatal("Mapped after StopMapping")
	}
	b, err = m.Pin(0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), data[:2*page]) || b.mapped {
		t.Fatalf("buffer 0 after StopMapping: mapped %v, bytes equal %v", b.mapped, bytes.Equal(b.Bytes(), data[:2*page]))
	}
	m.Release(b)
	if err := os.Truncate(path, int64(3*page)); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Pin(2); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Pin of a buffer past the new end: %v, want io.ErrUnexpectedEOF", err)
	}
}

// TestManagerClose: Close drops every buffer, pinned ones too, so that a
// reader that lost its pins (a fault) leaves no mapping behind.
func TestManagerClose(t *testing.T) {
	m, _ := mappedFile(t, input(8*os.Getpagesize()))
	m.NoPrefetch()
	b, err := m.Pin(1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Pin(2); err != nil {
		t.Fatal(err)
	}
	m.Close()
	if st := m.Stats(); st.Resident != 0 {
		t.Fatalf("%d buffers resident after Close", st.Resident)
	}
	if b.Bytes() != nil {
		t.Fatal("a pinned mapped buffer kept its mapping after Close")
	}
	m.Release(b) // a release after Close is harmless
}

// TestShrunkMapped: Shrunk tells a reader of mapped buffers that the file
// is now shorter than the bytes it read, where the tail of the last page
// past the new end reads as zeros instead of faulting.
func TestShrunkMapped(t *testing.T) {
	page := os.Getpagesize()
	m, path := mappedFile(t, input(4*page))
	b, err := m.Pin(0)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Release(b)
	if err := m.Shrunk(int64(2 * page)); err != nil {
		t.Fatalf("before the truncation: %v", err)
	}
	if err := os.Truncate(path, int64(page+100)); err != nil {
		t.Fatal(err)
	}
	if err := m.Shrunk(int64(page + 100)); err != nil {
		t.Fatalf("bytes up to the new end: %v", err)
	}
	if err := m.Shrunk(int64(page + 101)); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("a byte past the new end: got %v, want io.ErrUnexpectedEOF", err)
	}
	if got := b.Bytes()[page+100]; got != 0 {
		t.Fatalf("the byte past the new end in its page reads %q, not zero: the premise of Shrunk", got)
	}
}
