package swar_test

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/csvscan/csvscan/swar"
)

func ExampleByte() {
	p := swar.Byte(',')
	fmt.Println(p, p.Matches(','), p.Matches(';'))
	// Output: 0x2c/0xff true false
}

func ExampleEither() {
	p := swar.Either('\n', '\r')
	fmt.Println(p)
	for _, c := range []byte{'\t', '\n', '\r', ' ', 0x0f, 0x10} {
		fmt.Printf("0x%02x %v\n", c, p.Matches(c))
	}
	// Output:
	// 0x08/0xf8
	// 0x09 true
	// 0x0a true
	// 0x0d true
	// 0x20 false
	// 0x0f true
	// 0x10 false
}

func ExamplePackFlags() {
	// The high bits of bytes 0, 3 and 7.
	flags := uint64(0x80_00_00_00_80_00_00_80)
	fmt.Printf("%08b\n", swar.PackFlags(flags))
	// Output: 10001001
}

func ExampleMaybeZeroBytes() {
	// Byte 1 is zero; byte 2 is 0x01 and the borrow flags it too.
	w := uint64(0x42_42_42_42_42_01_00_42)
	fmt.Printf("%08b %08b\n", swar.PackFlags(swar.MaybeZeroBytes(w)), swar.PackFlags(swar.ZeroBytes(w)))
	// Output: 00000110 00000010
}

func ExamplePatterns_MaybeAnyMask() {
	ps, err := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
	if err != nil {
		panic(err)
	}
	block := []byte(`id,name,comment` + "\n" + `1,"Smith, J",said "hi"` + "\r\n" + `2,Lee,none` + "\n" + `3,Ng,ok` + "\n")
	for len(block) < swar.BlockSize {
		block = append(block, ' ')
	}
	mask := ps.MaybeAnyMask(block)
	var stops []string
	for mask != 0 {
		i := swar.TrailingZeros(mask)
		if ps.Matches(block[i]) { // the mask may flag a few bytes that match nothing
			stops = append(stops, fmt.Sprintf("%d:%q", i, block[i]))
		}
		mask &= mask - 1
	}
	fmt.Println(strings.Join(stops, " "))
	fmt.Println(bits.OnesCount64(ps.AnyMask(block)), "stop bytes")
	// Output:
	// 2:',' 7:',' 15:'\n' 17:',' 18:'"' 24:',' 27:'"' 28:',' 34:'"' 37:'"' 38:'\r' 39:'\n' 41:',' 45:',' 50:'\n' 52:',' 55:',' 58:'\n'
	// 18 stop bytes
}
