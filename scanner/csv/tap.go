package csv

import (
	"bytes"
	"io"
	"math"
	"sort"
	"strings"
	"unsafe"

	"github.com/csvscan/csvscan/internal/iocheck"
	"github.com/csvscan/csvscan/internal/linecount"
)

// tap is the Reader's view of its input. It reads the io.Reader for
// whoever needs bytes (the Scanner, which reads in the tap's own buffer,
// or encoding/csv reading a record again, which gets copies), keeps every
// byte from the start of the current record on (while encoding/csv reads a
// record, only the last stdlibWindow bytes), and counts LF bytes, so that
// the raw bytes and the lines and columns of the current record stay
// known.
//
// The records' strings are the input's bytes in place, in the tap's
// arrays (Reader.fromRow), so that the copy the io.Reader makes into an
// array is the only copy of the input: an array records were cut from is
// sealed (tap.seal) and never written again; making room then moves to a
// new array. The arrays of lines nobody keeps (comment lines, empty
// lines, rows encoding/csv reads) are used again.
type tap struct {
	src  io.Reader
	buf  []byte // buf[off:] holds the input bytes [base, end())
	off  int
	base int64
	err  error // the io.Reader's error (io.EOF at the end): no more bytes
	keep int64 // the bytes before keep may be dropped
	// hold, when set, returns the offset to keep from instead of keep
	// (Reader.holdFrom).
	hold func() int64

	// sealed: strings were cut from buf's array (seal); its bytes are
	// never written again. last is the array sealed last.
	sealed bool
	last   []byte
	lastAt uintptr // the address of last's first byte

	// The Scanner reads in the tap's buffer (tapLender): the bytes from
	// lent on (-1: none) are its, and the array it was lent (view, the
	// address of its first byte) is not written again until it asks
	// again, so that its buffer stays valid. Making room in an array that
	// is not sealed then moves the bytes to spare, a second array (never
	// a sealed one), instead of to the front.
	lent  int64
	view  *byte
	spare []byte
	// lending is set while the tap reads for the Scanner (tapLender.Lend),
	// that is while the Scanner reads a row: the bytes between the last
	// record and the Scanner's row may then be dropped (Reader.holdFrom).
	lending bool

	// LF bytes: lines lie before base, the last of them at prevLF (-1 for
	// none); lfs holds the offsets of those in [base, lfEnd), and lfAhead
	// is how many lie in [lfEnd, end()): each read counts its own (account).
	lines   int
	prevLF  int64
	lfs     []int64
	lfEnd   int64
	lfAhead int

	// CR bytes: crs holds the input offsets of those in [crFrom, crTo), in
	// order, which the reads list in the pass that counts their LFs
	// (account) once listCRs is set, and crK is where the last lookup left
	// off (crIn; crK <= len(crs)). Outside that span, cr searches for them
	// (tap.index). marks is the reads' scratch.
	crs          []int64
	crFrom, crTo int64
	crK          int
	listCRs      bool
	marks        []uint32
	cr           seek
}

// crDensity bounds the CRs a read lists: one per crDensity bytes of it
// on average. A read with more (a file of CRs, or a read of a few bytes)
// leaves the rest to the search (tap.cr), so that the list takes at most
// half the bytes it describes.
const crDensity = 16

// tapChunk is the size of the tap's first array, and the least room a
// sealed array must have left to be read into.
const tapChunk = 4 << 10

// tapBlock is the size of the new arrays that follow a sealed one (each
// twice the last up to it), unless the bytes the tap must keep need a
// larger one: 2*live+want for live bytes taken along (the record so far
// and at most one read ahead) and a read of want, both at most
// readerBufferSize, so that a huge record is copied a linear number of
// times. A field the caller keeps keeps its array alive: at most
// max(tapBlock, 2*record+3*readerBufferSize) bytes (TestTapArrayBound).
// An array holds two reads: at 64 KiB, one read each, the allocations
// (each a span of the heap) cost the Reader 7% more time on 1024-byte
// quoted notes (BenchmarkReader, 8 rounds alternating the two, median
// ratio to encoding/csv 1.44 against 1.55).
const tapBlock = 128 << 10

func (t *tap) end() int64 { return t.base + int64(len(t.buf)-t.off) }

// more reads from the io.Reader, at most want bytes (at least tapChunk,
// at most readerBufferSize), making room first by dropping the bytes
// before keep and moving the rest to the front, to the spare array or to
// a new one. It reports whether bytes were added.
func (t *tap) more(want int) bool {
	if t.err != nil {
		return false
	}
	want = min(max(want, tapChunk), readerBufferSize)
	if free := cap(t.buf) - len(t.buf); free < want && (!t.sealed || free < tapChunk) {
		keep := t.keep
		if t.hold != nil {
			keep = t.hold()
		}
		if t.lent >= 0 {
			keep = min(keep, t.lent)
		}
		t.prune(keep)
		live := len(t.buf) - t.off
		switch {
		case t.sealed:
			// A sealed array is never written again, nor used as the spare.
			nb := newArray(live, max(min(2*cap(t.buf), tapBlock), 2*live+want))
			copy(nb, t.buf[t.off:])
			t.buf, t.sealed = nb, false
		case t.off > 0 && live <= cap(t.buf)/2 && cap(t.buf)-live >= want && !t.viewed(t.buf):
			copy(t.buf, t.buf[t.off:])
		case t.off > 0 && live <= cap(t.spare)/2 && cap(t.spare)-live >= want && !t.viewed(t.spare):
			nb := t.spare[:live]
			copy(nb, t.buf[t.off:])
			t.spare, t.buf = t.buf, nb
		default:
			nb := newArray(live, max(2*cap(t.buf), live+want))
			copy(nb, t.buf[t.off:])
			t.spare, t.buf = t.buf, nb
		}
		t.buf, t.off = t.buf[:live], 0
	}
	for tries := 0; tries < 100; tries++ {
		free := t.buf[len(t.buf):min(cap(t.buf), len(t.buf)+want)]
		n, err := t.src.Read(free)
		if n < 0 || n > len(free) {
			n, err = 0, iocheck.CountError(n, len(free))
		}
		t.buf = t.buf[:len(t.buf)+n]
		if n > 0 {
			t.account(free[:n], t.end()-int64(n))
		}
		if err != nil {
			t.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	t.err = io.ErrNoProgress
	return false
}

// account counts the LF bytes of b, the bytes a read just added at input
// offset at, in one pass up to the first CR (linecount.CountUntil; with
// AVX-512 twice the speed of bytes.Count and bytes.IndexByte, which each
// read every byte), and lists b's CRs (crs) from there on in the same pass
// (linecount.CountMarks) once a row asked whether it holds one (crIn):
// in a file with CRLF line ends and quoted fields, that is a lookup in the
// list a row, not a search of its bytes. With no CR, or none asked for,
// the rest is counted with bytes.Count.
func (t *tap) account(b []byte, at int64) {
	n, i := linecount.CountUntil(b, '\n', '\r')
	if at != t.crTo {
		// The read before left CRs unlisted: the list starts again here.
		t.crs, t.crK, t.crFrom = t.crs[:0], 0, at
	}
	if i < len(b) && t.listCRs {
		room := (len(b) - i) / crDensity
		if cap(t.marks) < room {
			t.marks = make([]uint32, 0, max(room, readerBufferSize/crDensity))
		}
		k, marks, e := linecount.CountMarks(b[i:], '\n', '\r', t.marks[:0:room])
		n += k
		for _, m := range marks {
			t.crs = append(t.crs, at+int64(i)+int64(m))
		}
		i += e
	}
	t.crTo = at + int64(i)
	if i < len(b) {
		n += bytes.Count(b[i:], lf) // its CRs are left to the search
	}
	t.lfAhead += n
}

// crIn reports whether a CR lies in the input bytes [a, b), which the tap
// holds: false at once where the reads listed none (a file of LF line
// ends), else a lookup in the list (crLookup).
func (t *tap) crIn(a, b int64) bool {
	if len(t.crs) == 0 && a >= t.crFrom && b <= t.crTo {
		return false
	}
	return t.crLookup(a, b)
}

// crLookup is crIn for a list with CRs, or bytes it does not cover: from
// where the last lookup left off as a rises from row to row (a binary
// search when it went back), or, outside the listed bytes, the search
// (tap.cr), and the reads from now on list their CRs.
func (t *tap) crLookup(a, b int64) bool {
	if a < t.crFrom || b > t.crTo {
		t.listCRs = true
		return t.index(&t.cr, a, b) < b
	}
	k := t.crK
	if k > 0 && t.crs[k-1] >= a {
		k = sort.Search(len(t.crs), func(i int) bool { return t.crs[i] >= a })
	}
	for k < len(t.crs) && t.crs[k] < a {
		k++
	}
	t.crK = k
	return k < len(t.crs) && t.crs[k] < b
}

// lf is the LF byte, for bytes.Count.
var lf = []byte{'\n'}

// newArray returns a slice of length n over a new array of at least c
// bytes (n <= c), whose bytes are not zeroed first: the tap copies its
// live bytes into the first n and reads the input into the rest, and
// never lets a byte it has not written out of the array. Zeroing an array
// of 64 KiB that the input is read into at once cost 16% of the Reader's
// time on 1024-byte quoted notes (BenchmarkReader's CPU profile, in the
// runtime's memclrNoHeapPointers). strings.Builder.Grow is the standard
// library's one way to such memory: the builder's String shares the
// array, which is a string's, so no one else ever writes it, and the tap
// writes it only through this slice before a string is cut from it.
func newArray(n, c int) []byte {
	var sb strings.Builder
	sb.Grow(c)
	sb.WriteByte(0) // a string of length 1, to take the array's address from
	return unsafe.Slice(unsafe.StringData(sb.String()), c)[:n]
}

// viewed reports whether b's array is the one the Scanner reads in.
func (t *tap) viewed(b []byte) bool {
	return t.view != nil && cap(b) > 0 && &b[:1][0] == t.view
}

// seal marks the array that holds b, a record's bytes in the Scanner's
// view (the tap's buffer, or its spare after the tap moved on), as one
// strings are cut from, before Read returns them: its bytes are never
// written again. The array sealed last is held in last, so that sealing the rows
// of an array after its first costs one comparison (and so that its
// memory, which the comparison is made against, is never another
// array's).
func (t *tap) seal(b []byte) {
	if uintptr(unsafe.Pointer(unsafe.SliceData(b)))-t.lastAt >= uintptr(cap(t.last)) {
		t.sealSlow(b)
	}
}

// sealSlow is seal for an array not sealed last.
func (t *tap) sealSlow(b []byte) {
	if len(b) == 0 {
		return
	}
	switch p := &b[0]; {
	case holds(t.buf, p):
		t.sealed, t.last = true, t.buf[:0]
	case holds(t.spare, p):
		t.last, t.spare = t.spare[:0], nil
	default:
		return // the tap let go of the array: it is never written again
	}
	t.lastAt = uintptr(unsafe.Pointer(unsafe.SliceData(t.last)))
}

// holds reports whether p points into the array of a.
func holds(a []byte, p *byte) bool {
	if cap(a) == 0 {
		return false
	}
	at := uintptr(unsafe.Pointer(p)) - uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	return at < uintptr(cap(a))
}

// tapLender lends a Scanner whose first byte is at input offset origin the
// tap's buffer (the lender of Scanner.fill), reading size bytes at a time.
type tapLender struct {
	t      *tap
	origin int64
	size   int
}

// Lend lends the tap's buffer from the Scanner's offset from on
// (scanner.Lender), reading size more bytes when it holds nothing past
// have; the array is not written again until the next Lend (tap.viewed).
func (l *tapLender) Lend(from, have int64) ([]byte, error) {
	t := l.t
	from, have = l.origin+from, l.origin+have
	t.lent = from
	var err error
	if t.end() <= have {
		t.lending = true
		if !t.more(l.size) {
			err = t.err
		}
		t.lending = false
	}
	b := t.buf[t.off+int(from-t.base):]
	if cap(t.buf) > 0 {
		t.view = &t.buf[:1][0]
	}
	return b, err
}

// seek is a search for one byte value in the input ahead of the rows
// (tap.index): the byte and what is known of where it lies. The byte is
// at at (math.MaxInt64 when the search found none), and nowhere in
// [from, min(at, to)): the search started at from and read up to to
// (math.MaxInt64 when it found one).
type seek struct {
	c            byte
	from, at, to int64
}

// newSeek returns a seek of c that knows nothing yet.
func newSeek(c byte) seek { return seek{c: c, at: math.MaxInt64} }

// index returns the input offset of the first byte sk.c at or after a,
// if it lies before b, else some offset at or after b; the tap must hold
// the bytes [a, b). It searches from a to the end of what the tap holds
// and remembers what it found, so that over rows that hold none of the
// byte, a search costs one call of bytes.IndexByte per read of the tap,
// not one per row. Calls are cheap when a does not go back.
func (t *tap) index(sk *seek, a, b int64) int64 {
	if a < sk.from || sk.at < a || sk.to < b {
		t.search(sk, a)
	}
	return sk.at
}

// search is index's search, from a, or from where the last one stopped
// when it found nothing after a.
func (t *tap) search(sk *seek, a int64) {
	from := a
	if sk.at == math.MaxInt64 && sk.to > a && a >= sk.from {
		from = sk.to // [a, to) was searched
	} else {
		sk.from = a
	}
	if k := bytes.IndexByte(t.slice(from, t.end()), sk.c); k >= 0 {
		sk.at, sk.to = from+int64(k), math.MaxInt64
	} else {
		sk.at, sk.to = math.MaxInt64, t.end()
	}
}

// byteAt returns the input byte at offset o, reading up to it if needed; it
// reports false at or past the end of input (or a read error).
func (t *tap) byteAt(o int64) (byte, bool) {
	if o < t.base {
		return 0, false
	}
	for o >= t.end() {
		if !t.more(0) {
			return 0, false
		}
	}
	return t.buf[t.off+int(o-t.base)], true
}

// slice returns the bytes [a, b) of the input, which must be held.
func (t *tap) slice(a, b int64) []byte {
	return t.buf[t.off+int(a-t.base) : t.off+int(b-t.base)]
}

// hasPrefix reports whether the input at offset o starts with p.
func (t *tap) hasPrefix(o int64, p []byte) bool {
	for i, c := range p {
		if b, ok := t.byteAt(o + int64(i)); !ok || b != c {
			return false
		}
	}
	return true
}

// prune forgets the bytes before offset keep, counting their LF bytes.
func (t *tap) prune(keep int64) {
	keep = min(keep, t.end())
	if keep <= t.base {
		return
	}
	k := sort.Search(len(t.lfs), func(i int) bool { return t.lfs[i] >= keep })
	if k > 0 {
		t.prevLF = t.lfs[k-1]
	}
	t.lines += k
	t.lfs = t.lfs[:copy(t.lfs, t.lfs[k:])]
	if t.lfEnd < keep {
		seg := t.slice(t.lfEnd, keep)
		// The LFs of seg: counted, or, when the bytes kept are fewer,
		// what the reads counted less those of the bytes kept.
		var n int
		if len(seg) <= int(t.end()-keep) {
			n = bytes.Count(seg, lf)
		} else {
			n = t.lfAhead - bytes.Count(t.slice(keep, t.end()), lf)
		}
		// (bytes.LastIndexByte reads a byte at a time: only where there
		// is an LF, which ends the record before keep as a rule.)
		if n > 0 {
			t.lines += n
			t.prevLF = t.lfEnd + int64(bytes.LastIndexByte(seg, '\n'))
		}
		t.lfAhead -= n
		t.lfEnd = keep
	}
	if len(t.crs) > 0 && t.crs[0] < keep {
		k := sort.Search(len(t.crs), func(i int) bool { return t.crs[i] >= keep })
		t.crs = t.crs[:copy(t.crs, t.crs[k:])]
		t.crK = max(0, t.crK-k)
	}
	t.off += int(keep - t.base)
	t.base = keep
}

// lineCol returns the 1-based line and byte column of input offset o, which
// must not lie before the bytes held (o may be the end of input).
func (t *tap) lineCol(o int64) (line, col int) {
	if o > t.end() {
		o = t.end()
	}
	for t.lfEnd < o {
		seg := t.slice(t.lfEnd, o)
		i := bytes.IndexByte(seg, '\n')
		if i < 0 {
			t.lfEnd = o
			break
		}
		t.lfs = append(t.lfs, t.lfEnd+int64(i))
		t.lfEnd += int64(i) + 1
		t.lfAhead--
	}
	k := sort.Search(len(t.lfs), func(i int) bool { return t.lfs[i] >= o })
	last := t.prevLF
	if k > 0 {
		last = t.lfs[k-1]
	}
	return t.lines + k + 1, int(o - last)
}

// lineStartOf returns the offset where line n (1-based, from the start of
// the input) starts, or -1 when that is not known any more: it is known
// when the LF before it is held or is the last LF dropped.
func (t *tap) lineStartOf(n int) int64 {
	t.lineCol(t.end()) // index the LF bytes of everything held
	switch k := n - 1 - t.lines; {
	case k == 0:
		return t.prevLF + 1
	case k > 0 && k <= len(t.lfs):
		return t.lfs[k-1] + 1
	}
	return -1
}

// streamAt returns an io.Reader of the input from offset o on whose reads
// let the tap drop the bytes more than stdlibWindow before its position.
func (t *tap) streamAt(o int64) io.Reader { return &tapReader{t: t, pos: o, stream: true} }

type tapReader struct {
	t      *tap
	pos    int64
	stream bool
}

func (tr *tapReader) Read(p []byte) (int, error) {
	t := tr.t
	if tr.pos < t.base {
		panic("csvscan: the Reader dropped input a reader still needs")
	}
	for tr.pos >= t.end() {
		if !t.more(len(p)) {
			return 0, t.err
		}
	}
	n := copy(p, t.buf[t.off+int(tr.pos-t.base):])
	tr.pos += int64(n)
	if tr.stream {
		t.keep = max(t.keep, tr.pos-stdlibWindow)
	}
	return n, nil
}
