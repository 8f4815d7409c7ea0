package gen

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Shape is one fixture layout: the length of the note column and whether it
// is quoted.
type Shape struct {
	// NoteLen is the length in bytes of every note's text, before quoting
	// (a quote inside the text counts once, though it is written twice).
	// The quoted shape's guarantees (", " in every note) need NoteLen >= 16.
	NoteLen int
	// Quoted wraps every note in quotes and puts ", ", doubled quotes and
	// line feeds inside.
	Quoted bool
	// CRLF ends the header and every row with CRLF, as files written on
	// Windows are (a line feed inside a quoted note stays one). Shapes
	// leaves it off.
	CRLF bool
}

// Shapes returns the six benchmark shapes: notes of 16, 256 and 1024
// bytes, each unquoted then quoted.
func Shapes() []Shape {
	var shapes []Shape
	for _, n := range []int{16, 256, 1024} {
		shapes = append(shapes, Shape{NoteLen: n}, Shape{NoteLen: n, Quoted: true})
	}
	return shapes
}

// String names the shape for benchmark and test names, such as
// "note=256/quoted" or "note=16/unquoted".
func (s Shape) String() string {
	q := "unquoted"
	if s.Quoted {
		q = "quoted"
	}
	if s.CRLF {
		q += "/crlf"
	}
	return "note=" + strconv.Itoa(s.NoteLen) + "/" + q
}

// Header is the first line of every fixture.
const Header = "id,region,note\n"

// The shares of rows, in percent, of each region, and of the quoted notes
// that hold a quote or a line feed.
const (
	apacPercent    = 50 // region = apac
	emeaPercent    = 49 // region = emea; the remaining 1% is rare
	quotePercent   = 5  // a quoted note holds `"`, written `""`
	newlinePercent = 1  // a quoted note holds a line feed
)

// words is the vocabulary of the notes: lowercase, 2 to 9 letters.
var words = []string{
	"amber", "anchor", "apple", "arrow", "autumn", "basket", "beacon", "birch",
	"bridge", "cable", "canyon", "cedar", "cipher", "cloud", "copper", "coral",
	"delta", "desert", "drift", "ember", "engine", "falcon", "fern", "field",
	"forest", "garden", "glacier", "granite", "harbor", "hollow", "island", "ivory",
	"jasper", "kettle", "lantern", "ledger", "meadow", "metal", "mirror", "north",
	"ocean", "orbit", "paper", "pebble", "pilot", "prism", "quartz", "quiet",
	"raven", "ribbon", "river", "saddle", "signal", "silver", "stone", "summit",
	"timber", "tunnel", "velvet", "violet", "willow", "window", "yellow", "zephyr",
	"at", "by", "in", "of", "on", "to", "up", "we",
}

// generator writes the rows of one fixture.
type generator struct {
	shape Shape
	rng   *rand.Rand
	id    int
	text  []byte // the note's text
	line  []byte // the row being written
}

func newGenerator(s Shape, seed uint64) *generator {
	return &generator{shape: s, rng: rand.New(rand.NewPCG(seed, 0x6373767363616e)), text: make([]byte, 0, s.NoteLen+32)}
}

func (g *generator) word() string { return Word(g.rng) }

// note fills g.text with the next note's text, exactly NoteLen bytes.
func (g *generator) note() {
	n := max(g.shape.NoteLen, 0)
	t := append(g.text[:0], g.word()...)
	if g.shape.Quoted {
		// Put the special bytes near the start, where the cut below
		// cannot drop them.
		t = append(t, ", "...)
		if g.rng.IntN(100) < newlinePercent {
			t = append(t, '\n')
		}
		if g.rng.IntN(100) < quotePercent {
			t = append(t, '"')
			t = append(t, g.word()...)
			t = append(t, '"')
		} else {
			t = append(t, g.word()...)
		}
	}
	for len(t) < n {
		if g.shape.Quoted && g.rng.IntN(6) == 0 {
			t = append(t, ", "...)
		} else {
			t = append(t, ' ')
		}
		t = append(t, g.word()...)
	}
	t = t[:n]
	if n > 0 && t[n-1] == ' ' {
		t[n-1] = 's' // no value ends in a space
	}
	g.text = t
}

// row builds the next row, line end included, in g.line.
func (g *generator) row() []byte {
	l := g.line[:0]
	id := strconv.Itoa(g.id)
	for i := len(id); i < 9; i++ {
		l = append(l, '0')
	}
	l = append(l, id...)
	g.id++

	l = append(l, ',')
	l = append(l, Region(g.rng)...)
	l = append(l, ',')

	g.note()
	if g.shape.Quoted {
		l = append(l, '"')
		for _, c := range g.text {
			if c == '"' {
				l = append(l, '"') // `"` is written `""`
			}
			l = append(l, c)
		}
		l = append(l, '"')
	} else {
		l = append(l, g.text...)
	}
	if g.shape.CRLF {
		l = append(l, '\r')
	}
	l = append(l, '\n')
	g.line = l
	return l
}

// Write writes a fixture of shape s to w: Header, then whole rows until at
// least size bytes are written (the header counts; a size no larger than
// the header gives the header alone). The same shape, size and seed always
// give the same bytes. It returns the first error of w.
func Write(w io.Writer, s Shape, size int64, seed uint64) error {
	header := Header
	if s.CRLF {
		header = strings.TrimSuffix(Header, "\n") + "\r\n"
	}
	return WriteRows(w, header, size, newGenerator(s, seed).row)
}

// Bytes returns the fixture that Write writes, in memory.
func Bytes(s Shape, size int64, seed uint64) []byte {
	var b bytes.Buffer
	b.Grow(int(max(size, 0)) + s.NoteLen*2 + 64)
	_ = Write(&b, s, size, seed) // a bytes.Buffer never fails
	return b.Bytes()
}
