package skipper

import (
	"bytes"

	"github.com/csvscan/csvscan/internal/simd"
	"github.com/csvscan/csvscan/swar"
)

// A Skipper skips runs of bytes that match none of its stop patterns in one
// buffer, 64 bytes at a time. It keeps the mask of the last 64-byte block it
// examined, so that the calls that follow, which usually start inside that
// block, only shift the kept mask.
//
// Positions are byte offsets into the buffer given to Reset. A Skipper is not
// safe for concurrent use; it does not allocate after New.
type Skipper struct {
	buf        []byte
	blockStart int // the kept blocks are buf[blockStart:blockEnd]; empty when none is kept
	blockEnd   int // blockStart + a multiple of swar.BlockSize, or 0
	// masks[j] is the mask of the kept block at blockStart+64j: bit i for
	// byte blockStart+64j+i. With a vector kernel (package internal/simd)
	// a run of chunkBlocks blocks is masked in one call; otherwise one
	// block at a time with swar's MaybeAnyMask.
	masks    [chunkBlocks]uint64
	patterns swar.Patterns
	set      simd.Set
	vector   bool
}

// chunkBlocks is how many 64-byte blocks a vector kernel masks per call:
// 1 KiB, enough for the call's cost to vanish, little enough that a
// Reset soon after wastes little.
const chunkBlocks = 16

// New returns a Skipper that stops at bytes matching any of p. Its buffer is
// empty until Reset. New panics when p holds no pattern (the zero
// swar.Patterns).
func New(p swar.Patterns) *Skipper {
	s := newSkipper(p)
	return &s
}

// newSkipper is New's Skipper, as a value for a Walker to hold.
func newSkipper(p swar.Patterns) Skipper {
	if p.Len() < swar.MinPatterns {
		panic("skipper: New with a swar.Patterns not built by swar.NewPatterns")
	}
	return Skipper{patterns: p, set: simd.NewSet(&p), vector: simd.Available}
}

// Reset makes buf the buffer that positions refer to and forgets the kept
// block. Call it whenever the buffer or its contents change: the kept mask
// describes the old bytes. The Skipper reads buf until the next Reset and
// never writes it.
func (s *Skipper) Reset(buf []byte) {
	s.buf = buf
	s.blockStart, s.blockEnd = 0, 0
}

// maskBlock keeps the masks of the blocks from buf[pos:]: the block at pos,
// which must lie inside buf, and with a vector kernel up to chunkBlocks-1
// blocks after it that lie inside buf too.
func (s *Skipper) maskBlock(pos int) {
	if !s.vector {
		s.masks[0] = s.patterns.MaybeAnyMask(s.buf[pos:])
		s.blockStart, s.blockEnd = pos, pos+swar.BlockSize
		return
	}
	n := min(chunkBlocks, (len(s.buf)-pos)/swar.BlockSize)
	simd.Masks(s.masks[:n], s.buf[pos:pos+n*swar.BlockSize], &s.set)
	s.blockStart, s.blockEnd = pos, pos+n*swar.BlockSize
}

// candidatesAt returns the mask bits of the kept blocks from offset off
// (relative to blockStart) to the end of off's block, and the offset where
// that block ends.
func (s *Skipper) candidatesAt(off uint) (uint64, int) {
	j := off / swar.BlockSize
	return s.masks[j&(chunkBlocks-1)] >> (off & (swar.BlockSize - 1)), s.blockStart + int(j+1)*swar.BlockSize
}

// SkipToStop skips from pos every byte that skip marks skippable and returns
// the position of the first byte in [pos, to-1) that skip does not skip, or
// to-1 when there is none: it never moves past to-1, the last byte before to
// being left to the caller (DuckDB's "pos ends on a stop or on the byte before
// to"). When pos >= to-1 it returns pos unchanged. (Walker.Skip, the step
// the readers take, goes up to to itself.)
//
// Contract: the result equals that of the byte loop
//
//	for pos < to-1 && skip[buf[pos]] {
//		pos++
//	}
//
// provided every byte that skip does NOT skip matches one of the Skipper's
// stop patterns. The patterns may match more bytes than that (a quote that an
// unquoted field skips, or the bytes besides '\n' and '\r' that
// swar.Either('\n', '\r') matches): such candidates are checked against skip
// and passed over. If the contract is broken, SkipToStop may skip a byte that
// skip does not skip.
//
// It requires 0 <= pos and to <= len(buf); it reads no byte outside buf.
func (s *Skipper) SkipToStop(skip *[256]bool, pos, to int) int {
	return s.walk(skip, noStop, pos, to-1)
}

// noStop is walk's stop when the run has no single stop byte.
const noStop = -1

// walk is the loop of SkipToStop and of Walker.Skip. With stop >= 0 it
// returns the first position in [pos, limit) of the byte stop (found with
// bytes.IndexByte, whose assembly is faster than masks for one byte), or
// limit. Otherwise it returns the first position in [pos, limit) whose byte
// skip does not skip, or limit; pos when skip is nil. When pos >= limit it
// returns pos. It requires 0 <= pos and limit <= len(buf).
func (s *Skipper) walk(skip *[256]bool, stop int, pos, limit int) int {
	if stop >= 0 {
		if pos >= limit {
			return pos
		}
		if i := bytes.IndexByte(s.buf[pos:limit], byte(stop)); i >= 0 {
			return pos + i
		}
		return limit
	}
	if skip == nil {
		return pos
	}
	for pos < limit {
		off := uint(pos - s.blockStart)
		if off >= uint(s.blockEnd-s.blockStart) {
			if pos > len(s.buf)-swar.BlockSize {
				// Tail: byte by byte, with the slice bounds checked once.
				for _, c := range s.buf[pos:limit] {
					if !skip[c] {
						return pos
					}
					pos++
				}
				return pos
			}
			s.maskBlock(pos)
			off = 0
		}
		candidates, end := s.candidatesAt(off)
		if candidates == 0 {
			pos = min(end, limit)
			continue
		}
		c := pos + swar.TrailingZeros(candidates)
		if c >= limit {
			return limit
		}
		if !skip[s.buf[c]] {
			return c
		}
		// A candidate skip skips after all, such as a quote in an unquoted
		// field.
		pos = c + 1
	}
	return pos
}
