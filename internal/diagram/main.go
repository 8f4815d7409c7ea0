// Command diagram draws the state machine of docs/02-states.md from the
// real transition table, as two self-contained SVG files:
//
//	go run ./internal/diagram -w
//
// run from the module root, writes docs/rfc4180-states.svg (figure 1: the
// states of dialect.RFC4180 reachable from NOT_SET, the ones a learner meets
// first) and docs/more-states.svg (figure 2: the five states a two-byte
// delimiter, an escape, a comment and lenient mode add, with the arrows that
// enter or leave them). Without -w it prints figure 1.
//
// Each figure builds statemachine.Build of its dialect, draws one labelled
// arrow for every (state, next state) pair, naming the bytes that take it by
// the classes `csvscan table` prints, and draws states that have the same
// row as one box (see render and figures). The output depends only on the
// table, so it is the same on every run; TestGolden fails when a committed
// file differs from what the table gives.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/csvscan/csvscan/statemachine"
)

func main() {
	write := flag.Bool("w", false, "write every figure to its file under docs/ (run from the module root)")
	flag.Parse()
	if err := run(*write); err != nil {
		fmt.Fprintln(os.Stderr, "diagram:", err)
		os.Exit(1)
	}
}

func run(write bool) error {
	if !write {
		svg, err := draw(figures[0])
		if err != nil {
			return err
		}
		_, err = os.Stdout.Write(svg)
		return err
	}
	if _, err := os.Stat("go.mod"); err != nil {
		return fmt.Errorf("run from the module root (no go.mod here): %w", err)
	}
	for _, f := range figures {
		svg, err := draw(f)
		if err != nil {
			return err
		}
		if err := os.WriteFile(f.file, svg, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// draw renders fig from the table of its dialect.
func draw(fig figure) ([]byte, error) {
	if len(fig.panels) > 0 {
		return render(fig, nil) // each panel builds its own
	}
	t, err := statemachine.Build(fig.dialect)
	if err != nil {
		return nil, err
	}
	return render(fig, t)
}
