package cast

import "testing"

// TestInfinityDates: the spellings of the infinite dates and timestamps
// DuckDB 1.5.6 accepts, checked with its read_csv (columns given, and
// sniffed) and its casts: "infinity" and "inf", any case, after an
// optional '-' and spaces; "infinity" may have spaces after it, "inf" not;
// nothing else ("infin", "+inf", "- inf"). The sniffer's TIMESTAMP
// refuses every special value (DuckDB sniffs a column of timestamps with
// one as TIMESTAMP WITH TIME ZONE), its DATE and TIMESTAMP WITH TIME ZONE
// take them.
func TestInfinityDates(t *testing.T) {
	const (
		inf  = "infinity"
		ninf = "-infinity"
		no   = ""
	)
	for _, c := range []struct{ in, want string }{
		{"inf", inf}, {"INF", inf}, {"Inf", inf}, {"iNf", inf},
		{"-inf", ninf}, {"-INF", ninf}, {"-Inf", ninf},
		{" inf", inf}, {"  -inf", ninf}, {"\t-INF", ninf},
		{"infinity", inf}, {"Infinity", inf}, {"iNfInItY", inf}, {"-INFINITY", ninf},
		{" infinity ", inf}, {" -infinity ", ninf},
		{"inf ", no}, {"-inf ", no}, {"inf\t", no},
		{"in", no}, {"infi", no}, {"infin", no}, {"infinit", no}, {"-infinit", no},
		{"infx", no}, {"infinityx", no}, {"+inf", no}, {"+infinity", no}, {"- inf", no}, {"--inf", no},
		{"inf 10:00:00", no}, {"infinity 10:00:00", no}, {"-", no}, {"i", no},
	} {
		d, ok := Scan.Date([]byte(c.in))
		if ok != (c.want != no) || ok && d.String() != c.want {
			t.Errorf("Scan.Date(%q) = %v, %v; want %q", c.in, d, ok, c.want)
		}
		if sd, sok := Sniff.Date([]byte(c.in)); sok != ok || sd != d {
			t.Errorf("Sniff.Date(%q) = %v, %v; want %v, %v as Scan", c.in, sd, sok, d, ok)
		}
		ts, ok := Scan.Timestamp([]byte(c.in))
		if ok != (c.want != no) || ok && ts.String() != c.want {
			t.Errorf("Scan.Timestamp(%q) = %v, %v; want %q", c.in, ts, ok, c.want)
		}
		tz, ok := Sniff.TimestampTZ([]byte(c.in))
		if ok != (c.want != no) || ok && tz.String() != c.want {
			t.Errorf("Sniff.TimestampTZ(%q) = %v, %v; want %q", c.in, tz, ok, c.want)
		}
		if _, ok := Sniff.Timestamp([]byte(c.in)); ok {
			t.Errorf("Sniff.Timestamp(%q) succeeds; the sniffer's TIMESTAMP refuses the special values", c.in)
		}
	}
	for _, in := range []string{"epoch", "-epoch", " EPOCH "} {
		if d, ok := Scan.Date([]byte(in)); !ok || d != 0 {
			t.Errorf("Scan.Date(%q) = %v, %v; want 1970-01-01", in, d, ok)
		}
		if _, ok := Sniff.Timestamp([]byte(in)); ok {
			t.Errorf("Sniff.Timestamp(%q) succeeds; the sniffer's TIMESTAMP refuses the special values", in)
		}
	}
}
