package cast

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The differential fuzz targets compare with the standard library on the
// inputs where both define the same answer, and check invariants on all
// inputs: no panic, Sniff accepts no more than Scan and agrees with it, and
// rendered values read back to themselves.

var (
	// plainInt is what strconv.ParseInt(s, 10, 64) and DuckDB agree on:
	// an optional sign and decimal digits, with spaces around.
	plainInt = regexp.MustCompile(`^[ \t\n\v\f\r]*[+-]?[0-9]+[ \t\n\v\f\r]*$`)
	// plainFloat is a decimal float both strconv.ParseFloat and DuckDB
	// read: digits with an optional point and exponent.
	plainFloat = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
	// isoDate is the layout time.Parse("2006-01-02") reads.
	isoDate = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)
)

func FuzzInt64(f *testing.F) {
	for _, s := range []string{"0", "-0", "+5", "42", " 7 ", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "007", "1_000", "1.5", "-2.5", ".5", "1e3", "15e-1",
		"5e-3", "0x1F", "0b11", "1e", "1e1.", "1.25e1", "-1.5e1", "99999999999999999999e-2"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, ok := Int64(b)
		sv, sok := Sniff.Int64(b)
		if sok && (!ok || sv != v) {
			t.Fatalf("Sniff.Int64(%q) = %d but Int64 = %d, %v", b, sv, v, ok)
		}
		if plainInt.Match(b) {
			trimmed := string(bytes.TrimSpace(b))
			want, err := strconv.ParseInt(trimmed, 10, 64)
			if (err == nil) != ok || (ok && v != want) {
				t.Fatalf("Int64(%q) = %d, %v; strconv.ParseInt gives %d, %v", b, v, ok, want, err)
			}
		}
		if ok {
			if back, ok := Int64([]byte(FormatInt64(v))); !ok || back != v {
				t.Fatalf("Int64(FormatInt64(%d)) = %d, %v", v, back, ok)
			}
		}
	})
}

func FuzzFloat64(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "+1.5", "-.5", "5.", "1e3", "1e-400", "1e400", "inf",
		"-Infinity", "nan", "nan(x)", "1_000.5", "01.5", "1,5", " 2 ", "0.1", "1.7976931348623157e308",
		"4.9e-324", "123456789012345678901234567890", "1e"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, decimalComma bool) {
		c := Caster{DecimalComma: decimalComma}
		s := Caster{Strict: true, DecimalComma: decimalComma}
		v, ok := c.Float64(b)
		sv, sok := s.Float64(b)
		if sok && (!ok || !sameFloat(sv, v)) {
			t.Fatalf("strict Float64(%q) = %v but lenient = %v, %v", b, sv, v, ok)
		}
		if !decimalComma && plainFloat.Match(b) {
			want, err := strconv.ParseFloat(string(b), 64)
			if err != nil && !isRangeError(err) {
				t.Fatalf("strconv.ParseFloat(%q): %v", b, err)
			}
			if !ok || !sameFloat(v, want) {
				t.Fatalf("Float64(%q) = %v, %v; strconv.ParseFloat gives %v", b, v, ok, want)
			}
		}
		if ok {
			text := FormatFloat64(v)
			back, ok := Float64([]byte(text))
			if !ok || !sameFloat(back, v) {
				t.Fatalf("Float64(%q) = %v, %v; want %v (from %q)", text, back, ok, v, b)
			}
		}
	})
}

// plainUint is what strconv.ParseUint(s, 10, 64) and DuckDB's UBIGINT cast
// agree on: decimal digits with an optional '+', spaces around.
var plainUint = regexp.MustCompile(`^[ \t\n\v\f\r]*[+]?[0-9]+[ \t\n\v\f\r]*$`)

func FuzzUint64(f *testing.F) {
	for _, s := range []string{"0", "-0", "-00", "-1", "+5", "18446744073709551615", "18446744073709551616",
		"9223372036854775808", "007", "1_000", "1.5", "18446744073709551614.5", "1e19", "2e19",
		"1.8446744073709551615e19", "0xFFFFFFFFFFFFFFFF", "0b11", "5e-3", " 7 "} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		v, ok := Uint64(b)
		sv, sok := Sniff.Uint64(b)
		if sok && (!ok || sv != v) {
			t.Fatalf("Sniff.Uint64(%q) = %d but Uint64 = %d, %v", b, sv, v, ok)
		}
		if plainUint.Match(b) {
			want, err := strconv.ParseUint(strings.TrimPrefix(string(bytes.TrimSpace(b)), "+"), 10, 64)
			if (err == nil) != ok || (ok && v != want) {
				t.Fatalf("Uint64(%q) = %d, %v; strconv.ParseUint gives %d, %v", b, v, ok, want, err)
			}
		}
		// Below 2^63, UBIGINT and BIGINT agree, but for a '-' (only
		// "-0..." is an unsigned number) and for exponents: DuckDB moves
		// fraction digits with NumericLimits<T>::Digits() (19 for int64,
		// 20 for uint64), so ".9227000000000000007e18" rounds up as UBIGINT
		// and not as BIGINT.
		if i, iok := Int64(b); iok && i >= 0 && !bytes.Contains(b, []byte("-")) && !bytes.ContainsAny(b, "eE") && (!ok || uint64(i) != v) {
			t.Fatalf("Int64(%q) = %d but Uint64 = %d, %v", b, i, v, ok)
		}
		if ok {
			if back, ok := Uint64([]byte(FormatUint64(v))); !ok || back != v {
				t.Fatalf("Uint64(FormatUint64(%d)) = %d, %v", v, back, ok)
			}
		}
		// The narrower types are BIGINT with a range.
		i, iok := Int64(b)
		if n, ok := Int32(b); ok != (iok && i >= math.MinInt32 && i <= math.MaxInt32) || (ok && int64(n) != i) {
			t.Fatalf("Int32(%q) = %d, %v; Int64 = %d, %v", b, n, ok, i, iok)
		}
		if n, ok := Uint8(b); ok && (!iok || int64(n) != i) {
			t.Fatalf("Uint8(%q) = %d, %v; Int64 = %d, %v", b, n, ok, i, iok)
		}
	})
}

func FuzzFloat32(f *testing.F) {
	for _, s := range []string{"0", "-0", "0.1", "1.5", "+1.5", "-.5", "1e-45", "7e-46", "3.4028235e38",
		"3.4028236e38", "340282356779733661637539395458142568448", "1.00000005960464477539063", "16777217",
		"1e39", "inf", "nan", "1_000.5", "1,5", "1e"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, decimalComma bool) {
		c := Caster{DecimalComma: decimalComma}
		s := Caster{Strict: true, DecimalComma: decimalComma}
		v, ok := c.Float32(b)
		sv, sok := s.Float32(b)
		if sok && (!ok || !sameFloat(float64(sv), float64(v))) {
			t.Fatalf("strict Float32(%q) = %v but lenient = %v, %v", b, sv, v, ok)
		}
		if _, ok64 := c.Float64(b); ok64 != ok {
			t.Fatalf("Float32(%q) ok %v, Float64 ok %v", b, ok, ok64)
		}
		if !decimalComma && plainFloat.Match(b) {
			want, err := strconv.ParseFloat(string(b), 32)
			if err != nil && !isRangeError(err) {
				t.Fatalf("strconv.ParseFloat(%q): %v", b, err)
			}
			if !ok || !sameFloat(float64(v), want) {
				t.Fatalf("Float32(%q) = %v, %v; strconv.ParseFloat gives %v", b, v, ok, want)
			}
		}
		if ok {
			text := FormatFloat32(v)
			back, ok := Float32([]byte(text))
			if !ok || !sameFloat(float64(back), float64(v)) {
				t.Fatalf("Float32(%q) = %v, %v; want %v (from %q)", text, back, ok, v, b)
			}
		}
	})
}

// renderable reports whether the rendering of ts reads back: not for the
// few finite timestamps within a day of the int64 limits, whose midnight
// does not fit in 64 bits (DuckDB cannot read those back either).
func renderable(ts Timestamp) bool {
	_, fits := fromDateTime(ts.Date(), 0)
	return fits || !ts.IsFinite()
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func FuzzDate(f *testing.F) {
	for _, s := range []string{"2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "0000-01-01",
		"9999-12-31", "2024-13-01", "2024-01-00", "2024/1/2", "2024-01-01 (BC)", "infinity", "epoch",
		"2024-01-01 12:00:00", "5881580-07-10", "-1-01-01"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, ok := ParseDate(b)
		sd, sok := Sniff.Date(b)
		if sok && (!ok || sd != d) {
			t.Fatalf("Sniff.Date(%q) = %v but ParseDate = %v, %v", b, sd, d, ok)
		}
		if isoDate.Match(b) {
			tm, err := time.Parse("2006-01-02", string(b))
			if (err == nil) != ok {
				t.Fatalf("ParseDate(%q) = %v, %v; time.Parse: %v", b, d, ok, err)
			}
			if ok {
				want := Date(floorDiv(tm.Unix(), 86400))
				if d != want {
					t.Fatalf("ParseDate(%q) = %d, time.Parse gives day %d", b, d, want)
				}
			}
		}
		if ok {
			text := d.String()
			if back, ok := ParseDate([]byte(text)); !ok || back != d {
				t.Fatalf("ParseDate(%q) = %v, %v; want %d (from %q)", text, back, ok, d, b)
			}
		}
	})
}

// FuzzTemporal casts arbitrary bytes to TIME and TIMESTAMP (no panics,
// Sniff within Scan, values in range) and reads back the rendering of
// arbitrary DATE, TIME and TIMESTAMP values.
func FuzzTemporal(f *testing.F) {
	for _, s := range []string{"12:34:56", "24:00:00", "12:", "2024-02-29T12:34:56Z", "2024-02-29 12:00+02:30",
		"2024-02-29 12:00:00 UTC", "12:34:56.1234567", "infinity"} {
		f.Add([]byte(s), int64(len(s))*1e12)
	}
	f.Add([]byte(""), int64(math.MinInt64))
	f.Add([]byte(""), int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, b []byte, n int64) {
		tm, ok := ParseTime(b)
		if ok && (tm < 0 || tm > MicrosPerDay) {
			t.Fatalf("ParseTime(%q) = %d, outside a day", b, tm)
		}
		if st, sok := Sniff.Time(b); sok && (!ok || st != tm) {
			t.Fatalf("Sniff.Time(%q) = %v but ParseTime = %v, %v", b, st, tm, ok)
		}
		ts, ok := ParseTimestamp(b)
		if sts, sok := Sniff.Timestamp(b); sok && (!ok || sts != ts) {
			t.Fatalf("Sniff.Timestamp(%q) = %v but ParseTimestamp = %v, %v", b, sts, ts, ok)
		}
		if ok && renderable(ts) {
			if back, ok := ParseTimestamp([]byte(ts.String())); !ok || back != ts {
				t.Fatalf("ParseTimestamp(%q) = %v, %v; want %d (from %q)", ts.String(), back, ok, ts, b)
			}
		}

		// Renderings of values made from n.
		d := Date(int32(n))
		if d >= DateMin && d <= DateMax || !d.IsFinite() {
			if back, ok := ParseDate([]byte(d.String())); !ok || back != d {
				t.Fatalf("ParseDate(%q) = %v, %v; want %d", d.String(), back, ok, d)
			}
		}
		tm = Time(n % (MicrosPerDay + 1))
		if tm < 0 {
			tm = -tm
		}
		if back, ok := ParseTime([]byte(tm.String())); !ok || back != tm {
			t.Fatalf("ParseTime(%q) = %v, %v; want %d", tm.String(), back, ok, tm)
		}
		ts = Timestamp(n)
		if renderable(ts) {
			if back, ok := ParseTimestamp([]byte(ts.String())); !ok || back != ts {
				t.Fatalf("ParseTimestamp(%q) = %v, %v; want %d", ts.String(), back, ok, ts)
			}
		}
	})
}

// FuzzFormat parses arbitrary formats and inputs: no panics, and a value a
// format reads renders and reads back through the default cast.
func FuzzFormat(f *testing.F) {
	for _, c := range [][2]string{{"%d/%m/%Y", "29/02/2024"}, {"%m-%d-%Y %I:%M:%S %p", "01-01-2000 12:12:00 AM"},
		{"%G-W%V-%u", "2024-W09-4"}, {"%Y-%U-%w", "2023-00-0"}, {"%Y-%j", "2023-366"}, {"%c%z", "2024-02-29 01:02:03+99"},
		{"%a %A %b %B %Z", "mon monday jan january UTC"}, {"%y%-m%-d%H%n", "2411123456789"}} {
		f.Add(c[0], []byte(c[1]))
	}
	f.Fuzz(func(t *testing.T, format string, b []byte) {
		fm, err := ParseFormat(format)
		if err != nil {
			return
		}
		if d, ok := fm.Date(b); ok {
			if back, ok := ParseDate([]byte(d.String())); !ok || back != d {
				t.Fatalf("%q.Date(%q) = %d; ParseDate(%q) = %v, %v", format, b, d, d.String(), back, ok)
			}
		}
		if ts, ok := fm.Timestamp(b); ok && renderable(ts) {
			if back, ok := ParseTimestamp([]byte(ts.String())); !ok || back != ts {
				t.Fatalf("%q.Timestamp(%q) = %d; ParseTimestamp(%q) = %v, %v", format, b, ts, ts.String(), back, ok)
			}
		}
		fm.Matches(b)
	})
}

// FuzzFloat64Fast checks that floatFast agrees with the general path
// wherever it answers, sign of zero included.
func FuzzFloat64Fast(f *testing.F) {
	for _, s := range []string{"0", "-0", "-0.0", "1.5", "7312.55", "123456789012345", "1234567.12345678", "01.5", "5.", ".5", "1,5", "-"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, decimalComma bool) {
		for _, c := range []Caster{{DecimalComma: decimalComma}, {Strict: true, DecimalComma: decimalComma}} {
			fast, ok := floatFast(b, c.sep())
			if !ok {
				continue
			}
			slow, sok := c.float64General(b)
			if !sok || !sameFloat(fast, slow) {
				t.Fatalf("%+v: floatFast(%q) = %v; the general path gives %v, %v", c, b, fast, slow, sok)
			}
		}
	})
}

// FuzzDateFast checks that dateFast agrees with parseDate, under both rule
// sets, wherever it answers.
func FuzzDateFast(f *testing.F) {
	for _, s := range []string{"2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "0000-01-01", "0001-01-01",
		"9999-12-31", "2024-13-01", "2024-00-10", "2024-01-00", "2024-01-32", "2024/01/02", "2024-01-0a",
		"2024-01-01x", "2024-1-01", "2\xff24-01-01", "1969-12-31", "000 -01-11"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fast, ok := dateFast(b)
		if !ok {
			return
		}
		for _, strict := range []bool{false, true} {
			slow, _, sok := parseDate(b, strict)
			if !sok || slow != fast {
				t.Fatalf("dateFast(%q) = %v; parseDate(strict %v) = %v, %v", b, fast, strict, slow, sok)
			}
		}
	})
}

// FuzzDigits holds digits16 to the byte loop on arbitrary runs of 1 to 16
// bytes.
func FuzzDigits(f *testing.F) {
	for _, s := range []string{"0", "42", "12345678", "123456789", "9999999999999999", "12a4", "1/2", "9:9"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || len(b) > 16 {
			return
		}
		got, ok := digits16(b)
		want, wok := digitsLoop(b)
		if ok != wok || got != want {
			t.Fatalf("digits16(%q) = %d, %v; want %d, %v", b, got, ok, want, wok)
		}
	})
}

// FuzzFloat32Fast checks that float32Fast agrees with the general path
// wherever it answers, sign of zero included.
func FuzzFloat32Fast(f *testing.F) {
	for _, s := range []string{"0", "-0", "-0.0", "1.5", "7312.55", "1234567", "123456.7", "16777217", "0.1", "01.5", "5.", ".5", "1,5", "-"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, b []byte, decimalComma bool) {
		for _, c := range []Caster{{DecimalComma: decimalComma}, {Strict: true, DecimalComma: decimalComma}} {
			fast, ok := float32Fast(b, c.sep())
			if !ok {
				continue
			}
			slow, sok := c.float32General(b)
			if !sok || math.Float32bits(fast) != math.Float32bits(slow) {
				t.Fatalf("%+v: float32Fast(%q) = %v; the general path gives %v, %v", c, b, fast, slow, sok)
			}
		}
	})
}
