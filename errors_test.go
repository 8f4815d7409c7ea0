package csvscan

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/csvscan/csvscan/internal/faults"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// TestInputErrors: an input that cannot be read as CSV gets an error that
// says why, where (row, line, byte) and what to set, through Open and
// OpenReader alike; never the sniffer's bare "no dialect reads the sample
// consistently".
func TestInputErrors(t *testing.T) {
	latin1 := []byte("id,city\n1,Z\xfcrich\n2,Malm\xf6\n")
	binary := append([]byte("PK\x03\x04"), bytes.Repeat([]byte{0, 1, 2, 0xff, 0x10, '"', ',', '\n'}, 200)...)
	long := []byte("a,b\n1,2\n" + strings.Repeat("x", 300) + "\n3,4\n")
	latinHeader := []byte("na\xefme,city\nJose,Porto\n")
	tests := []struct {
		name  string
		data  []byte
		opts  Options
		is    []error
		wants []string // in the message
	}{
		{"latin-1 values", latin1, Options{}, []error{ErrNotUTF8},
			[]string{`row 2, line 2, column 2 ("city"), byte 11: not valid UTF-8`, "Options.Encoding", "latin-1"}},
		{"latin-1 header", latinHeader, Options{}, []error{ErrNotUTF8},
			[]string{"row 1 (the header), line 1, byte 2: not valid UTF-8", "Options.Encoding"}},
		// A header is not a row IgnoreErrors may skip: the read stops at it
		// as without IgnoreErrors, at the line it is on (after the empty
		// lines before it), and the parallel read says the same.
		{"latin-1 header, IgnoreErrors", append([]byte("\n\n"), latinHeader...), Options{IgnoreErrors: true, Threads: 1}, []error{ErrNotUTF8},
			[]string{"row 1 (the header), line 3, byte 4: not valid UTF-8", "Options.Encoding", "Options.Header to Off"}},
		{"latin-1 header, IgnoreErrors, parallel", append([]byte("\n\n"), latinHeader...), Options{IgnoreErrors: true, Threads: 2, BufferSize: 7}, []error{ErrNotUTF8},
			[]string{"row 1 (the header), line 3, byte 4: not valid UTF-8", "Options.Encoding", "Options.Header to Off"}},
		{"latin-1 after a preamble", append([]byte("Report\n"), latin1...), Options{Skip: 1}, []error{ErrNotUTF8},
			[]string{`row 2, line 3, column 2 ("city"), byte 18`}},
		{"binary read as one column", binary, Options{}, []error{ErrBinary},
			[]string{"row 1, line 1, byte 4: binary data, not CSV text (a byte 0x00)", "Options.Compression", "Options.Encoding"}},
		{"binary no dialect reads", noise(3000), Options{}, []error{ErrBinary, sniff.ErrNoDialect},
			[]string{"binary data, not CSV text", "so no dialect reads it", "Options.Compression"}},
		{"a line over the maximum", long, Options{MaxLineSize: 100}, []error{scanner.ErrLineTooLong, sniff.ErrNoDialect},
			[]string{"row 3, line 3, byte 108: a line longer than the maximum line size of 100 bytes", "Options.MaxLineSize"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeFile(t, "in.csv", tt.data)
			check := func(how string, err error) {
				t.Helper()
				if err == nil {
					t.Fatalf("%s: no error", how)
				}
				for _, e := range tt.is {
					if !errors.Is(err, e) {
						t.Errorf("%s: %v is not %v", how, err, e)
					}
				}
				for _, w := range tt.wants {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s: %q lacks %q", how, err, w)
					}
				}
				if strings.Contains(err.Error(), "no dialect reads the sample consistently") {
					t.Errorf("%s: %q gives the sniffer's bare reason", how, err)
				}
			}
			_, err := Open(path, tt.opts)
			check("Open", err)
			_, err = OpenReader(bytes.NewReader(tt.data), tt.opts)
			check("OpenReader", err)
		})
	}
	// With the encoding, or with bad rows skipped, the latin-1 file reads.
	path := writeFile(t, "latin1.csv", latin1)
	if got := openAll(t, path, Options{Encoding: "latin-1"}); got.Err != "" || len(got.Rows) != 2 {
		t.Errorf("latin-1 with Encoding: %+v", got)
	}
	if got := openAll(t, path, Options{IgnoreErrors: true}); got.Err != "" || len(got.Rows) != 0 {
		t.Errorf("latin-1 with IgnoreErrors: %+v, want both rows skipped (DuckDB's ignore_errors)", got)
	}
}

// TestMissingInputs: a missing file, a directory and an empty file each
// get their own answer.
func TestMissingInputs(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.csv")
	_, err := Open(missing, Options{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing+": no such file") {
		t.Errorf("missing file: %v", err)
	}
	_, err = Open(dir, Options{})
	if err == nil || !strings.Contains(err.Error(), dir+" is a directory, not a CSV file") {
		t.Errorf("directory: %v", err)
	}
	if _, err := OpenFiles([]string{filepath.Join(dir, "*.csv")}, Options{}); err == nil || !strings.Contains(err.Error(), "no file matches") {
		t.Errorf("a glob that matches nothing: %v", err)
	}
	// An empty file reads as DuckDB reads it: one VARCHAR column, column0,
	// and no rows; Detected says it is empty.
	empty := filepath.Join(dir, "empty.csv")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, open := range []func() (*Reader, error){
		func() (*Reader, error) { return Open(empty, Options{}) },
		func() (*Reader, error) { return OpenReader(bytes.NewReader(nil), Options{}) },
	} {
		r, err := open()
		if err != nil {
			t.Fatalf("empty file: %v", err)
		}
		got := readAll(r)
		r.Close()
		if !r.Detected().Empty || got.Err != "" || len(got.Rows) != 0 || len(got.Schema) != 1 || got.Schema[0] != "column0:VARCHAR" {
			t.Errorf("empty file: %+v, Detected().Empty %v", got, r.Detected().Empty)
		}
	}
	if r, err := Open(writeFile(t, "one.csv", []byte("a\n")), Options{}); err != nil || r.Detected().Empty {
		t.Errorf("a file of one line: %v, Empty %v", err, err == nil && r.Detected().Empty)
	}
}

// noise is n bytes of a fixed pseudo-random sequence.
func noise(n int) []byte {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return b
}

// TestDoorHints: a parse error from the front door advises its own
// options, not the scanner's (FieldsPerRow, Dialect.Lenient are not
// csvscan.Options): a hostile-input review found "set FieldsPerRow to -1"
// on a Raw read's width error.
func TestDoorHints(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"a,b,c\n1,2\n", "Options.NullPadding"},
		{"a,b,c\n1,2,3,4\n", "which NullPadding does not change; IgnoreErrors"},
		{"a,b,c\n1,\"x\"y,3\n", "Options.StrictMode"},
		{"a,b,c\n1,\"x,3\n", "Options.Quote"},
	} {
		path := writeFile(t, "hint.csv", []byte(tt.in))
		// (Open reads the first rows: the error may come from it.)
		r, err := Open(path, Options{AutoDetect: Off, Header: On, Threads: 1})
		if err == nil {
			for _, e := range r.Raw() {
				if err = e; err != nil {
					break
				}
			}
			r.Close()
		}
		var pe *scanner.ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "FieldsPerRow") || strings.Contains(err.Error(), "Dialect.") {
			t.Errorf("%q: error %v, want a *scanner.ParseError advising %s and no scanner option", tt.in, err, tt.want)
		}
	}
}

// TestTableEndHint: a row at or past the line where the sniffer found the
// table to end (notes, or another table, below it) fails the read with
// advice naming that line and IgnoreErrors, which then reads the table
// whole; a bad row inside the table gets no such advice.
func TestTableEndHint(t *testing.T) {
	for _, c := range []struct {
		in   string
		hint bool
	}{
		{"id,value\n1,3\n2,6\n3,9\n\nSource: national statistics office\n", true},
		{"id,value\n1,3\n2,6\n3,9\n\nNotes\nfigures are provisional\n", true},
	} {
		path := writeFile(t, "footer.csv", []byte(c.in))
		got := openAll(t, path, Options{})
		if len(got.Rows) != 3 || !strings.Contains(got.Err, "the table to end at line 6") || !strings.Contains(got.Err, "IgnoreErrors") {
			t.Errorf("%q: %d rows, %q; want 3 rows and advice naming line 6 and IgnoreErrors", c.in, len(got.Rows), got.Err)
		}
		if got := openAll(t, path, Options{IgnoreErrors: true}); len(got.Rows) != 3 || got.Err != "" {
			t.Errorf("%q with IgnoreErrors: %d rows, %q; want 3 rows", c.in, len(got.Rows), got.Err)
		}
	}
	// A bad value inside the table (past the sample of a stream) is no
	// footer.
	var b strings.Builder
	b.WriteString("id,value\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "%d,%d\n", i, i*3)
	}
	b.WriteString("x,1\n")
	for i := range 10 {
		fmt.Fprintf(&b, "%d,%d\n", i, i)
	}
	got := tableOf(OpenReader(strings.NewReader(b.String()), Options{}))
	if got.Err == "" || strings.Contains(got.Err, "table to end") {
		t.Errorf("a bad value inside the table: %q; want a cast error without the table's end", got.Err)
	}
}

// TestReadErrorsSayWhere: an input that breaks off in the middle (text
// not valid in its encoding, a compressed stream cut short) gives the rows
// before the break, then an error that names the row, line and field the
// break is in (a *scanner.ReadError) and still unwraps to the cause: on
// every read kind, from a file and from a stream, and from Open when the
// break is in the sniffer's sample.
func TestReadErrorsSayWhere(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,city\n")
	for i := range 30000 {
		fmt.Fprintf(&b, "%d,Zürich %d\n", i, i)
	}
	b.WriteString("\n30000,Zü") // an empty line: the line is one past the row
	long := b.String()
	high := []byte{0x00, 0xD8, '\n', 0} // a high surrogate, then a line end
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(long))
	zw.Flush() // every byte of long out, and no end: a stream cut short
	latin1 := bytes.ReplaceAll([]byte(long), []byte("ü"), []byte{0xfc})
	for _, tc := range []struct {
		name  string
		data  []byte
		o     Options
		cause error
		text  string // in the message
	}{
		{"utf16.csv", append(encodeUTF16(long, false, true), high...), Options{}, ErrDecoding,
			fmt.Sprintf("row 30002 (line 30003), field 2: byte %d of the utf-16 input: a high surrogate", 2+2*utf8.RuneCountInString(long))},
		{"latin1.csv", append(latin1, 0x85, '\n'), Options{Encoding: "latin-1"}, ErrDecoding,
			fmt.Sprintf("row 30002 (line 30003), field 2: byte %d of the latin-1 input: byte 0x85", len(latin1))},
		{"cut.csv.gz", gz.Bytes(), Options{}, io.ErrUnexpectedEOF,
			fmt.Sprintf("row 30002 (line 30003), field 2, byte %d: reading the input: unexpected EOF (gzip:", len(long))},
	} {
		for _, kind := range []string{"values", "raw", "count"} {
			for _, file := range []bool{false, true} {
				var r *Reader
				var err error
				if file {
					r, err = Open(writeFile(t, tc.name, tc.data), tc.o)
				} else {
					r, err = OpenReader(bytes.NewReader(tc.data), tc.o)
				}
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				n := 0
				switch kind {
				case "values":
					for _, e := range r.Values() {
						if err = e; e != nil {
							break
						}
						n++
					}
				case "raw":
					for _, e := range r.Raw() {
						if err = e; e != nil {
							break
						}
						n++
					}
				case "count":
					var c int64
					c, err = r.Count()
					n = int(c)
				}
				r.Close()
				var re *scanner.ReadError
				if n != 30000 || !errors.Is(err, tc.cause) || !errors.As(err, &re) || re.Row != 30002 || re.Line != 30003 || re.Field != 2 {
					t.Errorf("%s, %s, file %v: %d rows, %v; want 30000 rows and a *scanner.ReadError at row 30002, line 30003, field 2", tc.name, kind, file, n, err)
				} else if !strings.Contains(err.Error(), tc.text) {
					t.Errorf("%s, %s, file %v: the message\n%v\nwants %q", tc.name, kind, file, err, tc.text)
				}
			}
		}
	}
	// In the sniffer's sample, Open says where, as the sniffed dialect
	// reads the text before the break: here ';' and a quoted line end.
	bad := append(encodeUTF16("id;city\n1;\"a\nb\"\n\n2;x", false, true), 0x00, 0xDC, '\n', 0)
	_, err := OpenReader(bytes.NewReader(bad), Options{})
	var re *scanner.ReadError
	if !errors.Is(err, ErrDecoding) || !errors.As(err, &re) || re.Row != 3 || re.Line != 4 || re.Field != 2 ||
		!strings.Contains(err.Error(), "row 3 (line 4), field 2: byte 42 of the utf-16 input") {
		t.Errorf("utf-16 broken in the sample: %v; want an ErrDecoding at row 3 (line 4), field 2, byte 42", err)
	}
}

// TestReadErrorsInSample: a read error in the bytes Open reads before the
// read (the head it looks at for a compression and an encoding, the
// sniffer's sample, the head checked for UTF-8) says where, as one past
// the sample does: a *scanner.ReadError at the row, line and field the
// bytes before it end in, unwrapping to the reader's error. A gzip file
// cut short is the common case: one of 100 KB fails in the sample. A
// source that returns its error once, and then io.EOF, is not read as
// ending there.
func TestReadErrorsInSample(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("id,name,v\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "%d,name %d,%d.5\n", i, i, i)
	}
	data := b.Bytes()
	gz := gzipBytes(data)
	boom := errors.New("boom")
	type source struct {
		name  string
		open  func() (*Reader, error)
		at    int // the bytes read before the error
		cause error
	}
	var sources []source
	for _, at := range []int{10, 5000, 40000, 200000, len(data) - 3} {
		for _, o := range []Options{{}, {AutoDetect: Off, Header: On}} {
			for _, together := range []bool{false, true} {
				sources = append(sources, source{fmt.Sprintf("stream failing at %d, auto-detect %v, together %v", at, o.AutoDetect, together),
					func() (*Reader, error) {
						return OpenReader(&faults.Reader{Data: data, N: at, Err: boom, Together: together}, o)
					}, at, boom})
			}
			sources = append(sources, source{fmt.Sprintf("stream failing once at %d, auto-detect %v", at, o.AutoDetect),
				func() (*Reader, error) { return OpenReader(&onceFailing{data: data, at: at, err: boom}, o) }, at, boom})
		}
	}
	for _, cut := range []int{len(gz) / 20, len(gz) / 2, len(gz) - 10} {
		zr, err := gzip.NewReader(bytes.NewReader(gz[:cut]))
		if err != nil {
			t.Fatal(err)
		}
		part, _ := io.ReadAll(zr)
		path := writeFile(t, "cut.csv.gz", gz[:cut])
		sources = append(sources, source{fmt.Sprintf("gzip cut at %d of %d", cut, len(gz)),
			func() (*Reader, error) { return Open(path, Options{}) }, len(part), io.ErrUnexpectedEOF})
	}
	for _, src := range sources {
		n := -1 // Open failed
		r, err := src.open()
		if err == nil {
			n = 0
			for _, e := range r.Values() {
				if err = e; e != nil {
					break
				}
				n++
			}
			r.Close()
		}
		complete := bytes.Count(data[:src.at], []byte("\n")) - 1
		field := bytes.Count(data[bytes.LastIndexByte(data[:src.at], '\n')+1:src.at], []byte(",")) + 1
		var re *scanner.ReadError
		if !errors.Is(err, src.cause) || !errors.As(err, &re) || n >= 0 && n != complete || re.Row != complete+2 || re.Line != re.Row || re.Field != field {
			t.Errorf("%s: %d rows (-1: Open failed), then %v; want a *scanner.ReadError of %v at row %d, field %d (after %d rows, if Open returns)",
				src.name, n, err, src.cause, complete+2, field, complete)
		}
	}
}

// onceFailing gives data up to at, then err once, then io.EOF.
type onceFailing struct {
	data   []byte
	at     int
	err    error
	failed bool
}

func (o *onceFailing) Read(p []byte) (int, error) {
	if o.at > 0 {
		k := copy(p[:min(len(p), o.at)], o.data)
		o.data, o.at = o.data[k:], o.at-k
		return k, nil
	}
	if !o.failed {
		o.failed = true
		return 0, o.err
	}
	return 0, io.EOF
}
