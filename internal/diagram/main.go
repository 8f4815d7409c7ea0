// Command diagram draws the RFC 4180 state machine from the real transition
// table, as a self-contained SVG:
//
//	go run ./internal/diagram -o docs/rfc4180-states.svg
//
// It builds statemachine.Build(dialect.RFC4180), keeps the states reachable
// from NOT_SET, and draws one labelled arrow for every (state, next state)
// pair, naming the bytes that take it by class (see Render). The output
// depends only on the table, so it is the same on every run; TestGolden
// fails when the committed file differs from what the table gives.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/statemachine"
)

func main() {
	out := flag.String("o", "", "output file (default: standard output)")
	flag.Parse()
	svg, err := rfc4180SVG()
	if err != nil {
		fmt.Fprintln(os.Stderr, "diagram:", err)
		os.Exit(1)
	}
	if *out == "" {
		_, err = os.Stdout.Write(svg)
	} else {
		err = os.WriteFile(*out, svg, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "diagram:", err)
		os.Exit(1)
	}
}

// rfc4180SVG draws the machine of dialect.RFC4180 from NOT_SET.
func rfc4180SVG() ([]byte, error) {
	t, err := statemachine.Build(dialect.RFC4180)
	if err != nil {
		return nil, err
	}
	return Render(t, statemachine.NotSet, "RFC 4180 state machine ("+dialect.RFC4180.String()+")"), nil
}
