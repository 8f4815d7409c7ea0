package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/statemachine"
)

// golden is the committed drawing, relative to this package's directory.
var golden = filepath.Join("..", "..", "docs", "rfc4180-states.svg")

const refresh = "go run ./internal/diagram -o docs/rfc4180-states.svg"

// TestGolden fails when the committed SVG is not what the table draws now.
func TestGolden(t *testing.T) {
	got, err := rfc4180SVG()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("reading the committed diagram: %v\ncreate it from the module root with: %s", err, refresh)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		line := 0
		for line < min(len(gl), len(wl)) && gl[line] == wl[line] {
			line++
		}
		t.Fatalf("docs/rfc4180-states.svg differs from the drawing of the current table (first at line %d)\n"+
			"refresh it from the module root with: %s", line+1, refresh)
	}
}

// TestDeterministic draws twice and compares.
func TestDeterministic(t *testing.T) {
	a, err := rfc4180SVG()
	if err != nil {
		t.Fatal(err)
	}
	b, err := rfc4180SVG()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two drawings of the same table differ")
	}
}

// reachableByHand lists the states reachable from NOT_SET with a fixed-point
// loop over the table, independently of reachable.
func reachableByHand(tab *statemachine.Table) map[statemachine.State]bool {
	seen := map[statemachine.State]bool{statemachine.NotSet: true}
	for grew := true; grew; {
		grew = false
		for s := range seen {
			for b := 0; b < 256; b++ {
				if n := tab.Next(s, byte(b)); !seen[n] {
					seen[n] = true
					grew = true
				}
			}
		}
	}
	return seen
}

// stateNames returns the bold texts of an SVG, the state names, and fails
// the test when the SVG is not well-formed XML.
func stateNames(t *testing.T, svg []byte) []string {
	t.Helper()
	var names []string
	dec := xml.NewDecoder(bytes.NewReader(svg))
	bold := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return names
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			bold = false
			if tok.Name.Local == "text" {
				for _, a := range tok.Attr {
					if a.Name.Local == "font-weight" && a.Value == "bold" {
						bold = true
					}
				}
			}
		case xml.CharData:
			if bold {
				names = append(names, string(tok))
			}
		case xml.EndElement:
			bold = false
		}
	}
}

// checkNames fails unless the drawn states are exactly those reachable.
func checkNames(t *testing.T, tab *statemachine.Table, svg []byte) {
	t.Helper()
	names := stateNames(t, svg)
	want := reachableByHand(tab)
	for s := range want {
		if !slices.Contains(names, s.String()) {
			t.Errorf("%v: the SVG does not name the reachable state %v", tab.Dialect(), s)
		}
	}
	for _, s := range statemachine.States() {
		if !want[s] && slices.Contains(names, s.String()) {
			t.Errorf("%v: the SVG draws %v, which NOT_SET does not reach", tab.Dialect(), s)
		}
	}
}

// TestNamesReachableStates checks that the committed drawing is well-formed
// and that its nodes are exactly the states reachable from NOT_SET.
func TestNamesReachableStates(t *testing.T) {
	tab, err := statemachine.Build(dialect.RFC4180)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := rfc4180SVG()
	if err != nil {
		t.Fatal(err)
	}
	checkNames(t, tab, svg)
	if n := len(reachableByHand(tab)); n != 10 {
		// Not an error of the drawing, but the docs say ten states.
		t.Errorf("%d states are reachable from NOT_SET in RFC 4180; docs/02-states.md says 10", n)
	}
}

// TestRenderOtherDialects draws machines with states that have no set
// place (multi-byte delimiters, escapes, comments, lenient mode).
func TestRenderOtherDialects(t *testing.T) {
	q, bs, hash := dialect.Some('"'), dialect.Some('\\'), dialect.Some('#')
	for _, d := range []dialect.Dialect{
		dialect.TSV,
		{Delimiter: "||", Quote: q, Escape: bs, Comment: hash, Lenient: true},
		{Delimiter: "abab", Quote: q, Escape: q, Newline: dialect.NewlineCRLF},
		{Delimiter: ",", Quote: q, Lenient: true},
	} {
		tab, err := statemachine.Build(d)
		if err != nil {
			t.Fatal(err)
		}
		svg := Render(tab, statemachine.NotSet, d.String())
		checkNames(t, tab, svg)
		if !bytes.Equal(svg, Render(tab, statemachine.NotSet, d.String())) {
			t.Errorf("%v: two drawings differ", d)
		}
	}
}

// TestEdgesCoverTable checks the arrows against the table: for every drawn
// state and every byte there is exactly one arrow from that state whose
// label covers the byte's class, and it leads where the table does.
func TestEdgesCoverTable(t *testing.T) {
	tab, err := statemachine.Build(dialect.RFC4180)
	if err != nil {
		t.Fatal(err)
	}
	states := reachable(tab, statemachine.NotSet)
	cls := classes(tab, states)
	edges := edgesOf(tab, states, cls)
	covers := func(label, name string) bool {
		if label == "any byte" {
			return true
		}
		if rest, ok := strings.CutPrefix(label, "any but "); ok {
			return !slices.Contains(strings.Fields(rest), name)
		}
		return slices.Contains(strings.Fields(label), name)
	}
	for _, s := range states {
		for b := 0; b < 256; b++ {
			ci := slices.IndexFunc(cls, func(c class) bool { return slices.Contains(c.bytes, byte(b)) })
			if ci < 0 {
				t.Fatalf("byte %#x is in no class", b)
			}
			var to []statemachine.State
			for _, e := range edges {
				if e.from == s && covers(e.label, cls[ci].name) {
					to = append(to, e.to)
				}
			}
			if want := tab.Next(s, byte(b)); len(to) != 1 || to[0] != want {
				t.Errorf("%v on byte %#x (%s): arrows to %v, the table says %v", s, b, cls[ci].name, to, want)
			}
		}
	}
	var names []string
	for _, c := range cls {
		names = append(names, c.name)
	}
	if got, want := strings.Join(names, " | "), `\n | \r | space | " | , | other`; got != want {
		t.Errorf("classes %s, want %s", got, want)
	}
}
