package csvscan

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/csvscan/csvscan/scanner/typed"
)

// OpenFiles reads several files as one table, in order: each element of
// paths is a file or a glob pattern (filepath.Match syntax; its matches
// in lexical order; a pattern that matches nothing is the file of that
// name, if there is one). The first file's columns are the schema unless
// Options.UnionByName (a file of no bytes adds no rows and no columns);
// Options.Filename and Options.HivePartitioning add columns. Each file is sniffed on its own (its dialect and header may
// differ); its values are cast to the schema's types.
func OpenFiles(paths []string, opts Options) (*Reader, error) {
	files, err := expand(paths)
	if err != nil {
		return nil, err
	}
	if _, err := opts.resolve(); err != nil {
		return nil, err
	}
	m := &multi{paths: files, opts: opts}
	if err := m.hivePartitions(); err != nil {
		return nil, err
	}
	var schemas []typed.Schema
	var untyped [][]bool
	var empty typed.Schema // the columns of the first empty file (no bytes)
	if opts.UnionByName {
		// Every file's columns decide the schema: sniff them all now, and
		// read each later with the options its sniff found.
		for _, path := range files {
			r, err := openOne(path, withoutMulti(opts), false)
			if err != nil {
				return nil, err
			}
			if r.Detected().Empty {
				// No bytes, no columns: the one VARCHAR column it reads
				// as is not the table's, unless every file is empty.
				if empty == nil {
					empty = r.Schema()
				}
				schemas = append(schemas, nil)
				untyped = append(untyped, nil)
			} else {
				schemas = append(schemas, r.Schema())
				untyped = append(untyped, noValues(r, opts))
			}
			m.prompts = append(m.prompts, r.Prompt())
			if len(m.prompts) == 1 {
				m.first = r.Detected()
			}
			r.Close()
		}
	}
	if opts.UnionByName {
		// The table's types are known before the first file is read: it is
		// cast to them, as every other file is.
		u := union(schemas, untyped)
		if len(u) == 0 {
			u = empty
		}
		if err := m.setSchema(u); err != nil {
			return nil, err
		}
	}
	first, err := m.open(0)
	if err != nil {
		return nil, err
	}
	if !opts.UnionByName {
		// An empty file adds no rows and has no columns: the table's are
		// those of the first file with bytes (the empty one's, one
		// VARCHAR column, when every file is empty).
		for first.Detected().Empty && m.idx+1 < len(m.paths) {
			first.Close()
			m.idx++
			if first, err = m.open(m.idx); err != nil {
				return nil, err
			}
		}
		m.first = first.Detected()
		if err := m.setSchema(first.Schema()); err != nil {
			first.Close()
			return nil, err
		}
	}
	if err := m.use(first); err != nil {
		first.Close()
		return nil, err
	}
	r := &Reader{name: files[0], multi: m, schema: m.schema, detected: m.first, opts: opts}
	r.detected.Columns = m.schema
	return r, nil
}

// noValues says which columns of r the sniffer typed from no value (all
// empty or NULL in its sample): VARCHAR by default, not a type the values
// chose. Columns the options type are typed.
func noValues(r *Reader, o Options) []bool {
	res := r.Detected().Sniff
	if res == nil || len(o.Columns) > 0 || o.AllVarchar {
		return nil
	}
	out := make([]bool, len(r.Schema()))
	for i, c := range r.Schema() {
		_, given := o.Types[c.Name]
		out[i] = !given && i < len(res.Scores.Types) && res.Scores.Types[i] == 0 && c.Type == typed.TypeVarchar
	}
	return out
}

// withoutMulti is opts for one file of several: the columns OpenFiles adds
// are its own.
func withoutMulti(o Options) Options {
	o.Filename, o.UnionByName, o.HivePartitioning = false, false, Off
	return o
}

// expand turns paths and patterns into files.
func expand(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		if !strings.ContainsAny(p, `*?[\`) {
			files = append(files, p)
			continue
		}
		m, err := filepath.Glob(p)
		if len(m) == 0 {
			// A path with a pattern's characters that matches no file,
			// or is no pattern ("k=[1]/a.csv", "a[b.csv", `a\b.csv`), is
			// read as the file it names, when there is one.
			if _, serr := os.Stat(p); serr == nil {
				files = append(files, p)
				continue
			}
		}
		if err != nil {
			return nil, fmt.Errorf("csvscan: the pattern %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("csvscan: no file matches %q", p)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, errors.New("csvscan: OpenFiles needs at least one file")
	}
	return files, nil
}

// multi is the state of a read of several files.
type multi struct {
	paths    []string
	opts     Options
	prompts  []Options // with UnionByName: how to read each file
	first    Detected
	schema   typed.Schema // of the table: the files' columns, then filename and hive keys
	fileCols int          // how many of schema's columns come from the files
	hiveKeys []hiveKey
	idx      int            // the file being read
	cur      *Reader        // its reader; set under mu (Close reads it)
	mapping  []int          // table column -> the file's column, or -1 for NULL
	same     bool           // the file's columns are the table's, in order (mapping is the identity)
	cols     []typed.Vector // project's columns, reused from chunk to chunk
	rejects  []typed.Reject
	// mu orders the reading goroutine's change of file with a Close from
	// another goroutine: closed is set by close, and a file opened after
	// it is closed at once.
	mu     sync.Mutex
	closed bool
}

// close closes the file being read, and every one opened after it.
func (m *multi) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed = true
	if m.cur != nil {
		return m.cur.Close()
	}
	return nil
}

// setCur makes r the file being read (nil: none); false, with r closed,
// when the table was closed.
func (m *multi) setCur(r *Reader) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed && r != nil {
		r.Close()
		return false
	}
	m.cur = r
	return true
}

// setSchema makes the table's schema: the files' columns, then filename
// and the hive keys. A hive key that names a column of the files replaces
// it, as in DuckDB (the column holds the partition's value, of its type);
// they were two columns of one name. A file column "filename" with
// Options.Filename is an error, as in DuckDB.
func (m *multi) setSchema(cols typed.Schema) error {
	m.schema = slices.Clone(cols)
	m.fileCols = len(m.schema)
	at := firstByName(m.schema)
	if m.opts.Filename {
		if _, ok := at["filename"]; ok {
			return optionError("Filename", "it adds a column \"filename\", and %s has a column of that name: read the files without it", m.paths[0])
		}
		m.schema = append(m.schema, typed.Column{Name: "filename", Type: typed.TypeVarchar})
	}
	for i := range m.hiveKeys {
		k := &m.hiveKeys[i]
		k.col = -1
		if j, ok := at[nameKey(k.name)]; ok {
			k.col = j
			m.schema[j] = typed.Column{Name: k.name, Type: k.typ}
			continue
		}
		m.schema = append(m.schema, typed.Column{Name: k.name, Type: k.typ})
	}
	return nil
}

// replaced reports whether the file column name is replaced by a hive
// key: the files' values are then read as VARCHAR and not used.
func (m *multi) replaced(name string) bool {
	for _, k := range m.hiveKeys {
		if k.col >= 0 && nameKey(k.name) == nameKey(name) {
			return true
		}
	}
	return false
}

// open opens file i. With UnionByName every file's columns take the
// table's types; without, a later file's do.
func (m *multi) open(i int) (*Reader, error) {
	path := m.paths[i]
	var o Options
	switch {
	case m.opts.UnionByName:
		o = m.prompts[i]
		if m.schema != nil {
			at := firstByName(m.schema[:m.fileCols])
			for j, c := range o.Columns {
				if k, ok := at[nameKey(c.Name)]; ok {
					o.Columns[j] = m.schema[k]
					if m.replaced(c.Name) {
						o.Columns[j] = typed.Column{Name: c.Name, Type: typed.TypeVarchar}
					}
				}
			}
		}
	default:
		o = withoutMulti(m.opts)
		if i > 0 && len(o.Columns) == 0 && m.schema != nil {
			o.Types = map[string]string{}
			for _, c := range m.schema[:m.fileCols] {
				o.Types[c.Name] = c.TypeName()
				if m.replaced(c.Name) {
					o.Types[c.Name] = "VARCHAR"
				}
			}
		}
	}
	return openOne(path, o, i > 0)
}

// openOne opens one file of several with options o: Names gives it as many
// names as it has columns, and with anyTypes, Types may name columns it
// lacks (they are the table's).
func openOne(path string, o Options, anyTypes bool) (*Reader, error) {
	p, err := o.resolve()
	if err != nil {
		return nil, err
	}
	p.anyTypes, p.looseNames = anyTypes, true
	src, err := openPath(path, o)
	if errors.Is(err, errEmpty) {
		return emptyReader(path, p, o, err), nil
	}
	if err != nil {
		return nil, err
	}
	r, err := newReader(src, p, o)
	if err != nil {
		src.close()
		return nil, err
	}
	return r, nil
}

// firstByName maps each name of s, as nameKey gives it, to its first
// column: matching the columns of a file of a million columns by a search
// each took hours.
func firstByName(s typed.Schema) map[string]int {
	at := make(map[string]int, len(s))
	for i := len(s) - 1; i >= 0; i-- {
		at[nameKey(s[i].Name)] = i
	}
	return at
}

// use makes r the file being read: it maps the table's columns to its own.
func (m *multi) use(r *Reader) error {
	if !m.setCur(r) {
		return ErrClosed
	}
	m.mapping = make([]int, m.fileCols)
	s := r.Schema()
	var missing []string // the first listNames of them
	lacks := 0
	at := firstByName(s)
	for i, c := range m.schema[:m.fileCols] {
		m.mapping[i] = -1
		if k, ok := at[nameKey(c.Name)]; ok {
			m.mapping[i] = k
		}
		if m.mapping[i] < 0 {
			if len(missing) < listNames {
				missing = append(missing, strconv.Quote(c.Name))
			}
			lacks++
		}
	}
	m.same = len(s) == len(m.schema)
	for i, j := range m.mapping {
		m.same = m.same && i == j
	}
	for _, k := range m.hiveKeys {
		m.same = m.same && k.col < 0
	}
	if lacks > 0 && !m.opts.UnionByName && !r.Detected().Empty {
		return fmt.Errorf("csvscan: %s lacks the column %s of %s; set Options.UnionByName to read files with different columns (missing ones read as NULL)",
			r.name, nameList(missing, lacks), m.paths[0])
	}
	return nil
}

// next returns the next chunk of the table, or io.EOF after the last file.
func (m *multi) next() (*typed.Chunk, error) {
	for {
		c, err := m.cur.Next()
		if err == io.EOF {
			m.rejects = append(m.rejects, m.cur.Rejects()...)
			m.cur.Close()
			if m.idx+1 >= len(m.paths) {
				m.setCur(nil)
				return nil, io.EOF
			}
			m.idx++
			r, err := m.open(m.idx)
			if err != nil {
				return nil, err
			}
			if err := m.use(r); err != nil {
				r.Close()
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		return m.project(c), nil
	}
}

// project builds the table's chunk from a file's: its columns by name,
// NULL for a missing one, then the file name and hive values.
func (m *multi) project(c *typed.Chunk) *typed.Chunk {
	if m.same {
		return c // one file's own columns: a chunk of a million of them is 240 MB of vectors
	}
	n := c.Len()
	if len(m.cols) != len(m.schema) {
		m.cols = make([]typed.Vector, len(m.schema))
	}
	cols := m.cols // the chunk before is no longer valid (Reader.Next)
	for i, j := range m.mapping {
		if j >= 0 {
			cols[i] = c.Columns[j]
		} else {
			cols[i] = typed.NullVector(m.schema[i], n)
		}
	}
	k := m.fileCols
	if m.opts.Filename {
		cols[k] = constant(m.paths[m.idx], n)
		k++
	}
	for _, hk := range m.hiveKeys {
		v := hk.values[m.idx]
		at := k // the column of its value: its own, or the file's it replaces
		if hk.col >= 0 {
			at = hk.col
		} else {
			k++
		}
		switch {
		case hk.nulls[m.idx]:
			cols[at] = typed.NullVector(typed.Column{Type: hk.typ}, n)
		case hk.typ == typed.TypeBigInt:
			iv, _ := strconv.ParseInt(v, 10, 64)
			vec := typed.NullVector(typed.Column{Type: typed.TypeBigInt}, n)
			for i := range vec.Ints {
				vec.Ints[i] = iv
			}
			setValid(vec.Validity, n)
			cols[at] = vec
		case hk.typ == typed.TypeDate:
			t, _ := time.Parse(time.DateOnly, v)
			vec := typed.NullVector(typed.Column{Type: typed.TypeDate}, n)
			for i := range vec.Dates {
				vec.Dates[i] = typed.Date(t.Unix() / 86400)
			}
			setValid(vec.Validity, n)
			cols[at] = vec
		default:
			cols[at] = constant(v, n)
		}
	}
	return typed.NewChunk(cols, c.RowNumbers)
}

// constant is a VARCHAR vector of n copies of s.
func constant(s string, n int) typed.Vector {
	v := typed.NullVector(typed.Column{Type: typed.TypeVarchar}, n)
	v.Data = []byte(strings.Repeat(s, n))
	for i := range v.Offsets {
		v.Offsets[i] = i * len(s)
	}
	setValid(v.Validity, n)
	return v
}

func setValid(m typed.Validity, n int) {
	for i := 0; i < n; i++ {
		m[i>>6] |= 1 << (uint(i) & 63)
	}
}

// raw yields the rows of every file as Raw does, their values matched to
// the table's columns by name (a missing one nil), then the file name
// and the hive values as text.
func (m *multi) raw(yield func([][]byte, error) bool) {
	var out [][]byte
	for {
		for row, err := range m.cur.Raw() {
			if err != nil {
				yield(nil, err)
				return
			}
			out = out[:0]
			for _, j := range m.mapping {
				if j >= 0 && j < len(row) {
					out = append(out, row[j])
				} else {
					out = append(out, nil)
				}
			}
			if m.opts.Filename {
				out = append(out, []byte(m.paths[m.idx]))
			}
			for _, hk := range m.hiveKeys {
				var v []byte // nil: NULL
				if !hk.nulls[m.idx] {
					v = []byte(hk.values[m.idx])
				}
				if hk.col >= 0 {
					out[hk.col] = v
				} else {
					out = append(out, v)
				}
			}
			if !yield(out, nil) {
				return
			}
		}
		if !m.advance(yield) {
			return
		}
	}
}

// count counts the rows of every file as Count does.
func (m *multi) count() (int64, error) {
	var n int64
	for {
		k, err := m.cur.Count()
		n += k
		if err != nil {
			return n, err
		}
		var failed error
		if !m.advance(func(_ [][]byte, err error) bool { failed = err; return false }) {
			return n, failed
		}
	}
}

// advance closes the file read and opens the next; it reports false at
// the end, or after handing an error to yield.
func (m *multi) advance(yield func([][]byte, error) bool) bool {
	m.rejects = append(m.rejects, m.cur.Rejects()...)
	m.cur.Close()
	if m.idx+1 >= len(m.paths) {
		m.setCur(nil)
		return false
	}
	m.idx++
	r, err := m.open(m.idx)
	if err == nil {
		if err = m.use(r); err != nil {
			r.Close()
		}
	}
	if err != nil {
		m.setCur(nil)
		yield(nil, err)
		return false
	}
	return true
}
