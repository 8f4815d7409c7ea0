package cast

// Reading a value with a parsed Format: the strptime matcher behind
// Format.Date, Format.Timestamp and Format.Matches (format.go holds the
// format's parsing and its specifiers).

// parsed holds the fields one parse found.
type parsed struct {
	year, month, day            int
	hour, minute, second, nanos int
	offset                      int // minutes east of UTC
	special                     bool
	specialDate                 Date
}

// Month and weekday names, in DuckDB's order (Sunday first).
var (
	monthNames   = [...]string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
	monthAbbrs   = [...]string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
	weekdayNames = [...]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	weekdayAbbrs = [...]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}
)

// collection returns the index of the first name that b starts with,
// ignoring ASCII case, and advances pos past it; or -1.
func collection(b []byte, pos *int, names []string) int {
	for i, n := range names {
		if hasWordFold(b[*pos:], n) {
			*pos += len(n)
			return i
		}
	}
	return -1
}

// parse is StrpTimeFormat::Parse.
func (f Format) parse(b []byte, r *parsed, strict bool) bool {
	if f.literals == nil {
		return false
	}
	*r = parsed{year: 1900, month: 1, day: 1}
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	pos := 0
	// "infinity", "-infinity", "epoch"
	if len(b) > 4 {
		switch {
		case lower(b[0])-'a' < 26 && hasWordFold(b, "infinity"):
			r.special, r.specialDate, pos = true, DateInfinity, len("infinity")
		case lower(b[0])-'a' < 26 && hasWordFold(b, "epoch"):
			r.special, r.specialDate, pos = true, 0, len("epoch")
		case b[0] == '-' && hasWordFold(b[1:], "infinity"):
			r.special, r.specialDate, pos = true, DateNegInfinity, len("-infinity")
		}
		if r.special {
			for pos < len(b) && isSpace(b[pos]) {
				pos++
			}
			return pos == len(b)
		}
	}

	const none = specWeekdayNum // "no offset specifier yet", as in DuckDB
	offsetSpec := none
	var weekno, weekday, yearday int
	hasWeekday := false
	isoYear, isoWeek, isoWeekday := 10000, 54, 8 // out of range: not given
	ampm := byte(0)                              // 'a' or 'p' once read

	for i := 0; ; i++ {
		lit := f.literals[i]
		for l := 0; l < len(lit); {
			if isSpace(lit[l]) {
				// a run of spaces matches a run of spaces
				if pos >= len(b) || !isSpace(b[pos]) {
					return false
				}
				for pos++; pos < len(b) && isSpace(b[pos]); pos++ {
				}
				for l++; l < len(lit) && isSpace(lit[l]); l++ {
				}
				continue
			}
			if pos >= len(b) || b[pos] != lit[l] {
				return false
			}
			pos++
			l++
		}
		if i == len(f.specs) {
			break
		}
		s := f.specs[i]
		if w := width[s]; w > 0 {
			start := pos
			n := 0
			for pos < len(b) && pos < start+w && isDigit(b[pos]) {
				n = n*10 + int(b[pos]-'0')
				pos++
			}
			if pos == start {
				return false
			}
			switch s {
			case specDayPadded, specDay:
				if n < 1 || n > 31 {
					return false
				}
				r.day = n
				offsetSpec = s
			case specMonthPadded, specMonth:
				if n < 1 || n > 12 {
					return false
				}
				r.month = n
				offsetSpec = s
			case specYear2Padded, specYear2, specYear:
				switch offsetSpec {
				case specYearISO, specWeekISO, none:
					offsetSpec = s
				}
				if strict && pos-start < 2 {
					return false
				}
				switch {
				case s == specYear:
					r.year = n
				case n >= 69:
					r.year = 1900 + n
				default:
					r.year = 2000 + n
				}
			case specYearISO:
				switch offsetSpec {
				case specDayPadded, specDay, specMonthPadded, specMonth, specYear2Padded, specYear2, specYear:
					// a calendar date overrides the ISO one
				case none:
					offsetSpec = s
				case specYearISO, specWeekISO:
					if isoYear <= 9999 {
						return false // two ISO years
					}
				default:
					return false
				}
				isoYear = n
			case specHour24Padded, specHour24:
				if n >= 24 {
					return false
				}
				r.hour = n
			case specHour12Padded, specHour12:
				if n < 1 || n > 12 {
					return false
				}
				r.hour = n
			case specMinutePadded, specMinute:
				if n >= 60 {
					return false
				}
				r.minute = n
			case specSecondPadded, specSecond:
				if n >= 60 {
					return false
				}
				r.second = n
			case specNanos, specMicros, specMillis:
				// A fraction: fewer digits than the width are padded
				// with zeros on the right, as DuckDB 1.5.6 reads
				// "16.639" with %f as 639 milliseconds, not
				// microseconds.
				for d := pos - start; d < w; d++ {
					n *= 10
				}
				r.nanos = n * fractionScale[s]
			case specWeekSun, specWeekMon:
				switch offsetSpec {
				case specDayPadded, specDay, specMonthPadded, specMonth:
					// a calendar date overrides the week
				case specYear2Padded, specYear2, specYear, none:
					offsetSpec = s
				default:
					return false // two week offsets
				}
				if n > 53 {
					return false
				}
				weekno = n
			case specWeekdayNum:
				if n > 6 {
					return false
				}
				hasWeekday = true
				weekday = n
			case specWeekISO:
				switch offsetSpec {
				case specDayPadded, specDay, specMonthPadded, specMonth, specYear2Padded, specYear2, specYear:
				case none:
					offsetSpec = s
				case specWeekISO, specYearISO:
					if isoWeek <= 53 {
						return false // two ISO weeks
					}
				default:
					return false
				}
				if n < 1 || n > 53 {
					return false
				}
				isoWeek = n
			case specWeekdayISO:
				if isoWeekday <= 7 || n < 1 || n > 7 {
					return false
				}
				isoWeekday = n
			case specYearDayPadded, specYearDay:
				switch offsetSpec {
				case specDayPadded, specDay, specMonthPadded, specMonth:
				case specYear2Padded, specYear2, specYear, none:
					offsetSpec = s
				default:
					return false // two year offsets
				}
				if n < 1 || n > 366 {
					return false
				}
				yearday = n
			}
			continue
		}
		switch s {
		case specAMPM:
			if pos+2 > len(b) || lower(b[pos+1]) != 'm' {
				return false
			}
			ampm = lower(b[pos])
			if ampm != 'a' && ampm != 'p' {
				return false
			}
			pos += 2
		case specWeekdayAbbr:
			if collection(b, &pos, weekdayAbbrs[:]) < 0 {
				return false
			}
		case specWeekdayFull:
			if collection(b, &pos, weekdayNames[:]) < 0 {
				return false
			}
		case specMonthAbbr:
			m := collection(b, &pos, monthAbbrs[:])
			if m < 0 {
				return false
			}
			r.month = m + 1
		case specMonthFull:
			m := collection(b, &pos, monthNames[:])
			if m < 0 {
				return false
			}
			r.month = m + 1
		case specUTCOffset:
			if !isOffsetStart(b, pos) {
				return false
			}
			hh, mm, end := parseOffset(b, pos)
			r.offset = hh*60 + mm
			pos = end
		case specZoneName:
			for pos < len(b) && isSpace(b[pos]) {
				pos++
			}
			start := pos
			for pos < len(b) && isZoneChar(b[pos]) {
				pos++
			}
			if pos == start {
				return false
			}
		}
	}
	for pos < len(b) && isSpace(b[pos]) {
		pos++
	}
	if pos != len(b) {
		return false
	}
	if ampm != 0 {
		if r.hour > 12 {
			return false
		}
		switch {
		case ampm == 'a' && r.hour == 12:
			r.hour = 0
		case ampm == 'p' && r.hour != 12:
			r.hour += 12
		}
	}
	switch offsetSpec {
	case specYearISO, specWeekISO:
		if isoYear > 9999 {
			isoYear = 1900
		}
		if isoWeek > 53 {
			isoWeek = 1
		}
		if isoWeekday > 7 {
			isoWeekday = 1
		}
		// ISO week 1 starts on the Monday of the week of January 4
		jan4 := daysFromCivil(int64(isoYear), 1, 4)
		d := mondayOf(jan4) + int64((isoWeek-1)*7+isoWeekday-1)
		r.year, r.month, r.day = civilFromDays(d)
	case specWeekSun, specWeekMon:
		if hasWeekday && offsetSpec == specWeekMon {
			weekday = (weekday + 6) % 7 // Monday is 0
		}
		jan1 := daysFromCivil(int64(r.year), 1, 1)
		d := mondayOf(jan1)
		if offsetSpec == specWeekSun {
			d--
		}
		if d >= jan1 {
			d -= 7 // the days before the first full week are week 0
		}
		d += int64(weekno*7 + weekday)
		r.year, r.month, r.day = civilFromDays(d)
	case specYearDayPadded, specYearDay:
		d := daysFromCivil(int64(r.year), 1, 1) + int64(yearday-1)
		r.year, r.month, r.day = civilFromDays(d)
	}
	return true
}

// mondayOf returns the Monday on or before day d (days since 1970-01-01,
// a Thursday).
func mondayOf(d int64) int64 {
	isoWeekday := (d+3)%7 + 1 // 1 is Monday
	if isoWeekday <= 0 {
		isoWeekday += 7
	}
	return d - (isoWeekday - 1)
}
