package split

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/internal/iocheck"
	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// DefaultRangeSize is the size of a range when Plan is given none: 64 MiB,
// a few seconds of work for one worker and a summary pass of tens of
// milliseconds.
const DefaultRangeSize = 64 << 20

// ErrSequential is returned by Compose, with scanner.Options.IgnoreErrors,
// for a file that its ranges cannot read exactly: read it with ReadAll.
// With IgnoreErrors a bad row is read to its end by the transition table
// (INVALID reads as STANDARD), which summaries compose, except once a row
// reaches the maximum line size: it then ends at the first line-end byte
// after its last opening quote, a rule outside the table
// (docs/reading-rules.md, "Bad rows") that depends on where the row
// began, and the scan reads bytes again that it had read inside quotes.
// So Compose checks, from the summaries, that no line of the file (as the
// table ends lines) comes within a few bytes of the maximum line size,
// and that the file's first row, whose width the later rows are held to,
// is no bad row; otherwise it returns this error.
var ErrSequential = errors.New("csvscan: with IgnoreErrors, a line of this file reaches the maximum line size or its first row is bad: its ranges cannot be read apart; read it with ReadAll")

// ErrSkipRows is returned by New for a positive scanner.Options.SkipRows:
// skipped lines end at any line-end byte, quotes or not, which is no state
// of the table either. Skip the lines before planning (plan the rest of
// the file as its own input) or read sequentially.
var ErrSkipRows = errors.New("csvscan: a plan does not skip rows (SkipRows): skipped lines are not read by the transition table")

// ErrRowRules is returned by New for scanner.Options.TrailingDelimiter or
// EmptyLineRows: each changes which values and lines are rows by a rule
// the summaries do not compose (a trailing delimiter makes the first
// row's width one less than its delimiters say; EmptyLineRows makes the
// empty lines before the first row rows too), so ranges would number
// and fit rows differently from a sequential scan. Read such a file
// sequentially.
var ErrRowRules = errors.New("csvscan: a plan does not read with TrailingDelimiter or EmptyLineRows: they decide rows by rules the summaries do not compose; read sequentially")

// Range is bytes [Start, End) of the file, the Index-th range of its plan.
// Its rows are the rows that start in it.
type Range struct {
	Index      int
	Start, End int64
}

// Plan cuts a file of known size into ranges and says how to read them:
// Summarize each range (in any order, anywhere), Compose the summaries in
// file order, then Read each range from its Start. A Plan holds no file;
// every method that reads takes the io.ReaderAt. It is safe for
// concurrent use.
type Plan struct {
	size, rangeSize int64
	bom             int64 // length of the byte order mark at the file's start: 0 or 3
	opts            scanner.Options
	tab             *sm.Table
	reach           *[numKeys]bool // the start keys input can lead to
	ignore          bool           // opts.IgnoreErrors
}

// New returns the plan of a file of size bytes read with opts, cut into
// ranges of rangeSize bytes (0: DefaultRangeSize; the last range is
// shorter). It reads the file's first three bytes, to know whether a byte
// order mark starts it. Options.SkipRows is refused (ErrSkipRows), and so
// are TrailingDelimiter and EmptyLineRows (ErrRowRules); with
// Options.IgnoreErrors, Compose may ask for a sequential read
// (ErrSequential); Threads and BufferSize only change how fast a range is
// read.
func New(r io.ReaderAt, size, rangeSize int64, opts scanner.Options) (*Plan, error) {
	if opts.SkipRows > 0 {
		return nil, ErrSkipRows
	}
	if opts.TrailingDelimiter || opts.EmptyLineRows {
		return nil, ErrRowRules
	}
	if size < 0 || rangeSize < 0 {
		return nil, fmt.Errorf("csvscan: size %d and range size %d must not be negative", size, rangeSize)
	}
	if rangeSize == 0 {
		rangeSize = DefaultRangeSize
	}
	d := opts.Dialect
	if d.Delimiter == "" {
		d = dialect.Default() // as the scanner reads a zero Dialect
	}
	tab, err := sm.For(d)
	if err != nil {
		return nil, err
	}
	p := &Plan{size: size, rangeSize: rangeSize, opts: opts, tab: tab, reach: reachable(tab, opts.IgnoreErrors), ignore: opts.IgnoreErrors}
	if size >= 3 {
		var head [3]byte
		if _, err := r.ReadAt(head[:], 0); err != nil && err != io.EOF {
			return nil, err
		}
		if head == [3]byte{0xEF, 0xBB, 0xBF} {
			p.bom = 3
		}
	}
	return p, nil
}

// Size returns the size of the file the plan is for.
func (p *Plan) Size() int64 { return p.size }

// NumRanges returns the number of ranges: at least one (an empty file has
// one empty range).
func (p *Plan) NumRanges() int {
	if p.size == 0 {
		return 1
	}
	return int((p.size + p.rangeSize - 1) / p.rangeSize)
}

// Range returns range i, 0 <= i < NumRanges().
func (p *Plan) Range(i int) Range {
	start := int64(i) * p.rangeSize
	return Range{Index: i, Start: start, End: min(start+p.rangeSize, p.size)}
}

// Ranges returns every range, in file order.
func (p *Plan) Ranges() []Range {
	out := make([]Range, p.NumRanges())
	for i := range out {
		out[i] = p.Range(i)
	}
	return out
}

// begin is where range g's bytes start to matter: after the byte order
// mark.
func (p *Plan) begin(g Range) int64 { return max(g.Start, min(p.bom, g.End)) }

// Summarize reads range g's bytes from r (once, 256 KiB at a time, so
// that a range of 64 MiB costs a buffer of 256 KiB) and returns its
// summary, the one SummarizeBytes gives over them. It depends on nothing
// before or after the range, so the ranges of a file may be summarised in
// any order, by any number of workers.
func (p *Plan) Summarize(r io.ReaderAt, g Range) (Summary, error) {
	if err := p.check(g); err != nil {
		return Summary{}, err
	}
	buf, _ := pieceBufs.Get().(*[]byte)
	if buf == nil || len(*buf) != summaryPiece {
		b := make([]byte, summaryPiece)
		buf = &b
	}
	defer pieceBufs.Put(buf)
	w := newWalker(p.tab, p.ignore)
	var per [numKeys]traj
	for at, first := p.begin(g), true; first || at < g.End; first = false {
		data := (*buf)[:min(int64(len(*buf)), g.End-at)]
		if len(data) > 0 {
			if n, err := r.ReadAt(data, at); n < len(data) {
				if err == nil || err == io.EOF {
					err = io.ErrUnexpectedEOF
				}
				return Summary{}, fmt.Errorf("csvscan: reading range %d [%d, %d) at %d: %w", g.Index, g.Start, g.End, at, err)
			}
		}
		if first {
			per = w.summarize(data, p.reach)
		} else {
			w.more(&per, data, p.reach)
		}
		at += int64(len(data))
	}
	w.sk.Reset(nil) // hold no buffer
	return newSummary(g, &per, p.reach), nil
}

// summaryPiece is how much of a range Summarize reads at a time: 256 KiB,
// in L2, where the summary pass then reads it (a range read whole, 64 MiB
// by default, went through the caches twice: once copied in, once
// summarised). The trajectories of the pieces compose (traj.then) into
// the range's. (A variable so that tests can make it tiny.)
var summaryPiece = 256 << 10

// pieceBufs keeps the memory Summarize reads pieces into, for the next
// Summarize. The collector takes what no Summarize uses.
var pieceBufs sync.Pool

// SummarizeBytes is Summarize over the range's bytes, data, which hold
// bytes [max(g.Start, bom), g.End) of the file, bom being the length of a
// byte order mark at its start (0 or 3): in all but the first range, the
// range's bytes as they are.
func (p *Plan) SummarizeBytes(g Range, data []byte) Summary {
	w := newWalker(p.tab, p.ignore)
	per := w.summarize(data, p.reach)
	return newSummary(g, &per, p.reach)
}

func (p *Plan) check(g Range) error {
	if g.Index < 0 || g.Index >= p.NumRanges() || g != p.Range(g.Index) {
		return fmt.Errorf("csvscan: %+v is no range of this plan", g)
	}
	return nil
}

// Start is where a sequential scan of the whole file stands at a range's
// start, as Compose works it out: what Read needs to read the range alone.
type Start struct {
	// Range is the range this is the start of.
	Range Range
	// State is the machine's state before the range's first byte (after a
	// byte order mark in the first range: NOT_SET). INVALID means an
	// earlier range stops the scan with an error: no row of this range is
	// read.
	State sm.State
	// Pending is what the line in progress at the range's start holds: 0
	// spaces only (or nothing), 1 more, 2 a comment after spaces only.
	Pending uint8
	// Row is the number a sequential scan gives the first row that starts
	// in the range (the header is row 1), and Line the number of the first
	// line that starts in it (empty and comment lines are lines, not
	// rows), when one does.
	Row, Line int
	// Width is the row width a sequential scan knows at that row: 0 when
	// the first row of the file is still to come.
	Width int
}

// Compose works out every range's Start from the summaries of all the
// ranges, in file order (sums[i] is the summary of range i), in one pass:
// O(ranges), no byte read. It returns an error when a summary is missing,
// out of order or of another plan's ranges, and, with IgnoreErrors,
// ErrSequential for a file its ranges cannot read exactly. A summary does
// not say which dialect it was computed with: the summaries must come
// from a plan of the same file with the same options.
func (p *Plan) Compose(sums []Summary) ([]Start, error) {
	if len(sums) != p.NumRanges() {
		return nil, fmt.Errorf("csvscan: %d summaries for %d ranges", len(sums), p.NumRanges())
	}
	out := make([]Start, len(sums))
	c := p.Composer()
	for i, s := range sums {
		st, err := c.Next(s)
		if err != nil {
			return nil, err
		}
		out[i] = st
	}
	if err := c.Done(); err != nil {
		return nil, err
	}
	return out, nil
}

// A Composer works out the ranges' Starts one at a time, in file order,
// as their summaries come: range i's Start needs the summaries of the
// ranges before it only, so a reader in one process can read the first
// ranges while it summarises the later ones. Compose is a Composer fed
// every summary. A Composer is not safe for concurrent use.
type Composer struct {
	p    *Plan
	acc  traj // the bytes before range next, read from the file's start
	next int
}

// Composer returns a Composer at the plan's first range.
func (p *Plan) Composer() *Composer {
	return &Composer{p: p, acc: identity(mkKey(sm.NotSet, blank), p.ignore)}
}

// Next returns the Start of the next range, s being its summary, and
// takes s on for the ranges after it. It returns an error for a summary
// out of order, of another plan's ranges, or empty. With IgnoreErrors a
// file may still turn out unreadable by ranges at the end: Done says.
func (c *Composer) Next(s Summary) (Start, error) {
	p := c.p
	if c.next >= p.NumRanges() || s.Range != p.Range(c.next) {
		return Start{}, fmt.Errorf("csvscan: summary %d is of %+v, expected range %d", c.next, s.Range, c.next)
	}
	if len(s.trajs) == 0 {
		return Start{}, fmt.Errorf("csvscan: summary %d is empty", c.next)
	}
	st := p.start(s.Range, c.acc, s.from(c.acc.end))
	if !c.acc.dead {
		c.acc = c.acc.then(s.from(c.acc.end))
	}
	c.next++
	return st, nil
}

// Done reports, once every range's summary went through Next, whether the
// ranges read the file exactly: an error when summaries are missing, and,
// with IgnoreErrors, ErrSequential for a file its ranges cannot read
// (see ErrSequential). Without IgnoreErrors every Start Next returned is
// exact as it is returned.
func (c *Composer) Done() error {
	if c.next != c.p.NumRanges() {
		return fmt.Errorf("csvscan: %d summaries for %d ranges", c.next, c.p.NumRanges())
	}
	if c.p.ignore && !c.p.exact(c.acc) {
		return ErrSequential
	}
	return nil
}

// FastSummaries reports whether the plan's summaries count the lines of
// its ranges from block masks (docs/12-split-plan.md, "Lines from block
// masks"), several times as fast on short rows as byte by byte: the
// dialect reads as plain CSV (one delimiter byte, no escape byte but the
// quote, no comment) and IgnoreErrors is off.
func (p *Plan) FastSummaries() bool { return !p.ignore && fastLinesOf(p.tab) != nil }

// lineSlack is how close to the maximum line size a line may come, with
// IgnoreErrors, for a plan to read it: the scanner counts a row's bytes
// from its first one, a line here from the byte after the line end before
// (the LF of a CRLF included) through its own line end; the slack keeps
// the check on the safe side of both.
const lineSlack = 4

// exact reports whether the ranges of a file read with IgnoreErrors give
// the sequential scan, acc being the whole file's trajectory: no line
// comes within lineSlack bytes of the maximum line size (no bad row ends
// by the rule outside the table) and the first row is no bad row (its
// width is the file's).
func (p *Plan) exact(acc traj) bool {
	limit := int64(p.opts.MaxLineSize)
	if limit <= 0 {
		limit = scanner.DefaultMaxLineSize
	}
	longest := max(acc.maxLine, acc.headLen, acc.tailLen)
	return longest+lineSlack < limit && !acc.firstBad && !(acc.firstRow < 0 && acc.tailBad)
}

// ReadAll returns a sequential Scanner of the whole file, with the plan's
// options: the read Compose's ErrSequential asks for.
func (p *Plan) ReadAll(r io.ReaderAt) (*scanner.Scanner, error) {
	return scanner.New(io.NewSectionReader(iocheck.ReaderAt{R: r}, 0, p.size), p.opts)
}

// start gives range g's Start, acc being the trajectory of the file before
// it and t the range's own from there.
func (p *Plan) start(g Range, acc, t traj) Start {
	st := Start{Range: g, State: acc.end.state(), Pending: uint8(acc.end.status())}
	if acc.dead {
		st.State = sm.Invalid
		return st
	}
	width := p.widthAfter(acc)
	rows := acc.rows + p.countedEmpties(acc, width)
	lines := acc.lines
	if !lineStart(st.State) && t.lines > 0 {
		// The line in progress ends at the range's first line end; the
		// range's rows start after it.
		lines++
		if t.firstRow >= 0 && t.firstHead {
			rows++
			if width == 0 {
				width = p.widthOf(acc.tailDelims + t.firstRow)
			}
		}
	}
	st.Row, st.Line, st.Width = int(rows)+1, int(lines)+1, width
	return st
}

// widthAfter is the row width a sequential scan knows after acc.
func (p *Plan) widthAfter(acc traj) int {
	if p.opts.FieldsPerRow > 0 {
		return p.opts.FieldsPerRow
	}
	if acc.firstRow >= 0 {
		return p.widthOf(acc.firstRow)
	}
	return 0
}

// widthOf is the width of a row with delims delimiters.
func (p *Plan) widthOf(delims int64) int { return int(delims) + 1 }

// countedEmpties is how many of acc's empty lines are rows: in a file one
// value wide, those after the width is known (all of them when
// FieldsPerRow gives it).
func (p *Plan) countedEmpties(acc traj, width int) int64 {
	switch {
	case width != 1:
		return 0
	case p.opts.FieldsPerRow > 0:
		return acc.empties
	}
	return acc.emptiesAfter
}

// lineStart reports whether a row starts right after a byte that left the
// machine in state s.
func lineStart(s sm.State) bool {
	return s == sm.RecordSeparator || s == sm.CarriageReturn || s == sm.NotSet
}

// MarshalBinary encodes the start in a few bytes (encoding.BinaryMarshaler).
func (s Start) MarshalBinary() ([]byte, error) {
	b := []byte{encodingVersion, byte(s.State), s.Pending}
	for _, v := range []int64{int64(s.Range.Index), s.Range.Start, s.Range.End, int64(s.Row), int64(s.Line), int64(s.Width)} {
		b = binary.AppendUvarint(b, uint64(v))
	}
	return b, nil
}

// UnmarshalBinary decodes what MarshalBinary encoded.
func (s *Start) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	if v := d.byte(); v != encodingVersion {
		return fmt.Errorf("%w: version %d, expected %d", errEncoding, v, encodingVersion)
	}
	var out Start
	out.State, out.Pending = sm.State(d.byte()), d.byte()
	var v [6]uint64
	for i := range v {
		v[i] = d.uvarint()
		if v[i] > 1<<62 {
			return fmt.Errorf("%w: count %d", errEncoding, v[i])
		}
	}
	if d.err != nil {
		return d.err
	}
	if out.State >= sm.NumStates || out.Pending >= numStatus || len(d.b) != 0 || v[1] > v[2] {
		return fmt.Errorf("%w: start %v", errEncoding, data)
	}
	out.Range = Range{Index: int(v[0]), Start: int64(v[1]), End: int64(v[2])}
	out.Row, out.Line, out.Width = int(v[3]), int(v[4]), int(v[5])
	*s = out
	return nil
}
