package doccheck

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDocComments walks the module and fails listing every package without a
// package doc comment and every exported top-level identifier without a doc
// comment.
func TestDocComments(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	problems, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("%d missing doc comments (paths relative to %s):\n%s",
			len(problems), root, strings.Join(problems, "\n"))
	}
}

// moduleRoot walks up from the working directory (the package's directory
// under go test) to the directory holding go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// check parses the non-test Go files of every package under root and
// returns the violations, sorted, as "path:line: what". The rules:
//
//   - every package has a package doc comment in one of its files (package
//     main included: it documents the command);
//   - every exported function, every exported method of an exported type,
//     and every exported type, constant and variable has a doc comment; in
//     a parenthesised type, const or var block a comment on the block counts
//     for each name in it, as a comment on the name's own line does not (a
//     trailing comment is not a doc comment);
//   - identifiers of package main are not checked (nothing imports them).
//
// It skips directories the go tool ignores (testdata, names starting with
// "." or "_") and nested modules (a directory with its own go.mod).
func check(root string) ([]string, error) {
	var problems []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root {
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		p, err := checkDir(root, path)
		problems = append(problems, p...)
		return err
	})
	slices.Sort(problems)
	return problems, err
}

// checkDir checks the package (or packages) in one directory.
func checkDir(root, dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	type pkg struct {
		files  []*ast.File
		hasDoc bool
		first  string // the first file, for the report
	}
	pkgs := map[string]*pkg{}
	var order []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") ||
			strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		p := pkgs[f.Name.Name]
		if p == nil {
			p = &pkg{first: n}
			pkgs[f.Name.Name] = p
			order = append(order, f.Name.Name)
		}
		p.files = append(p.files, f)
		if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
			p.hasDoc = true
		}
	}
	rel := func(pos token.Pos) string {
		position := fset.Position(pos)
		r, err := filepath.Rel(root, position.Filename)
		if err != nil {
			r = position.Filename
		}
		return fmt.Sprintf("%s:%d", filepath.ToSlash(r), position.Line)
	}
	var problems []string
	for _, name := range order {
		p := pkgs[name]
		if !p.hasDoc {
			r, _ := filepath.Rel(root, dir)
			problems = append(problems, fmt.Sprintf("%s: package %s has no package doc comment",
				filepath.ToSlash(r), name))
		}
		if name == "main" {
			continue
		}
		for _, f := range p.files {
			for _, decl := range f.Decls {
				for _, miss := range undocumented(decl) {
					problems = append(problems, rel(miss.pos)+": "+miss.what+" has no doc comment")
				}
			}
		}
	}
	return problems, nil
}

// missing is one exported identifier without a doc comment.
type missing struct {
	pos  token.Pos
	what string
}

// undocumented returns the exported identifiers of one top-level
// declaration that lack a doc comment.
func undocumented(decl ast.Decl) []missing {
	var out []missing
	switch decl := decl.(type) {
	case *ast.FuncDecl:
		if !decl.Name.IsExported() || hasText(decl.Doc) {
			return nil
		}
		if decl.Recv == nil {
			return []missing{{decl.Name.Pos(), "func " + decl.Name.Name}}
		}
		recv := receiverType(decl.Recv)
		if recv == "" || !ast.IsExported(recv) {
			return nil // a method of an unexported type is not API
		}
		return []missing{{decl.Name.Pos(), "method " + recv + "." + decl.Name.Name}}
	case *ast.GenDecl:
		if decl.Tok == token.IMPORT {
			return nil
		}
		group := hasText(decl.Doc)
		for _, spec := range decl.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				if spec.Name.IsExported() && !group && !hasText(spec.Doc) {
					out = append(out, missing{spec.Name.Pos(), "type " + spec.Name.Name})
				}
			case *ast.ValueSpec:
				if group || hasText(spec.Doc) {
					continue
				}
				for _, n := range spec.Names {
					if n.IsExported() {
						out = append(out, missing{n.Pos(), decl.Tok.String() + " " + n.Name})
					}
				}
			}
		}
	}
	return out
}

// hasText reports whether a comment group holds any text.
func hasText(g *ast.CommentGroup) bool {
	return g != nil && strings.TrimSpace(g.Text()) != ""
}

// receiverType returns the name of a method's receiver type, without a
// pointer or type parameters.
func receiverType(recv *ast.FieldList) string {
	if recv == nil || len(recv.List) == 0 {
		return ""
	}
	x := recv.List[0].Type
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.ParenExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// TestCheckRules runs check on a small module written for the test, with
// one case of every rule.
func TestCheckRules(t *testing.T) {
	root := t.TempDir()
	write := func(path, src string) {
		t.Helper()
		full := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("good/good.go", `// Package good is documented.
package good

// T is documented.
type T struct{}

// M is documented.
func (T) M() {}

func (t *T) m() {}

type hidden struct{}

func (hidden) Exported() {}

// The limits.
const (
	A = 1
	B = 2
)

var (
	// C is documented on its own.
	C = 3
	d = 4
)

// G is generic.
type G[K comparable] struct{}

// Get is documented.
func (G[K]) Get() {}
`)
	write("good/good_test.go", "package good\n\nfunc Undocumented() {}\n")
	write("bad/a.go", `package bad

type T int

func F() {}

func (t *T) M() {}

const (
	X = 1 // a trailing comment is not a doc comment
	y = 2
)

var V, W = 1, 2

type G[K any] struct{}

func (g G[K]) N() {}
`)
	write("bad/b.go", "package bad\n\n// Documented is fine.\nfunc Documented() {}\n")
	write("cmd/tool/main.go", "package main\n\nfunc Exported() {}\n")
	write("testdata/x.go", "package x\n\nfunc Ignored() {}\n")
	write("nested/go.mod", "module example.com/nested\n")
	write("nested/n.go", "package nested\n\nfunc Ignored() {}\n")

	got, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"bad/a.go:14: var V has no doc comment",
		"bad/a.go:14: var W has no doc comment",
		"bad/a.go:16: type G has no doc comment",
		"bad/a.go:18: method G.N has no doc comment",
		"bad/a.go:3: type T has no doc comment",
		"bad/a.go:5: func F has no doc comment",
		"bad/a.go:7: method T.M has no doc comment",
		"bad/a.go:10: const X has no doc comment",
		"bad: package bad has no package doc comment",
		"cmd/tool: package main has no package doc comment",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("check found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
