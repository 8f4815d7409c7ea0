package gen

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestShapes(t *testing.T) {
	var names []string
	for _, s := range Shapes() {
		names = append(names, s.String())
	}
	want := []string{
		"note=16/unquoted", "note=16/quoted",
		"note=256/unquoted", "note=256/quoted",
		"note=1024/unquoted", "note=1024/quoted",
	}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("Shapes() = %v, want %v", names, want)
	}
}

// readAll parses a fixture with encoding/csv and checks what every row must
// hold: three fields, the running id, a known region, a note of the right
// length and content.
func readAll(t *testing.T, s Shape, data []byte) [][]string {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 3
	r.ReuseRecord = false
	header, err := r.Read()
	if err != nil {
		t.Fatalf("%v: header: %v", s, err)
	}
	if strings.Join(header, ",")+"\n" != Header {
		t.Fatalf("%v: header = %q", s, header)
	}
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v: row %d: %v", s, len(rows)+1, err)
		}
		if want := fmt.Sprintf("%09d", len(rows)); rec[0] != want {
			t.Fatalf("%v: id = %q, want %q", s, rec[0], want)
		}
		switch rec[1] {
		case "apac", "emea", "rare":
		default:
			t.Fatalf("%v: region = %q", s, rec[1])
		}
		note := rec[2]
		if len(note) != s.NoteLen {
			t.Fatalf("%v: row %d: note of %d bytes, want %d: %q", s, len(rows)+1, len(note), s.NoteLen, note)
		}
		if s.Quoted && !strings.Contains(note, ", ") {
			t.Fatalf("%v: quoted note without \", \": %q", s, note)
		}
		if !s.Quoted && strings.ContainsAny(note, ",\"\r\n") {
			t.Fatalf("%v: unquoted note with a special byte: %q", s, note)
		}
		if strings.HasPrefix(note, " ") || strings.HasSuffix(note, " ") {
			t.Fatalf("%v: note with outer spaces: %q", s, note)
		}
		rows = append(rows, rec)
	}
	return rows
}

func TestParsesWithEncodingCSV(t *testing.T) {
	for _, s := range Shapes() {
		t.Run(s.String(), func(t *testing.T) {
			const size = 300 << 10
			data := Bytes(s, size, 7)
			rows := readAll(t, s, data)
			if len(data) < size {
				t.Fatalf("%d bytes, want at least %d", len(data), size)
			}
			if !bytes.HasSuffix(data, []byte("\n")) {
				t.Fatal("the last row has no line end")
			}
			// Whole rows: without its last row the file is shorter than size.
			last := rows[len(rows)-1]
			lastLen := len(fmt.Sprintf("%s,%s,", last[0], last[1])) + len(last[2]) + 1
			if s.Quoted {
				lastLen += 2 + strings.Count(last[2], `"`)
			}
			if int64(len(data)-lastLen) >= size {
				t.Fatalf("%d bytes: more rows than needed to reach %d", len(data), size)
			}
			if !s.Quoted && bytes.Contains(data, []byte(`"`)) {
				t.Fatal("an unquoted fixture holds a quote")
			}
		})
	}
}

func TestSmallSizes(t *testing.T) {
	s := Shape{NoteLen: 16}
	if got := string(Bytes(s, 0, 1)); got != Header {
		t.Errorf("size 0 = %q, want the header alone", got)
	}
	if rows := readAll(t, s, Bytes(s, int64(len(Header))+1, 1)); len(rows) != 1 {
		t.Errorf("size len(Header)+1 gave %d rows, want 1", len(rows))
	}
}

func TestProportions(t *testing.T) {
	const n = 100_000
	s := Shape{NoteLen: 16, Quoted: true}
	rows := readAll(t, s, Bytes(s, n*40, 42))
	if len(rows) < n {
		t.Fatalf("%d rows, want at least %d", len(rows), n)
	}
	rows = rows[:n]
	count := map[string]int{}
	for _, r := range rows {
		count[r[1]]++
		if strings.Contains(r[2], `"`) {
			count["quote"]++
		}
		if strings.Contains(r[2], "\n") {
			count["newline"]++
		}
	}
	for _, c := range []struct {
		what      string
		want, tol float64 // percent
	}{
		{"apac", 50, 1}, {"emea", 49, 1}, {"rare", 1, 0.2},
		{"quote", 5, 0.5}, {"newline", 1, 0.2},
	} {
		got := 100 * float64(count[c.what]) / n
		if got < c.want-c.tol || got > c.want+c.tol {
			t.Errorf("%s: %.2f%% of rows, want %.1f%% ± %.1f", c.what, got, c.want, c.tol)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, s := range Shapes() {
		a, b := Bytes(s, 64<<10, 3), Bytes(s, 64<<10, 3)
		if !bytes.Equal(a, b) {
			t.Errorf("%v: two runs with seed 3 differ", s)
		}
		var w bytes.Buffer
		if err := Write(&w, s, 64<<10, 3); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, w.Bytes()) {
			t.Errorf("%v: Write and Bytes differ", s)
		}
		if bytes.Equal(a, Bytes(s, 64<<10, 4)) {
			t.Errorf("%v: seeds 3 and 4 give the same bytes", s)
		}
	}
}

type failingWriter struct{ after int }

var errWrite = errors.New("disk full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.after {
		return w.after, errWrite
	}
	w.after -= len(p)
	return len(p), nil
}

func TestWriteError(t *testing.T) {
	err := Write(&failingWriter{after: 1000}, Shape{NoteLen: 256}, 10<<20, 1)
	if !errors.Is(err, errWrite) {
		t.Errorf("err = %v, want %v", err, errWrite)
	}
}

// TestCRLF: a CRLF shape is its LF shape with every line end outside
// quotes written CRLF (a line feed inside a quoted note stays one), the
// same records for encoding/csv, which reads CRLF as LF.
func TestCRLF(t *testing.T) {
	for _, s := range Shapes() {
		c := s
		c.CRLF = true
		if !strings.HasSuffix(c.String(), "/crlf") {
			t.Fatalf("%v: the name does not say CRLF", c)
		}
		lf, crlf := Bytes(s, 64<<10, 3), Bytes(c, 64<<10, 3)
		if bytes.Count(crlf, []byte("\r\n")) != len(readAll(t, c, crlf))+1 {
			t.Fatalf("%v: %d CRLF for %d rows and the header", c, bytes.Count(crlf, []byte("\r\n")), len(readAll(t, c, crlf)))
		}
		// The same rows, as far as the shorter file goes (a CRLF row is a
		// byte longer, so fewer reach the size).
		a, b := readAll(t, s, lf), readAll(t, c, crlf)
		if len(b) < len(a)*9/10 {
			t.Fatalf("%v: %d rows against %d", c, len(b), len(a))
		}
		for i := range b {
			if strings.Join(a[i], "\x00") != strings.Join(b[i], "\x00") {
				t.Fatalf("%v: row %d is %q, the LF shape's %q", c, i, b[i], a[i])
			}
		}
	}
}
