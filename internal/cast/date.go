package cast

import (
	"encoding/binary"
	"math"
	"strconv"
)

// Date is a DATE value: days since 1970-01-01 in the proleptic Gregorian
// calendar, negative before it, as DuckDB's date_t stores it. Years are
// astronomical (year 0 is 1 BC). DateInfinity and DateNegInfinity are the
// special values "infinity" and "-infinity".
type Date int32

// The special DATE values and the range of finite ones.
const (
	DateInfinity    Date = math.MaxInt32  // "infinity", after every date
	DateNegInfinity Date = -math.MaxInt32 // "-infinity", before every date

	// DateMin is 5877642-06-25 (BC) and DateMax 5881580-07-10, the first
	// and last dates DuckDB accepts (Date::IsValid in date.cpp).
	DateMin Date = -math.MaxInt32 + 1
	DateMax Date = math.MaxInt32 - 1
)

// Days in each month of a common year, January first.
var monthDays = [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}

func isLeap(year int) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

func daysIn(year, month int) int {
	if month == 2 && isLeap(year) {
		return 29
	}
	return monthDays[month]
}

// validDate is DuckDB's Date::IsValid: a real day between 5877642-06-25
// (BC) and 5881580-07-10.
func validDate(year, month, day int) bool {
	if month < 1 || month > 12 || day < 1 || day > daysIn(year, month) {
		return false
	}
	const minYear, maxYear = -5877641, 5881580
	switch {
	case year < minYear || year > maxYear:
		return false
	case year == minYear:
		return month > 6 || (month == 6 && day >= 25)
	case year == maxYear:
		return month < 7 || (month == 7 && day <= 10)
	}
	return true
}

// daysFromCivil counts the days from 1970-01-01 to the given day (after
// Howard Hinnant's days_from_civil).
func daysFromCivil(year, month, day int64) int64 {
	if month <= 2 {
		year--
	}
	era := floorDiv(year, 400)
	yoe := year - era*400                  // [0, 399]
	mp := (month + 9) % 12                 // March is 0
	doy := (153*mp+2)/5 + day - 1          // [0, 365]
	doe := yoe*365 + yoe/4 - yoe/100 + doy // [0, 146096]
	return era*146097 + doe - 719468
}

// civilFromDays is the inverse of daysFromCivil.
func civilFromDays(z int64) (year, month, day int) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	y := yoe + era*400
	if m <= 2 {
		y++
	}
	return int(y), int(m), int(d)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// DateOf returns the date of the given astronomical year, month (1-12) and
// day, and false if there is no such day or it lies outside DuckDB's range.
func DateOf(year, month, day int) (Date, bool) {
	if !validDate(year, month, day) {
		return 0, false
	}
	return Date(daysFromCivil(int64(year), int64(month), int64(day))), true
}

// Civil returns the astronomical year, the month (1-12) and the day of d.
// The special values have no calendar day; Civil converts their day numbers
// like any other.
func (d Date) Civil() (year, month, day int) {
	return civilFromDays(int64(d))
}

// IsFinite reports whether d is neither DateInfinity nor DateNegInfinity.
func (d Date) IsFinite() bool { return d != DateInfinity && d != DateNegInfinity }

// AppendFormat appends DuckDB's rendering of d to dst: "YYYY-MM-DD" with the
// year padded to at least four digits, " (BC)" after years before 1 AD
// (year 0 is "0001-01-01 (BC)"), and "infinity" or "-infinity".
func (d Date) AppendFormat(dst []byte) []byte {
	switch d {
	case DateInfinity:
		return append(dst, "infinity"...)
	case DateNegInfinity:
		return append(dst, "-infinity"...)
	}
	year, month, day := d.Civil()
	return appendCivil(dst, year, month, day)
}

func appendCivil(dst []byte, year, month, day int) []byte {
	bc := year <= 0
	if bc {
		year = -year + 1
	}
	for p := 1000; p > 1 && year < p; p /= 10 {
		dst = append(dst, '0')
	}
	dst = strconv.AppendInt(dst, int64(year), 10)
	dst = append(dst, '-')
	dst = append2(dst, month)
	dst = append(dst, '-')
	dst = append2(dst, day)
	if bc {
		dst = append(dst, " (BC)"...)
	}
	return dst
}

// append2 appends v (0-99) as two digits.
func append2(dst []byte, v int) []byte {
	return append(dst, byte('0'+v/10), byte('0'+v%10))
}

// String returns DuckDB's rendering of d (see AppendFormat).
func (d Date) String() string {
	var buf [24]byte
	return string(d.AppendFormat(buf[:0]))
}

// Date casts b to DATE as DuckDB's Date::TryConvertDate does
// (src/common/types/date.cpp):
//
//		spaces* ["-"] year sep month sep day [" (BC)"] rest
//
//	  - year is one to nine digits; '-' before it makes it negative
//	    (astronomical: "-1-01-01" is 2 BC);
//	  - sep is one of ' ', '-', '/' and '\', the same both times;
//	  - month and day are one or two digits;
//	  - " (BC)" (any case) turns year Y into 1-Y; it is refused after a '-'
//	    year or year 0;
//	  - rest, when Strict, is spaces only; otherwise anything that does not
//	    start with a digit, so "2024-02-29 12:00:00" and "2024-02-29T00:00Z"
//	    are that day;
//	  - "infinity", "-infinity" and "epoch" (any case, spaces around) are the
//	    special values (epoch is 1970-01-01), with nothing else after them;
//	    so are "inf" and "-inf" (any case, spaces before, none after), as
//	    DuckDB 1.5.6 reads them ("inf " and "infin" are no dates).
//
// The day must exist: 2023-02-29, 1900-02-29, month 13 and day 0 fail;
// 2024-02-29 and 2000-02-29 succeed. Dates outside DuckDB's range fail.
func (c Caster) Date(b []byte) (Date, bool) {
	if d, ok := dateFast(b); ok {
		return d, true
	}
	d, _, ok := parseDate(b, c.Strict)
	return d, ok
}

// The SWAR constants of dateFast: the bytes of "YYYY-MM-" that hold the
// separators, and the bytes of a word that are all '0'.
const (
	dateSepBytes = 0xFF0000FF00000000
	dateSeps     = 0x2D00002D00000000 // '-' at bytes 4 and 7
	zeros        = 0x3030303030303030
)

// marchDays[m] is the day of the year, counted from March 1st, on which
// month m (1-12) starts: Hinnant's (153*mp+2)/5 with mp = (m+9)%12.
var marchDays = [13]int64{0, 306, 337, 0, 31, 61, 92, 122, 153, 184, 214, 245, 275}

// dateFast casts the commonest spelling of a date in one pass, without a
// loop: exactly ten bytes "YYYY-MM-DD" with a year from 0001 to 9999. It
// reads the eight bytes "YYYY-MM-" as one word, checks the separators,
// moves the month's digits over the first one and puts the day's in the
// top two bytes, checks the eight digits at once (digitFlags), and values
// them in pairs with one multiplication (value8's first step): the two
// halves of the year, the month and the day. Such a date means the same
// under both rule sets (nothing follows it), so the answer is parseDate's;
// anything else (another separator, one-digit months, year 0, trailing
// text, an invalid day) reports false and is left to parseDate, which
// FuzzDateFast and TestDateFastEveryDay check.
func dateFast(b []byte) (Date, bool) {
	if len(b) != 10 {
		return 0, false
	}
	w := binary.LittleEndian.Uint64(b)
	if w&dateSepBytes != dateSeps {
		return 0, false
	}
	// Y0 Y1 Y2 Y3 M0 M1 D0 D1, from the lowest byte.
	x := w&0xFFFFFFFF | w>>8&0xFFFF00000000 | uint64(binary.LittleEndian.Uint16(b[8:]))<<48
	if digitFlags(x) != 0 {
		return 0, false
	}
	p := ((x - zeros) * (10<<8 + 1)) >> 8 // byte 2k: 10 * digit 2k + digit 2k+1
	year := uint32(p&0xFF)*100 + uint32(p>>16&0xFF)
	month := uint32(p >> 32 & 0xFF)
	day := uint32(p >> 48 & 0xFF)
	if year == 0 || month-1 >= 12 || day == 0 {
		return 0, false // month-1 wraps for month 0
	}
	if day > 28 && day > uint32(monthDays[month]) {
		if month != 2 || day != 29 || !isLeap(int(year)) {
			return 0, false
		}
	}
	y := year
	if month <= 2 {
		y-- // the year starts in March; y >= 0
	}
	return Date(int64(365*y+y/4-y/100+y/400) + marchDays[month] + int64(day) - 1 - 719468), true
}

// parseDate is Date::TryConvertDate; it also returns where the date ended.
func parseDate(b []byte, strict bool) (Date, int, bool) {
	pos := 0
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos >= len(b) {
		return 0, pos, false
	}
	neg := false
	if b[pos] == '-' {
		neg = true
		pos++
		if pos >= len(b) {
			return 0, pos, false
		}
	}
	if !isDigit(b[pos]) {
		// "infinity", "-infinity", "epoch", "inf", "-inf"; note that
		// "-epoch" is the epoch
		var d Date
		switch {
		case hasWordFold(b[pos:], "infinity"):
			pos += len("infinity")
			d = DateInfinity
			if neg {
				d = DateNegInfinity
			}
		case hasWordFold(b[pos:], "epoch"):
			pos += len("epoch")
		case len(b)-pos == len("inf") && equalFold(b[pos:], "inf"):
			// "inf" and "-inf" end the value: DuckDB 1.5.6 refuses them
			// with spaces after, where it takes "infinity " (checked with
			// its read_csv and its casts).
			pos += len("inf")
			d = DateInfinity
			if neg {
				d = DateNegInfinity
			}
		default:
			return 0, pos, false
		}
		for pos < len(b) && isSpace(b[pos]) {
			pos++
		}
		return d, pos, pos == len(b)
	}
	year := 0
	for ; pos < len(b) && isDigit(b[pos]); pos++ {
		if year >= 100000000 {
			return 0, pos, false
		}
		year = year*10 + int(b[pos]-'0')
	}
	if neg {
		year = -year
	}
	if pos >= len(b) {
		return 0, pos, false
	}
	sep := b[pos]
	pos++
	if sep != ' ' && sep != '-' && sep != '/' && sep != '\\' {
		return 0, pos, false
	}
	month, ok := parse2(b, &pos)
	if !ok || pos >= len(b) || b[pos] != sep {
		return 0, pos, false
	}
	pos++
	if pos >= len(b) {
		return 0, pos, false
	}
	day, ok := parse2(b, &pos)
	if !ok {
		return 0, pos, false
	}
	// " (BC)" sequence
	if len(b)-pos >= 5 && isSpace(b[pos]) && b[pos+1] == '(' && lower(b[pos+2]) == 'b' &&
		lower(b[pos+3]) == 'c' && b[pos+4] == ')' {
		if neg || year == 0 {
			return 0, pos, false
		}
		year = -year + 1
		pos += 5
	}
	if strict {
		for pos < len(b) && isSpace(b[pos]) {
			pos++
		}
		if pos < len(b) {
			return 0, pos, false
		}
	} else if pos < len(b) && isDigit(b[pos]) {
		return 0, pos, false
	}
	d, ok := DateOf(year, month, day)
	return d, pos, ok
}

// parse2 is DuckDB's Date::ParseDoubleDigit: one or two digits.
func parse2(b []byte, pos *int) (int, bool) {
	p := *pos
	if p >= len(b) || !isDigit(b[p]) {
		return 0, false
	}
	v := int(b[p] - '0')
	p++
	if p < len(b) && isDigit(b[p]) {
		v = v*10 + int(b[p]-'0')
		p++
	}
	*pos = p
	return v, true
}

// hasWordFold reports whether b starts with the lowercase ASCII word w,
// ignoring ASCII case.
func hasWordFold(b []byte, w string) bool {
	return len(b) >= len(w) && equalFold(b[:len(w)], w)
}
