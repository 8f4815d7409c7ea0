package cast

import "strconv"

// Time is a TIME value: microseconds since midnight, as DuckDB's dtime_t
// stores it. Casts give values from 0 to MicrosPerDay inclusive: DuckDB
// accepts "24:00:00" as the end of the day.
type Time int64

// Microseconds in a second, a minute, an hour and a day.
const (
	MicrosPerSecond = 1_000_000
	MicrosPerMinute = 60 * MicrosPerSecond
	MicrosPerHour   = 60 * MicrosPerMinute
	MicrosPerDay    = 24 * MicrosPerHour
)

// TimeOf returns the time hour:minute:second.micros, and false unless hour
// is 0-23, minute 0-59, second 0-59 and micros 0-999999, or the time is
// exactly 24:00:00.
func TimeOf(hour, minute, second, micros int) (Time, bool) {
	if hour == 24 && minute == 0 && second == 0 && micros == 0 {
		return MicrosPerDay, true
	}
	if hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 ||
		micros < 0 || micros > 999999 {
		return 0, false
	}
	return fromClock(int64(hour), int64(minute), int64(second), int64(micros)), true
}

func fromClock(hour, minute, second, micros int64) Time {
	return Time(((hour*60+minute)*60+second)*MicrosPerSecond + micros)
}

// Clock returns the hour, minute, second and microsecond of t. For times
// outside a day the hour is simply the number of whole hours.
func (t Time) Clock() (hour, minute, second, micros int) {
	v := int64(t)
	hour = int(v / MicrosPerHour)
	v -= int64(hour) * MicrosPerHour
	minute = int(v / MicrosPerMinute)
	v -= int64(minute) * MicrosPerMinute
	second = int(v / MicrosPerSecond)
	micros = int(v - int64(second)*MicrosPerSecond)
	return hour, minute, second, micros
}

// AppendFormat appends DuckDB's rendering of t to dst: "HH:MM:SS", then,
// when the microseconds are not zero, '.' and the six-digit fraction
// without its trailing zeros ("12:34:56.5", "00:00:00.000001").
func (t Time) AppendFormat(dst []byte) []byte {
	if t < 0 {
		// not a value any cast returns; render it plainly
		dst = append(dst, '-')
		t = -t
	}
	hour, minute, second, micros := t.Clock()
	if hour < 10 {
		dst = append(dst, '0')
	}
	dst = strconv.AppendInt(dst, int64(hour), 10)
	dst = append(dst, ':')
	dst = append2(dst, minute)
	dst = append(dst, ':')
	dst = append2(dst, second)
	return appendMicros(dst, micros)
}

// appendMicros appends ".ffffff" without trailing zeros, or nothing for 0.
func appendMicros(dst []byte, micros int) []byte {
	if micros == 0 {
		return dst
	}
	var f [6]byte
	for i := 5; i >= 0; i-- {
		f[i] = byte('0' + micros%10)
		micros /= 10
	}
	n := 6
	for f[n-1] == '0' {
		n--
	}
	dst = append(dst, '.')
	return append(dst, f[:n]...)
}

// String returns DuckDB's rendering of t (see AppendFormat).
func (t Time) String() string {
	var buf [24]byte
	return string(t.AppendFormat(buf[:0]))
}

// Time casts b to TIME as DuckDB's Time::TryConvertTime does
// (src/common/types/time.cpp):
//
//		spaces* hour ":" minute [":" second ["." fraction]] rest
//
//	  - hour is one to nine digits; the result must not pass 24:00:00;
//	  - minute and second are one or two digits below 60; when Strict and
//	    the seconds are left out, the minute must have two digits ("12:00",
//	    not "12:0");
//	  - unless Strict, "11:" is 11:00:00 and "11:11:" is 11:11:00;
//	  - fraction digits past the sixth are read and dropped, not rounded;
//	  - rest, when Strict, is spaces only; otherwise it is ignored
//	    ("12:34:56+02" is 12:34:56);
//	  - unless Strict, a value that is no time but a timestamp gives the
//	    timestamp's time of day: "2024-02-29 12:34:56" is 12:34:56.
func (c Caster) Time(b []byte) (Time, bool) {
	t, _, ok := parseTime(b, c.Strict)
	if !ok {
		if c.Strict {
			return 0, false
		}
		ts, ok := Scan.Timestamp(b)
		if !ok || !ts.IsFinite() {
			return 0, false
		}
		return ts.Time(), true
	}
	if t > MicrosPerDay {
		return 0, false
	}
	return t, true
}

// parseTime is Time::TryConvertInternal: it reads a time of day, with hours
// up to nine digits, and returns where it ended. When not strict, what
// follows the time is the caller's.
func parseTime(b []byte, strict bool) (Time, int, bool) {
	pos := 0
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos >= len(b) || !isDigit(b[pos]) {
		return 0, pos, false
	}
	var hour int64
	for digits := 0; pos < len(b) && isDigit(b[pos]); pos++ {
		if digits == 9 {
			return 0, pos, false
		}
		digits++
		hour = hour*10 + int64(b[pos]-'0')
	}
	if pos >= len(b) || b[pos] != ':' {
		return 0, pos, false
	}
	pos++
	minuteAt := pos
	minute, second := 0, 0
	if pos == len(b) && !strict {
		// "11:" sequence
	} else {
		m, ok := parse2(b, &pos)
		if !ok || m >= 60 {
			return 0, pos, false
		}
		minute = m
	}
	if pos == len(b) && (!strict || pos == minuteAt+2) {
		// "HH:MM" with the seconds left out
	} else {
		if pos >= len(b) || b[pos] != ':' {
			return 0, pos, false
		}
		pos++
		if pos == len(b) && !strict {
			// "11:11:" sequence
		} else {
			s, ok := parse2(b, &pos)
			if !ok || s >= 60 {
				return 0, pos, false
			}
			second = s
		}
	}
	micros := 0
	if pos < len(b) && b[pos] == '.' {
		pos++
		for mult := 100000; pos < len(b) && isDigit(b[pos]); pos++ {
			micros += int(b[pos]-'0') * mult
			mult /= 10
		}
	}
	if strict {
		for pos < len(b) && isSpace(b[pos]) {
			pos++
		}
		if pos < len(b) {
			return 0, pos, false
		}
	}
	return fromClock(hour, int64(minute), int64(second), int64(micros)), pos, true
}
