package cast

import "testing"

// Benchmark inputs: a column of realistic fields, cast in turn.
var (
	benchInts        = fields("1", "42", "-7", "123456", "9223372036854775807", "-88", "1000000", "31415926")
	benchFloats      = fields("1.5", "24386.67", "0.04", "-3.25e-3", "99.99", "1e10", "0.1", "123456.789")
	benchFloatsComma = fields("1,5", "24386,67", "0,04", "-3,25e-3", "99,99", "1e10", "0,1", "123456,789")
	benchDates       = fields("2024-02-29", "1996-03-13", "2000-01-01", "1970-01-01", "2023-12-31", "1899-07-04")
	benchTimes       = fields("12:34:56", "00:00:00", "23:59:59.999999", "08:15", "17:45:30.5")
	benchTimestamps  = fields("2024-02-29 12:34:56", "1996-03-13 00:00:00", "2000-01-01T08:15:00.123456",
		"2023-12-31 23:59:59", "2020-01-01 01:02:03+02")
	benchFormatted = fields("29/02/2024 12:34:56", "13/03/1996 00:00:00", "01/01/2000 08:15:00")
)

func fields(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, v := range s {
		out[i] = []byte(v)
	}
	return out
}

func totalBytes(in [][]byte) int64 {
	var n int64
	for _, b := range in {
		n += int64(len(b))
	}
	return n
}

func bench[T any](b *testing.B, in [][]byte, cast func([]byte) (T, bool)) {
	b.SetBytes(totalBytes(in))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range in {
			if _, ok := cast(f); !ok {
				b.Fatalf("cast of %q failed", f)
			}
		}
	}
}

func BenchmarkInt64(b *testing.B)      { bench(b, benchInts, Int64) }
func BenchmarkSniffInt64(b *testing.B) { bench(b, benchInts, Sniff.Int64) }
func BenchmarkFloat64(b *testing.B)    { bench(b, benchFloats, Float64) }
func BenchmarkFloat64Comma(b *testing.B) {
	bench(b, benchFloatsComma, Caster{DecimalComma: true}.Float64)
}
func BenchmarkInt32(b *testing.B)   { bench(b, benchInts32, Int32) }
func BenchmarkUint64(b *testing.B)  { bench(b, benchUints, Uint64) }
func BenchmarkFloat32(b *testing.B) { bench(b, benchFloats, Float32) }

// benchInts32 are benchInts within INTEGER's range; benchUints add values
// beyond BIGINT's.
var (
	benchInts32 = fields("1", "42", "-7", "123456", "2147483647", "-88", "1000000", "31415926")
	benchUints  = fields("1", "42", "7", "123456", "18446744073709551615", "88", "1000000", "31415926")
)

func BenchmarkDate(b *testing.B)      { bench(b, benchDates, ParseDate) }
func BenchmarkTime(b *testing.B)      { bench(b, benchTimes, ParseTime) }
func BenchmarkTimestamp(b *testing.B) { bench(b, benchTimestamps, ParseTimestamp) }
func BenchmarkFormatTimestamp(b *testing.B) {
	f, err := ParseFormat("%d/%m/%Y %H:%M:%S")
	if err != nil {
		b.Fatal(err)
	}
	bench(b, benchFormatted, f.Timestamp)
}

func BenchmarkAppendFloat64(b *testing.B) {
	vals := []float64{1.5, 24386.67, 0.04, -3.25e-3, 99.99, 1e10, 0.1, 123456.789}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			buf = AppendFloat64(buf[:0], v)
		}
	}
}

func BenchmarkAppendTimestamp(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = Timestamp(1709210096789000).AppendFormat(buf[:0])
	}
}

func BenchmarkAppendFloat32(b *testing.B) {
	vals := []float32{1.5, 24386.67, 0.04, -3.25e-3, 99.99, 1e10, 0.1, 123456.79}
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			buf = AppendFloat32(buf[:0], v)
		}
	}
}

var (
	benchBools    = fields("true", "false", "t", "f", "TRUE", "False", "yes", "no")
	benchDecimals = fields("1.5", "24386.67", "0.04", "-3.25", "99.99", "1521000", "0.1", "123456.789")
)

func BenchmarkBool(b *testing.B) { bench(b, benchBools, Bool) }
func BenchmarkDecimal(b *testing.B) {
	bench(b, benchDecimals, func(v []byte) (int64, bool) { return Scan.Decimal(v, 15, 2) })
}
