package typed

import (
	"strings"
	"testing"

	"github.com/csvscan/csvscan/scanner"
)

// TestRejectTextBounded: a reject keeps at most scanner.MaxErrorText bytes
// of its row (CSVLine) and of the value its cast message quotes, as a
// scan's errors keep at most that much of a row: a CAST reject of a row of
// a 1 MB value held 1 MB of CSVLine and 1 MB of Message, so 200 such rows
// with StoreRejects took 620 MB of RSS for a 200 MB file, and the error
// without IgnoreErrors was a megabyte long.
func TestRejectTextBounded(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	quoted := strings.Repeat("a,\"", 1<<18) // a value that must be quoted, its quotes doubled
	in := "1,2\n1," + big + "\n1,\"" + strings.ReplaceAll(quoted, "\"", "\"\"") + "\"\n3,4\n"
	for _, ignore := range []bool{true, false} {
		r := typedBytes(t, []byte(in), scanner.Options{}, Options{Schema: typedSchema(TypeBigInt, TypeBigInt), IgnoreErrors: ignore, StoreRejects: ignore})
		for {
			c, err := r.Next()
			if err != nil {
				if !ignore && len(err.Error()) > 2*scanner.MaxErrorText {
					t.Errorf("an error of %d bytes", len(err.Error()))
				}
				break
			}
			_ = c
		}
		if !ignore {
			continue
		}
		if len(r.Rejects()) != 2 {
			t.Fatalf("%d rejects, want 2", len(r.Rejects()))
		}
		for i, rj := range r.Rejects() {
			if len(rj.CSVLine) > scanner.MaxErrorText || len(rj.Message) > scanner.MaxErrorText+200 {
				t.Errorf("reject %d: CSVLine of %d bytes, Message of %d", i, len(rj.CSVLine), len(rj.Message))
			}
			if !strings.HasPrefix(rj.CSVLine, "1,") || !strings.HasPrefix(rj.Message, `Error when converting column`) {
				t.Errorf("reject %d: %.40q, %.60q", i, rj.CSVLine, rj.Message)
			}
		}
	}
}
