package typed

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
)

// readBothOffsets reads input with the value offsets of bad rows found
// again from the row's bytes (valueOffsets) and with the scanner tracking
// every value's start, and fails if the rejects or the error differ.
func readBothOffsets(t *testing.T, input []byte, opts scanner.Options, topts Options) {
	t.Helper()
	read := func(track bool) rawResult {
		res := readForced(t, &forceTrackOffsets, track, input, opts, topts)
		res.Chunks = nil // the same either way; the positions are what differ
		return res
	}
	tracked, found := read(true), read(false)
	if d := cmp.Diff(tracked, found, cmp.Comparer(typedSameError)); d != "" {
		t.Fatalf("input %q, scanner options %+v: the offsets found from the row's bytes differ from the tracked ones (-tracked +found):\n%s",
			input, opts, d)
	}
}

// offsetDialects are the dialects TestValueOffsets reads with: besides
// the usual ones, a delimiter whose bytes repeat ("aab": "aaab" holds one
// after an 'a'), one of 4 bytes and one that starts a byte order mark, an
// escape other than the quote (honoured outside quotes when lenient), a
// comment in a lenient dialect, no quote, and the fixed line ends (a
// lone CR, CRLF where a lone LF is text or, lenient, a line end).
var offsetDialects = []dialect.Dialect{
	dialect.Default(),
	{Delimiter: ";", Quote: dialect.Some('"'), Escape: dialect.Some('\\'), Comment: dialect.Some('#')},
	{Delimiter: "||", Quote: dialect.Some('\''), Escape: dialect.Some('\'')},
	{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Lenient: true},
	dialect.TSV,
	{Delimiter: "aab", Quote: dialect.Some('"'), Escape: dialect.Some('"')},
	{Delimiter: "🦆", Quote: dialect.Some('"'), Escape: dialect.Some('\\'), Newline: dialect.NewlineCR},
	{Delimiter: "\xef\xbb", Quote: dialect.Some('"'), Escape: dialect.Some('"')},
	{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('\\'), Comment: dialect.Some('#'), Lenient: true},
	{Delimiter: ",", Newline: dialect.NewlineCRLF},
	{Delimiter: ",", Quote: dialect.Some('"'), Escape: dialect.Some('"'), Newline: dialect.NewlineCRLF, Lenient: true},
}

// offsetPieces are the bytes TestValueOffsets builds rows from: values
// that cast and that do not, quotes, escapes, line ends of every kind,
// comments, blanks and a byte order mark.
var offsetPieces = []string{
	"1", "x", "2024-01-02", "1.5", "", " ", "\"a,b\"", "\"a\"\"b\"", "'q''r'", "\"l\nm\"",
	"a\\;b", "\"\\\"\"", "\xff", ",", ";", "||", "\t", "\n", "\r\n", "\r", "# c", "\xef\xbb\xbf",
	"aa", "aab", "🦆", "\xf0\x9f", "\xef\xbb", "a\\,b", "\"l\rm\"", "\n\r",
}

// TestValueOffsets holds the byte offsets of bad rows found again from the
// row's bytes to those the scanner tracks, on random inputs in every
// dialect, with the options that change a row's values (NullPadding,
// TrailingDelimiter, a fixed width, SkipRows, a header). Breaking
// valueOffsets (an offset off by one, a padded value's start, a dropped
// trailing value kept) fails it.
func TestValueOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 20))
	schema := typedSchema(TypeBigInt, TypeVarchar, TypeDate)
	for k := range 3000 {
		d := offsetDialects[k%len(offsetDialects)]
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			if rng.IntN(3) == 0 {
				b.WriteString(offsetPieces[rng.IntN(len(offsetPieces))])
				continue
			}
			n := 2 + rng.IntN(3)
			for c := range n {
				if c > 0 {
					b.WriteString(d.Delimiter)
				}
				b.WriteString(offsetPieces[rng.IntN(10)])
			}
			b.WriteString([]string{"\n", "\r\n", "\n", ""}[rng.IntN(4)])
		}
		opts := scanner.Options{Dialect: d, FieldsPerRow: []int{-1, 0, 3}[rng.IntN(3)], Header: rng.IntN(3) == 0,
			IgnoreErrors: true, NullPadding: rng.IntN(2) == 0, TrailingDelimiter: rng.IntN(3) == 0,
			SkipRows: rng.IntN(4) / 3}
		topts := Options{Schema: schema, StoreRejects: rng.IntN(4) != 0, NullPadding: rng.IntN(2) == 0}
		readBothOffsets(t, []byte(b.String()), opts, topts)
	}
}

// TestValueOffsetsCases are the shapes where a value's start is not where
// its bytes are: quoted values, unescaped ones, a padded row, a dropped
// trailing delimiter, a first row after a byte order mark.
func TestValueOffsetsCases(t *testing.T) {
	schema := typedSchema(TypeBigInt, TypeBigInt, TypeBigInt)
	for _, c := range []struct {
		input string
		opts  scanner.Options
	}{
		{"1,2,3\n4,\"x\",6\n", scanner.Options{FieldsPerRow: -1}},
		{"1,2,3\n4,\"a\"\"b\",6\n", scanner.Options{FieldsPerRow: -1}},
		{"1,2,3\n4,5\n", scanner.Options{NullPadding: true}},
		{"a,b,c\n1,2,x,\n", scanner.Options{Header: true, TrailingDelimiter: true}},
		{"\xef\xbb\xbfx,2,3\n", scanner.Options{FieldsPerRow: -1}},
		{"1,2,3\r\n4,5,\"6\r\n7\"\r\n", scanner.Options{FieldsPerRow: -1}},
		{"junk\n1,2,3\n4, x ,6", scanner.Options{SkipRows: 1, FieldsPerRow: -1}},
	} {
		readBothOffsets(t, []byte(c.input), c.opts, Options{Schema: schema, StoreRejects: true})
		readBothOffsets(t, []byte(c.input), c.opts, Options{Schema: schema})
	}
}

// FuzzValueOffsets holds valueOffsets to the tracked offsets on arbitrary
// input.
func FuzzValueOffsets(f *testing.F) {
	f.Add([]byte("1,2,3\n4,\"a\"\"b\",6\n7,8\n"), uint8(0))
	f.Add([]byte("a;b\n1;\"x\\\"y\";\n# c\n2;3"), uint8(5))
	f.Add(bytes.Repeat([]byte("1,x,2024-13-01\r\n"), 50), uint8(30))
	f.Fuzz(func(t *testing.T, input []byte, bits uint8) {
		opts := scanner.Options{Dialect: offsetDialects[int(bits)%len(offsetDialects)], FieldsPerRow: -1,
			IgnoreErrors: true, Header: bits&8 != 0}
		if bits&16 != 0 {
			opts.FieldsPerRow, opts.NullPadding = 0, true
		}
		if bits&32 != 0 {
			opts.TrailingDelimiter = true
		}
		if bits&64 != 0 {
			opts.SkipRows = 1
		}
		readBothOffsets(t, input, opts, Options{Schema: typedSchema(TypeBigInt, TypeVarchar, TypeDate), StoreRejects: bits&128 == 0})
	})
}
