package split

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// The encoding of a Summary: a few dozen bytes that cross machines.

// The encoding, version 2 (integers are unsigned varints):
//
//	byte    version (1)
//	        range index, start, end
//	        T, the number of distinct trajectories
//	bits    the 57 start keys (state × 3 + status, in order), each the
//	        index of its trajectory in max(bits.Len(T-1), 1) bits, packed
//	        from the low bit of each byte; a key no input reaches has 0
//	T ×     byte   the end key (INVALID's for a run that reached it)
//	        byte   flags: bit 0 firstHead, bit 1 dead, bit 2 firstBad,
//	               bit 3 tailBad, bit 4 the lengths follow
//	        lines, rows, empties, headDelims, tailDelims, firstRow+1,
//	        emptiesAfter
//	        with bit 4: headLen, tailLen, maxLine (IgnoreErrors only)
const encodingVersion = 2

// MarshalBinary encodes the summary (encoding.BinaryMarshaler).
func (s Summary) MarshalBinary() ([]byte, error) {
	if len(s.trajs) == 0 {
		return nil, errors.New("csvscan: the zero Summary has no encoding")
	}
	b := make([]byte, 0, 64)
	b = append(b, encodingVersion)
	b = binary.AppendUvarint(b, uint64(s.Range.Index))
	b = binary.AppendUvarint(b, uint64(s.Range.Start))
	b = binary.AppendUvarint(b, uint64(s.Range.End))
	b = binary.AppendUvarint(b, uint64(len(s.trajs)))
	width := keyBits(len(s.trajs))
	var acc, n uint
	for _, i := range s.of {
		acc |= uint(i) << n
		n += width
		for n >= 8 {
			b = append(b, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		b = append(b, byte(acc))
	}
	for _, t := range s.trajs {
		var flags byte
		if t.firstHead {
			flags |= 1
		}
		if t.dead {
			flags |= 2
		}
		if t.firstBad {
			flags |= 4
		}
		if t.tailBad {
			flags |= 8
		}
		lengths := t.headLen != 0 || t.tailLen != 0 || t.maxLine != 0
		if lengths {
			flags |= 16
		}
		b = append(b, byte(t.end), flags)
		for _, v := range []int64{t.lines, t.rows, t.empties, t.headDelims, t.tailDelims, t.firstRow + 1, t.emptiesAfter} {
			b = binary.AppendUvarint(b, uint64(v))
		}
		if lengths {
			for _, v := range []int64{t.headLen, t.tailLen, t.maxLine} {
				b = binary.AppendUvarint(b, uint64(v))
			}
		}
	}
	return b, nil
}

// keyBits is the width of one start key's trajectory index.
func keyBits(n int) uint { return uint(max(bits.Len(uint(n-1)), 1)) }

// errEncoding is wrapped by every decoding error.
var errEncoding = errors.New("csvscan: bad split summary encoding")

// UnmarshalBinary decodes what MarshalBinary encoded
// (encoding.BinaryUnmarshaler). It checks what it can: a bad or cut
// encoding is an error, never a panic.
func (s *Summary) UnmarshalBinary(data []byte) error {
	d := decoder{b: data}
	if v := d.byte(); v != encodingVersion {
		return fmt.Errorf("%w: version %d, expected %d", errEncoding, v, encodingVersion)
	}
	var out Summary
	idx, start, end := d.uvarint(), d.uvarint(), d.uvarint()
	n := d.uvarint()
	if d.err == nil && (n == 0 || n > numKeys) {
		return fmt.Errorf("%w: %d trajectories", errEncoding, n)
	}
	if d.err != nil {
		return d.err
	}
	if idx > 1<<62 || start > 1<<62 || end > 1<<62 || start > end {
		return fmt.Errorf("%w: range %d [%d, %d)", errEncoding, idx, start, end)
	}
	out.Range = Range{Index: int(idx), Start: int64(start), End: int64(end)}
	width := keyBits(int(n))
	var acc, have uint
	for k := range out.of {
		for have < width {
			acc |= uint(d.byte()) << have
			have += 8
		}
		i := int(acc & (1<<width - 1))
		acc >>= width
		have -= width
		if i >= int(n) {
			return fmt.Errorf("%w: key %d has trajectory %d of %d", errEncoding, k, i, n)
		}
		out.of[k] = i
	}
	out.trajs = make([]traj, n)
	for i := range out.trajs {
		e, flags := d.byte(), d.byte()
		if e >= numKeys || flags > 31 {
			return fmt.Errorf("%w: end key %d, flags %d", errEncoding, e, flags)
		}
		t := traj{end: key(e), firstHead: flags&1 == 1, dead: flags&2 == 2, firstBad: flags&4 == 4, tailBad: flags&8 == 8}
		fields := []*int64{&t.lines, &t.rows, &t.empties, &t.headDelims, &t.tailDelims, &t.firstRow, &t.emptiesAfter}
		if flags&16 == 16 {
			fields = append(fields, &t.headLen, &t.tailLen, &t.maxLine)
		}
		for _, p := range fields {
			v := d.uvarint()
			if v > 1<<62 {
				return fmt.Errorf("%w: count %d", errEncoding, v)
			}
			*p = int64(v)
		}
		t.firstRow--
		out.trajs[i] = t
	}
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%w: %d bytes after the end", errEncoding, len(d.b))
	}
	*s = out
	return nil
}

// decoder reads an encoding, remembering the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) byte() byte {
	if len(d.b) == 0 {
		if d.err == nil {
			d.err = fmt.Errorf("%w: cut short", errEncoding)
		}
		return 0
	}
	v := d.b[0]
	d.b = d.b[1:]
	return v
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		if d.err == nil {
			d.err = fmt.Errorf("%w: cut short", errEncoding)
		}
		d.b = nil
		return 0
	}
	d.b = d.b[n:]
	return v
}
