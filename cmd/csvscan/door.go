package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/csvscan/csvscan"
)

// The commands that read a file go through the front door (package
// csvscan): this file turns their flags into csvscan.Options and opens the
// input. The flags left at their defaults are left to the front door,
// which sniffs them unless --auto-detect=false.

// doorOptions are the front door's options from the flags given.
func (f *readFlags) doorOptions() (csvscan.Options, error) {
	var o csvscan.Options
	if _, err := f.options(); err != nil {
		return o, err // the checks of the flags' values
	}
	if !f.autoDetect {
		o.AutoDetect = csvscan.Off
	}
	if f.given("delim") {
		o.Delim = unescapeArg(f.delim)
	}
	for _, c := range []struct {
		name, v string
		dst     *string
	}{{"quote", f.quote, &o.Quote}, {"escape", f.escape, &o.Escape}, {"comment", f.comment, &o.Comment}} {
		if !f.given(c.name) {
			continue
		}
		*c.dst = unescapeArg(c.v)
		if *c.dst == "" {
			*c.dst = csvscan.None
		}
	}
	if f.given("newline") && f.newline != "auto" {
		o.NewLine = f.newline
	}
	if f.given("strict") {
		o.StrictMode = onOff(f.strict)
	}
	if f.given("header") {
		o.Header = onOff(f.header)
	}
	if f.given("skip") {
		o.Skip = f.skip
		if o.Skip == 0 {
			o.Skip = -1 // none, and no preamble looked for
		}
	}
	if f.given("sample-size") {
		o.SampleSize = f.sampleSize
	}
	if f.given("encoding") {
		o.Encoding = f.encoding
	}
	if f.given("compression") {
		o.Compression = f.compression
	}
	o.ZstdWindow = f.zstdWindow
	if f.given("decimal-separator") {
		o.DecimalSeparator = f.decimalSep
	}
	o.Thousands = f.thousands
	if f.candidates != "" {
		o.AutoTypeCandidates = typeList(f.candidates)
	}
	o.IgnoreErrors, o.NullPadding, o.UnionByName = f.ignoreErrors, f.nullPadding, f.unionByName
	o.TrailingDelimiter = f.trailing
	if f.names != "" {
		for _, n := range strings.Split(f.names, ",") {
			o.Names = append(o.Names, strings.TrimSpace(n))
		}
	}
	o.NormalizeNames = f.normalize
	if f.given("max-line-size") {
		o.MaxLineSize = f.maxLineSize
	}
	o.Threads, o.BufferSize = f.threads, f.bufferSize
	return o, nil
}

func onOff(b bool) csvscan.Flag {
	if b {
		return csvscan.On
	}
	return csvscan.Off
}

// stdinName names standard input in errors.
type stdinName struct{ io.Reader }

func (stdinName) Name() string { return "standard input" }

// openDoor opens FILE (- for standard input, a glob for several files)
// through the front door. An input of no bytes reads as DuckDB reads it
// (one VARCHAR column, no rows); when note is not nil, it is told so, so
// that an empty file is not mistaken for one of no rows after a header.
func openDoor(name string, stdin io.Reader, note io.Writer, o csvscan.Options) (*csvscan.Reader, error) {
	var r *csvscan.Reader
	var err error
	switch {
	case name == "-":
		r, err = csvscan.OpenReader(stdinName{stdin}, o)
	case strings.Contains(name, fileSep):
		r, err = csvscan.OpenFiles(strings.Split(name, fileSep), o)
	case containsMeta(name):
		r, err = csvscan.OpenFiles([]string{name}, o)
	default:
		r, err = csvscan.Open(name, o)
	}
	if err == nil && note != nil && r.Detected().Empty {
		if name == "-" {
			name = "standard input"
		}
		fmt.Fprintf(note, "csvscan: %s: the input is empty (no bytes): no rows\n", name)
	}
	return r, err
}

// containsMeta reports whether s is a glob pattern.
func containsMeta(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// headerNames are the names a raw read prints as its header line: the
// schema's, when the input has a header.
func headerNames(r *csvscan.Reader) []string {
	if !r.Detected().Header {
		return nil
	}
	names := make([]string, len(r.Schema()))
	for i, c := range r.Schema() {
		names[i] = c.Name
	}
	return names
}

// given reports whether a flag was set on the command line.
func (f *dialectFlags) given(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// typeList splits a comma list of type names, keeping the commas inside
// parentheses ("DECIMAL(10,2),BIGINT" is two names).
func typeList(s string) []string {
	var list []string
	depth, from := 0, 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || s[i] == ',' && depth == 0:
			list = append(list, strings.TrimSpace(s[from:i]))
			from = i + 1
		case s[i] == '(':
			depth++
		case s[i] == ')':
			depth--
		}
	}
	return list
}
