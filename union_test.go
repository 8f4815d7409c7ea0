package csvscan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// unionFiles are the one-column files of TestUnionByNameTypes: a column
// x of each type the sniffer detects, and one with no value ("empty").
var unionFiles = map[string]string{
	"bigint":      "x\n1\n2\n",
	"double":      "x\n1.5\n2.25\n",
	"varchar":     "x\nabc\ndef\n",
	"date":        "x\n2024-01-02\n2024-03-04\n",
	"timestamp":   "x\n2024-01-02 10:11:12\n2024-03-04 01:02:03\n",
	"boolean":     "x\ntrue\nfalse\n",
	"time":        "x\n10:11:12\n01:02:03\n",
	"timestamptz": "x\n2024-01-02 10:11:12+02\n2024-03-04 01:02:03+00\n",
	"empty":       "x\n\n\n",
}

// TestUnionByNameTypes: OpenFiles with UnionByName gives a column whose
// type differs between two files the type DuckDB 1.5.6 gives it, and the
// values DuckDB gives (rendered as DuckDB's x::VARCHAR, NULL for NULL, in
// file order). The DuckDB column holds DuckDB 1.5.6's answers, literally:
//
//	SET threads=1; SET TimeZone='UTC';
//	SELECT typeof(x), coalesce(x::VARCHAR, 'NULL')
//	FROM read_csv(['a.csv', 'b.csv'], union_by_name=true)
//
// Where DuckDB picks a type that then fails to cast the other file's
// values, or turns them into NULLs, csvscan reads VARCHAR and keeps every
// value; those rows give csvscan's answer and the reason.
func TestUnionByNameTypes(t *testing.T) {
	dir := t.TempDir()
	for name, data := range unionFiles {
		if err := os.WriteFile(filepath.Join(dir, name+".csv"), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		a, b   string
		duckdb string // DuckDB 1.5.6: "TYPE | values" or "ERROR ..."
		want   string // csvscan's answer where it differs, else ""
		why    string
	}{
		{"bigint", "double", "DOUBLE | 1.0;2.0;1.5;2.25", "", ""},
		{"bigint", "varchar", "VARCHAR | 1;2;abc;def", "", ""},
		{"bigint", "date", "ERROR string \"1\" to 'DATE'", "VARCHAR | 1;2;2024-01-02;2024-03-04", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"bigint", "timestamp", "ERROR string \"1\" to 'TIMESTAMP'", "VARCHAR | 1;2;2024-01-02 10:11:12;2024-03-04 01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"bigint", "boolean", "ERROR string \"true\" to 'BIGINT'", "VARCHAR | 1;2;true;false", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"bigint", "time", "ERROR string \"1\" to 'TIME'", "VARCHAR | 1;2;10:11:12;01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"bigint", "timestamptz", "TIMESTAMP WITH TIME ZONE | NULL;NULL;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "VARCHAR | 1;2;2024-01-02 10:11:12+02;2024-03-04 01:02:03+00", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"bigint", "empty", "BIGINT | 1;2;NULL;NULL", "", ""},
		{"double", "bigint", "DOUBLE | 1.5;2.25;1.0;2.0", "", ""},
		{"double", "varchar", "VARCHAR | 1.5;2.25;abc;def", "", ""},
		{"double", "date", "ERROR string \"1.5\" to 'DATE'", "VARCHAR | 1.5;2.25;2024-01-02;2024-03-04", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"double", "timestamp", "ERROR string \"1.5\" to 'TIMESTAMP'", "VARCHAR | 1.5;2.25;2024-01-02 10:11:12;2024-03-04 01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"double", "boolean", "ERROR string \"true\" to 'DOUBLE'", "VARCHAR | 1.5;2.25;true;false", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"double", "time", "ERROR string \"1.5\" to 'TIME'", "VARCHAR | 1.5;2.25;10:11:12;01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"double", "timestamptz", "TIMESTAMP WITH TIME ZONE | NULL;NULL;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "VARCHAR | 1.5;2.25;2024-01-02 10:11:12+02;2024-03-04 01:02:03+00", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"double", "empty", "DOUBLE | 1.5;2.25;NULL;NULL", "", ""},
		{"varchar", "bigint", "VARCHAR | abc;def;1;2", "", ""},
		{"varchar", "double", "VARCHAR | abc;def;1.5;2.25", "", ""},
		{"varchar", "date", "VARCHAR | abc;def;2024-01-02;2024-03-04", "", ""},
		{"varchar", "timestamp", "VARCHAR | abc;def;2024-01-02 10:11:12;2024-03-04 01:02:03", "", ""},
		{"varchar", "boolean", "VARCHAR | abc;def;true;false", "", ""},
		{"varchar", "time", "VARCHAR | abc;def;10:11:12;01:02:03", "", ""},
		{"varchar", "timestamptz", "VARCHAR | abc;def;2024-01-02 10:11:12+02;2024-03-04 01:02:03+00", "", ""},
		{"varchar", "empty", "VARCHAR | abc;def;NULL;NULL", "", ""},
		{"date", "bigint", "ERROR string \"1\" to 'DATE'", "VARCHAR | 2024-01-02;2024-03-04;1;2", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"date", "double", "ERROR string \"1.5\" to 'DATE'", "VARCHAR | 2024-01-02;2024-03-04;1.5;2.25", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"date", "varchar", "VARCHAR | 2024-01-02;2024-03-04;abc;def", "", ""},
		{"date", "timestamp", "TIMESTAMP | 2024-01-02 00:00:00;2024-03-04 00:00:00;2024-01-02 10:11:12;2024-03-04 01:02:03", "", ""},
		{"date", "boolean", "ERROR string \"true\" to 'DATE'", "VARCHAR | 2024-01-02;2024-03-04;true;false", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"date", "time", "ERROR string \"10:11:12\" to 'DATE'", "VARCHAR | 2024-01-02;2024-03-04;10:11:12;01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"date", "timestamptz", "TIMESTAMP WITH TIME ZONE | 2024-01-02 00:00:00+00;2024-03-04 00:00:00+00;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "", ""},
		{"date", "empty", "DATE | 2024-01-02;2024-03-04;NULL;NULL", "", ""},
		{"timestamp", "bigint", "ERROR string \"1\" to 'TIMESTAMP'", "VARCHAR | 2024-01-02 10:11:12;2024-03-04 01:02:03;1;2", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"timestamp", "double", "ERROR string \"1.5\" to 'TIMESTAMP'", "VARCHAR | 2024-01-02 10:11:12;2024-03-04 01:02:03;1.5;2.25", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"timestamp", "varchar", "VARCHAR | 2024-01-02 10:11:12;2024-03-04 01:02:03;abc;def", "", ""},
		{"timestamp", "date", "TIMESTAMP | 2024-01-02 10:11:12;2024-03-04 01:02:03;2024-01-02 00:00:00;2024-03-04 00:00:00", "", ""},
		{"timestamp", "boolean", "ERROR string \"true\" to 'TIMESTAMP'", "VARCHAR | 2024-01-02 10:11:12;2024-03-04 01:02:03;true;false", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"timestamp", "time", "ERROR string \"10:11:12\" to 'TIMESTAMP'", "VARCHAR | 2024-01-02 10:11:12;2024-03-04 01:02:03;10:11:12;01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"timestamp", "timestamptz", "TIMESTAMP WITH TIME ZONE | 2024-01-02 10:11:12+00;2024-03-04 01:02:03+00;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "", ""},
		{"timestamp", "empty", "TIMESTAMP | 2024-01-02 10:11:12;2024-03-04 01:02:03;NULL;NULL", "", ""},
		{"boolean", "bigint", "ERROR string \"true\" to 'BIGINT'", "VARCHAR | true;false;1;2", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"boolean", "double", "ERROR string \"true\" to 'DOUBLE'", "VARCHAR | true;false;1.5;2.25", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"boolean", "varchar", "VARCHAR | true;false;abc;def", "", ""},
		{"boolean", "date", "ERROR string \"true\" to 'DATE'", "VARCHAR | true;false;2024-01-02;2024-03-04", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"boolean", "timestamp", "ERROR string \"true\" to 'TIMESTAMP'", "VARCHAR | true;false;2024-01-02 10:11:12;2024-03-04 01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"boolean", "time", "ERROR string \"true\" to 'TIME'", "VARCHAR | true;false;10:11:12;01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"boolean", "timestamptz", "TIMESTAMP WITH TIME ZONE | NULL;NULL;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "VARCHAR | true;false;2024-01-02 10:11:12+02;2024-03-04 01:02:03+00", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"boolean", "empty", "BOOLEAN | true;false;NULL;NULL", "", ""},
		{"time", "bigint", "ERROR string \"1\" to 'TIME'", "VARCHAR | 10:11:12;01:02:03;1;2", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"time", "double", "ERROR string \"1.5\" to 'TIME'", "VARCHAR | 10:11:12;01:02:03;1.5;2.25", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"time", "varchar", "VARCHAR | 10:11:12;01:02:03;abc;def", "", ""},
		{"time", "date", "ERROR string \"10:11:12\" to 'DATE'", "VARCHAR | 10:11:12;01:02:03;2024-01-02;2024-03-04", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"time", "timestamp", "ERROR string \"10:11:12\" to 'TIMESTAMP'", "VARCHAR | 10:11:12;01:02:03;2024-01-02 10:11:12;2024-03-04 01:02:03", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"time", "boolean", "ERROR string \"true\" to 'TIME'", "VARCHAR | 10:11:12;01:02:03;true;false", "DuckDB picks a type that fails on the other file's values: VARCHAR reads them"},
		{"time", "timestamptz", "TIMESTAMP WITH TIME ZONE | NULL;NULL;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "VARCHAR | 10:11:12;01:02:03;2024-01-02 10:11:12+02;2024-03-04 01:02:03+00", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"time", "empty", "TIME | 10:11:12;01:02:03;NULL;NULL", "", ""},
		{"timestamptz", "bigint", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;NULL;NULL", "VARCHAR | 2024-01-02 10:11:12+02;2024-03-04 01:02:03+00;1;2", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"timestamptz", "double", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;NULL;NULL", "VARCHAR | 2024-01-02 10:11:12+02;2024-03-04 01:02:03+00;1.5;2.25", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"timestamptz", "varchar", "VARCHAR | 2024-01-02 10:11:12+02;2024-03-04 01:02:03+00;abc;def", "", ""},
		{"timestamptz", "date", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;2024-01-02 00:00:00+00;2024-03-04 00:00:00+00", "", ""},
		{"timestamptz", "timestamp", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;2024-01-02 10:11:12+00;2024-03-04 01:02:03+00", "", ""},
		{"timestamptz", "boolean", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;NULL;NULL", "VARCHAR | 2024-01-02 10:11:12+02;2024-03-04 01:02:03+00;true;false", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"timestamptz", "time", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;NULL;NULL", "VARCHAR | 2024-01-02 10:11:12+02;2024-03-04 01:02:03+00;10:11:12;01:02:03", "DuckDB turns the other file's values into NULLs: VARCHAR keeps them"},
		{"timestamptz", "empty", "TIMESTAMP WITH TIME ZONE | 2024-01-02 08:11:12+00;2024-03-04 01:02:03+00;NULL;NULL", "", ""},
		{"empty", "bigint", "BIGINT | NULL;NULL;1;2", "", ""},
		{"empty", "double", "DOUBLE | NULL;NULL;1.5;2.25", "", ""},
		{"empty", "varchar", "VARCHAR | NULL;NULL;abc;def", "", ""},
		{"empty", "date", "DATE | NULL;NULL;2024-01-02;2024-03-04", "", ""},
		{"empty", "timestamp", "TIMESTAMP | NULL;NULL;2024-01-02 10:11:12;2024-03-04 01:02:03", "", ""},
		{"empty", "boolean", "BOOLEAN | NULL;NULL;true;false", "", ""},
		{"empty", "time", "TIME | NULL;NULL;10:11:12;01:02:03", "", ""},
		{"empty", "timestamptz", "TIMESTAMP WITH TIME ZONE | NULL;NULL;2024-01-02 08:11:12+00;2024-03-04 01:02:03+00", "", ""},
	}
	for _, tt := range tests {
		r, err := OpenFiles([]string{filepath.Join(dir, tt.a+".csv"), filepath.Join(dir, tt.b+".csv")}, Options{UnionByName: true})
		if err != nil {
			t.Errorf("%s + %s: %v", tt.a, tt.b, err)
			continue
		}
		typ := r.Schema()[0].TypeName()
		if typ == "TIMESTAMPTZ" {
			typ = "TIMESTAMP WITH TIME ZONE" // DuckDB's typeof
		}
		var vals []string
		for c, err := range r.Chunks() {
			if err != nil {
				vals = append(vals, "ERROR "+err.Error())
				break
			}
			for i := 0; i < c.Len(); i++ {
				vals = append(vals, string(c.Columns[0].AppendText(nil, i)))
			}
		}
		r.Close()
		got := typ + " | " + strings.Join(vals, ";")
		want := tt.duckdb
		if tt.want != "" {
			want = tt.want
		}
		if got != want {
			t.Errorf("%s + %s: %q, want %q (DuckDB 1.5.6: %q)", tt.a, tt.b, got, want, tt.duckdb)
		}
	}
}
