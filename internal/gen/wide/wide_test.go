package wide

import (
	"bytes"
	"encoding/csv"
	"io"
	"slices"
	"testing"
)

func TestWrite(t *testing.T) {
	var a, b bytes.Buffer
	const size = 1 << 20
	if err := Write(&a, size, 7); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, size, 7); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("the same size and seed gave different bytes")
	}
	if a.Len() < size || a.Len() > size+4096 {
		t.Fatalf("wrote %d bytes for size %d", a.Len(), size)
	}

	r := csv.NewReader(&a)
	r.FieldsPerRecord = NumColumns
	header, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, Columns()) {
		t.Fatalf("header %q, want %q", header, Columns())
	}
	regions := map[string]int{}
	rows := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range rec {
			if v == "" {
				t.Fatalf("row %d: column %s is empty", rows+1, header[i])
			}
		}
		regions[rec[1]]++
		rows++
	}
	if len(regions) != 3 || regions["rare"] == 0 || regions["apac"] < rows/3 {
		t.Errorf("regions %v over %d rows", regions, rows)
	}
}
