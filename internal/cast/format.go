package cast

import (
	"errors"
	"fmt"
)

// Format is a parsed DuckDB strptime format, the dateformat and
// timestampformat options of read_csv (StrpTimeFormat in
// src/function/scalar/strftime_format.cpp). The zero Format has no
// specifiers and matches nothing; use ParseFormat.
//
// A Format is immutable once parsed and safe for concurrent use; its
// methods do not allocate.
type Format struct {
	text     string   // the format as given
	literals []string // len(specs)+1 texts around the specifiers
	specs    []spec
}

// spec is one % specifier.
type spec uint8

const (
	specWeekdayAbbr   spec = iota // %a: Sun..Sat, read and ignored
	specWeekdayFull               // %A: Sunday..Saturday, read and ignored
	specWeekdayNum                // %w: 0-6, Sunday is 0 (used with %U/%W)
	specWeekdayISO                // %u: 1-7, Monday is 1 (used with %G/%V)
	specDayPadded                 // %d: day of the month
	specDay                       // %-d
	specMonthAbbr                 // %b, %h: Jan..Dec
	specMonthFull                 // %B: January..December
	specMonthPadded               // %m
	specMonth                     // %-m
	specYear2Padded               // %y: two-digit year, 69-99 is 19xx, 00-68 is 20xx
	specYear2                     // %-y
	specYear                      // %Y: up to four digits
	specYearISO                   // %G: ISO 8601 year
	specHour24Padded              // %H
	specHour24                    // %-H
	specHour12Padded              // %I
	specHour12                    // %-I
	specAMPM                      // %p: AM or PM
	specMinutePadded              // %M
	specMinute                    // %-M
	specSecondPadded              // %S
	specSecond                    // %-S
	specNanos                     // %n: up to nine digits of nanoseconds
	specMicros                    // %f: up to six digits of microseconds
	specMillis                    // %g: up to three digits of milliseconds
	specUTCOffset                 // %z: +HH, +HHMM or +HH:MM
	specZoneName                  // %Z: a time zone name, read and ignored
	specYearDayPadded             // %j: day of the year, 1-366
	specYearDay                   // %-j
	specWeekSun                   // %U: week of the year, weeks start on Sunday
	specWeekMon                   // %W: week of the year, weeks start on Monday
	specWeekISO                   // %V: ISO 8601 week, 1-53
	numSpecs
)

// width is the most digits a numeric specifier reads, or 0 for the others
// (DuckDB's StrpTimeFormat::NumericSpecifierWidth).
var width = [numSpecs]int{
	specWeekdayNum: 1, specWeekdayISO: 1,
	specDayPadded: 2, specDay: 2, specMonthPadded: 2, specMonth: 2,
	specYear2Padded: 2, specYear2: 2, specHour24Padded: 2, specHour24: 2,
	specHour12Padded: 2, specHour12: 2, specMinutePadded: 2, specMinute: 2,
	specSecondPadded: 2, specSecond: 2, specWeekSun: 2, specWeekMon: 2, specWeekISO: 2,
	specMillis: 3, specYearDayPadded: 3, specYearDay: 3,
	specYear: 4, specYearISO: 4,
	specMicros: 6,
	specNanos:  9,
}

// fractionScale is the nanoseconds one unit of a fraction specifier is
// worth, once its digits are padded to its width: %g counts milliseconds,
// %f microseconds, %n nanoseconds.
var fractionScale = [numSpecs]int{specMillis: 1000000, specMicros: 1000, specNanos: 1}

// ErrFormat is the cause of every ParseFormat error.
var ErrFormat = errors.New("invalid strptime format")

// ParseFormat parses a DuckDB strptime format such as "%d/%m/%Y" or
// "%Y-%m-%d %H:%M:%S.%f". Text other than specifiers must match itself,
// except that a run of spaces matches any run of one or more spaces. The
// specifiers:
//
//	%Y year (1-4 digits)   %y %-y two-digit year   %G ISO year
//	%m %-m month           %b %h Jan   %B January
//	%d %-d day of month    %j %-j day of year      %a Mon  %A Monday (ignored)
//	%H %-H hour 0-23       %I %-I hour 1-12        %p AM/PM
//	%M %-M minute          %S %-S second
//	%g milliseconds        %f microseconds         %n nanoseconds
//	%z +HH[[:]MM] offset   %Z zone name (ignored)
//	%U %W week of year (Sunday/Monday first), with %w weekday 0-6
//	%V ISO week, with %u ISO weekday 1-7
//	%c = %Y-%m-%d %H:%M:%S  %x = %Y-%m-%d  %X and %T = %H:%M:%S
//	%% a '%'
//
// The padded and unpadded forms read the same: one or two digits for %d
// and %-d alike. An empty format, a trailing '%' and an unknown specifier
// fail with an error wrapping ErrFormat.
func ParseFormat(format string) (Format, error) {
	if format == "" {
		return Format{}, fmt.Errorf("csvscan: %w: empty format string", ErrFormat)
	}
	f := Format{text: format}
	literal := ""
	pos := 0 // start of the literal text not yet added to literal
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 == len(format) {
			return Format{}, fmt.Errorf("csvscan: %w %q: trailing format character %%", ErrFormat, format)
		}
		literal += format[pos:i]
		i++
		c := format[i]
		if c == '%' {
			// "%%" sequence: the second '%' starts the next literal text
			pos = i
			continue
		}
		var s spec
		if c == '-' && i+1 < len(format) {
			i++
			c = format[i]
			switch c {
			case 'd':
				s = specDay
			case 'm':
				s = specMonth
			case 'y':
				s = specYear2
			case 'H':
				s = specHour24
			case 'I':
				s = specHour12
			case 'M':
				s = specMinute
			case 'S':
				s = specSecond
			case 'j':
				s = specYearDay
			default:
				return Format{}, fmt.Errorf("csvscan: %w %q: unrecognized specifier %%-%c", ErrFormat, format, c)
			}
		} else {
			var ok bool
			s, ok = specOf(c)
			if !ok {
				sub := subformat(c)
				if sub == nil {
					return Format{}, fmt.Errorf("csvscan: %w %q: unrecognized specifier %%%c", ErrFormat, format, c)
				}
				// %c, %x, %X, %T: the pending literal joins the first
				// literal of the expansion, whose last literal is empty.
				for j, sp := range sub.specs {
					lit := sub.literals[j]
					if j == 0 {
						lit = literal + lit
					}
					f.literals = append(f.literals, lit)
					f.specs = append(f.specs, sp)
				}
				literal = ""
				pos = i + 1
				continue
			}
		}
		f.literals = append(f.literals, literal)
		f.specs = append(f.specs, s)
		literal = ""
		pos = i + 1
	}
	literal += format[pos:]
	f.literals = append(f.literals, literal)
	return f, nil
}

func specOf(c byte) (spec, bool) {
	switch c {
	case 'a':
		return specWeekdayAbbr, true
	case 'A':
		return specWeekdayFull, true
	case 'w':
		return specWeekdayNum, true
	case 'u':
		return specWeekdayISO, true
	case 'd':
		return specDayPadded, true
	case 'h', 'b':
		return specMonthAbbr, true
	case 'B':
		return specMonthFull, true
	case 'm':
		return specMonthPadded, true
	case 'y':
		return specYear2Padded, true
	case 'Y':
		return specYear, true
	case 'G':
		return specYearISO, true
	case 'H':
		return specHour24Padded, true
	case 'I':
		return specHour12Padded, true
	case 'p':
		return specAMPM, true
	case 'M':
		return specMinutePadded, true
	case 'S':
		return specSecondPadded, true
	case 'n':
		return specNanos, true
	case 'f':
		return specMicros, true
	case 'g':
		return specMillis, true
	case 'z':
		return specUTCOffset, true
	case 'Z':
		return specZoneName, true
	case 'j':
		return specYearDayPadded, true
	case 'U':
		return specWeekSun, true
	case 'W':
		return specWeekMon, true
	case 'V':
		return specWeekISO, true
	}
	return 0, false
}

// The expansions of %c, %x and %X/%T.
var (
	subDateTime = &Format{literals: []string{"", "-", "-", " ", ":", ":", ""},
		specs: []spec{specYear, specMonthPadded, specDayPadded, specHour24Padded, specMinutePadded, specSecondPadded}}
	subDate = &Format{literals: []string{"", "-", "-", ""},
		specs: []spec{specYear, specMonthPadded, specDayPadded}}
	subTime = &Format{literals: []string{"", ":", ":", ""},
		specs: []spec{specHour24Padded, specMinutePadded, specSecondPadded}}
)

func subformat(c byte) *Format {
	switch c {
	case 'c':
		return subDateTime
	case 'x':
		return subDate
	case 'X', 'T':
		return subTime
	}
	return nil
}

// String returns the format as it was given to ParseFormat.
func (f Format) String() string { return f.text }

// IsZero reports whether f is the zero Format.
func (f Format) IsZero() bool { return f.literals == nil }

// Date reads b with the format, as DuckDB's StrpTimeFormat::TryParseDate
// does for a DATE column with a dateformat: leading and trailing spaces
// are skipped, the year defaults to 1900 and month and day to 1, and the
// day must exist. Times and offsets in the format are read and ignored.
// "infinity", "-infinity" and "epoch" give the special values.
func (f Format) Date(b []byte) (Date, bool) {
	var r parsed
	if !f.parse(b, &r, false) {
		return 0, false
	}
	if r.special {
		return r.specialDate, true
	}
	return DateOf(r.year, r.month, r.day)
}

// Timestamp reads b with the format, as DuckDB's
// StrpTimeFormat::TryParseTimestamp does for a TIMESTAMP column with a
// timestampformat: as Date, plus the time of day (00:00:00 by default); a
// %z offset is subtracted to give UTC, %n nanoseconds are rounded to
// microseconds, and hours read with %p are moved to the afternoon for PM
// (and 12 AM is 0).
func (f Format) Timestamp(b []byte) (Timestamp, bool) {
	var r parsed
	if !f.parse(b, &r, false) {
		return 0, false
	}
	if r.special {
		return TimestampOf(r.specialDate, 0)
	}
	d, ok := DateOf(r.year, r.month, r.day)
	if !ok {
		return 0, false
	}
	hourOff := r.offset / 60 // minutes; Go's / and % truncate, as C++'s do
	minOff := r.offset % 60
	micros := (int64(r.nanos) + 500) / 1000
	t := fromClock(int64(r.hour-hourOff), int64(r.minute-minOff), int64(r.second), micros)
	return fromDateTime(d, int64(t))
}

// Matches reports whether b fits the format the way DuckDB's sniffer tests
// a candidate dateformat or timestampformat (StrpTimeFormat::Parse with
// strict = true): every specifier must read, and %Y and %y need at least
// two digits, but the day need not exist ("31/02/2024" matches "%d/%m/%Y";
// Date then fails on it).
func (f Format) Matches(b []byte) bool {
	var r parsed
	return f.parse(b, &r, true)
}
