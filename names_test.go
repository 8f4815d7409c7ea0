package csvscan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/csvscan/csvscan/scanner/typed"
)

// TestNames: Names renames the first columns of a sniffed file, a file
// read without sniffing and a stream alike; Types names the columns by
// their new names; more names than columns are an error unless
// NullPadding adds columns for them; a name given twice, empty, or that a
// column not renamed has, and Names with Columns, are ErrOption.
func TestNames(t *testing.T) {
	path := writeFile(t, "h.csv", []byte("a,b,c\n1,2,3\n4,5,6\n"))
	for _, c := range []struct {
		name   string
		opts   Options
		schema []string
		row    []string // the first row
		err    string   // in the error, which wraps ErrOption
	}{
		{name: "two", opts: Options{Names: []string{"x", "y"}},
			schema: []string{"x:BIGINT", "y:BIGINT", "c:BIGINT"}, row: []string{"1", "2", "3"}},
		{name: "types by the new names", opts: Options{Names: []string{"x", "y"}, Types: map[string]string{"x": "VARCHAR"}},
			schema: []string{"x:VARCHAR", "y:BIGINT", "c:BIGINT"}, row: []string{"1", "2", "3"}},
		{name: "types by an old name", opts: Options{Names: []string{"x"}, Types: map[string]string{"a": "VARCHAR"}},
			err: `"a" is no column`},
		{name: "every column", opts: Options{Names: []string{"p", "q", "r"}},
			schema: []string{"p:BIGINT", "q:BIGINT", "r:BIGINT"}, row: []string{"1", "2", "3"}},
		{name: "one too many", opts: Options{Names: []string{"p", "q", "r", "s"}},
			err: "4 names for the 3 columns"},
		{name: "padded", opts: Options{Names: []string{"p", "q", "r", "s"}, NullPadding: true},
			schema: []string{"p:BIGINT", "q:BIGINT", "r:BIGINT", "s:VARCHAR"}, row: []string{"1", "2", "3", "NULL"}},
		{name: "a column's name", opts: Options{Names: []string{"b"}}, err: `"b" names column 1, and column 2`},
		{name: "twice", opts: Options{Names: []string{"x", "X"}}, err: `"X" is given twice`},
		{name: "empty", opts: Options{Names: []string{"x", " "}}, err: "name 2 is empty"},
		{name: "with columns", opts: Options{Names: []string{"x"}, Columns: typed.Schema{{Name: "a", Type: typed.TypeVarchar}}},
			err: "given with Columns"},
		{name: "no sniffing", opts: Options{AutoDetect: Off, Header: On, Names: []string{"p"}, Types: map[string]string{"p": "INTEGER"}},
			schema: []string{"p:INTEGER", "b:VARCHAR", "c:VARCHAR"}, row: []string{"1", "2", "3"}},
		{name: "no sniffing, no header", opts: Options{AutoDetect: Off, Names: []string{"p", "q"}},
			schema: []string{"p:VARCHAR", "q:VARCHAR", "column2:VARCHAR"}, row: []string{"a", "b", "c"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, stream := range []bool{false, true} {
				var got table
				if stream {
					got = tableOf(OpenReader(strings.NewReader("a,b,c\n1,2,3\n4,5,6\n"), c.opts))
				} else {
					got = openAll(t, path, c.opts)
				}
				if c.err != "" {
					_, err := Open(path, c.opts)
					if !errors.Is(err, ErrOption) || !strings.Contains(got.Err, c.err) {
						t.Errorf("stream %v: error %q (ErrOption: %v), want one saying %q", stream, got.Err, errors.Is(err, ErrOption), c.err)
					}
					continue
				}
				if got.Err != "" || !cmp.Equal(got.Schema, c.schema) || len(got.Rows) == 0 || !cmp.Equal(got.Rows[0], c.row) {
					t.Errorf("stream %v: %v %v %s, want %v and first row %v", stream, got.Schema, got.Rows, got.Err, c.schema, c.row)
				}
			}
		})
	}
}

// TestNamesOfSeveralFiles: of several files, each takes as many names as
// it has columns, so that a narrower file is no error.
func TestNamesOfSeveralFiles(t *testing.T) {
	a := writeFile(t, "a.csv", []byte("a,b,c\n1,2,3\n"))
	b := writeFile(t, "b.csv", []byte("a,b\n4,5\n"))
	got := tableOf(OpenFiles([]string{a, b}, Options{Names: []string{"x", "y", "z"}, UnionByName: true}))
	want := table{Schema: []string{"x:BIGINT", "y:BIGINT", "z:BIGINT"}, Rows: [][]string{{"1", "2", "3"}, {"4", "5", "NULL"}}}
	if !cmp.Equal(got, want) {
		t.Errorf("%+v, want %+v", got, want)
	}
}

// TestNormalizeNames: NormalizeNames gives the names DuckDB's
// normalize_names gives, sniffed or not, and the prompt of such a read
// reads the same names without it.
func TestNormalizeNames(t *testing.T) {
	path := writeFile(t, "n.csv", []byte("First Name,Total $,2020,select,a  b,Ünï,,x.y-z,  ,dup,DUP\n"+
		"ann,1,2,3,4,5,6,7,8,9,10\nbob,1,2,3,4,5,6,7,8,9,10\n"))
	want := []string{"first_name", "total", "_2020", "_select", "a_b", "uni", "column06", "xyz", "_", "dup", "dup_1"}
	for _, o := range []Options{{NormalizeNames: true}, {NormalizeNames: true, AutoDetect: Off, Header: On}} {
		r, err := Open(path, o)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, c := range r.Schema() {
			names = append(names, c.Name)
		}
		prompt := r.Prompt()
		r.Close()
		if !cmp.Equal(names, want) {
			t.Errorf("AutoDetect %v: %q, want %q", o.AutoDetect, names, want)
		}
		if prompt.NormalizeNames || !slices.Contains(prompt.Flags(), "--header=true") {
			t.Errorf("the prompt: %v", prompt.Flags())
		}
		again := openAll(t, path, prompt)
		if len(again.Schema) != len(want) || !strings.HasPrefix(again.Schema[0], "first_name:") || again.Err != "" {
			t.Errorf("read with the prompt: %v %s", again.Schema, again.Err)
		}
	}
	// Without it, the header's values as they are, trimmed.
	got := openAll(t, path, Options{})
	if got.Schema[0] != "First Name:VARCHAR" || got.Schema[8] != "column08:BIGINT" {
		t.Errorf("without NormalizeNames: %v", got.Schema)
	}
	flags := Options{Names: []string{"a", "b"}, NormalizeNames: true}.Flags()
	if !slices.Contains(flags, "--names=a,b") || !slices.Contains(flags, "--normalize-names=true") {
		t.Errorf("Flags: %v", flags)
	}
}

// TestTypesWithoutSniffing: Types applies to the columns of a read
// without sniffing too (it was left out: the columns are only known at
// the first row), and a name that is no column is an error there too.
func TestTypesWithoutSniffing(t *testing.T) {
	path := writeFile(t, "t.csv", []byte("a,b\n1,2\n"))
	got := openAll(t, path, Options{AutoDetect: Off, Header: On, Types: map[string]string{"b": "BIGINT"}})
	if want := []string{"a:VARCHAR", "b:BIGINT"}; !cmp.Equal(got.Schema, want) {
		t.Errorf("%v %s, want %v", got.Schema, got.Err, want)
	}
	_, err := Open(path, Options{AutoDetect: Off, Header: On, Types: map[string]string{"nope": "BIGINT"}})
	if !errors.Is(err, ErrOption) {
		t.Errorf("Types naming no column: %v", err)
	}
}
