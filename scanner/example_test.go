package scanner_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

func Example() {
	in := "name,quote\nada,\"say \"\"hi\"\"\"\nbob,\"two\nlines\"\n"
	s, err := scanner.New(strings.NewReader(in), scanner.Options{Header: true})
	if err != nil {
		panic(err)
	}
	for s.Scan() {
		row := s.Row()
		fmt.Printf("%s: %q\n", row[0], row[1])
	}
	if err := s.Err(); err != nil {
		panic(err)
	}
	fmt.Println(s.Header())
	// Output:
	// ada: "say \"hi\""
	// bob: "two\nlines"
	// [name quote]
}

func ExampleOptions_dialect() {
	d := dialect.Default()
	d.Delimiter = "||"
	d.Comment = dialect.Some('#')
	s, _ := scanner.NewBytes([]byte("# exported 2026-11-30\na||b\nc||d # trailing note\n"), scanner.Options{Dialect: d})
	for s.Scan() {
		fmt.Printf("%q\n", s.Row())
	}
	// Output:
	// ["a" "b"]
	// ["c" "d "]
}

func ExampleParseError() {
	s, _ := scanner.NewBytes([]byte("a,b\nc,\"d\n"), scanner.Options{})
	for s.Scan() {
	}
	err := s.Err()
	var pe *scanner.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Row, pe.Field, pe.Offset, errors.Is(err, scanner.ErrUnterminatedQuote))
	}
	fmt.Println(err)
	// Output:
	// 2 2 6 true
	// csvscan: row 2, field 2, byte 6: unterminated quote: expected a closing quote before the end of input (the input may be cut short; if quotes are not special in it, set Dialect.Quote to dialect.None; IgnoreErrors skips the row)
}

func ExampleScanReaderAt() {
	in := "id,note\n1,\"a, b\"\n2,\"two\nlines\"\n3,plain\n"
	// Tiny buffers, so that three goroutines share this small input.
	p, err := scanner.ScanReaderAt(context.Background(), strings.NewReader(in), int64(len(in)),
		scanner.Options{Header: true, Threads: 3, BufferSize: 8, MaxLineSize: 16})
	if err != nil {
		panic(err)
	}
	defer p.Close()
	for p.Scan() {
		fmt.Printf("%q\n", p.Row())
	}
	fmt.Println(p.Header(), p.Err())
	// Output:
	// ["1" "a, b"]
	// ["2" "two\nlines"]
	// ["3" "plain"]
	// [id note] <nil>
}

// Each runs the caller's work on the workers: here every block counts its
// rows and the lengths of its notes, and the sums are added up at the end.
// Blocks come in any order; Index and RowNumber place them in the file.
func ExampleParallel_Each() {
	in := "id,note\n1,\"a, b\"\n2,\"two\nlines\"\n3,plain\n4,\n"
	p, err := scanner.ScanReaderAt(context.Background(), strings.NewReader(in), int64(len(in)),
		scanner.Options{Header: true, Threads: 3, BufferSize: 8, MaxLineSize: 16})
	if err != nil {
		panic(err)
	}
	var rows, bytes atomic.Int64
	var mu sync.Mutex
	longest, at := 0, 0
	err = p.Each(func(b *scanner.Block) error {
		n, sum := 0, 0
		for b.Scan() {
			note := b.Row()[1]
			n, sum = n+1, sum+len(note)
			mu.Lock()
			if len(note) > longest {
				longest, at = len(note), b.RowNumber()
			}
			mu.Unlock()
		}
		rows.Add(int64(n))
		bytes.Add(int64(sum))
		return nil
	})
	if err != nil {
		panic(err)
	}
	fmt.Println("header:", p.Header())
	fmt.Println(rows.Load(), "rows,", bytes.Load(), "bytes of notes")
	fmt.Println("longest note in row", at, "(the header is row 1)")
	// Output:
	// header: [id note]
	// 4 rows, 18 bytes of notes
	// longest note in row 3 (the header is row 1)
}
