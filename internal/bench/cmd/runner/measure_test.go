package main

import (
	"context"
	"errors"
	"testing"
)

// constant returns an engine that always answers n.
func constant(name string, n int64) engine {
	return engine{name, func(context.Context, fixture, query) (int64, error) { return n, nil }}
}

func TestMeasureAgree(t *testing.T) {
	fx := fixture{name: "f", size: 1000}
	ms, err := measure(context.Background(), fx, qCount, []engine{constant("a", 7), constant("b", 7)}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.answer != 7 || len(m.secs) != 3 || m.min() > m.median() || m.median() > m.max() {
			t.Errorf("%s: answer %d, times %v", m.engine, m.answer, m.secs)
		}
	}
}

func TestMeasureMismatch(t *testing.T) {
	fx := fixture{name: "f", size: 1000}
	_, err := measure(context.Background(), fx, qRare, []engine{constant("a", 7), constant("b", 8)}, 1)
	var mm *mismatchError
	if !errors.As(err, &mm) || mm.engine != "b" || mm.got != 8 || mm.want != 7 {
		t.Fatalf("got %v, want a mismatch of b (8) against a (7)", err)
	}
}
