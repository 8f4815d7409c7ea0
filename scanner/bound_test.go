package scanner

import (
	"bytes"
	"errors"
	"io"
	"math/bits"
	"testing"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// boundAll is the floor of scanAll on unquoted input with LF line ends:
// what is left of a scan when every check and every record the Scanner
// keeps for its API is taken away. It copies the input into a buffer of
// DefaultBufferSize reads, finds the delimiters and LFs with the lane's
// vector kernel (skipper.Lane, as the Scanner does), makes a [][]byte row
// from the bits, one slice per value, and sums the values' lengths past
// the header as scanAll does. It keeps no spans, no states, no offsets or
// line numbers, checks no width and reads no quote (it fails at one).
// BenchmarkScan runs it as "bound" beside the Scanner: the Scanner over
// the bound is the share of the time its checks and records take.
func boundAll(r io.Reader) (int, error) {
	l := skipper.NewLane(sm.Lane{Delimiter: ',', Quote: '"'})
	buf := make([]byte, 2*DefaultBufferSize)
	row := make([][]byte, 64)
	filled, total, rows := 0, 0, 0
	for eof := false; !eof; {
		if len(buf)-filled < DefaultBufferSize {
			buf = append(buf[:filled], make([]byte, DefaultBufferSize)...)
			buf = buf[:cap(buf)]
		}
		n, err := r.Read(buf[filled : filled+DefaultBufferSize])
		filled += n
		if err == io.EOF {
			eof = true
		} else if err != nil {
			return 0, err
		}
		l.Reset(buf[:filled])
		rowStart, pos, i := 0, 0, 0
		var m uint64
		bb := 0
		for {
			var e int
			if m == 0 {
				m, bb = l.Block(pos)
			}
			if m != 0 {
				e = bb + bits.TrailingZeros64(m)
				m &= m - 1
			} else if e = l.NextAfter(pos); e < 0 {
				var ok bool
				var quotes int
				if e, quotes, ok = l.Value(pos, filled); !ok {
					break // near the end of the buffer, or a quote: the bytes from rowStart on are read again
				}
				if quotes > 0 {
					return 0, errQuoted
				}
			}
			c := buf[e]
			if c == '"' || c == '\r' {
				return 0, errQuoted
			}
			if i == len(row) {
				row = append(row, nil)
			}
			row[i] = buf[pos:e:e]
			i, pos = i+1, e+1
			if c == '\n' {
				total, rows = addRow(total, rows, row[:i])
				i, rowStart = 0, pos
			}
		}
		if eof { // the last bytes, which the kernel's whole blocks do not cover
			for _, line := range bytes.SplitAfter(buf[rowStart:filled], []byte{'\n'}) {
				if bytes.ContainsAny(line, "\"\r") {
					return 0, errQuoted
				}
				if line = bytes.TrimSuffix(line, []byte{'\n'}); len(line) > 0 {
					total, rows = addRow(total, rows, bytes.Split(line, []byte{','}))
				}
			}
			break
		}
		filled = copy(buf, buf[rowStart:filled])
	}
	return total, nil
}

// addRow adds the lengths of row's values to total unless row is the
// header (rows == 0), and counts the row.
func addRow(total, rows int, row [][]byte) (int, int) {
	if rows > 0 {
		for _, v := range row {
			total += len(v)
		}
	}
	return total, rows + 1
}

// boundSink takes what boundStages finds, so that its work is not dead code.
var boundSink int

var errQuoted = errors.New("boundAll reads unquoted input with LF line ends only")

// TestBoundAllAgrees keeps the bound honest: on every unquoted shape it
// reads the same field bytes as the Scanner, from whole reads and from
// reads of 37 bytes (rows split anywhere between two reads).
func TestBoundAllAgrees(t *testing.T) {
	inputs := map[string][]byte{"columns=32": wideBytes(3<<20, 9)}
	for _, sh := range gen.Shapes() {
		if !sh.Quoted {
			inputs[sh.String()] = gen.Bytes(sh, 3<<20, 9)
		}
	}
	inputs["short"] = []byte("a,b\n1,2\n,\n3,")
	for name, data := range inputs {
		want, err := scanAll(bytes.NewReader(data), true)
		if err != nil {
			t.Fatalf("%s: scanAll: %v", name, err)
		}
		for _, r := range []io.Reader{bytes.NewReader(data), &chunkReader{data: data, size: 37}} {
			got, err := boundAll(r)
			if err != nil || got != want {
				t.Fatalf("%s: boundAll read %d field bytes (%v), scanAll %d", name, got, err, want)
			}
		}
	}
	if _, err := boundAll(bytes.NewReader(bytes.Repeat([]byte("\"a\",b\n"), 100))); err == nil {
		t.Fatal("boundAll read quoted values")
	}
}

// boundStages runs the first stages of boundAll alone, to show what each
// costs: stages 1 copies the input into the buffer as boundAll does, 2
// also runs the lane's kernel over every whole block of it (a Value call
// at each 2 KiB run loads its masks), 3 also walks the bits of every
// block (Block, one TrailingZeros64 a bit) and makes nothing of them. It
// returns the bytes read.
func boundStages(r io.Reader, stages int) (int, error) {
	l := skipper.NewLane(sm.Lane{Delimiter: ',', Quote: '"'})
	buf := make([]byte, DefaultBufferSize)
	total, found := 0, 0
	for {
		n, err := r.Read(buf)
		total += n
		if stages >= 2 && n >= 64 {
			l.Reset(buf[:n])
			for pos := 0; pos <= n-64; pos += 64 * 32 {
				if _, _, ok := l.Value(pos, n); ok { // loads the run from pos
					found++
				}
				if stages < 3 {
					continue
				}
				for b := pos; b < min(pos+64*32, n-63); b += 64 {
					m, bb := l.Block(b)
					for m != 0 {
						e := bb + bits.TrailingZeros64(m)
						m &= m - 1
						found += e & 1
					}
				}
			}
		}
		if err == io.EOF {
			boundSink += found // kept, so that the walk is not optimized away
			return total, nil
		}
		if err != nil {
			return 0, err
		}
	}
}
