package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"
)

// measurement is the timings of one engine answering one query about one
// fixture.
type measurement struct {
	fx     fixture
	q      query
	engine string
	answer int64
	secs   []float64 // one per timed run, sorted
}

func (m measurement) min() float64 { return m.secs[0] }
func (m measurement) max() float64 { return m.secs[len(m.secs)-1] }

// median returns the middle time, or the mean of the two middle times.
func (m measurement) median() float64 {
	n := len(m.secs)
	if n%2 == 1 {
		return m.secs[n/2]
	}
	return (m.secs[n/2-1] + m.secs[n/2]) / 2
}

// gbps returns the throughput of a run that took secs: file bytes per
// second, in GB (10^9 bytes).
func (m measurement) gbps(secs float64) float64 { return float64(m.fx.size) / secs / 1e9 }

// mismatchError reports engines that disagree about an answer: the
// benchmark is void, since at least one of them read the file wrong.
type mismatchError struct {
	fx             fixture
	q              query
	engine, refEng string
	got, want      int64
}

func (e *mismatchError) Error() string {
	return fmt.Sprintf("ANSWER MISMATCH on %s (%s), query %s: %s answered %d, %s answered %d",
		e.fx.name, e.fx.path, e.q, e.engine, e.got, e.refEng, e.want)
}

// measure runs every engine once to warm up (the file is then in the page
// cache), then runs rounds of every engine in turn, each round starting one
// engine further on, so that slow drifts of a shared machine spread over all
// engines. Every answer of every run must equal the first engine's; if not,
// measure returns a *mismatchError.
func measure(ctx context.Context, fx fixture, q query, engines []engine, runs int) ([]measurement, error) {
	ms := make([]measurement, len(engines))
	for i, e := range engines {
		ms[i] = measurement{fx: fx, q: q, engine: e.name}
	}
	var want int64 // the first engine's answer at its warm-up run
	haveWant := false
	check := func(i int, got int64) error {
		if !haveWant {
			want, haveWant = got, true
		}
		if got != want {
			return &mismatchError{fx: fx, q: q, engine: engines[i].name, refEng: engines[0].name, got: got, want: want}
		}
		ms[i].answer = got
		return nil
	}
	once := func(i int) (float64, error) {
		runtime.GC() // no garbage of the previous run is collected during this one
		start := time.Now()
		got, err := engines[i].run(ctx, fx, q)
		secs := time.Since(start).Seconds()
		if err != nil {
			return 0, fmt.Errorf("%s on %s, query %s: %w", engines[i].name, fx.name, q, err)
		}
		return secs, check(i, got)
	}
	for i := range engines {
		if _, err := once(i); err != nil {
			return nil, err
		}
	}
	for r := range runs {
		for k := range engines {
			i := (r + k) % len(engines)
			secs, err := once(i)
			if err != nil {
				return nil, err
			}
			ms[i].secs = append(ms[i].secs, secs)
		}
	}
	for i := range ms {
		slices.Sort(ms[i].secs)
	}
	return ms, nil
}
