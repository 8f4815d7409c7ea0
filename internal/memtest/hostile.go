package memtest

import "io"

// Hostile is one input of the sequential memory suites (the scanner's and
// the typed reader's): a pattern streamed so no file is written, and the
// number of values of the widest row a reader of it may hold.
type Hostile struct {
	Name             string
	Head, Unit, Tail string
	Small, Full      int64 // bytes of repeated Unit, by Size
	Values           int   // values of the widest row the scan may hold
}

// HostileInputs are the inputs of the memory suites. maxLineSize is the
// reader's MaxLineSize: a line of delimiters holds at most that many
// values, plus one.
func HostileInputs(maxLineSize int) []Hostile {
	return []Hostile{
		{Name: "stray quote", Head: "a,b\n\"", Unit: "x,y\n", Small: 16 << 20, Full: 1 << 30},
		{Name: "long line", Head: "a\n", Unit: "abcdefgh", Small: 16 << 20, Full: 500 << 20},
		{Name: "1M columns", Unit: "a,", Small: 2 << 20, Full: 2_000_000, Tail: "\n", Values: 1 << 20},
		{Name: "2 rows of 1M empty columns", Unit: ",", Small: 1 << 20, Full: 1_000_000, Tail: "\n", Values: 1_000_001},
		{Name: "delimiters", Unit: ",", Small: 16 << 20, Full: 100 << 20, Values: maxLineSize + 1},
		{Name: "quotes", Unit: "\"", Small: 16 << 20, Full: 2 << 30},
		{Name: "tiny rows", Unit: "1\n", Small: 16 << 20, Full: 200 << 20},
		{Name: "empty lines", Unit: "\n", Small: 16 << 20, Full: 100 << 20},
	}
}

// Reader streams the input at the size Size picks.
func (h Hostile) Reader() io.Reader {
	n := Size(h.Small, h.Full)
	r := Pattern(h.Head, h.Unit, n, h.Tail)
	if h.Name == "2 rows of 1M empty columns" {
		// The same wide row twice.
		r = io.MultiReader(r, Pattern("", ",", n, "\n"))
	}
	return r
}
