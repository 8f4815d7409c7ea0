package typed

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// rowPathSchemas are the schemas the row-path tests read with: every type,
// four columns each.
var rowPathSchemas = []Schema{
	typedSchema(TypeBigInt, TypeDouble, TypeVarchar, TypeDate),
	typedSchema(TypeBoolean, TypeInteger, TypeFloat, TypeTimestamp),
	typedSchema(TypeTime, TypeUBigInt, TypeTimestampTZ, TypeVarchar),
	typedSchema(TypeTinyInt, TypeSmallInt, TypeUTinyInt, TypeUSmallInt),
	{{Name: "a", Type: TypeDecimal, Width: 9, Scale: 2}, {Name: "b", Type: TypeUInteger},
		{Name: "c", Type: TypeVarchar}, {Name: "d", Type: TypeDecimal}},
}

// rawResult is a typed read with every chunk cloned as it came: the
// vectors' slices themselves, not their text, so that the two row paths
// must write the same slots, NULLs' zero values and offsets included.
type rawResult struct {
	Chunks  []*Chunk
	Rejects []Reject
	Err     error
}

func rawCollect(r *Reader) rawResult {
	var res rawResult
	for c, err := range r.Chunks() {
		if err != nil {
			res.Err = err
			break
		}
		res.Chunks = append(res.Chunks, c.Clone())
	}
	res.Rejects = r.Rejects()
	return res
}

// readForced reads input through a typed Reader over a Scanner with the
// test switch *force set to on (and cleared after).
func readForced(t *testing.T, force *bool, on bool, input []byte, opts scanner.Options, topts Options) rawResult {
	t.Helper()
	*force = on
	defer func() { *force = false }()
	s, err := scanner.NewBytes(input, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewReader(s, topts)
	if err != nil {
		t.Fatal(err)
	}
	return rawCollect(r)
}

// readBothPaths reads input with addRow's loop and with every row forced
// through addRowSlow, and fails if the two differ.
func readBothPaths(t *testing.T, input []byte, opts scanner.Options, topts Options) {
	t.Helper()
	fast, slow := readForced(t, &forceSlowRows, false, input, opts, topts), readForced(t, &forceSlowRows, true, input, opts, topts)
	if d := cmp.Diff(slow, fast, cmp.AllowUnexported(Chunk{}), cmpopts.EquateNaNs(), cmpopts.EquateEmpty(),
		cmp.Comparer(typedSameError)); d != "" {
		t.Fatalf("input %q, options %+v: the fast row path differs from the slow one (-slow +fast):\n%s", input, topts, d)
	}
}

// rowPathOptions returns the typed options bits select, for schema s.
func rowPathOptions(s Schema, bits uint8) (scanner.Options, Options) {
	opts := scanner.Options{FieldsPerRow: -1, Header: bits&1 != 0}
	topts := Options{Schema: s, IgnoreErrors: bits&2 != 0, StoreRejects: bits&4 != 0, NullPadding: bits&8 != 0}
	if bits&16 != 0 {
		opts.Dialect = dialect.Default()
		opts.Dialect.Lenient = true
	}
	topts.Dialect = opts.Dialect
	if bits&32 != 0 {
		topts.NullStr = []string{"", "NA"}
	}
	if bits&64 != 0 {
		topts.DateFormat, topts.TimestampFormat = "%d/%m/%Y", "%d/%m/%Y %H:%M"
		topts.DecimalComma = true
	}
	if bits&128 != 0 {
		topts.ForceNotNull = []string{s[2].Name}
	}
	return opts, topts
}

// rowPathValue returns a random value for a column of type t: mostly
// valid ones, sometimes empty, a null string, invalid, or not UTF-8.
func rowPathValue(rng *rand.Rand, t Type) string {
	switch rng.IntN(12) {
	case 0:
		return ""
	case 1:
		return "NA"
	case 2:
		// Not UTF-8, or not ASCII, at the lengths addRow's inline check
		// and copy of a VARCHAR take (4 to 16 bytes) and around them.
		return []string{"x\xff", "ab\xffd", "abcdef\xff", "caf\xc3\xa9", "abcdefghijklmno\xff",
			"\xc3\xa9abcdefghijklmn", "abcdefghijklmnopq\xff", "\xe2\x82\xac12345", "a\xffb", "\xc3\xa9"}[rng.IntN(10)]
	case 3:
		return "99999999999999999999"
	case 4:
		return "\"q,\"\"1\""
	}
	if t == TypeVarchar && rng.IntN(2) == 0 {
		// ASCII text of every length addRow's inline copy takes and more.
		b := make([]byte, 1+rng.IntN(20))
		for i := range b {
			b[i] = byte('a' + rng.IntN(26))
		}
		return string(b)
	}
	if f := typedBenchValues[t]; f != nil {
		return f(rng.IntN(1 << 20))
	}
	return "12"
}

// TestFastRowPath reads random tables of every schema with random option
// sets through both row paths.
func TestFastRowPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 14))
	for _, s := range rowPathSchemas {
		for range 48 {
			bits := rng.IntN(256)
			var b strings.Builder
			for range 60 + rng.IntN(40) {
				n := len(s)
				if rng.IntN(15) == 0 {
					n += rng.IntN(3) - 1 // a row short or long by one
				}
				for c := range n {
					if c > 0 {
						b.WriteByte(',')
					}
					b.WriteString(rowPathValue(rng, s[min(c, len(s)-1)].Type))
				}
				b.WriteByte('\n')
			}
			opts, topts := rowPathOptions(s, uint8(bits))
			readBothPaths(t, []byte(b.String()), opts, topts)
		}
	}
	// Rows across a chunk's end (ChunkSize rows), under every option set:
	// here rather than as a fuzz seed, whose 44 KB made every mutation of it
	// slow (FuzzRowPaths took minutes in CI).
	long := bytes.Repeat([]byte("7,8.5,abc,1999-12-31\n"), ChunkSize+52)
	for bits := range 256 {
		if bits%37 == 4 || bits == 4 {
			opts, topts := rowPathOptions(rowPathSchemas[0], uint8(bits))
			readBothPaths(t, long, opts, topts)
		}
	}
}

// FuzzRowPaths reads arbitrary input through both row paths.
func FuzzRowPaths(f *testing.F) {
	f.Add([]byte("1,1.5,a,2024-01-02\n,x,\xff,2024-13-01\n3,4,5\n1,2,3,4,5\n"), uint8(0), uint8(0))
	f.Add([]byte("true,1,1.5,2024-01-02 10:00:00\nNA,,\"a\"\"b\",\n"), uint8(1), uint8(38))
	f.Add(bytes.Repeat([]byte("7,8.5,abc,1999-12-31\n"), 30), uint8(0), uint8(4))
	f.Fuzz(func(t *testing.T, input []byte, schema, bits uint8) {
		s := rowPathSchemas[int(schema)%len(rowPathSchemas)]
		opts, topts := rowPathOptions(s, bits)
		readBothPaths(t, input, opts, topts)
	})
}
