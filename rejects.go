package csvscan

// Rejects: the rows a read skipped with StoreRejects. A typed read keeps
// its own (typed.Reader); Raw and Count keep the scan's skipped rows here.

import (
	"fmt"
	"strings"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
)

// Rejects returns the errors of the rows skipped so far, with StoreRejects,
// as DuckDB's reject_errors has them: a typed read's (Chunks, Next,
// Values), or a raw read's (Raw, Count), which keeps one for each row the
// scan skipped (typed.ParseReject; a row of another width is one reject,
// not one per missing or extra value).
func (r *Reader) Rejects() []typed.Reject { return r.rejectsOf(false) }

// TakeRejects returns the rejects Rejects would return, those of the rows
// skipped since the last call, and forgets them: a caller that writes
// them out as it reads (the command's --rejects does, after each chunk)
// holds at most the rejects of a chunk, where Rejects at the end holds
// every bad row of the input (a million rejects are about 250 MB). The
// rejects taken still count toward RejectsLimit, and Rejects returns only
// those after them. (Raw and Count hold the rejects of a run of bad rows
// until the next good row, since a take can only come between rows: all
// of the run's when RejectsLimit is 0, at most RejectsLimit otherwise.)
func (r *Reader) TakeRejects() []typed.Reject { return r.rejectsOf(true) }

// rejectsOf is Rejects, which forgets the rejects it returns when take is
// set (TakeRejects).
func (r *Reader) rejectsOf(take bool) []typed.Reject {
	if r.multi != nil {
		m := r.multi
		rj := m.rejects
		if m.cur != nil {
			rj = append(rj[:len(rj):len(rj)], m.cur.rejectsOf(take)...)
		}
		if take {
			m.rejects = nil
		}
		return rj
	}
	var rj []typed.Reject
	switch {
	case r.typed != nil && take:
		rj = r.typed.TakeRejects()
	case r.typed != nil:
		rj = r.typed.Rejects()
	default:
		rj = r.rawRejects
		if take {
			r.rawRejects, r.rawTaken = nil, r.rawTaken+len(rj)
		}
	}
	if r.shift == (position{}) || len(rj) == 0 {
		return rj
	}
	out := make([]typed.Reject, len(rj))
	for i, x := range rj {
		x.Line += r.shift.lines // skipped lines are lines, not rows
		if x.LineByteOffset >= 0 {
			x.LineByteOffset += r.shift.offset
		}
		if x.ByteOffset >= 0 {
			x.ByteOffset += r.shift.offset
		}
		x.Message = shiftedSummary(x)
		out[i] = x
	}
	return out
}

// keepRejects keeps the rows a raw read skipped as Rejects, with
// StoreRejects, within RejectsLimit.
func (r *Reader) keepRejects(bad []*scanner.ParseError) {
	if !r.opts.StoreRejects {
		return
	}
	for _, pe := range bad {
		if r.opts.RejectsLimit > 0 && r.rawTaken+len(r.rawRejects) >= r.opts.RejectsLimit {
			return
		}
		if r.headerReject(pe) {
			continue
		}
		r.rawRejects = append(r.rawRejects, typed.ParseReject(pe, r.schema))
	}
}

// headerReject says pe is the header's own width error: the raw scan
// holds the header to the schema's width too, but it is no row of the
// table, and a typed read keeps no reject for it.
func (r *Reader) headerReject(pe *scanner.ParseError) bool {
	return pe.Kind == scanner.ErrFieldCount && pe.Row == 1 && r.read.Header
}

// shiftedSummary returns the Message of rj, moved: a row the raw scan
// skipped keeps its ParseError's Summary, which names the row's line and
// byte as the scan of the section past a preamble counted them; written
// again with rj's moved positions, it is the sequential read's. Other
// messages name no position and are returned as they are.
func shiftedSummary(rj typed.Reject) string {
	sep := fmt.Sprintf(": %v: ", rj.Kind)
	_, msg, ok := strings.Cut(rj.Message, sep)
	if !ok || !strings.HasPrefix(rj.Message, "csvscan: row ") {
		return rj.Message
	}
	pe := scanner.ParseError{Kind: rj.Kind, Row: rj.Row, Line: rj.Line, Field: rj.ColumnIndex, Offset: rj.ByteOffset, Msg: msg}
	return pe.Summary()
}
