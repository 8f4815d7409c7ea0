package skipper

import (
	"strconv"

	"github.com/csvscan/csvscan/swar"
)

// skipToCandidate is the first half of DuckDB's skip, which SkipToStop and
// Walker.Skip do in one loop: walk to the next candidate stop byte, and let
// the caller check it. Only the tests use it, as a second way of writing
// SkipToStop (viaCandidate) and as the reference for the kept block's
// reuse; it lives here, next to them.

// skippedTo says how skipToCandidate stopped.
type skippedTo uint8

const (
	// candidateFound: the returned pos is on a candidate, pos < limit. Every
	// byte matching a stop pattern is a candidate; so, occasionally, is a
	// byte matching none that follows a match in the same 8-byte word (see
	// swar.MaybeZeroBytes). Callers verify the byte.
	candidateFound skippedTo = iota
	// candidateNotFound: no candidate in [pos, limit); the returned pos is
	// limit (or the pos passed in, when it was already at or past limit).
	candidateNotFound
	// tail: fewer than swar.BlockSize bytes are left in the buffer from the
	// returned pos, which has not moved past a byte it did not examine; the
	// caller finishes byte by byte.
	tail
)

// String returns the constant's name, or "skippedTo(n)" for other values.
func (s skippedTo) String() string {
	switch s {
	case candidateFound:
		return "candidateFound"
	case candidateNotFound:
		return "candidateNotFound"
	case tail:
		return "tail"
	}
	return "skippedTo(" + strconv.Itoa(int(s)) + ")"
}

// skipToCandidate skips from pos the bytes that match no stop pattern, and
// returns where it stopped and why:
//
//   - (c, candidateFound) with pos <= c < limit: c is the first candidate at
//     or after pos. Every byte in [pos, c) matches no pattern.
//   - (limit, candidateNotFound): no byte in [pos, limit) matches a pattern.
//     When pos >= limit on entry it returns (pos, candidateNotFound).
//   - (p, tail) with pos <= p < limit: fewer than swar.BlockSize bytes
//     remain in the buffer from p, and p is outside the kept block. No byte
//     in [pos, p) matches a pattern; the caller examines the bytes from p on
//     itself.
//
// It examines whole 64-byte blocks, so it may read up to 63 bytes past limit,
// but never past the end of the buffer. It requires 0 <= pos; limit may
// exceed len(buf).
func (s *Skipper) skipToCandidate(pos, limit int) (int, skippedTo) {
	for pos < limit {
		// One unsigned comparison tests blockStart <= pos < blockEnd, and
		// is false when no block is kept (blockEnd == blockStart).
		off := uint(pos - s.blockStart)
		if off >= uint(s.blockEnd-s.blockStart) {
			if pos > len(s.buf)-swar.BlockSize {
				return pos, tail
			}
			s.maskBlock(pos)
			off = 0
		}
		candidates, end := s.candidatesAt(off)
		if candidates != 0 {
			c := pos + swar.TrailingZeros(candidates)
			if c < limit {
				return c, candidateFound
			}
			return limit, candidateNotFound
		}
		pos = min(end, limit)
	}
	return pos, candidateNotFound
}
