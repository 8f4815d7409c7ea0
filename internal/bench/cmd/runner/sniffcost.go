package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/sniff"
)

// sniffCost measures, per fixture, what sniffing costs against reading:
// csvscan's sniff.Sniff on the file (head and windows, as `csvscan scan`
// sniffs before reading), DuckDB's sniff_csv, and a full csvscan count of
// the rows, sequential and with two threads. It writes a Markdown table of
// median times and the sniffer's share of a sniff followed by a scan.
func sniffCost(ctx context.Context, w io.Writer, fixtures []fixture, runs int, d *duck) error {
	median := func(f func() error) (time.Duration, error) {
		var ds []time.Duration
		for i := 0; i <= runs; i++ { // the first run warms up
			t := time.Now()
			if err := f(); err != nil {
				return 0, err
			}
			if i > 0 {
				ds = append(ds, time.Since(t))
			}
		}
		slices.Sort(ds)
		return ds[len(ds)/2], nil
	}
	fmt.Fprintf(w, "| fixture | csvscan sniff | DuckDB sniff_csv | csvscan count, seq | csvscan count, t=2 | sniff / (sniff + count t=2) | sniffed |\n")
	fmt.Fprintf(w, "|---|--:|--:|--:|--:|--:|---|\n")
	for _, fx := range fixtures {
		var res *sniff.Result
		ts, err := median(func() error {
			f, err := os.Open(fx.path)
			if err != nil {
				return err
			}
			defer f.Close()
			res, err = sniff.Sniff(f, fx.size, sniff.Options{})
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: sniff: %w", fx.name, err)
		}
		td, err := median(func() error {
			var n int
			return d.db.QueryRowContext(ctx, fmt.Sprintf("SELECT count(*) FROM sniff_csv('%s')", strings.ReplaceAll(fx.path, "'", "''"))).Scan(&n)
		})
		if err != nil {
			return fmt.Errorf("%s: DuckDB sniff_csv: %w", fx.name, err)
		}
		opts := scanner.Options{Dialect: res.Dialect, Header: res.HasHeader, SkipRows: res.SkipRows}
		tseq, err := median(func() error {
			_, err := runSequentialWith(fx, opts)
			return err
		})
		if err != nil {
			return err
		}
		tpar, err := median(func() error {
			opts.Threads = 2
			_, err := runParallelWith(ctx, fx, opts)
			return err
		})
		if err != nil {
			return err
		}
		cols := make([]string, len(res.Columns))
		for i, c := range res.Columns {
			cols[i] = c.Type.String()
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %.2f%% | %q, header %v, %s |\n", fx.name,
			ts.Round(10*time.Microsecond), td.Round(10*time.Microsecond), tseq.Round(time.Millisecond), tpar.Round(time.Millisecond),
			100*ts.Seconds()/(ts.Seconds()+tpar.Seconds()), res.Dialect.Delimiter, res.HasHeader, strings.Join(cols, " "))
	}
	return nil
}

// runSequentialWith counts the rows of fx with a sequential Scanner.
func runSequentialWith(fx fixture, opts scanner.Options) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s, err := scanner.New(f, opts)
	if err != nil {
		return 0, err
	}
	var n int64
	for s.Scan() {
		n++
	}
	return n, s.Err()
}

// runParallelWith counts the rows of fx with a parallel scan.
func runParallelWith(ctx context.Context, fx fixture, opts scanner.Options) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	p, err := scanner.ScanFile(ctx, f, opts)
	if err != nil {
		return 0, err
	}
	defer p.Close()
	var n int64
	for p.Scan() {
		n++
	}
	return n, p.Err()
}
