package statemachine

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/csvscan/csvscan/dialect"
)

// testDialects covers every option that shapes the table.
func testDialects() []dialect.Dialect {
	q, bs, hash := dialect.Some('"'), dialect.Some('\\'), dialect.Some('#')
	base := []dialect.Dialect{
		dialect.RFC4180,
		dialect.TSV,
		{Delimiter: ";", Quote: dialect.Some('\''), Escape: dialect.Some('\'')},
		{Delimiter: ",", Quote: q, Escape: bs},
		{Delimiter: ",", Quote: q},
		{Delimiter: ",", Quote: q, Escape: q, Comment: hash},
		{Delimiter: ",", Quote: q, Escape: bs, Comment: hash},
		{Delimiter: "||", Quote: q, Escape: q},
		{Delimiter: "aab", Quote: q, Escape: q},
		{Delimiter: "abab", Quote: q, Escape: q, Comment: hash},
		{Delimiter: "🦆", Quote: q, Escape: bs},
		{Delimiter: " ", Quote: q, Escape: q},
		{Delimiter: "\t", Quote: q, Escape: q},
		{Delimiter: "\x00", Quote: q, Escape: q},
	}
	var all []dialect.Dialect
	for _, d := range base {
		for _, nl := range []dialect.Newline{dialect.NewlineAuto, dialect.NewlineLF, dialect.NewlineCRLF, dialect.NewlineCR} {
			for _, lenient := range []bool{false, true} {
				d.Newline, d.Lenient = nl, lenient
				all = append(all, d)
			}
		}
	}
	return all
}

func TestStateNames(t *testing.T) {
	if NumStates != 19 || Standard != 0 || MaybeQuoted != 18 {
		t.Fatal("the states must keep DuckDB's numbering")
	}
	want := map[State]string{Standard: "STANDARD", Quoted: "QUOTED", NotSet: "NOT_SET", MaybeQuoted: "MAYBE_QUOTED", 19: "State(19)"}
	for s, name := range want {
		if s.String() != name {
			t.Errorf("%d.String() = %q, want %q", s, s.String(), name)
		}
	}
}

// TestTableEqualsReference checks the built table against the switch for
// every dialect, state and byte.
func TestTableEqualsReference(t *testing.T) {
	for _, d := range testDialects() {
		tab, err := Build(d)
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		for s := State(0); s < NumStates; s++ {
			for b := 0; b < 256; b++ {
				if got, want := tab.Next(s, byte(b)), Reference(d, s, byte(b)); got != want {
					t.Fatalf("%v: Next(%v, %q) = %v, Reference says %v", d, s, byte(b), got, want)
				}
			}
		}
	}
}

// TestTableEqualsDuckDBStyleBuild builds the table a second, independent way,
// as DuckDB does (fill each state's default, then overwrite the special
// bytes), and requires the same table.
func TestTableEqualsDuckDBStyleBuild(t *testing.T) {
	for _, d := range testDialects() {
		tab, err := Build(d)
		if err != nil {
			t.Fatal(err)
		}
		want := duckdbStyle(d)
		for s := State(0); s < NumStates; s++ {
			for b := 0; b < 256; b++ {
				if got := tab.Next(s, byte(b)); got != want[b][s] {
					t.Fatalf("%v: Next(%v, %q) = %v, the DuckDB-style build says %v", d, s, byte(b), got, want[b][s])
				}
			}
		}
	}
}

// duckdbStyle is the overwrite-style build, with csvscan's documented
// differences from DuckDB (see reference.go) written in.
func duckdbStyle(d dialect.Dialect) [256][NumStates]State {
	var t [256][NumStates]State
	strict := !d.Lenient
	q, hasQ := d.Quote.Byte()
	e, hasE := d.Escape.Byte()
	c, hasC := d.Comment.Byte()
	delim := d.Delimiter
	d0 := delim[0]
	quoteIsEscape := hasQ && hasE && q == e
	escNotQuote := hasE && !quoteIsEscape
	unqEsc := !strict && escNotQuote
	carryOn := d.Newline == dialect.NewlineCRLF || d.Newline == dialect.NewlineAuto
	cr := RecordSeparator
	if carryOn {
		cr = CarriageReturn
	}
	start := Delimiter
	if len(delim) > 1 {
		start = DelimiterFirstByte
	}
	fill := func(s, to State) {
		for b := range t {
			t[b][s] = to
		}
	}
	for s := State(0); s < NumStates; s++ {
		switch s {
		case MaybeQuoted, Quoted, QuotedNewLine, Escape:
			fill(s, Quoted)
		case Unquoted:
			if strict {
				fill(s, Invalid)
			} else {
				fill(s, Unquoted)
			}
		case Comment:
			fill(s, Comment)
		default:
			fill(s, Standard)
		}
	}
	// Standard, Invalid, StandardNewline; the partial delimiter states
	// start from the same row and the KMP steps go on top.
	for _, s := range []State{Standard, Invalid, StandardNewline, DelimiterFirstByte, DelimiterSecondByte, DelimiterThirdByte} {
		t[d0][s] = start
		t['\r'][s] = cr
		switch {
		case !carryOn:
			t['\n'][s] = RecordSeparator
		case s == StandardNewline:
			t['\n'][s] = Standard
		case strict && d.Newline == dialect.NewlineCRLF:
			t['\n'][s] = Invalid
		default:
			t['\n'][s] = RecordSeparator
		}
		if hasC {
			t[c][s] = Comment
		}
		if unqEsc {
			t[e][s] = UnquotedEscape
		}
	}
	// KMP progress of a multi-byte delimiter.
	partial := []State{DelimiterFirstByte, DelimiterSecondByte, DelimiterThirdByte}
	for k := 1; k < len(delim); k++ {
		for b := 0; b < 256; b++ {
			seen := delim[:k] + string([]byte{byte(b)})
			for m := min(len(delim), len(seen)); m >= 1; m-- {
				if seen[len(seen)-m:] == delim[:m] {
					if m == len(delim) {
						t[b][partial[k-1]] = Delimiter
					} else {
						t[b][partial[k-1]] = partial[m-1]
					}
					break
				}
			}
		}
	}
	// The states where a value starts.
	for _, s := range []State{Delimiter, RecordSeparator, NotSet, CarriageReturn, EmptySpace} {
		if hasQ {
			t[q][s] = Quoted
		}
		if d0 != ' ' {
			t[' '][s] = EmptySpace
		}
		t[d0][s] = start
		t['\n'][s] = RecordSeparator
		t['\r'][s] = cr
		if s == CarriageReturn {
			t['\r'][s] = CarriageReturn
		}
		if hasC {
			t[c][s] = Comment
		}
		if unqEsc {
			t[e][s] = UnquotedEscape
		}
	}
	// Quoted and QuotedNewLine.
	if hasQ {
		t[q][Quoted], t[q][QuotedNewLine] = Unquoted, Unquoted
	}
	t['\n'][Quoted], t['\r'][Quoted] = QuotedNewLine, QuotedNewLine
	if escNotQuote {
		t[e][Quoted], t[e][QuotedNewLine] = Escape, Escape
	}
	// Unquoted.
	t['\n'][Unquoted] = RecordSeparator
	t['\r'][Unquoted] = cr
	t[d0][Unquoted] = start
	if hasQ {
		switch {
		case quoteIsEscape:
			t[q][Unquoted] = Quoted
		case !strict && !hasE:
			t[q][Unquoted] = MaybeQuoted
		case !strict:
			t[q][Unquoted] = Quoted
		}
	}
	if hasC {
		t[c][Unquoted] = Comment
	}
	if d0 != ' ' {
		t[' '][Unquoted] = Unquoted
	}
	// Comment.
	t['\n'][Comment] = RecordSeparator
	t['\r'][Comment] = cr
	// UnquotedEscape and EscapedReturn.
	if unqEsc {
		if carryOn {
			t['\r'][UnquotedEscape] = EscapedReturn
		}
		t[d0][EscapedReturn] = start
		t['\r'][EscapedReturn] = cr
		if hasC {
			t[c][EscapedReturn] = Comment
		}
		t[e][EscapedReturn] = UnquotedEscape
	}
	// MaybeQuoted.
	if hasQ {
		t[q][MaybeQuoted] = MaybeQuoted
	}
	t['\n'][MaybeQuoted] = RecordSeparator
	t['\r'][MaybeQuoted] = cr
	t[d0][MaybeQuoted] = start
	// Strict mode with LF or CR given: the other line-end byte is invalid
	// wherever it would end a line, but in a comment.
	var wrong int = -1
	if strict && d.Newline == dialect.NewlineLF {
		wrong = '\r'
	}
	if strict && d.Newline == dialect.NewlineCR {
		wrong = '\n'
	}
	if wrong >= 0 {
		for s := State(0); s < NumStates; s++ {
			if s != Comment && (t[wrong][s] == RecordSeparator || t[wrong][s] == CarriageReturn) {
				t[wrong][s] = Invalid
			}
		}
	}
	return t
}

// TestSkipTables checks the derived skip tables against DuckDB's explicit
// lists, and that skipping a byte never skips a state change.
func TestSkipTables(t *testing.T) {
	for _, d := range testDialects() {
		tab, _ := Build(d)
		q, hasQ := d.Quote.Byte()
		e, hasE := d.Escape.Byte()
		c, hasC := d.Comment.Byte()
		for b := 0; b < 256; b++ {
			x := byte(b)
			stdStop := x == d.Delimiter[0] || x == '\n' || x == '\r' || (hasC && x == c) ||
				(d.Lenient && hasE && !(hasQ && e == q) && x == e)
			quoStop := (hasQ && x == q) || (hasE && x == e) || x == '\n' || x == '\r'
			comStop := x == '\n' || x == '\r'
			if tab.SkipStandard()[b] == stdStop || tab.SkipQuoted()[b] == quoStop || tab.SkipComment()[b] == comStop {
				t.Fatalf("%v: byte %q: skip standard/quoted/comment = %v/%v/%v", d, x,
					tab.SkipStandard()[b], tab.SkipQuoted()[b], tab.SkipComment()[b])
			}
			for _, s := range []State{Standard, Quoted, Comment} {
				if tab.Skip(s)[b] && tab.Next(s, x) != s {
					t.Fatalf("%v: %v skips %q, which leads to %v", d, s, x, tab.Next(s, x))
				}
			}
		}
	}
}

// TestStopPatternsCoverSkipTables: every byte a skip table stops at matches a
// stop pattern, or the skipper would jump over it.
func TestStopPatternsCoverSkipTables(t *testing.T) {
	for _, d := range testDialects() {
		tab, _ := Build(d)
		p := tab.StopPatterns()
		if p.Len() < 2 || p.Len() > 5 {
			t.Fatalf("%v: %d stop patterns", d, p.Len())
		}
		for b := 0; b < 256; b++ {
			for _, s := range []State{Standard, Quoted, Comment} {
				if tab.Skip(s)[b] {
					continue
				}
				matched := false
				for i := 0; i < p.Len(); i++ {
					matched = matched || p.At(i).Matches(byte(b))
				}
				if !matched {
					t.Fatalf("%v: %v stops at %q but no stop pattern matches it", d, s, byte(b))
				}
			}
		}
	}
}

func TestBuildRejectsInvalid(t *testing.T) {
	if _, err := Build(dialect.Dialect{}); err == nil {
		t.Fatal("Build accepted an empty delimiter")
	}
	if _, err := For(dialect.Dialect{Delimiter: "\n"}); err == nil {
		t.Fatal("For accepted a newline delimiter")
	}
}

func TestCacheReturnsSameTable(t *testing.T) {
	c, err := NewCache(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	d := dialect.RFC4180
	t1, err := c.Table(d)
	if err != nil {
		t.Fatal(err)
	}
	// No Wait between the calls: a scanner made again at once for the same
	// dialect (the drop-in Reader restarts one) must find the table.
	t2, _ := c.Table(d)
	if t1 != t2 {
		t.Fatal("second lookup built a new table instead of hitting the cache")
	}
}

// TestCacheCollision stores a table under another dialect's hash, as a hash
// collision would, and checks the cache still returns the right table.
func TestCacheCollision(t *testing.T) {
	c, err := NewCache(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	wrong, _ := Build(dialect.TSV)
	d := dialect.RFC4180
	c.c.Set(d.Hash(), wrong, tableCost)
	c.Wait()
	if got, ok := c.c.Get(d.Hash()); !ok || got != wrong {
		t.Fatal("test setup: the planted table is not in the cache")
	}
	tab, err := c.Table(d)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Dialect() != d {
		t.Fatalf("got the table of %v for %v", tab.Dialect(), d)
	}
}

// TestCacheDroppedSet: a cache too small to hold anything still answers.
func TestCacheDroppedSet(t *testing.T) {
	c, err := NewCache(1)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, d := range testDialects()[:20] {
		tab, err := c.Table(d)
		if err != nil || tab.Dialect() != d {
			t.Fatalf("%v: got %v, %v", d, tab, err)
		}
		c.Wait()
	}
}

func TestCacheBounded(t *testing.T) {
	c, err := NewCache(10 * tableCost)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, d := range testDialects() {
		if _, err := c.Table(d); err != nil {
			t.Fatal(err)
		}
		c.Wait()
	}
	if used := c.c.MaxCost() - c.c.RemainingCost(); used > 10*tableCost {
		t.Fatalf("cache holds %d bytes, over its bound %d", used, 10*tableCost)
	}
}

func TestForConcurrent(t *testing.T) {
	ds := testDialects()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				d := ds[(i*7+g)%len(ds)]
				tab, err := For(d)
				if err != nil || tab.Dialect() != d {
					errs <- fmt.Errorf("%v: %v %v", d, tab, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(dialect.RFC4180); err != nil {
			b.Fatal(err)
		}
	}
}

func TestQuotedStop(t *testing.T) {
	bs := dialect.Dialect{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\')}
	noEsc := dialect.Dialect{Delimiter: ",", Quote: dialect.Some('\'')}
	for _, tt := range []struct {
		d    dialect.Dialect
		stop byte
		ok   bool
	}{
		{dialect.RFC4180, '"', true},
		{noEsc, '\'', true},
		{bs, 0, false}, // the escape ends a run too
		{dialect.TSV, 0, false},
	} {
		tab, err := Build(tt.d)
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := tab.QuotedStop(); ok != tt.ok || b != tt.stop {
			t.Errorf("%v: QuotedStop() = %q, %v; want %q, %v", tt.d, b, ok, tt.stop, tt.ok)
		}
	}
	// Where it is defined, Quoted and QuotedNewLine must agree on every
	// byte once QuotedNewLine is read as Quoted.
	for _, d := range testDialects() {
		tab, _ := Build(d)
		if _, ok := tab.QuotedStop(); !ok {
			continue
		}
		for b := 0; b < 256; b++ {
			q, nl := tab.Next(Quoted, byte(b)), tab.Next(QuotedNewLine, byte(b))
			if q == QuotedNewLine {
				q = Quoted
			}
			if nl == QuotedNewLine {
				nl = Quoted
			}
			if q != nl {
				t.Fatalf("%v: byte %q: QUOTED -> %v but QUOTED_NEW_LINE -> %v", d, byte(b), q, nl)
			}
		}
	}
}

func TestByteClasses(t *testing.T) {
	tab, _ := Build(dialect.RFC4180)
	cls := tab.ByteClasses(nil)
	var small [][]byte
	for _, c := range cls[:len(cls)-1] {
		small = append(small, c)
	}
	want := [][]byte{{'\n'}, {'\r'}, {' '}, {'"'}, {','}}
	if fmt.Sprint(small) != fmt.Sprint(want) || len(cls[len(cls)-1]) != 251 {
		t.Fatalf("classes %q, last has %d bytes", small, len(cls[len(cls)-1]))
	}
	// Every byte is in exactly one class, and bytes of a class agree.
	seen := map[byte]bool{}
	for _, c := range cls {
		for _, b := range c {
			if seen[b] {
				t.Fatalf("byte %q in two classes", b)
			}
			seen[b] = true
			for s := State(0); s < NumStates; s++ {
				if tab.Next(s, b) != tab.Next(s, c[0]) {
					t.Fatalf("%q and %q differ in %v", b, c[0], s)
				}
			}
		}
	}
	if len(seen) != 256 {
		t.Fatalf("%d bytes classed", len(seen))
	}
}

// TestReachable: the states some input takes the default table to from
// NOT_SET are the ones a depth-first walk of every input meets, and from
// any state the set holds it and every state its members go to.
func TestReachable(t *testing.T) {
	tab, err := For(dialect.Default())
	if err != nil {
		t.Fatal(err)
	}
	got := tab.Reachable(NotSet)
	// A depth-first walk of every input from NOT_SET: the states met.
	var seen [NumStates]bool
	var walk func(s State)
	walk = func(s State) {
		if seen[s] {
			return
		}
		seen[s] = true
		for c := range 256 {
			walk(tab.Next(s, byte(c)))
		}
	}
	walk(NotSet)
	var want []State
	for s, ok := range seen {
		if ok {
			want = append(want, State(s))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("Reachable(NOT_SET) = %v, want %v", got, want)
	}
	if !slices.Contains(got, Invalid) || !slices.Contains(got, Quoted) {
		t.Errorf("Reachable(NOT_SET) = %v: INVALID and QUOTED are reachable", got)
	}
	// From any state: that state, and closed under the transitions.
	for from := range State(NumStates) {
		got := tab.Reachable(from)
		if !slices.Contains(got, from) {
			t.Errorf("Reachable(%v) = %v: without %v", from, got, from)
		}
		for _, s := range got {
			for c := range 256 {
				if n := tab.Next(s, byte(c)); !slices.Contains(got, n) {
					t.Fatalf("Reachable(%v) = %v: %v goes to %v on %q", from, got, s, n, byte(c))
				}
			}
		}
	}
}

// TestLaneLineEnds pins the line ends a lane takes under each newline
// setting: LF and CR both where the table ends rows at either (auto), LF
// alone under LF (a CR there is the table's to report), CR and the LF of
// a CRLF under CRLF, where a bare LF is an error in strict mode and a line
// end in lenient mode.
func TestLaneLineEnds(t *testing.T) {
	for _, c := range []struct {
		nl      dialect.Newline
		lenient bool
		lf, cr  bool
	}{
		{dialect.NewlineAuto, false, true, true},
		{dialect.NewlineAuto, true, true, true},
		{dialect.NewlineLF, false, true, false},
		{dialect.NewlineLF, true, true, false},
		{dialect.NewlineCRLF, false, false, true},
		{dialect.NewlineCRLF, true, true, true},
	} {
		d := dialect.Default()
		d.Newline, d.Lenient = c.nl, c.lenient
		tab, err := Build(d)
		if err != nil {
			t.Fatal(err)
		}
		l, ok := tab.Lane()
		if !ok || l.LF != c.lf || l.CR != c.cr {
			t.Errorf("%v: Lane() = LF %v, CR %v, ok %v; want LF %v, CR %v", d, l.LF, l.CR, ok, c.lf, c.cr)
		}
		// What the flags promise, from the transitions themselves.
		if c.lf && tab.Next(Standard, '\n') != RecordSeparator {
			t.Errorf("%v: LF set, but LF after a value goes to %v", d, tab.Next(Standard, '\n'))
		}
		if c.cr && (tab.Next(Standard, '\r') != CarriageReturn || tab.Next(CarriageReturn, '\n') != RecordSeparator) {
			t.Errorf("%v: CR set, but CR after a value goes to %v and LF after it to %v", d, tab.Next(Standard, '\r'), tab.Next(CarriageReturn, '\n'))
		}
	}
}
