package sniff_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/sniff"
)

// wideFixture is a file of 32 columns (integers, decimals, dates, text)
// of about size bytes, the shape of the 200 MB runner file.
func wideFixture(size int) []byte {
	var b bytes.Buffer
	for c := range 32 {
		if c > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "col%d", c)
	}
	b.WriteByte('\n')
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; b.Len() < size; i++ {
		for c := range 32 {
			if c > 0 {
				b.WriteByte(',')
			}
			switch c % 4 {
			case 0:
				fmt.Fprintf(&b, "%d", r.IntN(1000000))
			case 1:
				fmt.Fprintf(&b, "%d.%02d", r.IntN(10000), r.IntN(100))
			case 2:
				fmt.Fprintf(&b, "2024-%02d-%02d", r.IntN(12)+1, r.IntN(28)+1)
			default:
				b.WriteString(strings.Repeat("x", r.IntN(12)+1))
			}
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkSniff sniffs 32 MB inputs of the benchmark shapes with Sniff
// (head and windows, as csvscan scan does before reading). SetBytes is the
// input's size, so MB/s compares with a full read of the same file.
func BenchmarkSniff(b *testing.B) {
	const size = 32 << 20
	inputs := []struct {
		name string
		data []byte
	}{{"cols=32", wideFixture(size)}}
	for _, s := range gen.Shapes() {
		inputs = append(inputs, struct {
			name string
			data []byte
		}{s.String(), gen.Bytes(s, size, 1)})
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sniff.Sniff(bytes.NewReader(in.data), int64(len(in.data)), sniff.Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
