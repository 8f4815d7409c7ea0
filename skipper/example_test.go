package skipper_test

import (
	"fmt"

	"github.com/csvscan/csvscan/skipper"
	"github.com/csvscan/csvscan/swar"
)

// Split a buffer at the bytes an unquoted field stops at: the comma and the
// newline bytes. The quote is a stop pattern too (the quoted state stops at
// it), but this skip table skips it.
func ExampleSkipper_SkipToStop() {
	ps, err := swar.NewPatterns(swar.Byte(','), swar.Byte('"'), swar.Either('\n', '\r'))
	if err != nil {
		panic(err)
	}
	var skip [256]bool
	for i := range skip {
		skip[i] = true
	}
	skip[','], skip['\n'], skip['\r'] = false, false, false

	buf := []byte("id,description,amount\n" +
		"1,a long free-text description with a \"quote\" in it,12.50\n" +
		"2,short,3\n")
	s := skipper.New(ps)
	s.Reset(buf)
	start := 0
	for start < len(buf) {
		// SkipToStop stops at a stop byte or at the last byte, len(buf)-1.
		end := s.SkipToStop(&skip, start, len(buf))
		if skip[buf[end]] { // the last byte, not a stop
			end++
		}
		fmt.Printf("%q %q\n", buf[start:end], buf[end:min(end+1, len(buf))])
		start = end + 1
	}
	// Output:
	// "id" ","
	// "description" ","
	// "amount" "\n"
	// "1" ","
	// "a long free-text description with a \"quote\" in it" ","
	// "12.50" "\n"
	// "2" ","
	// "short" ","
	// "3" "\n"
}

func ExampleSkipper_SkipToCandidate() {
	ps, err := swar.NewPatterns(swar.Byte(','), swar.Either('\n', '\r'))
	if err != nil {
		panic(err)
	}
	buf := []byte("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n")
	s := skipper.New(ps)
	s.Reset(buf)
	fmt.Println(s.SkipToCandidate(0, len(buf)))
	fmt.Println(s.SkipToCandidate(41, 60))
	fmt.Println(s.SkipToCandidate(41, len(buf)))
	// Output:
	// 40 CandidateFound
	// 60 CandidateNotFound
	// 64 Tail
}
