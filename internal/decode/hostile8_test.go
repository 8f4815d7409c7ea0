package decode

import (
	"errors"
	"io"
	"testing"
	"time"
)

// brokenReader gives its data a few bytes at a time, then returns n(p)
// bytes and no error on every call: a count outside [0, len(p)].
type brokenReader struct {
	data []byte
	n    func(p []byte) int
}

func (b *brokenReader) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		return b.n(p), nil
	}
	k := copy(p[:min(len(p), 3)], b.data)
	b.data = b.data[k:]
	return k, nil
}

// TestBrokenSource: a source whose Read returns a negative count or more
// bytes than it was given makes every decoding fail with an error after
// the text before it. The bufio.Reader under the decoders panicked
// ("bufio: reader returned negative count from Read", an index out of
// range), and UTF-16 over a source that returned too many bytes never
// returned.
func TestBrokenSource(t *testing.T) {
	text := "a,b\n1,2\n"
	for _, enc := range []string{"latin-1", "windows-1252", "utf-16le", "utf-16"} {
		in := []byte(text)
		if enc != "latin-1" && enc != "windows-1252" {
			in = utf16Of(text, false)
		}
		for name, n := range map[string]func([]byte) int{
			"negative":  func([]byte) int { return -1 },
			"too many":  func(p []byte) int { return len(p) + 10 },
			"too many+": func(p []byte) int { return len(p) + 1<<20 },
		} {
			r, err := Reader(&brokenReader{data: in, n: n}, enc)
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				got   []byte
				err   error
				panic any
			}
			done := make(chan result, 1)
			go func() {
				defer func() {
					if p := recover(); p != nil {
						done <- result{panic: p}
					}
				}()
				got, err := io.ReadAll(r)
				done <- result{got: got, err: err}
			}()
			select {
			case res := <-done:
				if res.panic != nil {
					t.Errorf("%s, %s: panic: %v", enc, name, res.panic)
				} else if res.err == nil || string(res.got) != text[:len(res.got)] || errors.Is(res.err, ErrInvalid) {
					t.Errorf("%s, %s: read %q, %v; want the text before an error about the count", enc, name, res.got, res.err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s, %s: the read did not return", enc, name)
			}
		}
	}
}
