package sniff

import "github.com/csvscan/csvscan/dialect"

// Report is a Result in the fields of DuckDB's sniff_csv, named and encoded
// as `csvscan sniff --json` prints them: "" for an absent quote, escape,
// comment or format, the newline as its bytes ("auto" for mixed line
// ends), the column types by
// DuckDB's names.
type Report struct {
	Delimiter       string         `json:"delimiter"`
	Quote           string         `json:"quote"`
	Escape          string         `json:"escape"`
	Newline         string         `json:"newline"`
	Comment         string         `json:"comment"`
	SkipRows        int            `json:"skip_rows"`
	HasHeader       bool           `json:"has_header"`
	Columns         []ReportColumn `json:"columns"`
	DateFormat      string         `json:"date_format"`
	TimestampFormat string         `json:"timestamp_format"`
	// NullPadding and IgnoreErrors are the reading options the sample's
	// ragged rows need (see Result); omitted when false.
	NullPadding  bool `json:"null_padding,omitempty"`
	IgnoreErrors bool `json:"ignore_errors,omitempty"`
}

// ReportColumn is one column of a Report: its name and its type's name.
type ReportColumn struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Report returns the result in the fields of DuckDB's sniff_csv. Columns
// is never nil, so a file with no column encodes as [] rather than null.
func (r *Result) Report() Report {
	rep := Report{
		Delimiter:       r.Dialect.Delimiter,
		Quote:           charString(r.Dialect.Quote),
		Escape:          charString(r.Dialect.Escape),
		Newline:         newlineString(r.Dialect.Newline),
		Comment:         charString(r.Dialect.Comment),
		SkipRows:        r.SkipRows,
		HasHeader:       r.HasHeader,
		Columns:         make([]ReportColumn, 0, len(r.Columns)),
		DateFormat:      r.DateFormat,
		TimestampFormat: r.TimestampFormat,
		NullPadding:     r.NullPadding,
		IgnoreErrors:    r.IgnoreErrors,
	}
	for _, c := range r.Columns {
		rep.Columns = append(rep.Columns, ReportColumn{Name: c.Name, Type: c.TypeName()})
	}
	return rep
}

// charString is c as a one-byte string, or "" when it is absent.
func charString(c dialect.Char) string {
	if b, ok := c.Byte(); ok {
		return string([]byte{b})
	}
	return ""
}

// newlineString is the line end n stands for, as sniff_csv prints it, or
// "auto" when every line end ends a row (a sample of mixed line ends).
func newlineString(n dialect.Newline) string {
	switch n {
	case dialect.NewlineAuto:
		return "auto"
	case dialect.NewlineCRLF:
		return "\r\n"
	case dialect.NewlineCR:
		return "\r"
	}
	return "\n"
}
