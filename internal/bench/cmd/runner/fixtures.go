package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/csvscan/csvscan/internal/gen"
	"github.com/csvscan/csvscan/internal/gen/wide"
)

// fixture is one CSV file the engines read. Every fixture has a header and
// the columns id, region and note first, so every query runs on every file.
type fixture struct {
	name    string   // for the tables: "note=256/quoted", "32 columns"
	path    string   // absolute path of the file
	size    int64    // its length in bytes
	columns []string // the header, in order
}

// The positions of the columns the queries read, in every fixture.
const (
	regionCol = 1
	noteCol   = 2
)

// slack is how far past the requested size a complete fixture may end: the
// generators stop after the row that reaches the size, and no row of any
// shape is this long.
const slack = 64 << 10

// fixtureSpec says how to write one fixture.
type fixtureSpec struct {
	name    string
	file    string // base name, without the size and seed
	columns []string
	write   func(w io.Writer, size int64, seed uint64) error
}

// specs returns the seven fixtures: the six benchmark shapes, then the
// 32-column file.
func specs() []fixtureSpec {
	var out []fixtureSpec
	for _, s := range gen.Shapes() {
		out = append(out, fixtureSpec{
			name:    s.String(),
			file:    strings.NewReplacer("=", "", "/", "_").Replace(s.String()),
			columns: strings.Split(strings.TrimSuffix(gen.Header, "\n"), ","),
			write: func(w io.Writer, size int64, seed uint64) error {
				return gen.Write(w, s, size, seed)
			},
		})
	}
	return append(out, fixtureSpec{
		name:    "32 columns",
		file:    "wide32",
		columns: wide.Columns(),
		write:   wide.Write,
	})
}

// prepare returns the fixture of spec in dir, reusing a file of the same
// size and seed when one is there and writing it otherwise. A file is written
// under a temporary name and renamed when complete, so a file with the final
// name is whole.
func prepare(spec fixtureSpec, dir string, size int64, seed uint64) (fixture, error) {
	path := filepath.Join(dir, fmt.Sprintf("%s.size%d.seed%d.csv", spec.file, size, seed))
	fx := fixture{name: spec.name, path: path, columns: spec.columns}
	if st, err := os.Stat(path); err == nil && st.Size() >= size && st.Size() < size+slack {
		fx.size = st.Size()
		return fx, nil
	}
	tmp, err := os.CreateTemp(dir, spec.file+".*.tmp")
	if err != nil {
		return fx, err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if err := spec.write(tmp, size, seed); err != nil {
		tmp.Close()
		return fx, fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fx, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fx, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return fx, err
	}
	fx.size = st.Size()
	return fx, nil
}
