package dialect

import (
	"errors"
	"hash/fnv"
	"testing"
)

func TestValidate(t *testing.T) {
	q := Some('"')
	tests := []struct {
		name  string
		d     Dialect
		field string // "" when valid
	}{
		{"RFC4180", RFC4180, ""},
		{"TSV", TSV, ""},
		{"Duck", Dialect{Delimiter: "🦆", Quote: q, Escape: q}, ""},
		{"FourBytes", Dialect{Delimiter: "abab"}, ""},
		{"NulDelimiter", Dialect{Delimiter: "\x00", Quote: q}, ""},
		{"Empty", Dialect{}, "delim"},
		{"TooLong", Dialect{Delimiter: "abcde"}, "delim"},
		{"DelimiterHoldsQuote", Dialect{Delimiter: `|"`, Quote: q}, "delim"},
		{"DelimiterIsEscape", Dialect{Delimiter: `\`, Quote: q, Escape: Some('\\')}, "delim"},
		{"DelimiterHoldsNewline", Dialect{Delimiter: "a\n"}, "delim"},
		{"DelimiterHoldsCR", Dialect{Delimiter: "\r"}, "delim"},
		{"DelimiterHoldsComment", Dialect{Delimiter: "#", Comment: Some('#')}, "delim"},
		{"QuoteIsNewline", Dialect{Delimiter: ",", Quote: Some('\n')}, "quote"},
		{"QuoteIsSpace", Dialect{Delimiter: ",", Quote: Some(' ')}, "quote"},
		{"CommentIsQuote", Dialect{Delimiter: ",", Quote: q, Comment: q}, "comment"},
		{"CommentIsEscape", Dialect{Delimiter: ",", Quote: q, Escape: Some('#'), Comment: Some('#')}, "comment"},
		{"EscapeWithoutQuote", Dialect{Delimiter: ",", Escape: Some('\\')}, "escape"},
		{"BadNewline", Dialect{Delimiter: ",", Newline: 9}, "new_line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.d.Validate()
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var de *Error
			if !errors.As(err, &de) || de.Field != tt.field || !errors.Is(err, ErrInvalid) {
				t.Fatalf("Validate() = %v, want an error on %s", err, tt.field)
			}
		})
	}
}

// TestHashStable pins the hash of the presets: the same in every process,
// on every machine, in every release that keeps the encoding.
func TestHashStable(t *testing.T) {
	for _, tt := range []struct {
		d    Dialect
		want uint64
	}{
		{RFC4180, 0x4ef8b7076928d06c},
		{TSV, 0x37cc23c29acd0795},
	} {
		if got := tt.d.Hash(); got != tt.want {
			t.Errorf("%v: Hash() = %#x, want %#x", tt.d, got, tt.want)
		}
	}
}

// TestHashIsFNV1a recomputes the hash with hash/fnv over the documented
// encoding: length, delimiter padded to 4, (set, byte) for quote, escape,
// comment, newline, lenient.
func TestHashIsFNV1a(t *testing.T) {
	d := Dialect{Delimiter: "||", Quote: Some('\''), Comment: Some('#'), Newline: NewlineCR, Lenient: true}
	h := fnv.New64a()
	h.Write([]byte{2, '|', '|', 0, 0, 1, '\'', 0, 0, 1, '#', byte(NewlineCR), 1})
	if got, want := d.Hash(), h.Sum64(); got != want {
		t.Fatalf("Hash() = %#x, hash/fnv gives %#x", got, want)
	}
}

// TestHashCoversEveryField: changing any field changes the hash.
func TestHashCoversEveryField(t *testing.T) {
	base := RFC4180
	variants := []Dialect{base, base, base, base, base, base, base, base, base}
	variants[0].Delimiter = ";"
	variants[1].Delimiter = ",,"
	variants[2].Quote = Some('\'')
	variants[3].Quote = None
	variants[4].Escape = Some('\\')
	variants[5].Escape = None
	variants[6].Comment = Some('#')
	variants[7].Newline = NewlineCRLF
	variants[8].Lenient = true
	seen := map[uint64]Dialect{base.Hash(): base}
	for _, v := range variants {
		if prev, ok := seen[v.Hash()]; ok {
			t.Fatalf("%v and %v share hash %#x", v, prev, v.Hash())
		}
		seen[v.Hash()] = v
	}
	// A none and a NUL byte differ.
	a := Dialect{Delimiter: ",", Comment: None}
	b := Dialect{Delimiter: ",", Comment: Some(0)}
	if a.Hash() == b.Hash() || a == b {
		t.Fatal("Some(0) must differ from None")
	}
}

func TestString(t *testing.T) {
	for _, tt := range []struct {
		d    Dialect
		want string
	}{
		{RFC4180, `delim=',', quote='"', escape='"', new_line='auto', comment='', strict_mode=true`},
		{TSV, `delim='\t', quote='', escape='', new_line='auto', comment='', strict_mode=true`},
		{Dialect{Delimiter: "||", Quote: Some('\''), Escape: Some('\\'), Comment: Some('#'), Newline: NewlineCRLF, Lenient: true},
			`delim='||', quote='\'', escape='\\', new_line='\r\n', comment='#', strict_mode=false`},
	} {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("String()\n got %s\nwant %s", got, tt.want)
		}
	}
}

func TestParseNewline(t *testing.T) {
	for in, want := range map[string]Newline{"auto": NewlineAuto, "lf": NewlineLF, "CRLF": NewlineCRLF, `\r`: NewlineCR, `\r\n`: NewlineCRLF} {
		if got, err := ParseNewline(in); err != nil || got != want {
			t.Errorf("ParseNewline(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseNewline("nl"); err == nil {
		t.Error("ParseNewline accepted nl")
	}
}
