package cast

import (
	"bytes"
	"fmt"
)

// Thousands separators: read_csv's thousands option.
//
// DuckDB removes every byte equal to the separator from a value of a
// numeric column (the integer types, DOUBLE, FLOAT and DECIMAL; not
// HUGEINT, which csvscan does not read) and casts what is left with the
// type's usual rules (StringValueResult::AddValueToVector in
// string_value_scanner.cpp, BaseScanner::RemoveSeparator). It removes them
// anywhere, grouped by three or not: with ',' "1,234" is 1234, but ",5",
// "5," and "12,,3" are 5, 5 and 123, and "1,2e3" is 12000; "-1,234" is
// -1234 and "+1,234" is 1234 where a '+' is allowed (not in the sniffer's
// strict casts). The sniffer removes them too before its strict casts, so
// "0,5" is "05", which is no number there. A null string is matched
// before anything is removed.
//
// The casts read the common spellings (the fast paths, which take digits,
// a '-' and the decimal separator only) before they look for the
// separator, so a Caster without one, or a value without it, pays nothing
// for the option; that is why CheckThousands refuses a digit, '-' and the
// decimal separator (and '+', 'e' and 'E', which would change a number's
// meaning without a word).

// thousandsBuf is the length of a value without separators that fits the
// stack buffer of the casts; a longer one is copied to the heap.
const thousandsBuf = 64

// CheckThousands says whether t can be the thousands separator of values
// whose decimal separator is ',' (decimalComma) or '.': it must be one
// ASCII byte that is not a digit, a sign, 'e' or 'E' (each part of a
// number's spelling) or the decimal separator (DuckDB's "THOUSANDS must
// not appear in the DECIMAL_SEPARATOR specification"). 0 means none and is
// always valid.
func CheckThousands(t byte, decimalComma bool) error {
	sep := byte('.')
	if decimalComma {
		sep = ','
	}
	switch {
	case t == 0:
		return nil
	case t >= 0x80:
		return fmt.Errorf("csvscan: thousands separator: the byte 0x%02X is not an ASCII character", t)
	case t == sep:
		return fmt.Errorf("csvscan: thousands separator: %q is the decimal separator", t)
	case isDigit(t) || t == '+' || t == '-' || t == 'e' || t == 'E':
		return fmt.Errorf("csvscan: thousands separator: %q is part of a number's spelling: removing it would change the number", t)
	}
	return nil
}

// withoutThousands returns b without its c.Thousands bytes, in buf when
// they fit, and true; or b and false when it holds none.
func (c Caster) withoutThousands(b []byte, buf *[thousandsBuf]byte) ([]byte, bool) {
	i := bytes.IndexByte(b, c.Thousands)
	if i < 0 {
		return b, false
	}
	dst := buf[:0]
	if len(b) > len(buf) {
		dst = make([]byte, 0, len(b))
	}
	dst = append(dst, b[:i]...)
	for _, x := range b[i+1:] {
		if x != c.Thousands {
			dst = append(dst, x)
		}
	}
	return dst, true
}
