// Command gencsv writes one benchmark fixture of package gen:
//
//	go run ./internal/gen/cmd/gencsv -note 256 -quoted=false -size 200000000 -o /tmp/u256.csv
//
// Fixtures are generated, never committed.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/csvscan/csvscan/internal/gen"
)

func main() {
	note := flag.Int("note", 256, "note length in bytes (16, 256, 1024, or any)")
	quoted := flag.Bool("quoted", false, "quote the note, with \", \" inside, some \"\" and some line breaks")
	size := flag.Int64("size", 200_000_000, "write whole rows until at least this many bytes")
	seed := flag.Uint64("seed", 1, "random seed")
	out := flag.String("o", "", "output file (default: standard output)")
	flag.Parse()
	w := os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	if err := gen.Write(bw, gen.Shape{NoteLen: *note, Quoted: *quoted}, *size, *seed); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
