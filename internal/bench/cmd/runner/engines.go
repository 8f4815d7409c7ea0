package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/csvscan/csvscan"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	_ "github.com/duckdb/duckdb-go/v2" // registers the "duckdb" driver
)

// query is one of the four questions every engine answers about a fixture.
// Each answer is one integer, so the engines can be checked against each
// other.
type query int

const (
	qCount   query = iota // the number of data rows
	qRare                 // the number of rows whose region is "rare"
	qMaxNote              // the largest length of note, in bytes
	qAll                  // the total length of all values: every field read
	qTyped                // every value cast to its column's type (typed.go)
)

var queries = []query{qCount, qRare, qMaxNote, qAll, qTyped}

// String names the query for the tables.
func (q query) String() string {
	switch q {
	case qCount:
		return "count(*)"
	case qRare:
		return "count region='rare'"
	case qMaxNote:
		return "max(length(note))"
	case qAll:
		return "all columns"
	case qTyped:
		return "all columns typed"
	}
	return fmt.Sprintf("query(%d)", int(q))
}

// engine is one way of answering the queries: a library, a configuration
// and a thread count.
type engine struct {
	name string
	run  func(ctx context.Context, fx fixture, q query) (int64, error)
}

// The names of the engines, as the tables show them.
const (
	nameSeq    = "csvscan seq"
	namePar1   = "csvscan par t=1"
	namePar2   = "csvscan par t=2"
	nameDoor2  = "csvscan door t=2"
	nameStd    = "encoding/csv"
	nameDuck1  = "DuckDB t=1"
	nameDuck2  = "DuckDB t=2"
	nameSniff1 = "DuckDB sniff t=1"
	nameSniff2 = "DuckDB sniff t=2"
)

// rareRegion is the region of 1% of the rows, the value qRare counts.
const rareRegion = "rare"

// stdBufSize is encoding/csv's read buffer, as large as the scanner's.
const stdBufSize = scanner.DefaultBufferSize

// goEngines returns the engines that run in Go: csvscan's sequential Scanner,
// its parallel scan with one and two goroutines, the front door
// (csvscan.Open) with two, and encoding/csv.
func goEngines() []engine {
	return []engine{
		{nameSeq, runSequential},
		{namePar1, func(ctx context.Context, fx fixture, q query) (int64, error) {
			return runParallel(ctx, fx, q, 1)
		}},
		{namePar2, func(ctx context.Context, fx fixture, q query) (int64, error) {
			return runParallel(ctx, fx, q, 2)
		}},
		{nameDoor2, func(ctx context.Context, fx fixture, q query) (int64, error) {
			return runDoor(ctx, fx, q, 2)
		}},
		{nameStd, runEncodingCSV},
	}
}

// runDoor answers q through the front door, csvscan.Open with Threads
// threads, the columns and the dialect given (no sniffing, as for "DuckDB
// t=N"): the typed query from its typed chunks (Reader.Chunks, handed out
// in file order), count(*) with Reader.Count, the others from Reader.Raw.
func runDoor(_ context.Context, fx fixture, q query, threads int) (int64, error) {
	cols := schema(fx)
	if q != qTyped {
		for i := range cols {
			cols[i].Type = typed.TypeVarchar
		}
	}
	r, err := csvscan.Open(fx.path, csvscan.Options{Threads: threads, AutoDetect: csvscan.Off, Header: csvscan.On,
		Columns: cols, Delim: ",", Quote: `"`, Escape: `"`})
	if err != nil {
		return 0, err
	}
	defer r.Close()
	switch q {
	case qTyped:
		return tallyChunks(r.Chunks())
	case qCount:
		return r.Count()
	}
	var n int64
	for row, err := range r.Raw() {
		if err != nil {
			return n, err
		}
		switch q {
		case qRare:
			if string(row[regionCol]) == rareRegion {
				n++
			}
		case qMaxNote:
			n = max(n, int64(len(row[noteCol])))
		case qAll:
			for _, v := range row {
				n += int64(len(v))
			}
		}
	}
	return n, nil
}

// runSequential answers q with a sequential Scanner over a buffered file.
func runSequential(_ context.Context, fx fixture, q query) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s, err := scanner.New(bufio.NewReader(f), scanner.Options{Header: true})
	if err != nil {
		return 0, err
	}
	if q == qTyped {
		return tallyTyped(s, fx)
	}
	n := tallyScanner(s, q)
	return n, s.Err()
}

// runParallel answers q with a parallel scan of threads goroutines. The
// answers are order-free sums, so the workers compute them
// (Parallel.Each), as DuckDB's threads do: the typed query with one
// typed.Reader per block.
func runParallel(ctx context.Context, fx fixture, q query, threads int) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	p, err := scanner.ScanFile(ctx, f, scanner.Options{Header: true, Threads: threads})
	if err != nil {
		return 0, err
	}
	defer p.Close()
	var mu sync.Mutex
	var n int64
	// A typed.Reader per worker, Reset for each block: a new one per block
	// would allocate a chunk (2 MB of text for the 1 KiB notes) each time.
	var readers sync.Pool
	err = p.Each(func(b *scanner.Block) error {
		var k int64
		if q == qTyped {
			r, _ := readers.Get().(*typed.Reader)
			var err error
			if r == nil {
				r, err = typed.NewReader(b, typed.Options{Schema: schema(fx)})
			} else {
				err = r.Reset(b)
			}
			if err != nil {
				return err
			}
			k, err = tallyReader(r)
			readers.Put(r)
			if err != nil {
				return err
			}
		} else {
			k = tallyBlock(b, q)
		}
		mu.Lock()
		defer mu.Unlock()
		if q == qMaxNote {
			n = max(n, k)
		} else {
			n += k
		}
		return nil
	})
	return n, err
}

// tallyScanner reads every row of s and answers q. It and tallyBlock are
// the same loops over two concrete types, so no row costs an indirect call.
func tallyScanner(s *scanner.Scanner, q query) int64 {
	var n int64
	switch q {
	case qCount:
		for s.Scan() {
			n++
		}
	case qRare:
		for s.Scan() {
			if string(s.Row()[regionCol]) == rareRegion {
				n++
			}
		}
	case qMaxNote:
		for s.Scan() {
			n = max(n, int64(len(s.Row()[noteCol])))
		}
	case qAll:
		for s.Scan() {
			for _, v := range s.Row() {
				n += int64(len(v))
			}
		}
	}
	return n
}

// tallyBlock is tallyScanner for one block of a parallel scan.
func tallyBlock(p *scanner.Block, q query) int64 {
	var n int64
	switch q {
	case qCount:
		for p.Scan() {
			n++
		}
	case qRare:
		for p.Scan() {
			if string(p.Row()[regionCol]) == rareRegion {
				n++
			}
		}
	case qMaxNote:
		for p.Scan() {
			n = max(n, int64(len(p.Row()[noteCol])))
		}
	case qAll:
		for p.Scan() {
			for _, v := range p.Row() {
				n += int64(len(v))
			}
		}
	}
	return n
}

// runEncodingCSV answers q with encoding/csv, reusing the record slice.
func runEncodingCSV(_ context.Context, fx fixture, q query) (int64, error) {
	f, err := os.Open(fx.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReaderSize(f, stdBufSize))
	r.ReuseRecord = true
	r.FieldsPerRecord = len(fx.columns)
	if _, err := r.Read(); err != nil { // the header
		return 0, err
	}
	types := columnTypes(fx)
	var n int64
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		switch q {
		case qTyped:
			x, err := typedRecord(rec, types)
			if err != nil {
				return n, err
			}
			n += x
		case qCount:
			n++
		case qRare:
			if rec[regionCol] == rareRegion {
				n++
			}
		case qMaxNote:
			n = max(n, int64(len(rec[noteCol])))
		case qAll:
			for _, v := range rec {
				n += int64(len(v))
			}
		}
	}
}

// duck is an in-memory DuckDB database limited to a number of threads. Each
// thread count has its own database, so the engines can take turns without
// changing a setting between runs.
type duck struct {
	db      *sql.DB
	threads int
}

// openDuck opens an in-memory database on one connection and runs
// SET threads=threads on it.
func openDuck(ctx context.Context, threads int) (*duck, error) {
	db, err := sql.Open("duckdb", "")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	if _, err := db.ExecContext(ctx, fmt.Sprintf("SET threads=%d", threads)); err != nil {
		db.Close()
		return nil, err
	}
	var got int
	if err := db.QueryRowContext(ctx, "SELECT current_setting('threads')").Scan(&got); err != nil {
		db.Close()
		return nil, err
	}
	if got != threads {
		db.Close()
		return nil, fmt.Errorf("SET threads=%d left threads at %d", threads, got)
	}
	return &duck{db: db, threads: threads}, nil
}

// version returns DuckDB's version string.
func (d *duck) version(ctx context.Context) (string, error) {
	var v string
	err := d.db.QueryRowContext(ctx, "SELECT version()").Scan(&v)
	return v, err
}

// engine returns the engine that runs the queries on d, with DuckDB's
// sniffer or with the dialect and columns given.
func (d *duck) engine(name string, sniff bool) engine {
	return engine{name, func(ctx context.Context, fx fixture, q query) (int64, error) {
		var v sql.NullInt64
		if err := d.db.QueryRowContext(ctx, duckSQL(fx, q, sniff)).Scan(&v); err != nil {
			return 0, err
		}
		if !v.Valid {
			return 0, errors.New("the query returned NULL")
		}
		return v.Int64, nil
	}}
}

// duckSQL returns the statement that answers q about fx.
//
// With sniff, the source is read_csv('F'), which detects the dialect, the
// header and the column types; for the full read it adds all_varchar=true,
// so that every value is the text the other engines read (a typed id of
// 000000042 reads back as 42) and the answers can be compared. Without
// sniff, the dialect, the header and VARCHAR columns are given.
//
// The full read sums strlen, the byte length, over every column; like the Go
// engines' len it needs each value materialised but not read byte by byte.
func duckSQL(fx fixture, q query, sniff bool) string {
	if q == qTyped {
		return duckTypedSQL(fx, sniff)
	}
	path := strings.ReplaceAll(fx.path, "'", "''")
	var src string
	switch {
	case sniff && q == qAll:
		src = fmt.Sprintf("read_csv('%s', all_varchar=true)", path)
	case sniff:
		src = fmt.Sprintf("read_csv('%s')", path)
	default:
		cols := make([]string, len(fx.columns))
		for i, c := range fx.columns {
			cols[i] = fmt.Sprintf("'%s':'VARCHAR'", c)
		}
		src = fmt.Sprintf(`read_csv('%s', auto_detect=false, header=true, columns={%s}, delim=',', quote='"', escape='"')`,
			path, strings.Join(cols, ", "))
	}
	switch q {
	case qCount:
		return "SELECT count(*) FROM " + src
	case qRare:
		return fmt.Sprintf("SELECT count(*) FROM %s WHERE %s = '%s'", src, fx.columns[regionCol], rareRegion)
	case qMaxNote:
		return fmt.Sprintf("SELECT max(length(%s)) FROM %s", fx.columns[noteCol], src)
	default:
		lens := make([]string, len(fx.columns))
		for i, c := range fx.columns {
			lens[i] = fmt.Sprintf(`strlen("%s")`, c)
		}
		return fmt.Sprintf("SELECT sum(%s)::BIGINT FROM %s", strings.Join(lens, "+"), src)
	}
}
