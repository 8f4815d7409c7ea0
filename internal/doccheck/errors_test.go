package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// kinds are the sentinel errors that name a kind of failure and reach a
// caller only inside a message that says where (a ParseError, a RowError,
// an option's or an input's error): their text is a bare phrase, as
// io.ErrUnexpectedEOF's is, so that the whole message reads
// "csvscan: row 3, field 2, byte 7: unterminated quote: ...".
var kinds = map[string]bool{
	// scanner.ParseError.Kind
	"ErrUnterminatedQuote": true, "ErrUnquotedValue": true, "ErrInvalidState": true,
	"ErrLineTooLong": true, "ErrFieldCount": true, "ErrInvalidEncoding": true,
	// typed.RowError.Kind and Reject.Kind
	"ErrCast": true, "ErrMissingColumns": true, "ErrTooManyColumns": true, "ErrInvalidUnicode": true,
	// causes wrapped by the messages of their packages
	"ErrFormat": true, "ErrUnknownType": true, "ErrUnsupportedType": true, // internal/cast
	"ErrUnknown": true,                                        // internal/decode
	"ErrOption":  true, "ErrNotUTF8": true, "ErrBinary": true, // the front door
	"ErrInvalid":       true, // dialect.Error's cause
	"ErrTypeCandidate": true, // sniff
}

// TestErrorPrefix holds the library to one convention for error messages:
// every message a caller can see starts with "csvscan: ", whichever
// package made it, except the kinds above (bare phrases, always wrapped)
// and the drop-in scanner/csv, whose errors are encoding/csv's own. A
// message built with fmt.Errorf("%w: ...", err) inherits the prefix of
// err, so it must not wrap a kind first. Tests, commands and the nested
// modules are not checked.
func TestErrorPrefix(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel != "." && strings.HasPrefix(d.Name(), "."),
				rel == "cmd", rel == "beam", rel == "testdata", rel == "docs",
				rel == "internal/bench", rel == "internal/diagram", rel == "internal/gen/cmd",
				rel == "scanner/csv":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		bad = append(bad, unprefixed(fset, rel, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// unprefixed lists the error messages of f that break the convention.
func unprefixed(fset *token.FileSet, rel string, f *ast.File) []string {
	var bad []string
	// The sentinel a var declaration is the value of, by position.
	declared := map[token.Pos]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, v := range vs.Values {
				if i < len(vs.Names) {
					declared[v.Pos()] = vs.Names[i].Name
				}
			}
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		pkg, _ := sel.X.(*ast.Ident)
		if pkg == nil || !(pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf") {
			return true
		}
		lit, ok := call.Args[0].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		msg, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		where := fset.Position(call.Pos())
		at := rel + ":" + strconv.Itoa(where.Line)
		switch {
		case strings.HasPrefix(msg, "csvscan: "):
		case kinds[declared[call.Pos()]]:
		case strings.HasPrefix(msg, "%w") && len(call.Args) > 1:
			if name := identName(call.Args[1]); kinds[name] {
				bad = append(bad, at+": "+strconv.Quote(msg)+" wraps the kind "+name+" first: the message has no csvscan: prefix")
			}
		default:
			bad = append(bad, at+": "+strconv.Quote(msg)+" does not start with \"csvscan: \"")
		}
		return true
	})
	return bad
}

// identName is the name of an identifier or a selector's last part.
func identName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

// TestUnprefixedRules runs the check on a file of every case.
func TestUnprefixedRules(t *testing.T) {
	src := `package p

import ("errors"; "fmt")

var ErrCast = errors.New("cast error")             // a kind: bare
var ErrClosed = errors.New("p: closed")            // bad: another prefix
var errGood = errors.New("csvscan: the input is empty")

func f(n int) error {
	if n == 0 { return fmt.Errorf("%w: at %d", errGood, n) }  // inherits the prefix
	if n == 1 { return fmt.Errorf("%w: at %d", ErrCast, n) }  // bad: a kind first
	if n == 2 { return fmt.Errorf("row %d: %w", n, ErrCast) } // bad: no prefix
	return fmt.Errorf("csvscan: row %d: %w", n, ErrCast)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := unprefixed(fset, "p.go", f)
	want := []string{"p.go:6:", "p.go:11:", "p.go:12:"}
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("violation %d = %q, want it at %s", i, got[i], w)
		}
	}
}
