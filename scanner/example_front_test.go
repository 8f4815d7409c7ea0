package scanner_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

func ExampleScanner_All() {
	in := "name,qty\napple,3\n\"pear, conference\",5\n"
	s, err := scanner.New(strings.NewReader(in), scanner.Options{Header: true})
	if err != nil {
		log.Fatal(err)
	}
	for row, err := range s.All() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %s\n", row[0], row[1]) // row is valid during this step only
	}
	fmt.Println(s.Header())
	// Output:
	// apple: 3
	// pear, conference: 5
	// [name qty]
}

// Reading with a given dialect: semicolons, '#' comments, Windows line ends.
func ExampleScanner_All_dialect() {
	d := dialect.Default()
	d.Delimiter = ";"
	d.Comment = dialect.Some('#')
	in := "# exported 2026-11-30\r\nid;price\r\n1;2,50\r\n2;\"3;00\"\r\n"
	s, err := scanner.New(strings.NewReader(in), scanner.Options{Dialect: d, Header: true})
	if err != nil {
		log.Fatal(err) // an invalid dialect
	}
	for row, err := range s.All() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%q\n", row)
	}
	// Output:
	// ["1" "2,50"]
	// ["2" "3;00"]
}

// Chunks hands out rows the caller owns, a few at a time.
func ExampleScanner_Chunks() {
	s, _ := scanner.NewBytes([]byte("1\n2\n3\n4\n5\n"), scanner.Options{})
	var kept [][][]byte
	for chunk, err := range s.Chunks(2) {
		if err != nil {
			log.Fatal(err)
		}
		kept = append(kept, chunk...) // still valid after the loop
	}
	fmt.Printf("%q\n", kept)
	// Output:
	// [["1"] ["2"] ["3"] ["4"] ["5"]]
}

func ExampleOpen() {
	dir, err := os.MkdirTemp("", "csvscan-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "fruit.csv")
	if err := os.WriteFile(path, []byte("name,qty\napple,3\npear,5\nplum,8\n"), 0o600); err != nil {
		log.Fatal(err)
	}

	// No header detection yet: say whether the first row is a header.
	f, err := scanner.Open(path, scanner.Options{Header: true})
	if err != nil {
		log.Fatal(err)
	}
	total := 0
	for row, err := range f.All() { // the file is closed when the loop ends
		if err != nil {
			log.Fatal(err)
		}
		var qty int
		fmt.Sscan(string(row[1]), &qty)
		total += qty
	}
	fmt.Println(f.Header(), total)
	// Output:
	// [name qty] 16
}
