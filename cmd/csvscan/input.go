package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// source is an opened input: a regular file with random access, or a
// stream (standard input, a pipe, a decompressed gzip file).
type source struct {
	file   *os.File  // set for a regular, uncompressed file
	size   int64     // its size
	stream io.Reader // set otherwise
	close  func()
}

// openSource opens FILE (- for standard input), decompressing gzip input
// (recognised by its magic bytes).
func openSource(name string, stdin io.Reader, encoding string) (*source, error) {
	src, err := openRaw(name, stdin)
	if err != nil || isUTF8(encoding) {
		return src, err
	}
	// Another encoding: decode the whole input as a stream.
	var r io.Reader = src.stream
	if src.file != nil {
		r = io.NewSectionReader(src.file, 0, src.size)
	}
	d, err := scanner.Decode(r, encoding)
	if err != nil {
		src.close()
		return nil, fmt.Errorf("%w: --encoding: %v", errUsage, err)
	}
	return &source{stream: d, close: src.close}, nil
}

func isUTF8(encoding string) bool {
	e := strings.ToLower(strings.ReplaceAll(encoding, "-", ""))
	return e == "" || e == "utf8"
}

// openRaw opens FILE without decoding.
func openRaw(name string, stdin io.Reader) (*source, error) {
	f, err := open(name, stdin)
	if err != nil {
		return nil, err
	}
	if file, ok := f.(*os.File); ok {
		if st, err := file.Stat(); err == nil && st.Mode().IsRegular() {
			var magic [2]byte
			if n, _ := file.ReadAt(magic[:], 0); n < 2 || magic != [2]byte{0x1f, 0x8b} {
				return &source{file: file, size: st.Size(), close: func() { file.Close() }}, nil
			}
		}
	}
	br := bufio.NewReaderSize(f, 64<<10)
	magic, _ := br.Peek(2)
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return &source{stream: zr, close: func() { zr.Close(); f.Close() }}, nil
	}
	return &source{stream: br, close: func() { f.Close() }}, nil
}

// sniff sniffs the source. A stream is replaced by one that yields the
// sampled bytes again.
func (s *source) sniff(o sniff.Options) (*sniff.Result, error) {
	if s.file != nil {
		return sniff.Sniff(s.file, s.size, o)
	}
	res, replay, err := sniff.SniffReader(s.stream, o)
	s.stream = replay
	return res, err
}

// rows starts reading the source: sequentially with one thread (or when
// rows are skipped, which only a sequential scan does), else in parallel.
func (s *source) rows(opts scanner.Options) (rows, error) {
	if opts.Threads == 1 || opts.SkipRows > 0 {
		var r io.Reader = s.stream
		if s.file != nil {
			r = io.NewSectionReader(s.file, 0, s.size)
		}
		return scanner.New(r, opts)
	}
	if s.file != nil {
		return scanner.ScanFile(context.Background(), s.file, opts)
	}
	return scanner.ScanReader(context.Background(), s.stream, opts)
}

// given reports whether a flag was set on the command line.
func (f *dialectFlags) given(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// sniffOptions are the sniffer's options from the flags: the dialect flags
// given on the command line, --header and --skip when given, are fixed.
func (f *readFlags) sniffOptions(opts scanner.Options) sniff.Options {
	o := sniff.Options{Dialect: opts.Dialect, SkipRows: f.skip, NullPadding: f.nullPadding,
		IgnoreErrors: f.ignoreErrors, MaxLineSize: opts.MaxLineSize, SampleSize: f.sampleSize}
	if f.sampleSize < 0 {
		o.SampleSize = -1
	}
	for n, p := range map[string]sniff.Part{"delim": sniff.Delimiter, "quote": sniff.Quote,
		"escape": sniff.Escape, "comment": sniff.Comment, "newline": sniff.Newline} {
		if f.given(n) {
			o.Fixed |= p
		}
	}
	if opts.Dialect.Newline == 0 {
		o.Fixed &^= sniff.Newline // "auto" is no choice
	}
	if f.given("header") {
		o.Header = sniff.HeaderNo
		if f.header {
			o.Header = sniff.HeaderYes
		}
	}
	return o
}

// input is a file being read: its rows, the options they are read with
// (after sniffing) and the sniffer's result (nil with --auto-detect=false).
type input struct {
	rows rows
	opts scanner.Options
	res  *sniff.Result
	done func()
}

// openInput opens FILE and starts reading it. With --auto-detect (the
// default) it sniffs first: the dialect, the lines to skip and the header
// come from the sniffer unless given as flags.
func (f *readFlags) openInput(name string, stdin io.Reader, opts scanner.Options) (*input, error) {
	src, err := openSource(name, stdin, f.encoding)
	if err != nil {
		return nil, err
	}
	in := &input{opts: opts, done: src.close}
	if f.autoDetect {
		in.res, err = src.sniff(f.sniffOptions(opts))
		if err != nil {
			src.close()
			return nil, fmt.Errorf("csvscan: %s: %w", name, err)
		}
		in.opts.Dialect = in.res.Dialect
		in.opts.Header = in.res.HasHeader
		in.opts.SkipRows = in.res.SkipRows
	}
	if f.nullPadding || (in.res != nil && (in.res.TrailingDelimiter || in.res.NullPadding)) {
		// The caller fits the rows to the width (padder).
		in.opts.FieldsPerRow = -1
	}
	in.rows, err = src.rows(in.opts)
	if err != nil {
		src.close()
		return nil, err
	}
	if p, ok := in.rows.(*scanner.Parallel); ok {
		in.done = func() { p.Close(); src.close() }
	}
	return in, nil
}
