package csv

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTapArrayBound: an array strings are cut from (sealed) is at most
// max(tapBlock, 2*record+3*readerBufferSize) bytes, the bound the Reader's
// doc gives for what a kept field keeps alive, with records of 50 to 64
// KiB between short ones (a reviewer found 158,624-byte arrays for 55 KiB
// records where an earlier doc said 64 KiB besides the record).
func TestTapArrayBound(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString(strings.Repeat("x", 50<<10+i*350) + ",a\n")
		for range 50 {
			b.WriteString("1,2\n")
		}
	}
	rd := NewReader(strings.NewReader(b.String()))
	maxCap, longest, sealed := 0, 0, 0
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		longest = max(longest, len(rec[0])+len(rec[1])+2)
		if rd.in.sealed {
			sealed++
			maxCap = max(maxCap, cap(rd.in.buf))
		}
	}
	if sealed == 0 {
		t.Fatal("no record was read from a sealed array: the test reads nothing it bounds")
	}
	if bound := max(tapBlock, 2*longest+3*readerBufferSize); maxCap > bound {
		t.Errorf("a sealed tap array of %d bytes, over the bound %d for records up to %d bytes", maxCap, bound, longest)
	}
	t.Logf("largest sealed array %d bytes for records up to %d", maxCap, longest)
}

// chunkReader returns its bytes in reads of the sizes next picks.
type chunkReader struct {
	b    []byte
	next func() int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.next())], c.b)
	c.b = c.b[n:]
	return n, nil
}

// TestTapCRIn holds the tap's CR lookup (crIn, the list the reads make,
// and the search outside it) to the bytes: inputs with no CR, a CR a line
// (CRLF), runs of more CRs than a read lists (crDensity) between sparse
// ones (the list stops, and starts again at the next read), read in reads
// of random sizes, the tap dropping the bytes before a rising keep; at
// each step, lookups over random spans of the bytes held, rising as the
// Reader's rows rise and in any order.
func TestTapCRIn(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	line := func(cr bool) string {
		s := strings.Repeat("x", r.IntN(40))
		if cr && r.IntN(3) == 0 {
			s += "\r" + strings.Repeat("y", r.IntN(5)) // inside a line
		}
		if cr {
			return s + "\r\n"
		}
		return s + "\n"
	}
	for trial := range 60 {
		var b strings.Builder
		for b.Len() < 300<<10 {
			switch k := r.IntN(10); {
			case trial%3 == 0:
				b.WriteString(line(false))
			case k == 0:
				b.WriteString(strings.Repeat("\r", r.IntN(8<<10))) // dense
			default:
				b.WriteString(line(trial%3 == 1 || k < 5))
			}
		}
		data := b.String()
		tp := &tap{src: &chunkReader{b: []byte(data), next: func() int { return 1 + r.IntN(70<<10) }}, prevLF: -1, lent: -1, cr: newSeek('\r')}
		listed := false
		for tp.more(r.IntN(readerBufferSize)) {
			lo, hi := tp.base, tp.end()
			listed = listed || len(tp.crs) > 0
			check := func(a, e int64) {
				want := strings.IndexByte(data[a:e], '\r') >= 0
				if got := tp.crIn(a, e); got != want {
					t.Fatalf("trial %d: crIn(%d, %d) = %v, want %v (held [%d, %d), listed [%d, %d))", trial, a, e, got, want, lo, hi, tp.crFrom, tp.crTo)
				}
			}
			for a := lo; a < hi; a += 1 + r.Int64N(300) {
				check(a, min(hi, a+r.Int64N(400)))
			}
			for range 200 {
				a := lo + r.Int64N(hi-lo+1)
				check(a, a+r.Int64N(hi-a+1))
			}
			tp.keep = lo + r.Int64N(hi-lo+1)
		}
		if trial%3 != 0 && !listed {
			t.Fatalf("trial %d: no read listed a CR: the test checks no list", trial)
		}
	}
}

// sizeReader records the size of every read asked of it.
type sizeReader struct {
	r     io.Reader
	sizes []int
}

func (s *sizeReader) Read(p []byte) (int, error) {
	s.sizes = append(s.sizes, len(p))
	return s.r.Read(p)
}

// TestReaderReadsGrow: the Reader asks its io.Reader for 4 KiB at first,
// as encoding/csv does, and for readerBufferSize once the input is large,
// however its records are made (the quick path of well-quoted rows,
// plainRow, walkRow): reads of 4 KiB throughout a large file cost the
// Scanner a restart of its lane every 4 KiB.
func TestReaderReadsGrow(t *testing.T) {
	for name, row := range map[string]string{
		"well quoted": `1,"a, b",c` + "\n",
		"plain":       "1,ab,c\n",
		"walked":      "1, a,c\n", // TrimLeadingSpace: walkRow
	} {
		src := &sizeReader{r: strings.NewReader(strings.Repeat(row, (4<<20)/len(row)))}
		rd := NewReader(src)
		rd.TrimLeadingSpace = name == "walked"
		for {
			if _, err := rd.Read(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(name, err)
			}
		}
		if first := src.sizes[0]; first != readerMinBufferSize {
			t.Errorf("%s: first read of %d bytes, want %d", name, first, readerMinBufferSize)
		}
		big := 0
		for _, n := range src.sizes {
			if n >= readerBufferSize/2 {
				big++
			}
		}
		if big < len(src.sizes)*3/4 {
			t.Errorf("%s: %d of %d reads of at least %d bytes: the reads did not grow", name, big, len(src.sizes), readerBufferSize/2)
		}
	}
}
