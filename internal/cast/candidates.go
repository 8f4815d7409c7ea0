package cast

import "strings"

// DateFormatCandidates are the DATE formats DuckDB's sniffer tries on a
// column whose values start like a numeric date, in the order it tries
// them. '-' stands for the separator found in the value (see
// DateSeparator and FormatCandidates). DuckDB declares the same list in the
// reverse order (format_template_candidates in
// src/include/duckdb/execution/operator/csv_scanner/sniffer/csv_sniffer.hpp)
// and takes candidates from its end. Do not modify.
var DateFormatCandidates = [...]string{
	"%y-%m-%d",
	"%Y-%m-%d",
	"%d-%m-%y",
	"%d-%m-%Y",
	"%m-%d-%y",
	"%m-%d-%Y",
}

// TimestampFormatCandidates are the TIMESTAMP formats DuckDB's sniffer
// tries, in the order it tries them, '-' standing for the separator as in
// DateFormatCandidates. Do not modify.
var TimestampFormatCandidates = [...]string{
	"%y-%m-%d %H:%M:%S",
	"%Y-%m-%d %H:%M:%S",
	"%d-%m-%y %H:%M:%S",
	"%d-%m-%Y %H:%M:%S",
	"%m-%d-%y %I:%M:%S %p",
	"%m-%d-%Y %I:%M:%S %p",
	"%Y-%m-%d %H:%M:%S.%f",
}

// FormatCandidates returns the formats DuckDB's sniffer tries for a value
// of type t (TypeDate or TypeTimestamp) whose date fields are separated by
// sep, in the order it tries them: the candidates with '-' replaced by sep,
// less those containing "%Y-%m-%d", which DuckDB leaves to its ISO 8601
// cast (CSVSniffer::InitializeDateAndTimeStampDetection). sep must be one
// of DuckDB's date separators "-", ".", "/" and " "; for any other sep, or
// another type, the result is nil.
func FormatCandidates(t Type, sep string) []string {
	switch sep {
	case "-", ".", "/", " ":
	default:
		return nil
	}
	var templates []string
	switch t {
	case TypeDate:
		templates = DateFormatCandidates[:]
	case TypeTimestamp:
		templates = TimestampFormatCandidates[:]
	default:
		return nil
	}
	out := make([]string, 0, len(templates))
	for _, tmpl := range templates {
		f := strings.ReplaceAll(tmpl, "-", sep)
		if strings.Contains(f, "%Y-%m-%d") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// DateSeparator reports whether b starts like a numeric date, the test
// DuckDB's sniffer makes before it tries date formats (StartsWithNumericDate
// in sniffer/type_detection.cpp): after leading spaces, digits, a separator,
// digits, the same separator and a digit. It returns the separator, with
// any '%' doubled so that it can stand in a format.
func DateSeparator(b []byte) (string, bool) {
	p := 0
	for p < len(b) && isSpace(b[p]) {
		p++
	}
	if p == len(b) || !isDigit(b[p]) {
		return "", false
	}
	for p < len(b) && isDigit(b[p]) {
		p++
	}
	lit1 := p
	for p < len(b) && !isDigit(b[p]) {
		p++
	}
	if p == len(b) {
		return "", false
	}
	sep := b[lit1:p]
	for p < len(b) && isDigit(b[p]) {
		p++
	}
	lit2 := p
	for p < len(b) && !isDigit(b[p]) {
		p++
	}
	if p == len(b) || string(b[lit2:p]) != string(sep) {
		return "", false
	}
	return strings.ReplaceAll(string(sep), "%", "%%"), true
}
