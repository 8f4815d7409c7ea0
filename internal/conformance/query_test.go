package conformance

import (
	"regexp"
	"strings"

	"github.com/csvscan/csvscan/scanner/typed"
)

// query is the shape of an assertion's SQL that the comparison honours.
type query struct {
	// project names the selected columns; nil selects all.
	project []string
	// sorted compares the rows as multisets (ORDER BY, or sqllogictest's
	// rowsort): both sides are sorted the same way.
	sorted bool
	// limit keeps the first rows only; -1 keeps all.
	limit int
}

var (
	// unsupportedClause matches, in SQL whose string literals are blanked,
	// what the comparison cannot reproduce.
	unsupportedClause = regexp.MustCompile(`(?i)\b(where|group\s+by|having|distinct|join|union|except|intersect|offset|qualify|over|exclude|replace|unnest|pivot)\b`)
	orderBy           = regexp.MustCompile(`(?i)\border\s+by\b`)
	copyColumnList    = regexp.MustCompile(`(?i)^\s*copy\s+[\w."]+\s*\(`)
	plainIdent        = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	quotedIdent       = regexp.MustCompile(`^"((?:[^"]|"")*)"$`)
)

// analyzeQuery reads the projection, order and limit of an assertion, or
// says "query" when the SQL does more than select columns of the file
// (WHERE, aggregates other than count(*), expressions, joins, ORDER BY
// together with LIMIT).
func analyzeQuery(a *assertion) (query, skip) {
	q := query{limit: -1}
	sql := stringLiteral.ReplaceAllString(a.SQL, "''")
	if unsupportedClause.MatchString(sql) {
		return q, skipQuery
	}
	switch a.Kind {
	case "copy_row_count":
		if copyColumnList.MatchString(sql) {
			return q, skipQuery
		}
		return q, ""
	case "row_count":
		return q, ""
	}
	if p := strings.TrimSpace(a.Projection); p != "" && p != "*" {
		for _, item := range typed.SplitSchema(p) {
			item = strings.TrimSpace(item)
			switch {
			case plainIdent.MatchString(item):
				q.project = append(q.project, item)
			case quotedIdent.MatchString(item):
				m := quotedIdent.FindStringSubmatch(item)
				q.project = append(q.project, strings.ReplaceAll(m[1], `""`, `"`))
			default:
				return q, skipQuery
			}
		}
	}
	q.sorted = a.OrderBy != "" || a.SortMode == "rowsort" || orderBy.MatchString(sql)
	if a.SortMode != "" && a.SortMode != "rowsort" {
		return q, skipQuery
	}
	if a.Limit != nil {
		if q.sorted {
			return q, skipQuery // the first n in DuckDB's typed order
		}
		q.limit = *a.Limit
	}
	return q, ""
}
