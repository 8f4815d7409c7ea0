// Package doccheck holds tests, and nothing else, that keep csvscan's
// documentation complete and true to itself:
//
//   - TestDocComments: every package of the module has a package doc
//     comment, and every exported top-level identifier (function, method of
//     an exported type, type, constant, variable) has a doc comment. It
//     parses the source files with go/parser, so it needs no build and
//     checks files of every build tag, and lists each violation as
//     path:line: what has no doc comment.
//
//   - TestReadingOrder: each numbered page of the guided tour (docs/NN-*.md)
//     is titled "Step N", no two pages share a number, and the reading
//     order of docs/README.md gives item N the page NN.
//
//   - TestNoPrivateNames: the pages under docs/ and the README name no
//     source document a reader of the project cannot look up ("seed 004").
//
//   - TestErrorPrefix: every error message of the library starts with
//     "csvscan: " but the kinds (bare phrases, always wrapped in a message
//     that says where) and the drop-in scanner/csv's (encoding/csv's own);
//     docs/reading-rules.md states the convention.
//
//     go test ./internal/doccheck
package doccheck
