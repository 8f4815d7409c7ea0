package csvscan

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/csvscan/csvscan/internal/decode"
	"github.com/csvscan/csvscan/internal/iocheck"
)

// errEmpty marks an input of no bytes: there is nothing to sniff, and it
// reads as DuckDB reads it, a table of one VARCHAR column and no rows.
// The errors that say so are *emptyError values.
var errEmpty = errors.New("csvscan: the input is empty")

// emptyError is errEmpty for one input: its compression ("none", or the
// compression of an input that decompresses to no bytes), which Detected
// and Prompt report, so that the prompt reads the input as it was read.
type emptyError struct {
	compression string
	msg         string // what is empty
}

func (e *emptyError) Error() string { return errEmpty.Error() + ": " + e.msg }
func (e *emptyError) Unwrap() error { return errEmpty }

// headSize is how much of the input is looked at before reading: the
// magic bytes of a compression, a byte order mark.
const headSize = 64 << 10

// source is an opened input after decompression and decoding: a file with
// random access (uncompressed, UTF-8), or a stream.
type source struct {
	name        string
	file        *os.File // random access, or nil
	size        int64
	stream      io.Reader // otherwise
	failed      *sticky   // the stream as decompressed and decoded: its read error
	compression string    // what was read: "none", "gzip" or "zstd"
	encoding    string    // "utf-8", "utf-16" or "latin-1"
	closers     []func() error
}

func (s *source) close() error {
	var first error
	for i := len(s.closers) - 1; i >= 0; i-- {
		if err := s.closers[i](); err != nil && first == nil {
			first = err
		}
	}
	s.closers = nil
	return first
}

// openPath opens a file and works out how to read it.
func openPath(path string, o Options) (*source, error) {
	f, err := os.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("csvscan: %s: no such file (%w)", path, err)
	case errors.Is(err, fs.ErrPermission):
		return nil, fmt.Errorf("csvscan: %s: not allowed to read it (%w)", path, err)
	case err != nil:
		return nil, fmt.Errorf("csvscan: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("csvscan: %w", err)
	}
	if st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("csvscan: %s is a directory, not a CSV file (OpenFiles reads the files of a glob such as %s)", path, path+"/*.csv")
	}
	src := &source{name: path, closers: []func() error{f.Close}}
	// A regular file of size 0 may hold bytes all the same (/proc, /sys):
	// it is read as a stream, which says whether it is empty.
	if st.Mode().IsRegular() && st.Size() > 0 {
		head := make([]byte, min(headSize, st.Size()))
		n, err := f.ReadAt(head, 0)
		if err != nil && err != io.EOF {
			src.close()
			return nil, &inputError{name: path, err: err}
		}
		head = head[:n]
		comp, err := compression(o.Compression, head)
		if err != nil {
			src.close()
			return nil, err
		}
		if comp == "none" {
			enc, err := encoding(o.Encoding, head)
			if err != nil {
				src.close()
				return nil, err
			}
			if enc == "utf-8" {
				src.file, src.size, src.compression, src.encoding = f, st.Size(), comp, enc
				return src, nil
			}
		}
	}
	// Not a regular file, of size 0, compressed, or in another encoding:
	// a stream.
	if err := src.wrap(f, o); err != nil {
		src.close()
		return nil, err
	}
	return src, nil
}

// openStream works out how to read a stream.
func openStream(r io.Reader, name string, o Options) (*source, error) {
	src := &source{name: name}
	if err := src.wrap(r, o); err != nil {
		src.close()
		return nil, err
	}
	return src, nil
}

// wrap sets the source's stream to r decompressed and decoded.
func (s *source) wrap(r io.Reader, o Options) error {
	// A read error in the head is the read's error, which names the row
	// it breaks (Reader.sampleReadError): the bytes before it are looked
	// at, and the error comes again after them (sticky).
	cc := &iocheck.Reader{R: &sticky{r: r}}
	br := bufio.NewReaderSize(cc, headSize)
	head, err := br.Peek(headSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull && len(head) == 0 {
		return &inputError{name: s.name, err: err}
	}
	if len(head) == 0 {
		return &emptyError{compression: "none", msg: s.name + " has no bytes"}
	}
	comp, err := compression(o.Compression, head)
	if err != nil {
		return err
	}
	var stream io.Reader = br
	var window, asked uint64 // zstd's
	switch comp {
	case "gzip":
		zr, err := gzip.NewReader(br)
		if err != nil {
			return fmt.Errorf("csvscan: %s: gzip: %w", s.name, err)
		}
		s.closers = append(s.closers, zr.Close)
		stream = zr
	case "zstd":
		window = defaultZstdWindow
		if o.ZstdWindow > 0 {
			window = uint64(o.ZstdWindow)
		}
		// One goroutine and the window the options allow: the decoder
		// allocates a frame's whole window when the frame starts.
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(window))
		if err != nil {
			return fmt.Errorf("csvscan: %s: zstd: %w", s.name, err)
		}
		s.closers = append(s.closers, func() error { zr.Close(); return nil })
		if h, ok := zstdHeader(head); ok && h.WindowSize > window {
			asked = h.WindowSize // the first frame's, to name in the error
		}
		stream = zr
	}
	s.compression = comp
	if comp != "none" {
		stream = &decompressed{r: stream, comp: comp, raw: cc, buf: br, window: window, asked: asked}
		// Look at the decompressed head for the encoding.
		dbr := bufio.NewReaderSize(&sticky{r: stream}, headSize)
		head, err = dbr.Peek(headSize)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull && len(head) == 0 {
			return fmt.Errorf("csvscan: %s: %s: %w", s.name, comp, err)
		}
		if len(head) == 0 {
			return &emptyError{compression: comp, msg: s.name + " decompresses to no bytes"}
		}
		stream = dbr
	}
	enc, err := encoding(o.Encoding, head)
	if err != nil {
		return err
	}
	s.encoding = enc
	if enc != "utf-8" {
		if stream, err = Decode(stream, enc); err != nil {
			return optionError("Encoding", "%v", err)
		}
	}
	s.failed = &sticky{r: stream}
	s.stream = s.failed
	return nil
}

// readFailed reports whether err is the stream's read error (a
// decompressor's or a decoder's included).
func (s *source) readFailed(err error) bool {
	return s.failed != nil && s.failed.err != nil && errors.Is(err, s.failed.err)
}

// sticky is a reader that keeps the first error of its reader (io.EOF
// aside) and returns it to every Read after, without reading again: a
// bufio.Reader hands a Peek's error out once, and reads its reader again
// after the bytes it holds, which a reader that fails once and then says
// io.EOF would end there as if the input were whole.
type sticky struct {
	r   io.Reader
	err error
}

func (s *sticky) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// defaultZstdWindow is the window a zstd frame may ask for when
// Options.ZstdWindow is 0.
const defaultZstdWindow = 8 << 20

// maxZstdWindow is the largest window of the zstd format (RFC 8878), the
// most the decoder accepts as its limit.
const maxZstdWindow = 1<<41 + 7<<38

// zstdHeader returns the header of the first frame in head that is not a
// skippable frame (pzstd and seekable zstd write one first), and whether
// head holds it.
func zstdHeader(head []byte) (zstd.Header, bool) {
	var h zstd.Header
	for h.Decode(head) == nil {
		if !h.Skippable {
			return h, true
		}
		next := int64(h.HeaderSize) + int64(h.SkippableSize)
		if next >= int64(len(head)) {
			break
		}
		head = head[next:]
	}
	return h, false
}

// compression chooses the decompression: the one given, or the one the
// magic bytes of head name.
func compression(given string, head []byte) (string, error) {
	switch strings.ToLower(given) {
	case "none":
		return "none", nil
	case "gzip":
		return "gzip", nil
	case "zstd":
		return "zstd", nil
	case "", "auto":
	default:
		return "", optionError("Compression", "%q is not auto, none, gzip or zstd", given)
	}
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return "gzip", nil
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "zstd", nil
	case len(head) >= 4 && head[0]&0xf0 == 0x50 && head[1] == 0x2a && head[2] == 0x4d && head[3] == 0x18:
		// A skippable frame (RFC 8878, 3.1.2: magic 0x184D2A50 to
		// 0x184D2A5F), which pzstd and seekable zstd write first; the
		// decoder passes over it.
		return "zstd", nil
	}
	return "none", nil
}

// encoding chooses the decoding: the one given, or UTF-16 when head starts
// with its byte order mark or looks like UTF-16 without one (decode.Detect),
// else UTF-8.
func encoding(given string, head []byte) (string, error) {
	name, err := decode.Name(given)
	if err != nil {
		return "", optionError("Encoding", "%v", err)
	}
	if given == "" {
		if d := decode.Detect(head); d != "" {
			return d, nil
		}
	}
	return name, nil
}

// decompressed is a decompressor's output whose errors say where they
// happened: after how many bytes of output, and at about which byte of
// the compressed input (the decompressor reads ahead of what it has
// used); and, for a zstd frame asking for a window over the limit, what to
// do about it.
type decompressed struct {
	r    io.Reader
	comp string
	raw  *iocheck.Reader // the compressed input, counted
	buf  *bufio.Reader   // over raw: what it holds is not yet used
	out  int64
	// zstd's: the most a frame may ask for, and what the first frame asks
	// for when it is over that (else 0).
	window, asked uint64
}

func (d *decompressed) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	d.out += int64(n)
	if err == nil || err == io.EOF {
		return n, err
	}
	where := fmt.Sprintf("%s: after %d bytes of output, at about byte %d of the compressed input", d.comp, d.out, d.raw.N-int64(d.buf.Buffered()))
	if !errors.Is(err, zstd.ErrWindowSizeExceeded) && !errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		return n, fmt.Errorf("%w (%s: it may be cut short or damaged)", err, where)
	}
	what := "over " + strconv.FormatUint(d.window, 10) + " bytes"
	if d.asked > 0 {
		what = "of " + strconv.FormatUint(d.asked, 10) + " bytes"
		d.asked = 0 // a later frame's may differ
	}
	return n, fmt.Errorf("%w: a frame asks for a window %s, more than Options.ZstdWindow allows (%d bytes; 0 means %d MiB, and files made with zstd --ultra or --long need up to 128 MiB): set it to the file's window, or decompress the file first (%s)",
		err, what, d.window, defaultZstdWindow>>20, where)
}
