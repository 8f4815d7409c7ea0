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
func (r *Reader) Rejects() []typed.Reject {
	if r.multi != nil {
		rj := r.multi.rejects
		if r.multi.cur != nil {
			rj = append(rj[:len(rj):len(rj)], r.multi.cur.Rejects()...)
		}
		return rj
	}
	rj := r.rawRejects
	if r.typed != nil {
		rj = r.typed.Rejects()
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
		if r.opts.RejectsLimit > 0 && len(r.rawRejects) >= r.opts.RejectsLimit {
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
