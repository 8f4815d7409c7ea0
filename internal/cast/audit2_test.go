package cast

import "testing"

// Tests of the defects a second comparison with DuckDB 1.5.6 found; each
// expected answer is DuckDB's TRY_CAST of the same text with TimeZone
// 'UTC'.

// TestTimestampTZZoneNames: a TIMESTAMP WITH TIME ZONE value may end in a
// space and a time zone name, which DuckDB looks up in ICU: IANA names and
// links in any case, ICU's legacy three-letter IDs (PST is Los Angeles,
// BST Bangladesh), the wall time read in that zone, a skipped or repeated
// wall time taken as the later instant. Abbreviations that are no ID fail,
// and so does every name but UTC as TIMESTAMP.
func TestTimestampTZZoneNames(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2021-07-01 10:00:00 Europe/Berlin", "2021-07-01 08:00:00+00"},
		{"2021-01-15 10:00:00 Europe/Berlin", "2021-01-15 09:00:00+00"},
		{"2021-07-01 10:00:00 europe/berlin", "2021-07-01 08:00:00+00"},
		{"2021-07-01 10:00:00 AMERICA/NEW_YORK", "2021-07-01 14:00:00+00"},
		{"2021-07-01 10:00:00 america/port-au-prince", "2021-07-01 14:00:00+00"},
		{"2021-07-01T10:00:00 Asia/Kolkata", "2021-07-01 04:30:00+00"},
		{"2021-07-01 10:00:00.123456 US/Pacific", "2021-07-01 17:00:00.123456+00"},
		{"2021-07-01 10:00:00 Etc/GMT-14", "2021-06-30 20:00:00+00"},
		{"2021-07-01 10:00:00 EST", "2021-07-01 15:00:00+00"},
		{"2021-07-01 10:00:00 est5edt", "2021-07-01 14:00:00+00"},
		{"2021-07-01 10:00:00 CET", "2021-07-01 08:00:00+00"},
		{"2021-07-01 10:00:00 Zulu", "2021-07-01 10:00:00+00"},
		{"2021-07-01 10:00:00 PST", "2021-07-01 17:00:00+00"},
		{"2021-07-01 10:00:00 BST", "2021-07-01 04:00:00+00"},
		{"2021-07-01 10:00:00 IST", "2021-07-01 04:30:00+00"},
		{"2021-07-01 10:00:00 JST", "2021-07-01 01:00:00+00"},
		{"2021-07-01 10:00:00 Europe/Berlin  ", "2021-07-01 08:00:00+00"},
		{"1850-01-01 10:00:00 Europe/Berlin", "1850-01-01 09:06:32+00"},
		// the hour skipped and the hour repeated
		{"2021-03-28 02:30:00 Europe/Berlin", "2021-03-28 01:30:00+00"},
		{"2021-10-31 02:30:00 Europe/Berlin", "2021-10-31 01:30:00+00"},
		{"2021-03-14 02:30:00 America/New_York", "2021-03-14 07:30:00+00"},
		{"2021-11-07 01:30:00 America/New_York", "2021-11-07 06:30:00+00"},
		{"2021-10-03 02:30:00 Australia/Sydney", "2021-10-02 16:30:00+00"},
		{"2021-04-04 02:30:00 Australia/Sydney", "2021-04-03 16:30:00+00"},
		{"2011-12-30 12:00:00 Pacific/Apia", "2011-12-30 22:00:00+00"},
		{"1969-12-31 23:59:59.5 Europe/London", "1969-12-31 22:59:59.5+00"},
		// no such zone
		{"2021-07-01 10:00:00 EDT", ""},
		{"2021-07-01 10:00:00 CEST", ""},
		{"2021-07-01 10:00:00 Mars/Olympus", ""},
		{"2021-07-01 10:00:00  Europe/Berlin", ""},
		{"2021-07-01 10:00:00Europe/Berlin", ""},
		{"2021-07-01 10:00:00+01 Europe/Berlin", ""},
		{"2021-07-01 Europe/Berlin", ""},
	} {
		got := ""
		if ts, ok := Scan.TimestampTZ([]byte(tt.in)); ok {
			got = string(ts.AppendFormatTZ(nil))
		}
		if got != tt.want {
			t.Errorf("TimestampTZ(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if sniffed, ok := Sniff.TimestampTZ([]byte(tt.in)); ok != (tt.want != "") || (ok && string(sniffed.AppendFormatTZ(nil)) != tt.want) {
			t.Errorf("Sniff.TimestampTZ(%q) = %v, %v, want %q", tt.in, sniffed, ok, tt.want)
		}
		for _, c := range []Caster{Scan, Sniff} {
			if _, ok := c.Timestamp([]byte(tt.in)); ok {
				t.Errorf("Timestamp(%q) reads it: DuckDB's TIMESTAMP takes no zone but UTC", tt.in)
			}
		}
	}
}

// TestZoneNameNoAlloc: a zone name is looked up without allocating once
// its zone is loaded, as the other casts are.
func TestZoneNameNoAlloc(t *testing.T) {
	in := []byte("2021-07-01 10:00:00 Europe/Berlin")
	Scan.TimestampTZ(in)
	if n := testing.AllocsPerRun(100, func() { Scan.TimestampTZ(in) }); n != 0 {
		t.Errorf("TimestampTZ(%q) allocates %v times", in, n)
	}
}

// TestOffsetSeconds: a UTC offset may carry seconds after a second ':'
// ("+05:30:15"), which TIMESTAMP WITH TIME ZONE applies and TIMESTAMP
// drops; the ':' alone is consumed too, but not after "+HHMM", and one
// digit of seconds or a third ':' is no timestamp.
func TestOffsetSeconds(t *testing.T) {
	for _, tt := range []struct{ in, tz, ts string }{
		{"2021-07-01 10:00:00+05:30:15", "2021-07-01 04:29:45+00", "2021-07-01 10:00:00"},
		{"2021-07-01 10:00:00-05:30:15", "2021-07-01 15:30:15+00", "2021-07-01 10:00:00"},
		{"2021-07-01T10:00:00.5+01:00:30 ", "2021-07-01 08:59:30.5+00", "2021-07-01 10:00:00.5"},
		{"2021-07-01 10:00:00+05:30:", "2021-07-01 04:30:00+00", "2021-07-01 10:00:00"},
		{"2021-07-01 10:00:00+0530:15", "", ""},
		{"2021-07-01 10:00:00+053015", "", ""},
		{"2021-07-01 10:00:00+05:30:1", "", ""},
		{"2021-07-01 10:00:00+05:30:15:", "", ""},
		{"2021-07-01 10:00:00+05:30:15.5", "", ""},
		{"2021-07-01 10:00:00+05:30:15Z", "", ""},
	} {
		tz, ts := "", ""
		if v, ok := Scan.TimestampTZ([]byte(tt.in)); ok {
			tz = string(v.AppendFormatTZ(nil))
		}
		if v, ok := Scan.Timestamp([]byte(tt.in)); ok {
			ts = string(v.AppendFormat(nil))
		}
		if tz != tt.tz || ts != tt.ts {
			t.Errorf("%q: TIMESTAMPTZ %q, TIMESTAMP %q; want %q, %q", tt.in, tz, ts, tt.tz, tt.ts)
		}
	}
}

// TestTimestampTZNoNames: DuckDB's default cast to TIMESTAMP WITH TIME
// ZONE, which its sniffer's refinement uses, reads offsets, "Z" and the
// name UTC as TimestampTZ does, and fails every other time zone name.
func TestTimestampTZNoNames(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"2021-07-01 10:00:00+02", "2021-07-01 08:00:00+00"},
		{"2021-07-01T10:00:00Z", "2021-07-01 10:00:00+00"},
		{"2021-07-01 10:00:00 UTC", "2021-07-01 10:00:00+00"},
		{"2021-07-01 10:00:00 utc", "2021-07-01 10:00:00+00"},
		{"2021-07-01 10:00:00", "2021-07-01 10:00:00+00"},
		{"2021-07-01 10:00:00 Europe/Berlin", ""},
		{"2021-07-01 10:00:00 GMT", ""},
		{"2021-07-01 10:00:00 PST", ""},
	} {
		for _, c := range []Caster{Sniff, Scan} {
			ts, ok := c.TimestampTZNoNames([]byte(tt.in))
			got := ""
			if ok {
				got = string(ts.AppendFormat(nil)) + "+00"
			}
			if got != tt.want {
				t.Errorf("strict %v %q: got %q, want %q", c.Strict, tt.in, got, tt.want)
			}
		}
	}
}
