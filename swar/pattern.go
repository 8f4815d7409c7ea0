package swar

import (
	"errors"
	"fmt"
)

// BytePattern is a byte test repeated over the eight bytes of a word. A byte x
// matches when x&mask == value, where mask and value are the bytes of Mask and
// Value (all eight bytes of each are equal). Build patterns with Byte and
// Either; the zero BytePattern matches every byte.
type BytePattern struct {
	Value uint64 // the wanted bits, in every byte; Value&^Mask == 0
	Mask  uint64 // the bits that are compared, in every byte
}

// Byte returns the pattern that matches b and no other byte.
func Byte(b byte) BytePattern {
	return BytePattern{Value: Broadcast(b), Mask: Broadcast(0xff)}
}

// Either returns a pattern that matches a and b with one test: it compares
// only the bits on which a and b agree (mask = ^(a^b)), so it matches every
// byte that agrees with a and b on those bits. When a and b differ in k bits
// it matches 2^k bytes, a and b among them, and callers that need exactly a
// and b verify each match.
//
// Either('\n', '\r') is the newline pattern of a CSV dialect. 0x0A and 0x0D
// differ in their three low bits (0x0A^0x0D = 0x07), so the mask is 0xF8, the
// value 0x08, and the pattern matches the eight bytes 0x08 to 0x0F: backspace,
// tab, '\n', vertical tab, form feed, '\r', 0x0E and 0x0F. Tab is among them,
// so in comma-separated text every tab is a candidate, which the caller's skip
// table then passes over.
func Either(a, b byte) BytePattern {
	mask := ^(a ^ b)
	return BytePattern{Value: Broadcast(a & mask), Mask: Broadcast(mask)}
}

// Matches reports whether the byte b matches the pattern.
func (p BytePattern) Matches(b byte) bool {
	return b&byte(p.Mask) == byte(p.Value)
}

// String returns the pattern as "value/mask" in hexadecimal, for example
// "0x2c/0xff" for Byte(',').
func (p BytePattern) String() string {
	return fmt.Sprintf("0x%02x/0x%02x", byte(p.Value), byte(p.Mask))
}

// zeroWhereMatch returns w with every byte that matches p turned to zero and
// every other byte nonzero.
func (p BytePattern) zeroWhereMatch(w uint64) uint64 {
	return w&p.Mask ^ p.Value
}

// valid reports whether p is a pattern Byte or Either could have built: the
// eight bytes of Value are equal, so are those of Mask, and Value has no bit
// outside Mask.
func (p BytePattern) valid() bool {
	return p.Value == Broadcast(byte(p.Value)) && p.Mask == Broadcast(byte(p.Mask)) && p.Value&^p.Mask == 0
}

// ascii reports whether p matches only bytes below 0x80: the high bit is
// compared and wanted clear.
func (p BytePattern) ascii() bool {
	return p.Mask&0x80 != 0 && p.Value&0x80 == 0
}

// Errors returned by NewPatterns, wrapped with the details.
var (
	// ErrPatternCount: not between MinPatterns and MaxPatterns patterns.
	ErrPatternCount = errors.New("csvscan: pattern count out of range")
	// ErrPattern: a BytePattern whose bytes differ between lanes, or whose
	// Value has a bit outside its Mask.
	ErrPattern = errors.New("csvscan: malformed byte pattern")
)

// Patterns is a set of MinPatterns to MaxPatterns BytePatterns, tested
// together on 64-byte blocks. The zero Patterns holds no pattern and is not
// usable with MaybeAnyMask or AnyMask: build one with NewPatterns. A Patterns
// is a value without references; copying it copies the set.
type Patterns struct {
	ps   [MaxPatterns]BytePattern // in the order given to NewPatterns
	ord  [MaxPatterns]BytePattern // the same, Byte patterns first, for the unrolled functions
	n    int                      // number of patterns
	kind uint8                    // the unrolled function MaybeAnyMask calls, see patternKind
}

// NewPatterns returns the set of the given patterns. It returns an error
// wrapping ErrPatternCount when there are fewer than MinPatterns or more than
// MaxPatterns of them, and one wrapping ErrPattern when a pattern was not
// built by Byte or Either and is malformed. Duplicates are kept; they cost
// time but are harmless.
//
// MaybeAnyMask is fastest when all patterns match only ASCII bytes (below
// 0x80) and at most one of them is not a Byte pattern, which is the shape of
// a CSV dialect's stop patterns with an ASCII delimiter, quote, escape and
// comment (one Either for the newline pair). Other sets take a general path,
// whose throughput on the development machine is 13% (2 patterns) to 31% (5
// patterns) lower.
func NewPatterns(ps ...BytePattern) (Patterns, error) {
	if len(ps) < MinPatterns || len(ps) > MaxPatterns {
		return Patterns{}, fmt.Errorf("%w: got %d, want %d to %d", ErrPatternCount, len(ps), MinPatterns, MaxPatterns)
	}
	var p Patterns
	for i, q := range ps {
		if !q.valid() {
			return Patterns{}, fmt.Errorf("%w: pattern %d is {Value: %#x, Mask: %#x}", ErrPattern, i, q.Value, q.Mask)
		}
	}
	p.n = copy(p.ps[:], ps)
	// Byte patterns first, then the masked ones, each group in the given order.
	k := 0
	for _, q := range ps {
		if q.Mask == MSB|low7 {
			p.ord[k] = q
			k++
		}
	}
	for _, q := range ps {
		if q.Mask != MSB|low7 {
			p.ord[k] = q
			k++
		}
	}
	p.kind = patternKind(&p.ord, p.n)
	return p, nil
}

// Len returns the number of patterns.
func (p *Patterns) Len() int {
	return p.n
}

// At returns pattern i, for 0 <= i < p.Len(). It panics when i is out of
// range.
func (p *Patterns) At(i int) BytePattern {
	if uint(i) >= uint(p.n) {
		panic(fmt.Sprintf("swar: pattern index %d out of range [0, %d)", i, p.n))
	}
	return p.ps[i]
}

// Matches reports whether the byte b matches any of the patterns.
func (p *Patterns) Matches(b byte) bool {
	for _, q := range p.ps[:p.n] {
		if q.Matches(b) {
			return true
		}
	}
	return false
}

// String lists the patterns, for example "[0x2c/0xff 0x08/0xf8]".
func (p *Patterns) String() string {
	return fmt.Sprint(p.ps[:p.n])
}
