package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReadingOrder keeps the tour's numbering one number a page: every
// docs/NN-*.md page is titled "Step N", no two pages share a number, and
// the numbered reading order in docs/README.md gives item N the page NN.
func TestReadingOrder(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob(filepath.Join(root, "docs", "[0-9][0-9]-*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("no numbered pages under docs/")
	}
	title := regexp.MustCompile(`(?m)\A# Step (\d+):`)
	byNumber := map[int]string{}
	for _, p := range pages {
		base := filepath.Base(p)
		n, _ := strconv.Atoi(base[:2])
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m := title.FindSubmatch(b)
		if m == nil {
			t.Errorf("%s: the first line is not \"# Step %d: ...\"", base, n)
			continue
		}
		if got, _ := strconv.Atoi(string(m[1])); got != n {
			t.Errorf("%s: titled step %d", base, got)
		}
		if other, ok := byNumber[n]; ok {
			t.Errorf("%s and %s are both step %d", other, base, n)
		}
		byNumber[n] = base
	}

	readme, err := os.ReadFile(filepath.Join(root, "docs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	item := regexp.MustCompile(`(?m)^(\d+)\. \[[^\]]*\]\(([^)]*)\)`)
	seen := map[int]bool{}
	for _, m := range item.FindAllSubmatch(readme, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		link := string(m[2])
		if seen[n] {
			t.Errorf("docs/README.md: item %d twice in the reading order", n)
		}
		seen[n] = true
		if want := byNumber[n]; link != want {
			t.Errorf("docs/README.md: item %d links to %s, want %s (step %d)", n, link, want, n)
		}
	}
	for n, page := range byNumber {
		if !seen[n] {
			t.Errorf("docs/README.md: the reading order has no item %d (%s)", n, page)
		}
	}
	// "step N" in the text of any page names page N.
	mention := regexp.MustCompile(`\[step (\d+)[^\]]*\]\(([^)#]*)`)
	all, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	for _, p := range all {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mention.FindAllSubmatch(b, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			if link := string(m[2]); link != byNumber[n] {
				t.Errorf("%s: a link to step %d goes to %s, not %s", filepath.Base(p), n, link, byNumber[n])
			}
		}
	}
}

// TestNoPrivateNames fails when a page a reader of the project reads names
// a source document only the project's authors have ("seed 004", the file
// names of those documents): say "the benchmark shapes" (defined in
// docs/07-performance.md) or describe the idea instead.
func TestNoPrivateNames(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	private := regexp.MustCompile(`(?i)\bseeds?[ -]?0\d\d\b|\b0\d\d_[0-9a-f]{16}\b|\bseed text\b`)
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	pages = append(pages, filepath.Join(root, "README.md"))
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := private.FindString(line); m != "" {
				rel, _ := filepath.Rel(root, p)
				t.Errorf("%s:%d: %q names a document readers cannot look up", rel, i+1, m)
			}
		}
	}
}
