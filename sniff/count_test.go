package sniff

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// scannerWidths reads in with the scanner (any row width) and returns each
// row's number of values, or an error.
func scannerWidths(in []byte, d dialect.Dialect) ([]int, error) {
	s, err := scanner.NewBytes(in, scanner.Options{Dialect: d, FieldsPerRow: -1})
	if err != nil {
		return nil, err
	}
	var w []int
	for s.Scan() {
		w = append(w, len(s.Row()))
	}
	return w, s.Err()
}

// checkCounter compares the counter with the scanner on one input: the
// same rows (comment lines aside) of the same widths, and a failure exactly
// where the scanner reports a parse error. A prefix of the input, not
// final, must give a prefix of the rows.
func checkCounter(t *testing.T, in []byte, d dialect.Dialect) {
	t.Helper()
	tab, err := sm.For(d)
	if err != nil {
		return
	}
	want, serr := scannerWidths(in, d)
	var pe *scanner.ParseError
	if serr != nil && !errors.As(serr, &pe) {
		t.Fatalf("%q %v: scanner: %v", in, d, serr)
	}
	c := newCounter(tab, in, true, true, scanner.DefaultMaxLineSize)
	var lines []line
	for !c.done && !c.failed {
		lines = c.next(lines, 3)
	}
	// A row the table reads INVALID in is a bad row to the counter (at
	// most one in badShare) and fails it for DuckDB's method: strictFailed.
	if (serr != nil) != c.strictFailed() {
		t.Fatalf("%q %v: scanner error %v, counter failed %v (bad rows %d)", in, d, serr, c.failed, c.bad)
	}
	// The canonical dialect for this input counts exactly the same.
	k := newSession(Options{}, head{buf: in, data: in, final: true, long: -1}).canonical(d)
	if kt, err := sm.For(k); err == nil && k != d {
		kc := newCounter(kt, in, true, true, scanner.DefaultMaxLineSize)
		var kl []line
		for !kc.done && !kc.failed {
			kl = kc.next(kl, 3)
		}
		if kc.failed != c.failed || kc.bad != c.bad || kc.everQuoted != c.everQuoted || kc.everEscape != c.everEscape || !slices.Equal(kl, lines) {
			t.Fatalf("%q: %v and its canonical %v count differently: %v %v/%v, %v %v/%v", in, d, k,
				lines, c.failed, c.everQuoted, kl, kc.failed, kc.everQuoted)
		}
	}
	if serr != nil {
		return
	}
	var got []int
	for _, l := range lines {
		if !l.comment {
			got = append(got, l.cols)
		}
	}
	if len(got) > 0 && got[0] == 1 {
		// The scanner reads an empty line as a row of a one-column file;
		// the sniffer's count, as DuckDB's, skips it: only the number of
		// rows can be bounded.
		if len(got) > len(want) {
			t.Fatalf("%q %v: counter rows %v, more than the scanner's %v", in, d, got, want)
		}
		return
	}
	if len(got) != len(want) {
		t.Fatalf("%q %v: counter rows %v, scanner rows %v", in, d, got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%q %v: row %d: counter %d values, scanner %d", in, d, i, got[i], want[i])
		}
	}
	// Any prefix, not final: a prefix of the rows.
	for cut := 0; cut <= len(in); cut++ {
		p := newCounter(tab, in[:cut], true, false, scanner.DefaultMaxLineSize)
		var pl []line
		for !p.done && !p.failed {
			pl = p.next(pl, 5)
		}
		if p.failed {
			continue // a prefix may end where the whole does not fail
		}
		if len(pl) > len(lines) {
			t.Fatalf("%q cut %d: %d rows, more than the whole input's %d", in, cut, len(pl), len(lines))
		}
		for i := range pl {
			if pl[i] != lines[i] {
				t.Fatalf("%q cut %d: row %d is %+v, whole input's is %+v", in, cut, i, pl[i], lines[i])
			}
		}
	}
}

var countDialects = []dialect.Dialect{
	{Delimiter: ";", Quote: dialect.Some('\''), Escape: dialect.Some('\''), Comment: dialect.Some('#'), Newline: dialect.NewlineLF},
	{Delimiter: "|", Quote: dialect.Some('"'), Escape: dialect.Some('\\'), Comment: dialect.Some('#'), Newline: dialect.NewlineCRLF, Lenient: true},
	dialect.Default(),
	{Delimiter: ";", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Newline: dialect.NewlineLF},
	{Delimiter: ",", Quote: dialect.Some('\''), Escape: dialect.Some('\\'), Comment: dialect.Some('#')},
	{Delimiter: "\t", Newline: dialect.NewlineCRLF},
	{Delimiter: "||", Quote: dialect.Some('"'), Escape: dialect.None, Comment: dialect.Some('#'), Newline: dialect.NewlineCR},
	{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Lenient: true},
}

func TestCounterMatchesScanner(t *testing.T) {
	inputs := []string{
		"a,b,c\n1,2,3\n",
		"a,b\n\n1,2\r\n3,4",
		"\"x,y\",z\n\"q\"\"r\",s\n",
		"# note\na,b\n1,2 # tail\n",
		"a;b\n'it''s';2\n",
		"'a\\'b',c\n",
		"a\tb\r\nc\td\r\n",
		"a||b\rc||d\r",
		"\"open\n",
		"\"a\"b,c\n",
		"a,b,\n1,2,\n",
		"\xEF\xBB\xBFh1,h2\nv1,v2\n",
		"one\n\ntwo\n",
		"",
		"\n\n",
		// A quoted value, then the input ends inside a two-byte delimiter:
		// strict reading fails (text after the closing quote), as the
		// scanner does. An unquoted value ending so keeps the byte.
		"\"\"|",
		"a||\"b\"|",
		"a|",
	}
	for _, in := range inputs {
		for _, d := range countDialects {
			checkCounter(t, []byte(in), d)
		}
	}
}

func FuzzCounter(f *testing.F) {
	f.Add([]byte("a,b\n\"c,d\",e\n"), uint8(0))
	f.Add([]byte("#x\na;b\r\n1;2"), uint8(1))
	f.Add([]byte("a||b\rc||\"d\""), uint8(4))
	f.Fuzz(func(t *testing.T, in []byte, which uint8) {
		if len(in) > 512 {
			return
		}
		checkCounter(t, in, countDialects[int(which)%len(countDialects)])
	})
}

// TestTrace checks that Options.Trace reports every candidate dialect once
// and the choice.
func TestTrace(t *testing.T) {
	var b strings.Builder
	res, err := SniffBytes([]byte("a;b\n1;2\n3;4\n"), Options{Trace: &b})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	n := 0
	for _, l := range lines {
		if strings.Contains(l, " -> ") {
			n++
		}
	}
	if want := len(dialectSpace(Options{}, false)); n != want {
		t.Errorf("%d candidate lines, want one per dialect (%d):\n%s", n, want, b.String())
	}
	if !strings.Contains(b.String(), "chosen: "+short(res.Dialect)) {
		t.Errorf("the trace does not name the chosen dialect %s:\n%s", short(res.Dialect), b.String())
	}
}
