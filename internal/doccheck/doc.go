// Package doccheck holds a test, and nothing else, that keeps csvscan's
// documentation complete: every package of the module has a package doc
// comment, and every exported top-level identifier (function, method of an
// exported type, type, constant, variable) has a doc comment.
//
//	go test ./internal/doccheck
//
// The test parses the source files with go/parser, so it needs no build and
// checks files of every build tag. It lists each violation as
// path:line: what has no doc comment.
package doccheck
