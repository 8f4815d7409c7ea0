package sniff

import (
	"bytes"

	"github.com/csvscan/csvscan/skipper"
	sm "github.com/csvscan/csvscan/statemachine"
)

// line is what the column counter learns about one row of the sample: how
// many values it has and whether it is a comment. It is DuckDB's
// ColumnCount entry (column_count_scanner.cpp), counted with the reading
// rules of docs/reading-rules.md.
type line struct {
	start int // offset of the row's first byte in the sample
	end   int // offset just past the byte that ended it (the CR of a CRLF), or the end of the sample
	cols  int // number of values
	// comment is a line the reader drops: a comment with nothing but
	// spaces before it. midComment is a row that a comment ends, and
	// commentOpens says that comment stands where a value starts, with
	// nothing but spaces before it in its value ("1,#a").
	comment, midComment, commentOpens bool
	// emptyLast says the row's last value is empty ("a,b,").
	emptyLast bool
	// filled is the number of values up to the last one that is not
	// empty: 2 for "5,6," and "5,6,,", 0 for ",,". A quoted value is
	// not empty.
	filled int
}

// counter runs one candidate dialect's transition table over the sample and
// counts the values of each row, without keeping them. It is resumable: each
// call to next parses the following rows, as DuckDB's ColumnCountScanner
// parses one chunk at a time.
type counter struct {
	t       *sm.Table
	in      []byte
	final   bool // in ends where the input ends (else it may stop mid-row)
	maxLine int

	pos   int      // next byte to read
	state sm.State // state after in[pos-1]

	// Of the row being read.
	rowStart   int
	vs         int
	cols       int
	filled     int // values up to the last non-empty one so far (line.filled)
	commentAt  int // offset of an open comment, or -1
	delimLen   int
	quoted     bool // the value being read opened with a quote
	everQuoted bool // some value opened with a quote
	everEscape bool // some quoted value held an escape
	failed     bool // the table reached INVALID too often, a quote never closed, or a line was too long
	done       bool // every row of the sample has been counted
	// bad counts the rows in which the table reached INVALID and that
	// were counted as rows of no value (cols 0) instead of failing the
	// candidate: at most one in badShare of the rows read (badRow).
	// DuckDB's method drops such a candidate (strict); the ragged
	// reading counts the row as one not at the table's width, a reject.
	bad int

	w *skipper.Walker // the table's skip step
}

func newCounter(t *sm.Table, in []byte, bomSkip, final bool, maxLine int) *counter {
	c := &counter{t: t, in: in, final: final, maxLine: maxLine, state: sm.NotSet, commentAt: -1,
		delimLen: len(t.Dialect().Delimiter), w: skipper.NewWalker(t)}
	c.w.Reset(in)
	if bomSkip && bytes.HasPrefix(in, []byte{0xEF, 0xBB, 0xBF}) {
		c.pos = 3
	}
	c.rowStart, c.vs = c.pos, c.pos
	return c
}

// next appends up to n more rows to dst and returns it. After a failure it
// returns dst unchanged and c.failed is set; when the sample is used up,
// c.done is set.
//
// The loop is the scanner's: one table lookup per byte, and in the states
// where long runs of ordinary bytes occur (an unquoted value, a quoted one,
// a comment) a jump to the next byte that may change the state: the
// table's skip step, skipper.Walker.Skip.
func (c *counter) next(dst []line, n int) []line {
	if c.failed || c.done {
		return dst
	}
	next := c.t.Transitions()
	in := c.in
	cur := c.state
	want := len(dst) + n
	i := c.pos
	for i < len(in) && len(dst) < want {
		prev := cur
		cur = next[in[i]][prev]
		switch cur {
		case sm.Standard:
			j := c.w.Skip(sm.Standard, i+1, len(in))
			if j-c.rowStart > c.maxLine {
				c.failed = true
				return dst
			}
			i = j
			continue
		case sm.EmptySpace:
		case sm.Delimiter:
			if c.quoted || i+1-c.delimLen > c.vs {
				c.filled = c.cols + 1
			}
			c.cols++
			c.vs = i + 1
			c.quoted = false
		case sm.RecordSeparator, sm.CarriageReturn:
			switch {
			case prev == sm.CarriageReturn && cur == sm.RecordSeparator:
			case prev == sm.RecordSeparator || prev == sm.CarriageReturn || prev == sm.NotSet:
				// An empty line: no row while sniffing, as in DuckDB.
			default:
				dst = append(dst, c.endRow(i, i+1))
			}
			c.vs, c.rowStart, c.commentAt = i+1, i+1, -1
			c.quoted = false
		case sm.Quoted:
			switch prev {
			case sm.Unquoted:
				// A quote right after the closing one is a doubled quote,
				// an escape ("a""b"). After other bytes ('OBS' 'GPA',
				// quoted values between spaces, read with another
				// delimiter) it opens no escape: counting it one let a
				// one-column reading of quote and escape ' beat the
				// five-column one of the space delimiter.
				if in[i-1] == in[i] {
					c.everEscape = true
				}
			case sm.Quoted, sm.QuotedNewLine, sm.Escape, sm.MaybeQuoted:
			default:
				c.everQuoted, c.quoted = true, true
			}
			j := c.w.Skip(sm.Quoted, i+1, len(in))
			if j-c.rowStart > c.maxLine {
				c.failed = true
				return dst
			}
			i = j
			continue
		case sm.Escape:
			c.everEscape = true
		case sm.Comment:
			if prev != sm.Comment {
				c.commentAt = i
			}
			j := c.w.Skip(sm.Comment, i+1, len(in))
			if j-c.rowStart > c.maxLine {
				c.failed = true
				return dst
			}
			i = j
			continue
		case sm.Invalid:
			j, ok := c.badRow(i, len(dst))
			if !ok {
				c.failed = true
				return dst
			}
			dst = append(dst, line{start: c.rowStart, end: j})
			cur = sm.RecordSeparator
			c.cols, c.filled, c.vs, c.rowStart, c.commentAt = 0, 0, j, j, -1
			c.quoted = false
			i = j
			continue
		}
		if i-c.rowStart >= c.maxLine && cur != sm.RecordSeparator && cur != sm.CarriageReturn {
			c.failed = true
			return dst
		}
		i++
	}
	c.pos, c.state = i, cur
	if len(dst) == want && i < len(in) {
		return dst
	}
	if i < len(in) {
		return dst
	}
	// The sample is used up.
	c.done = true
	switch cur {
	case sm.RecordSeparator, sm.CarriageReturn, sm.NotSet:
		return dst
	case sm.Quoted, sm.QuotedNewLine, sm.Escape:
		if c.final {
			c.failed = true // a quote that never closes
		}
		if c.rowStart < len(in)/2 {
			// A quote that opens in the first half of the sample and does
			// not close in it: a stray quote, not a value of many lines
			// the sample ends inside. DuckDB's counter reads on to the
			// end of the input for its first chunk, where such a quote
			// fails the dialect; this one sees only the sample, where the
			// dialect read a few rows and then won on its quote alone.
			c.failed = true
		}
		return dst
	case sm.DelimiterFirstByte, sm.DelimiterSecondByte, sm.DelimiterThirdByte:
		if c.final && c.quoted && !c.t.Dialect().Lenient {
			// The input ends inside a multi-byte delimiter after a
			// closing quote: text after the quote, an error in strict
			// reading (the scanner's atEOF).
			c.failed = true
			return dst
		}
	}
	if c.final && c.rowStart < len(in) {
		dst = append(dst, c.endRow(len(in), len(in)))
	}
	return dst
}

// badShare bounds the rows a candidate may read INVALID in (counter.bad):
// one in badShare of the rows read, and the first of them.
const badShare = 50

// badRow is called when the table reached INVALID at in[i] with rows rows
// read: when another bad row is allowed and the row has a line end in the
// sample, it counts the row as bad and returns the offset just past its
// line end (a CRLF taken whole) where the next row starts.
func (c *counter) badRow(i, rows int) (int, bool) {
	if c.bad >= 1+rows/badShare {
		return 0, false
	}
	k := bytes.IndexAny(c.in[i:], "\n\r")
	if k < 0 || i+k-c.rowStart > c.maxLine {
		return 0, false
	}
	j := i + k + 1
	if c.in[j-1] == '\r' && j < len(c.in) && c.in[j] == '\n' {
		j++
	}
	c.bad++
	return j, true
}

// strictFailed reports whether DuckDB's method drops the candidate: its
// table failed, or reached INVALID in some row.
func (c *counter) strictFailed() bool { return c.failed || c.bad > 0 }

// endRow closes the row whose line ends at e (the next row starts at next),
// applying the comment rule of the reading rules.
func (c *counter) endRow(e, next int) line {
	l := line{start: c.rowStart, end: next, cols: c.cols + 1, filled: c.filled}
	if c.commentAt >= 0 {
		if c.cols == 0 && len(bytes.Trim(c.in[c.vs:c.commentAt], " ")) == 0 {
			l.comment = true
		} else {
			l.midComment = true
			l.emptyLast = c.commentAt == c.vs
			l.commentOpens = len(bytes.Trim(c.in[c.vs:c.commentAt], " ")) == 0
		}
	} else {
		l.emptyLast = e == c.vs
	}
	if !l.emptyLast && !l.comment {
		l.filled = l.cols
	}
	c.cols, c.filled = 0, 0
	return l
}
