package skipper_test

import (
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/skipper"
	"github.com/csvscan/csvscan/statemachine"
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

// Read the values of a row with the quote-aware lane: where each ends and
// how many quotes it holds (0: unquoted; 2: quoted; more: quoted with
// doubled quotes inside). The lane needs whole 64-byte blocks, so the row
// is followed by a longer one here.
func ExampleLane_Value() {
	tab, err := statemachine.For(dialect.RFC4180)
	if err != nil {
		panic(err)
	}
	l, ok := tab.Lane()
	fmt.Println("lane:", ok)
	buf := []byte(`7,"say ""hi""","a, b",plain` + "\n" + strings.Repeat("x", 80) + "\n")
	lane := skipper.NewLane(l)
	lane.Reset(buf)
	for vs := 0; ; {
		e, quotes, ok := lane.Value(vs, len(buf))
		if !ok {
			break
		}
		fmt.Printf("%-16s quotes %d, ended by %q\n", buf[vs:e], quotes, buf[e])
		if buf[e] == '\n' {
			break
		}
		vs = e + 1
	}
	// Output:
	// lane: true
	// 7                quotes 0, ended by ','
	// "say ""hi"""     quotes 6, ended by ','
	// "a, b"           quotes 2, ended by ','
	// plain            quotes 0, ended by '\n'
}

// Walk a buffer as a reader of the RFC 4180 table does: one transition per
// byte, and where the state has a skip table (an unquoted value, a quoted
// one) the skip step to the next byte that may move the machine. Each line
// shows a stop: where the step left the machine, and the byte there. The
// quoted value's line end is passed over: its run ends at the quote only.
func ExampleWalker() {
	tab, err := statemachine.For(dialect.RFC4180)
	if err != nil {
		panic(err)
	}
	buf := []byte("name,note\nada,\"two\nlines\"\n")
	w := skipper.NewWalker(tab)
	w.Reset(buf)
	next := tab.Transitions()
	st := statemachine.NotSet
	for pos := 0; pos < len(buf); {
		st = next[buf[pos]][st]
		pos++
		if st == statemachine.Standard || st == statemachine.Quoted {
			from := pos
			pos = w.Skip(st, pos, len(buf))
			fmt.Printf("%-8v %2d-%2d %q\n", st, from, pos, buf[pos:pos+1])
		}
	}
	// Output:
	// STANDARD  1- 4 ","
	// STANDARD  6- 9 "\n"
	// STANDARD 11-13 ","
	// QUOTED   15-24 "\""
}
