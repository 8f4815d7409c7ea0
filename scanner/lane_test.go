package scanner

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	sm "github.com/csvscan/csvscan/statemachine"
	"github.com/google/go-cmp/cmp"
)

// laneDialects are dialects the quote-aware lane reads (see
// statemachine.Table.Lane), strict and lenient, over every newline setting.
func laneDialects(t testing.TB) []dialect.Dialect {
	var out []dialect.Dialect
	for _, delim := range []string{",", ";", "\t"} {
		for _, q := range []byte{'"', '\''} {
			for _, nl := range []dialect.Newline{dialect.NewlineAuto, dialect.NewlineLF, dialect.NewlineCRLF} {
				for _, lenient := range []bool{false, true} {
					d := dialect.Dialect{Delimiter: delim, Quote: dialect.Some(q), Escape: dialect.Some(q), Newline: nl, Lenient: lenient}
					tab, err := sm.For(d)
					if err != nil {
						t.Fatal(err)
					}
					if _, ok := tab.Lane(); ok {
						out = append(out, d)
					}
				}
			}
		}
	}
	if len(out) < 12 {
		t.Fatalf("only %d dialects of the grid have a lane", len(out))
	}
	return out
}

// laneText returns n bytes of CSV over the bytes that matter to the lane,
// with long values so that values cross 64-byte blocks, the lane's 2 KiB
// runs and buffer ends.
func laneText(r *rand.Rand, n int) []byte {
	pieces := []string{"a", "bc", ",", ";", "\t", "\n", "\r\n", "\r", `"`, `""`, "'", " ", `"x,y"`, `"p""q"`, "'s;t'", "\n\n",
		"seventy bytes of a value that holds nothing the lane has to stop at..."}
	var b []byte
	for len(b) < n {
		b = append(b, pieces[r.IntN(len(pieces))]...)
	}
	return b[:n]
}

// setLane turns the quote-aware lane on or off, whatever the CPU: a
// Scanner's walker uses it only with vector kernels (see
// skipper.NewWalker), and the tests run it everywhere, the purego build
// included.
func setLane(s *Scanner, on bool) *Scanner {
	s.w.UseLane(on)
	s.useLane()
	return s
}

// laneScanner returns a Scanner of input as a byte slice, or through r
// when r is not nil, with the lane on or off.
func laneScanner(t testing.TB, input []byte, r io.Reader, opts Options, on bool) *Scanner {
	t.Helper()
	var s *Scanner
	var err error
	if r == nil {
		s, err = NewBytes(input, opts)
	} else {
		s, err = New(r, opts)
	}
	if err != nil {
		t.Fatal(err)
	}
	return setLane(s, on)
}

// scanLane scans input as laneScanner reads it.
func scanLane(t testing.TB, input []byte, r io.Reader, opts Options, on bool) result {
	t.Helper()
	return collect(laneScanner(t, input, r, opts, on))
}

// laneOff scans input as a byte slice with the lane turned off: the
// table-driven loop alone, which the reference tests pin down.
func laneOff(t testing.TB, input []byte, opts Options) result {
	t.Helper()
	return scanLane(t, input, nil, opts, false)
}

// checkLaneWays scans input with the lane every way: as a byte slice,
// through readers of read sizes 1, 2, 7, 63, 64 and 65 with the default
// buffer and with buffers of that size, and (up to 200 bytes) split in two
// at every point; each result must equal want, line numbers included.
func checkLaneWays(t testing.TB, input []byte, opts Options, want result) {
	t.Helper()
	check := func(how string, got result) {
		t.Helper()
		if d := diffResults(want, got); d != "" {
			t.Fatalf("%q, %+v, %s: the lane differs from the table (-table +lane):\n%s", input, opts, how, d)
		}
	}
	check("bytes", scanLane(t, input, nil, opts, true))
	for _, size := range []int{1, 2, 7, 63, 64, 65} {
		check(fmt.Sprintf("read size %d", size), scanLane(t, nil, &chunkReader{data: input, size: size}, opts, true))
		small := opts
		small.BufferSize = size
		check(fmt.Sprintf("buffer size %d", size), scanLane(t, nil, &chunkReader{data: input, size: size}, small, true))
	}
	if len(input) <= 200 {
		for cut := 0; cut <= len(input); cut++ {
			r := &splitReader{parts: [][]byte{bytes.Clone(input[:cut]), bytes.Clone(input[cut:])}}
			check(fmt.Sprintf("split at %d", cut), scanLane(t, nil, r, opts, true))
		}
	}
}

// TestLaneMatchesTable requires the scanner with the lane to give what the
// loop alone gives, rows, errors and their positions, bad rows and line
// numbers, read every way checkLaneWays reads.
func TestLaneMatchesTable(t *testing.T) {
	ds := laneDialects(t)
	r := rand.New(rand.NewPCG(21, 22))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		d := ds[i%len(ds)]
		opts := Options{Dialect: d, FieldsPerRow: -1 + r.IntN(3), Header: r.IntN(4) == 0, IgnoreErrors: r.IntN(2) == 0}
		if r.IntN(3) == 0 {
			opts.MaxLineSize = 20 + r.IntN(200)
		}
		size := r.IntN(250)
		if i%4 == 0 {
			size = r.IntN(3000)
		}
		input := laneText(r, size)
		checkLaneWays(t, input, opts, laneOff(t, input, opts))
	}
}

func FuzzLane(f *testing.F) {
	f.Add([]byte("id,\"a \"\"quoted\"\" value, with a comma\"\n2,plain value that runs on and on and on and on\r\n"), uint8(0), uint8(3))
	f.Add([]byte("'a;b''c';d\n\n'e'x;f\n"), uint8(9), uint8(1))
	ds := laneDialects(f)
	f.Fuzz(func(t *testing.T, input []byte, which, flags uint8) {
		// which's two high bits also set the options that fit a row of
		// another width (NullPadding, TrailingDelimiter).
		opts := Options{Dialect: ds[int(which)%len(ds)], FieldsPerRow: int(flags%3) - 1, Header: flags&4 != 0, IgnoreErrors: flags&8 != 0,
			NullPadding: which&64 != 0, TrailingDelimiter: which&128 != 0}
		if flags&16 != 0 {
			opts.MaxLineSize = 16 + int(flags>>5)*16
		}
		checkLaneWays(t, input, opts, laneOff(t, input, opts))
		// Beyond the rows: each row's offset, bytes and line, each
		// value's offset and quoted flag, empty lines, bad rows.
		want := rowDetail(t, laneScanner(t, input, nil, opts, false))
		for _, r := range []io.Reader{nil, &chunkReader{data: input, size: 7}} {
			if d := cmp.Diff(want, rowDetail(t, laneScanner(t, input, r, opts, true))); d != "" {
				t.Fatalf("%q, %+v: the lane's rows differ from the table's (-table +lane):\n%s", input, opts, d)
			}
		}
	})
}

// diffResults compares two scans field by field, line numbers included.
func diffResults(want, got result) string {
	return cmp.Diff(want, got, cmp.Comparer(sameErrorAndLine))
}
