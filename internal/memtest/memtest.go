package memtest

import (
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// Full reports whether the full sizes were asked for (CSVSCAN_MEMORY=full).
func Full() bool { return os.Getenv("CSVSCAN_MEMORY") == "full" }

// Size returns full when CSVSCAN_MEMORY=full, and small otherwise.
func Size(small, full int64) int64 {
	if Full() {
		return full
	}
	return small
}

// heapMetric is the bytes of heap memory occupied by live and dead
// objects not yet swept: what the process holds for its heap objects.
const heapMetric = "/memory/classes/heap/objects:bytes"

// Measure runs f and returns the peak heap seen while it ran, above the
// heap in use before it started, together with f's error. The heap is
// sampled every 200 microseconds and after a garbage collection at the
// start, so the figure is an estimate from below of the true peak of heap
// objects; stacks and mapped files are not counted.
func Measure(f func() error) (peak uint64, err error) {
	runtime.GC()
	sample := []metrics.Sample{{Name: heapMetric}}
	read := func() uint64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return sample[0].Value.Uint64()
	}
	base := read()
	var (
		mu   sync.Mutex
		high = base
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			v := read()
			mu.Lock()
			high = max(high, v)
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	err = f()
	close(done)
	wg.Wait()
	high = max(high, read())
	if high < base {
		return 0, err
	}
	return high - base, err
}

// Limit sets a soft memory limit for the rest of the test (the runtime
// collects harder as the heap approaches it) and returns a function that
// restores the previous limit. A path that holds more than the limit then
// shows up in Measure's figure instead of being hidden by a lazy collector.
func Limit(bytes int64) (restore func()) {
	old := debug.SetMemoryLimit(bytes)
	return func() { debug.SetMemoryLimit(old) }
}

// pattern is the reader of Pattern.
type pattern struct {
	head, unit, tail string
	left             int64 // bytes of repeated units still to give
	off              int   // offset in the unit being given
	state            int   // 0 head, 1 units, 2 tail, 3 done
}

// Pattern returns a reader of head, then unit repeated until n bytes of
// repeats have been given (the last copy cut short if n is not a multiple
// of len(unit)), then tail. It allocates nothing per read.
func Pattern(head, unit string, n int64, tail string) io.Reader {
	if unit == "" {
		n = 0
	}
	return &pattern{head: head, unit: unit, tail: tail, left: n}
}

func (p *pattern) Read(b []byte) (int, error) {
	total := 0
	for len(b) > 0 && p.state < 3 {
		switch p.state {
		case 0:
			k := copy(b, p.head)
			p.head, b, total = p.head[k:], b[k:], total+k
			if p.head == "" {
				p.state = 1
			}
		case 1:
			if p.left <= 0 {
				p.state = 2
				continue
			}
			chunk := p.unit[p.off:]
			if int64(len(chunk)) > p.left {
				chunk = chunk[:p.left]
			}
			k := copy(b, chunk)
			p.off = (p.off + k) % len(p.unit)
			p.left -= int64(k)
			b, total = b[k:], total+k
		case 2:
			k := copy(b, p.tail)
			p.tail, b, total = p.tail[k:], b[k:], total+k
			if p.tail == "" {
				p.state = 3
			}
		}
	}
	if total == 0 && p.state == 3 {
		return 0, io.EOF
	}
	return total, nil
}

// Bytes returns the whole of a Pattern as one slice, for the entry points
// that take bytes or an io.ReaderAt (bytes.NewReader). Use it only at
// sizes that fit the test's memory: the slice itself is not counted by a
// Measure that starts after it is made.
func Bytes(head, unit string, n int64, tail string) []byte {
	b, _ := io.ReadAll(Pattern(head, unit, n, tail))
	return b
}

// Counter is an io.Reader that counts the bytes read through it, for a
// test that bounds how much of an input a call reads.
type Counter struct {
	R io.Reader
	N int64 // bytes read so far
}

// Read reads from R and counts what it gave.
func (c *Counter) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	return n, err
}
