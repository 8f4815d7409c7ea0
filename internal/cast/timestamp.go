package cast

import "math"

// Timestamp is a TIMESTAMP value: microseconds since 1970-01-01 00:00:00,
// without a time zone, as DuckDB's timestamp_t stores it.
// TimestampInfinity and TimestampNegInfinity are "infinity" and
// "-infinity".
type Timestamp int64

// The special TIMESTAMP values.
const (
	TimestampInfinity    Timestamp = math.MaxInt64
	TimestampNegInfinity Timestamp = -math.MaxInt64
)

// TimestampOf returns the timestamp of time t on day d, and false if it
// does not fit in 64 bits or would be one of the special values. An
// infinite d gives the infinite timestamp of the same sign.
func TimestampOf(d Date, t Time) (Timestamp, bool) {
	switch d {
	case DateInfinity:
		return TimestampInfinity, true
	case DateNegInfinity:
		return TimestampNegInfinity, true
	}
	return fromDateTime(d, int64(t))
}

// fromDateTime is Timestamp::TryFromDatetime: days*MicrosPerDay + micros
// with overflow checks; the special values are refused.
func fromDateTime(d Date, micros int64) (Timestamp, bool) {
	// |d| * MicrosPerDay can pass 2^63 for dates within 400 years of the
	// ends of the DATE range: check the product first.
	const maxDays = math.MaxInt64 / MicrosPerDay
	if int64(d) > maxDays || int64(d) < -maxDays {
		return 0, false
	}
	v := int64(d) * MicrosPerDay
	sum := v + micros
	if (micros > 0 && sum < v) || (micros < 0 && sum > v) {
		return 0, false
	}
	ts := Timestamp(sum)
	return ts, ts.IsFinite()
}

// IsFinite reports whether ts is neither TimestampInfinity nor
// TimestampNegInfinity.
func (ts Timestamp) IsFinite() bool {
	return ts != TimestampInfinity && ts != TimestampNegInfinity
}

// Date returns the day of ts, and the matching infinite Date for an
// infinite ts.
func (ts Timestamp) Date() Date {
	switch ts {
	case TimestampInfinity:
		return DateInfinity
	case TimestampNegInfinity:
		return DateNegInfinity
	}
	return Date(floorDiv(int64(ts), MicrosPerDay))
}

// Time returns the time of day of a finite ts (0 for an infinite one).
func (ts Timestamp) Time() Time {
	if !ts.IsFinite() {
		return 0
	}
	return Time(int64(ts) - int64(ts.Date())*MicrosPerDay)
}

// AppendFormat appends DuckDB's rendering of ts to dst: the date and the
// time as Date and Time render them, separated by a space
// ("2024-02-29 12:34:56", "2024-02-29 12:34:56.25"), or "infinity" and
// "-infinity". The " (BC)" of an early date stays with the date, before the
// time: "0001-01-01 (BC) 00:00:00".
func (ts Timestamp) AppendFormat(dst []byte) []byte {
	switch ts {
	case TimestampInfinity:
		return append(dst, "infinity"...)
	case TimestampNegInfinity:
		return append(dst, "-infinity"...)
	}
	dst = ts.Date().AppendFormat(dst)
	dst = append(dst, ' ')
	return ts.Time().AppendFormat(dst)
}

// AppendFormatTZ appends ts as DuckDB renders a TIMESTAMP WITH TIME ZONE
// value in the time zone UTC: AppendFormat's text and "+00"
// ("2024-02-29 10:34:56+00"); "infinity" and "-infinity" as they are.
func (ts Timestamp) AppendFormatTZ(dst []byte) []byte {
	dst = ts.AppendFormat(dst)
	if ts.IsFinite() {
		dst = append(dst, "+00"...)
	}
	return dst
}

// String returns DuckDB's rendering of ts (see AppendFormat).
func (ts Timestamp) String() string {
	var buf [40]byte
	return string(ts.AppendFormat(buf[:0]))
}

// Timestamp casts b to TIMESTAMP as DuckDB's Timestamp::TryConvertTimestamp
// does (src/common/types/timestamp.cpp):
//
//		date [(" " | "T") time] [offset] spaces*
//
//	  - date is read as Scan.Date reads it, so "2024-2-9" and "2024/02/09"
//	    are dates; a date alone is its midnight; "infinity", "-infinity",
//	    "inf", "-inf" and "epoch" are the special values, which the sniffer
//	    (Strict) refuses: DuckDB 1.5.6 sniffs a column of timestamps with an
//	    "infinity" or an "epoch" in it as TIMESTAMP WITH TIME ZONE, whose
//	    cast takes them (TimestampTZ);
//	  - time is read as Scan.Time reads it without the timestamp fallback
//	    ("12:34", "12:34:56.789"), hours up to 24:00:00, which is the next
//	    midnight; fraction digits past the sixth are dropped;
//	  - offset is "Z", or "+HH", "+HHMM", "+HH:MM", "+HH:MM:SS" (or '-'),
//	    or a space and a time zone name, of which only UTC (any case) is
//	    accepted here (TimestampTZ takes ICU's names). The offset is read
//	    and dropped: the value is the wall time written, as DuckDB 1.5.6
//	    casts '2024-01-01 12:00:00+02' to TIMESTAMP 12:00:00
//	    (TimestampTZ applies it). When Strict (the sniffer), any
//	    offset fails: DuckDB's sniffer leaves such values to TIMESTAMP WITH
//	    TIME ZONE; the name UTC does not (DuckDB 1.5.6 sniffs
//	    "2024-01-31 10:00:00 UTC" as TIMESTAMP);
//	  - nothing but spaces may follow; note that a date followed by a space
//	    and nothing else is no timestamp.
func (c Caster) Timestamp(b []byte) (Timestamp, bool) {
	return c.timestamp(b, false, false)
}

// TimestampTZ reads a TIMESTAMP WITH TIME ZONE value as DuckDB casts a
// string to it in the time zone UTC: the grammar of Timestamp, with the
// offset subtracted to give UTC ("2024-01-01 12:00:00+02" is 10:00:00);
// a value without an offset is UTC already. A space and a time zone name
// in place of the offset is read as DuckDB reads it with ICU: any case, an
// IANA name or link ("Europe/Berlin", "US/Pacific", "EST", "Etc/GMT+5") or
// one of ICU's legacy IDs ("PST", "IST", "BST" for Bangladesh), the wall
// time taken in that zone ("2021-07-01 10:00:00 Europe/Berlin" is 08:00
// UTC; a wall time the clocks skip or repeat is the later instant); other
// names fail. Strict (the sniffer)
// accepts offsets here: they are what makes a column this type.
func (c Caster) TimestampTZ(b []byte) (Timestamp, bool) {
	return c.timestamp(b, true, true)
}

// TimestampTZNoNames is TimestampTZ without ICU's time zone names: the
// cast DuckDB makes with its default cast set, which its sniffer's type
// refinement uses (CSVSniffer::TryCastVector calls DefaultTryCast). UTC
// offsets, "Z" and the name UTC (any case) are read; any other name
// fails, so that DuckDB 1.5.6 sniffs a column of timestamps with
// "Europe/Berlin" after the first chunk as VARCHAR, although the reader
// casts such a value.
func (c Caster) TimestampTZNoNames(b []byte) (Timestamp, bool) {
	return c.timestamp(b, true, false)
}

// timestamp is Timestamp, and TimestampTZ when tz is set; names says
// whether time zone names other than UTC are read (ICU's cast).
func (c Caster) timestamp(b []byte, tz, names bool) (Timestamp, bool) {
	d, pos, ok := parseDate(b, false)
	if !ok {
		return 0, false
	}
	if pos == len(b) {
		if c.Strict && !tz && specialDate(b) {
			return 0, false
		}
		return TimestampOf(d, 0)
	}
	if b[pos] == ' ' || b[pos] == 'T' {
		pos++
	}
	t, n, ok := parseTime(b[pos:], false)
	if !ok || t > MicrosPerDay {
		return 0, false
	}
	pos += n
	ts, ok := fromDateTime(d, int64(t))
	if !ok {
		return 0, false
	}
	if pos == len(b) {
		return ts, true
	}
	switch {
	case b[pos] == 'Z':
		// "Z" sequence: UTC
		if c.Strict && !tz {
			return 0, false
		}
		pos++
	case isOffsetStart(b, pos):
		if c.Strict && !tz {
			return 0, false
		}
		hh, mm, end := parseOffset(b, pos)
		ss := 0
		if end-pos == 6 && b[pos+3] == ':' && end < len(b) && b[end] == ':' {
			// "+HH:MM:SS": seconds after a second ':', which DuckDB
			// 1.5.6 consumes alone too ("+05:30:")
			end++
			if end+2 <= len(b) && isDigit(b[end]) && isDigit(b[end+1]) {
				ss = int(b[end]-'0')*10 + int(b[end+1]-'0')
				if b[pos] == '-' {
					ss = -ss
				}
				end += 2
			}
		}
		pos = end
		if tz {
			delta := int64(hh)*MicrosPerHour + int64(mm)*MicrosPerMinute + int64(ss)*MicrosPerSecond
			v := int64(ts) - delta
			if (delta > 0 && v > int64(ts)) || (delta < 0 && v < int64(ts)) {
				return 0, false
			}
			ts = Timestamp(v)
		}
	default:
		// " zone" sequence: a time zone name, [A-Za-z0-9_/+-]*
		if b[pos] != ' ' {
			return 0, false
		}
		pos++
		start := pos
		for pos < len(b) && isZoneChar(b[pos]) {
			pos++
		}
		if zone := b[start:pos]; len(zone) > 0 && !equalFold(zone, "utc") {
			// TIMESTAMP takes no other name; TIMESTAMP WITH TIME ZONE
			// takes ICU's (zoneLocation) and reads the wall time there.
			if !tz || !names {
				return 0, false
			}
			loc := zoneLocation(zone)
			if loc == nil {
				return 0, false
			}
			delta := zoneOffset(ts, loc) * MicrosPerSecond
			v := int64(ts) - delta
			if (delta > 0 && v > int64(ts)) || (delta < 0 && v < int64(ts)) || !Timestamp(v).IsFinite() {
				return 0, false
			}
			ts = Timestamp(v)
		}
	}
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	return ts, pos == len(b)
}

// specialDate says b, which parseDate read, is one of its special values
// ("infinity", "inf", "epoch", with or without '-'), not digits.
func specialDate(b []byte) bool {
	p := 0
	for p < len(b) && isSpace(b[p]) {
		p++
	}
	if p < len(b) && b[p] == '-' {
		p++
	}
	return p < len(b) && !isDigit(b[p])
}

func isZoneChar(c byte) bool {
	return isDigit(c) || lower(c)-'a' < 26 || c == '_' || c == '/' || c == '+' || c == '-'
}

// isOffsetStart reports whether Timestamp::TryParseUTCOffset succeeds at
// pos: a sign and two digits.
func isOffsetStart(b []byte, pos int) bool {
	return pos+3 <= len(b) && (b[pos] == '+' || b[pos] == '-') && isDigit(b[pos+1]) && isDigit(b[pos+2])
}

// parseOffset reads a UTC offset known to start at pos: sign, HH, then an
// optional ':' and an optional MM. Neither field is range checked, as in
// DuckDB. A ':' without minutes after it is consumed.
func parseOffset(b []byte, pos int) (hh, mm, end int) {
	neg := b[pos] == '-'
	hh = int(b[pos+1]-'0')*10 + int(b[pos+2]-'0')
	pos += 3
	if pos < len(b) {
		if b[pos] == ':' {
			pos++
		}
		if pos+2 <= len(b) && isDigit(b[pos]) && isDigit(b[pos+1]) {
			mm = int(b[pos]-'0')*10 + int(b[pos+1]-'0')
			pos += 2
		}
	}
	if neg {
		hh, mm = -hh, -mm
	}
	return hh, mm, pos
}
