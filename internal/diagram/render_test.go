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

const refresh = "go run ./internal/diagram -w"

// TestGolden fails when a committed SVG is not what the table draws now.
func TestGolden(t *testing.T) {
	for _, f := range figures {
		got, err := draw(f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", f.file))
		if err != nil {
			t.Fatalf("reading the committed diagram: %v\ncreate it from the module root with: %s", err, refresh)
		}
		if !bytes.Equal(got, want) {
			gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
			line := 0
			for line < min(len(gl), len(wl)) && gl[line] == wl[line] {
				line++
			}
			t.Errorf("%s differs from the drawing of the current table (first at line %d)\n"+
				"refresh it from the module root with: %s", f.file, line+1, refresh)
		}
	}
}

// TestDeterministic draws twice and compares.
func TestDeterministic(t *testing.T) {
	for _, f := range figures {
		a, err := draw(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := draw(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: two drawings of the same table differ", f.file)
		}
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

// svgText returns the bold texts of an SVG (the state names and titles) and
// all its text, and fails the test when the SVG is not well-formed XML.
func svgText(t *testing.T, svg []byte) (bold []string, all string) {
	t.Helper()
	var sb strings.Builder
	dec := xml.NewDecoder(bytes.NewReader(svg))
	isBold := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return bold, sb.String()
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			isBold = false
			if tok.Name.Local == "text" {
				for _, a := range tok.Attr {
					if a.Name.Local == "font-weight" && a.Value == "bold" {
						isBold = true
					}
				}
			}
		case xml.CharData:
			sb.Write(tok)
			sb.WriteByte('\n')
			if isBold {
				bold = append(bold, string(tok))
			}
		case xml.EndElement:
			isBold = false
		}
	}
}

// checkNames fails unless the drawn states are exactly those reachable.
func checkNames(t *testing.T, tab *statemachine.Table, svg []byte) {
	t.Helper()
	names, _ := svgText(t, svg)
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

// TestNamesStates checks that figure 1 names exactly the states reachable
// from NOT_SET in RFC 4180, and that figures 1 and 2 together name all 19
// states: drawn, or in figure 2's notes.
func TestNamesStates(t *testing.T) {
	tab, err := statemachine.Build(dialect.RFC4180)
	if err != nil {
		t.Fatal(err)
	}
	one, err := draw(figures[0])
	if err != nil {
		t.Fatal(err)
	}
	checkNames(t, tab, one)
	if n := len(reachableByHand(tab)); n != 10 {
		// Not an error of the drawing, but the docs say ten states.
		t.Errorf("%d states are reachable from NOT_SET in RFC 4180; docs/02-states.md says 10", n)
	}
	two, err := draw(figures[1])
	if err != nil {
		t.Fatal(err)
	}
	names1, _ := svgText(t, one)
	names2, text2 := svgText(t, two)
	for _, s := range statemachine.States() {
		switch {
		case slices.Contains(names1, s.String()):
		case slices.Contains(names2, s.String()):
		case strings.Contains(text2, s.String()):
			t.Logf("%v: named in figure 2's notes, not drawn", s)
		default:
			t.Errorf("%v: in neither figure", s)
		}
	}
	// Each panel's new states are reachable in its dialect.
	for _, p := range figures[1].panels {
		pt, err := statemachine.Build(p.dialect)
		if err != nil {
			t.Fatal(err)
		}
		r := reachableByHand(pt)
		for _, s := range p.focus {
			if !r[s] {
				t.Errorf("panel %q: %v is not reachable in %v", p.title, s, p.dialect)
			}
		}
	}
}

// drawings lays out figure 1 and every panel of figure 2, with their
// tables.
func drawings(t *testing.T) ([]*drawing, []*statemachine.Table, []string) {
	t.Helper()
	var ds []*drawing
	var ts []*statemachine.Table
	var names []string
	figs := append([]figure{figures[0]}, figures[1].panels...)
	for _, f := range figs {
		tab, err := statemachine.Build(f.dialect)
		if err != nil {
			t.Fatal(err)
		}
		d, err := layout(f, tab)
		if err != nil {
			t.Fatal(err)
		}
		d.route()
		ds, ts, names = append(ds, d), append(ts, tab), append(names, f.title)
	}
	return ds, ts, names
}

// TestEdgesCoverTable checks the arrows against the table. For every state
// of figure 1, and for every new state of a panel of figure 2, and every
// byte, there is exactly one arrow from the state's node whose label covers
// the byte's class; it leads to the node of the state the table names, and
// when that node is a box, the state's tag names the class. For the grey
// states of a panel, the same holds for the bytes that lead to a new state.
func TestEdgesCoverTable(t *testing.T) {
	ds, ts, names := drawings(t)
	covers := func(label, name string) bool {
		if label == "any byte" {
			return true
		}
		if rest, ok := strings.CutPrefix(label, "any but "); ok {
			return !slices.Contains(strings.Fields(rest), name)
		}
		return slices.Contains(strings.Fields(label), name)
	}
	for k, d := range ds {
		tab := ts[k]
		states := tab.Reachable(statemachine.NotSet)
		cls := classes(tab, states)
		for _, s := range states {
			n := d.nodeOf[s]
			if d.nodes[n].hidden {
				continue
			}
			for b := 0; b < 256; b++ {
				want := tab.Next(s, byte(b))
				if !d.inFocus(s) && !d.inFocus(want) {
					continue
				}
				ci := slices.IndexFunc(cls, func(c class) bool { return slices.Contains(c.bytes, byte(b)) })
				if ci < 0 {
					t.Fatalf("%s: byte %#x is in no class", names[k], b)
				}
				var to []int
				for _, e := range d.edges {
					if e.from == n && covers(e.label, cls[ci].name) {
						to = append(to, e.to)
					}
				}
				if len(to) != 1 || to[0] != d.nodeOf[want] {
					t.Errorf("%s: %v on byte %#x (%s): arrows to nodes %v, the table says %v (node %d)",
						names[k], s, b, cls[ci].name, to, want, d.nodeOf[want])
					continue
				}
				if tn := d.nodes[to[0]]; tn.group {
					tag := tn.tags[slices.Index(tn.states, want)]
					if !slices.Contains(strings.Fields(tag), cls[ci].name) {
						t.Errorf("%s: %v on byte %#x (%s) enters %v, whose tag is %q", names[k], s, b, cls[ci].name, want, tag)
					}
				}
			}
		}
	}
	tab, err := statemachine.Build(dialect.RFC4180)
	if err != nil {
		t.Fatal(err)
	}
	var cn []string
	for _, c := range classes(tab, tab.Reachable(statemachine.NotSet)) {
		cn = append(cn, c.name)
	}
	// The columns `csvscan table` prints for the default dialect.
	if got, want := strings.Join(cn, " | "), `\n | \r | space | " | , | other`; got != want {
		t.Errorf("classes %s, want %s", got, want)
	}
}

// TestFewCrossings keeps the figures readable: figure 1 draws 16 arrows
// (one per (state, next state) pair would be 49) and none of them crosses
// another; a panel of figure 2 may have one crossing pair. (With one arrow
// per pair and the places of the drawing before the box, this count gave
// 47 crossing pairs.)
func TestFewCrossings(t *testing.T) {
	ds, _, names := drawings(t)
	for k, d := range ds {
		most := 1
		if k == 0 {
			most = 0
		}
		if c := crossingPairs(d); c > most {
			t.Errorf("%s: %d pairs of arrows cross, want at most %d", names[k], c, most)
		} else {
			t.Logf("%s: %d arrows, %d crossing pairs", names[k], len(d.edges), c)
		}
	}
	if n := len(ds[0].edges); n != 16 {
		t.Errorf("figure 1 has %d arrows, want 16", n)
	}
}

// TestGroupMustShareRow checks that a box of states whose rows differ is
// refused, so a figure cannot hide a difference between them.
func TestGroupMustShareRow(t *testing.T) {
	f := figures[0]
	f.groups = [][]statemachine.State{{statemachine.Standard, statemachine.Quoted}}
	tab, err := statemachine.Build(f.dialect)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := layout(f, tab); err == nil || !strings.Contains(err.Error(), "share a box but not a row") {
		t.Errorf("a box of STANDARD and QUOTED: err = %v, want a refusal", err)
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
		f := figure{title: d.String(), dialect: d, groups: [][]statemachine.State{valueStart}}
		svg, err := render(f, tab)
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		checkNames(t, tab, svg)
		again, _ := render(f, tab)
		if !bytes.Equal(svg, again) {
			t.Errorf("%v: two drawings differ", d)
		}
	}
}
