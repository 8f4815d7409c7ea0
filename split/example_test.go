package split_test

import (
	"bytes"
	"fmt"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/split"
)

// A file in ranges of 8 bytes (the header is range 0's only row): quoted line ends, a comment line and an
// empty line cross the range ends. Each range is summarised alone, the
// summaries are composed, and each range is read from its start: the rows
// are those of a sequential scan, numbered as it numbers them.
func Example() {
	data := []byte("id,note\n1,\"two\nlines\"\n# a comment\n\n2,\"x,y\"\n3,z\n")
	f := bytes.NewReader(data)
	p, err := split.New(f, int64(len(data)), 8, scanner.Options{Header: true, Dialect: hashComments()})
	if err != nil {
		panic(err)
	}
	sums := make([]split.Summary, p.NumRanges())
	for i, g := range p.Ranges() { // any order, any worker
		if sums[i], err = p.Summarize(f, g); err != nil {
			panic(err)
		}
	}
	enc, _ := sums[1].MarshalBinary()
	fmt.Printf("%d ranges, range 1's summary: %d trajectories in %d bytes\n", len(sums), sums[1].Trajectories(), len(enc))
	starts, err := p.Compose(sums)
	if err != nil {
		panic(err)
	}
	for _, st := range starts { // any order, any worker
		s, err := p.Read(f, st)
		if err != nil {
			panic(err)
		}
		for s.Scan() {
			fmt.Printf("range %d (%v): row %d, line %d: %q\n", st.Range.Index, st.State, s.RowNumber(), s.LineNumber(), s.Row())
		}
		if s.Err() != nil {
			panic(s.Err())
		}
	}
	// Output:
	// 6 ranges, range 1's summary: 4 trajectories in 56 bytes
	// range 1 (RECORD_SEPARATOR): row 2, line 2: ["1" "two\nlines"]
	// range 4 (COMMENT): row 3, line 5: ["2" "x,y"]
	// range 5 (QUOTED): row 4, line 6: ["3" "z"]
}

func hashComments() dialect.Dialect {
	d := dialect.Default()
	d.Comment = dialect.Some('#')
	return d
}
