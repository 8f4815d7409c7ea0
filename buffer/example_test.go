package buffer_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/csvscan/csvscan/buffer"
)

func Example() {
	in := "id,name\n1,ada\n2,bob\n"
	m := buffer.FromReaderAt(strings.NewReader(in), int64(len(in)), 8)
	fmt.Println(m.KnownCount(), "buffers, known without reading")
	b, _ := m.Pin(1)
	fmt.Printf("buffer %d at offset %d: %q\n", b.Index(), b.Offset(), b.Bytes())
	m.Release(b)
	rest, _ := io.ReadAll(m.NewReader(14))
	fmt.Printf("from offset 14: %q\n", rest)
	// Output:
	// 3 buffers, known without reading
	// buffer 1 at offset 8: "1,ada\n2,"
	// from offset 14: "2,bob\n"
}
