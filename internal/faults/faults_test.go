package faults

import (
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

func TestReader(t *testing.T) {
	boom := errors.New("boom")
	data := []byte("0123456789")
	for _, together := range []bool{false, true} {
		got, err := io.ReadAll(iotest.OneByteReader(&Reader{Data: data, N: 4, Err: boom, Together: together}))
		if string(got) != "0123" || !errors.Is(err, boom) {
			t.Errorf("together=%v: %q, %v", together, got, err)
		}
	}
	r := &Reader{Data: data, N: 4, Err: boom, Together: true}
	if n, err := r.Read(make([]byte, 10)); n != 4 || !errors.Is(err, boom) {
		t.Errorf("together: one read gave %d, %v; want the 4 bytes and the error", n, err)
	}
	r = &Reader{Data: data, N: 4, Err: boom}
	if n, err := r.Read(make([]byte, 10)); n != 4 || err != nil {
		t.Errorf("apart: first read %d, %v", n, err)
	}
	if n, err := r.Read(make([]byte, 10)); n != 0 || !errors.Is(err, boom) {
		t.Errorf("apart: second read %d, %v", n, err)
	}
}

func TestStall(t *testing.T) {
	var s Stall
	for range 5 {
		if n, err := s.Read(make([]byte, 4)); n != 0 || err != nil {
			t.Fatalf("%d, %v", n, err)
		}
	}
	if s.Calls != 5 {
		t.Fatalf("%d calls", s.Calls)
	}
}

func TestReaderAt(t *testing.T) {
	data := []byte("0123456789")
	r := &ReaderAt{Data: data, N: 6, Err: io.ErrUnexpectedEOF, Short: true}
	p := make([]byte, 4)
	if n, err := r.ReadAt(p, 0); n != 4 || err != nil || string(p) != "0123" {
		t.Errorf("inside: %d %v %q", n, err, p)
	}
	if n, err := r.ReadAt(p, 4); n != 2 || !errors.Is(err, io.ErrUnexpectedEOF) || string(p[:2]) != "45" {
		t.Errorf("across N, short: %d %v %q", n, err, p[:n])
	}
	if n, err := r.ReadAt(p, 7); n != 0 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("past N: %d %v", n, err)
	}
	r.Short = false
	if n, err := r.ReadAt(p, 4); n != 0 || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("across N: %d %v", n, err)
	}
}
