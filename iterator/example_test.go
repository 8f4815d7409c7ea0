package iterator_test

import (
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/buffer"
	"github.com/csvscan/csvscan/iterator"
)

func Example() {
	in := strings.Repeat("a,b\n", 10) // 40 bytes
	m := buffer.FromReaderAt(strings.NewReader(in), int64(len(in)), 16)
	it := iterator.New(m, iterator.BytesPerThread(m.Size(), 6)) // 16/16*4 = 4, raised to 6
	for {
		b, ok, _ := it.Next()
		if !ok {
			break
		}
		fmt.Printf("boundary %d: buffer %d [%d,%d) = bytes [%d,%d)\n", b.Index, b.BufferIndex, b.Start, b.End, b.Offset(), b.EndOffset())
	}
	// Output:
	// boundary 0: buffer 0 [0,6) = bytes [0,6)
	// boundary 1: buffer 0 [6,12) = bytes [6,12)
	// boundary 2: buffer 0 [12,16) = bytes [12,16)
	// boundary 3: buffer 1 [0,6) = bytes [16,22)
	// boundary 4: buffer 1 [6,12) = bytes [22,28)
	// boundary 5: buffer 1 [12,16) = bytes [28,32)
	// boundary 6: buffer 2 [0,6) = bytes [32,38)
	// boundary 7: buffer 2 [6,8) = bytes [38,40)
}
