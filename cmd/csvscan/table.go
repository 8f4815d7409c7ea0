package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/csvscan/csvscan/scanner"
	sm "github.com/csvscan/csvscan/statemachine"
)

// byteName prints a byte for a person: 'a', '\n', 0x00.
func byteName(b byte) string {
	switch {
	case b == '\n':
		return `'\n'`
	case b == '\r':
		return `'\r'`
	case b == '\t':
		return `'\t'`
	case b >= 0x21 && b < 0x7f, b == ' ':
		return "'" + string(rune(b)) + "'"
	}
	return fmt.Sprintf("0x%02x", b)
}

// byteClass is a set of bytes that lead to the same state in every state.
type byteClass struct {
	bytes []byte
}

func (c byteClass) label() string {
	if len(c.bytes) > 4 {
		return fmt.Sprintf("other(%d)", len(c.bytes))
	}
	names := make([]string, len(c.bytes))
	for i, b := range c.bytes {
		names[i] = byteName(b)
	}
	return strings.Join(names, " ")
}

// classes groups the 256 bytes into classes that behave alike in every
// state (statemachine.Table.ByteClasses), the ordinary bytes last.
func classes(t *sm.Table) []byteClass {
	var out []byteClass
	for _, bytes := range t.ByteClasses(nil) {
		out = append(out, byteClass{bytes: bytes})
	}
	return out
}

func cmdTable(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("table", "", stderr)
	df := addDialectFlags(fs)
	if _, err := parse(fs, args, false); err != nil {
		return err
	}
	d, err := df.dialect()
	if err != nil {
		return err
	}
	t, err := sm.For(d)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	fmt.Fprintf(out, "dialect: %v\n\n", d)
	fmt.Fprintf(out, "transition table: %d states x 256 bytes, bytes grouped into %d classes that behave alike\n\n", sm.NumStates, len(classes(t)))
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	cls := classes(t)
	fmt.Fprint(tw, "state \\ byte")
	for _, c := range cls {
		fmt.Fprintf(tw, "\t%s", c.label())
	}
	fmt.Fprintln(tw)
	for s := sm.State(0); s < sm.NumStates; s++ {
		fmt.Fprintf(tw, "%2d %s", s, s)
		for _, c := range cls {
			fmt.Fprintf(tw, "\t%s", t.Next(s, c.bytes[0]))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(out, "\nskip tables (the bytes each state stops at; every other byte is skipped):")
	for _, s := range []sm.State{sm.Standard, sm.Quoted, sm.Comment} {
		var stops []string
		for b := 0; b < 256; b++ {
			if !t.Skip(s)[b] {
				stops = append(stops, byteName(byte(b)))
			}
		}
		fmt.Fprintf(out, "  %-9s stops at %s\n", s, strings.Join(stops, " "))
	}
	p := t.StopPatterns()
	fmt.Fprintf(out, "\nstop patterns (%d, for the SWAR skipper; a byte matches when byte&mask == value):\n", p.Len())
	for i := 0; i < p.Len(); i++ {
		pat := p.At(i)
		var matches []string
		for b := 0; b < 256; b++ {
			if pat.Matches(byte(b)) {
				matches = append(matches, byteName(byte(b)))
			}
		}
		fmt.Fprintf(out, "  value=0x%02x mask=0x%02x matches %s\n", byte(pat.Value), byte(pat.Mask), strings.Join(matches, " "))
	}
	return out.Flush() // the first write's error, if one failed
}

// maxTraceBytes bounds trace's input: it prints a line per byte.
const maxTraceBytes = 64 << 10

func cmdTrace(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	opts, f, err := readCommand("trace", args, stdin, stderr, nil)
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxTraceBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxTraceBytes {
		return fmt.Errorf("%w: trace is for short inputs (at most %d bytes)", errUsage, maxTraceBytes)
	}
	t, err := sm.For(opts.Dialect)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush() // on an early return; the end checks its error
	fmt.Fprintf(out, "dialect: %v\n\n", opts.Dialect)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "offset\tbyte\tstate before\t->\tstate after\twhat happens")
	p := sm.Pair{Prev: sm.NotSet, Cur: sm.NotSet}
	start := 0
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		fmt.Fprintln(tw, "0-2\tEF BB BF\t\t\t\tbyte order mark, dropped")
		start = 3
	}
	for i := start; i < len(data); i++ {
		b := data[i]
		p = p.Step(t.Next(p.Cur, b))
		fmt.Fprintf(tw, "%d\t%s\t%s\t->\t%s\t%s\n", i, byteName(b), p.Prev, p.Cur, event(p))
	}
	fmt.Fprintf(tw, "end\t\t%s\t\t\t%s\n", p.Cur, endEvent(p.Cur))
	tw.Flush()

	fmt.Fprintln(out, "\nrows (as scan --format json prints them):")
	s, err := scanner.NewBytes(data, opts)
	if err != nil {
		return err
	}
	j := &jsonWriter{w: out}
	for s.Scan() {
		j.row(s.Row())
	}
	if h := s.Header(); h != nil {
		fmt.Fprintf(out, "header: %q\n", h)
	}
	if err := out.Flush(); err != nil {
		return err // the first write's error, if one failed
	}
	return s.Err()
}

// event says in words what the scanner does for the byte just read.
func event(p sm.Pair) string {
	switch {
	case p.NewValue():
		return "value ends"
	case p.CRLF():
		return "LF of a CRLF: part of the line end"
	case p.EmptyLine():
		return "empty line"
	case p.NewRow() && p.Prev == sm.Comment:
		return "line end: comment ends"
	case p.NewRow():
		return "value ends, row ends"
	case p.OpensQuote():
		return "quoted value opens"
	case p.ClosesQuote():
		return "quote closes the value (or starts a doubled quote)"
	case p.Escaped() && p.Cur == sm.Quoted:
		return "doubled quote: one quote in the value"
	case p.Escaped():
		return "escape: the next byte is literal"
	case p.Cur == sm.Comment && p.Prev != sm.Comment:
		return "comment starts"
	case p.Cur == sm.Invalid:
		return "INVALID: the scan stops with an error"
	case p.Cur == sm.DelimiterFirstByte || p.Cur == sm.DelimiterSecondByte || p.Cur == sm.DelimiterThirdByte:
		return "part of a delimiter, maybe"
	case p.Cur == sm.QuotedNewLine:
		return "line end inside quotes: kept"
	case p.Cur == sm.EmptySpace:
		return "space before a value"
	}
	return ""
}

func endEvent(s sm.State) string {
	switch {
	case s.InQuotes():
		return "end of input inside quotes: unterminated quote error"
	case s == sm.RecordSeparator || s == sm.CarriageReturn || s == sm.NotSet:
		return "end of input"
	case s == sm.Comment:
		return "end of input: comment ends"
	}
	return "end of input: value ends, row ends"
}
