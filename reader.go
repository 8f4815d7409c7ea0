package csvscan

import (
	"context"
	"errors"
	"io"
	"iter"
	"sync"
	"sync/atomic"

	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
	"github.com/csvscan/csvscan/scanner/typed"
	"github.com/csvscan/csvscan/sniff"
)

// Reader reads one CSV input as typed chunks, as DuckDB's read_csv does.
// Open, OpenReader and OpenFiles return one. A Reader is not safe for
// concurrent use; Close may be called from any goroutine.
//
// Read it one way: Chunks (or Next) for typed column vectors, Values for
// rows of Go values, or Raw for the rows' bytes without casting. The
// first read fixes the way; another one then fails with an error.
type Reader struct {
	name     string
	src      *source
	raw      typed.Rows
	typed    chunkReader // *typed.Reader, or *castWorkers for a parallel read
	schema   typed.Schema
	detected Detected
	read     scanner.Options // how the rows are read: the plan's, the sniffer's result applied
	cast     typed.Options   // the sniffer's or the options' schema and formats
	opts     Options         // as given
	shift    position
	mode     string // "", "typed" or "raw"
	err      error
	// closed is set by Close, which may come from another goroutine; mu
	// holds it off while the read is being started (start, typedReader),
	// so that it finds the cancel function and the closers complete.
	closed atomic.Bool
	mu     sync.Mutex
	cancel context.CancelFunc
	// counting is open while Count's parallel scan runs its workers:
	// Close, which stops them, waits for it to close before it closes
	// the file they read (a Parallel closed during Each returns at once).
	counting chan struct{}
	multi    *multi // several files (OpenFiles), or nil
	empty    bool   // the input has no bytes: no rows
	// rawRejects are the rows Raw and Count skipped, with StoreRejects (a
	// typed read keeps its own).
	rawRejects []typed.Reject
	rawTaken   int // rawRejects TakeRejects handed out
}

// chunkReader is a typed read: a *typed.Reader, or the castWorkers of a
// parallel read, which give the same chunks' rows, rejects and error.
type chunkReader interface {
	Next() (*typed.Chunk, error)
	Rejects() []typed.Reject
	TakeRejects() []typed.Reject
}

// position is where a parallel read of a file with a preamble starts: the
// read sees the file from there on, and its positions are moved back by
// that much (lines, and rows: the sequential scanner numbers the skipped
// lines as rows too).
type position struct {
	offset int64
	lines  int
}

// Detected is what a Reader found out about its input: what the sniffer
// detected, or what the options fixed, and how the input was opened.
type Detected struct {
	// Dialect reads the input.
	Dialect dialect.Dialect
	// Skip is the number of lines before the header or the first row.
	Skip int
	// Header says the first row after Skip names the columns.
	Header bool
	// Columns are the names and types the rows are cast to.
	Columns typed.Schema
	// DateFormat and TimestampFormat are the strptime formats of the DATE
	// and TIMESTAMP columns ("" for ISO 8601).
	DateFormat, TimestampFormat string
	// NullPadding says short rows are read with NULLs for their missing
	// values: Options.NullPadding, or the sniffer found short rows.
	NullPadding bool
	// TrailingDelimiter says the data rows end with a delimiter that is no
	// column: their last, empty value is dropped.
	TrailingDelimiter bool
	// Empty says the input has no bytes: it reads as DuckDB reads it, one
	// VARCHAR column (column0, unless Options.Columns) and no rows.
	Empty bool
	// Compression ("none", "gzip", "zstd") and Encoding ("utf-8", "utf-16",
	// "latin-1") say how the bytes were read.
	Compression, Encoding string
	// Sniff is the sniffer's whole result, with its scores; nil when
	// AutoDetect was Off.
	Sniff *sniff.Result
}

// Schema returns the columns' names and types.
func (r *Reader) Schema() typed.Schema { return r.schema }

// Detected returns what was detected, or fixed by the options.
func (r *Reader) Detected() Detected { return r.detected }

// Next returns the next chunk of typed rows, or io.EOF after the last. The
// chunk is valid until the next call; Chunk.Clone keeps one. The rows, in
// file order, their numbers, the rejects and the error do not depend on
// Options.Threads; where the chunks end does (a file read in parallel is
// cast in blocks, whose last chunks are short). With StoreRejects a chunk
// whose rows were all rejected comes with no rows (typed.Reader.Next), so
// that TakeRejects after each chunk holds a chunk's worth of rejects.
func (r *Reader) Next() (*typed.Chunk, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.closed.Load() {
		return nil, r.closedErr()
	}
	if r.empty {
		return nil, io.EOF
	}
	if r.multi != nil {
		r.mode = "typed"
		if r.multi.cur == nil {
			return nil, io.EOF
		}
		c, err := r.multi.next()
		if err != nil && err != io.EOF {
			if r.closed.Load() {
				return nil, r.closedErr()
			}
			r.err = err
		}
		return c, err
	}
	if r.mode == "" {
		r.mode = "typed"
		if err := r.typedReader(); err != nil {
			r.err = err
			return nil, err
		}
	}
	if r.mode != "typed" {
		return nil, errors.New("csvscan: Next after Raw: read a Reader one way")
	}
	c, err := r.typed.Next()
	if err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		if r.closed.Load() {
			// Close ended the read (a worker's error then is its doing).
			return nil, r.closedErr()
		}
		r.err = r.wrap(err)
		return nil, r.err
	}
	return c, nil
}

// scanRows hands every row of s to yield until Close (closed), which may
// come from another goroutine, ends it at the next row. It reports false
// when yield stopped the loop. (A function of its own: in Raw's closure
// the loop ran 10% slower on 16-byte notes.)
func scanRows(s *scanner.Scanner, closed *atomic.Bool, yield func([][]byte, error) bool) bool {
	for !closed.Load() && s.Scan() {
		if !yield(s.Row(), nil) {
			return false
		}
	}
	return true
}

// closedErr records that Close ended the read, for Err, and returns
// ErrClosed.
func (r *Reader) closedErr() error {
	if r.err == nil {
		r.err = ErrClosed
	}
	return ErrClosed
}

// ErrClosed is returned by a read after Close.
var ErrClosed = errors.New("csvscan: the Reader is closed")

// Chunks returns an iterator over the typed chunks, for a range loop. Each
// chunk is valid during its step (Chunk.Clone keeps one); an error ends the
// loop with (nil, err), and the end of input just ends it.
func (r *Reader) Chunks() iter.Seq2[*typed.Chunk, error] {
	return func(yield func(*typed.Chunk, error) bool) {
		for {
			c, err := r.Next()
			if err == io.EOF {
				return
			}
			if !yield(c, err) || err != nil {
				return
			}
		}
	}
}

// Values returns an iterator over the rows as Go values (see
// typed.Vector.Value for the Go type of each column type; NULL is nil).
// The slice is reused: copy it to keep it.
func (r *Reader) Values() iter.Seq2[[]any, error] {
	return func(yield func([]any, error) bool) {
		var row []any
		for c, err := range r.Chunks() {
			if err != nil {
				yield(nil, err)
				return
			}
			if row == nil {
				row = make([]any, len(c.Columns))
			}
			for i := 0; i < c.Len(); i++ {
				if r.closed.Load() {
					// Close, which may come from another goroutine, ends
					// the read at the next row, as Raw's.
					yield(nil, r.closedErr())
					return
				}
				for j := range c.Columns {
					row[j] = c.Columns[j].Value(i)
				}
				if !yield(row, nil) {
					return
				}
			}
		}
	}
}

// Raw returns an iterator over the rows' bytes, uncast: the fast path of
// the raw scanner. A row's values are valid during its step. Rows are held
// to the schema's width by the scanner (NullPadding gives short ones nil
// values, a trailing delimiter's empty value is dropped; a row of another
// width is an error, or skipped with IgnoreErrors); the header is not a
// row. A file is read in parallel from 3 goroutines (Options.Threads) on,
// sequentially with fewer. For several files, each file's values are
// matched to the table's columns by name, nil where a file lacks one.
// The bytes are the input's, not checked for UTF-8 past the part Open
// checks (Values checks every VARCHAR value); Count counts the same rows,
// as DuckDB's count(*) counts rows whatever their bytes (DuckDB 1.5.6:
// 30,011 rows of a file with a value not UTF-8 in row 30,001).
func (r *Reader) Raw() iter.Seq2[[][]byte, error] {
	return func(yield func([][]byte, error) bool) {
		if r.closed.Load() {
			yield(nil, r.closedErr())
			return
		}
		if r.mode == "typed" {
			yield(nil, errors.New("csvscan: Raw after Next: read a Reader one way"))
			return
		}
		if r.multi != nil {
			if r.multi.cur != nil {
				r.mode = "raw"
				r.multi.raw(yield)
			}
			return
		}
		if r.empty {
			return
		}
		if r.mode == "" {
			r.mode = "raw"
			if err := r.start(readRows); err != nil {
				r.err = err
				yield(nil, err)
				return
			}
		}
		taker, _ := r.raw.(typed.BadRowTaker)
		if !r.opts.StoreRejects {
			taker = nil // the scan holds no skipped row (maxBadRows)
		}
		if s, ok := r.raw.(*scanner.Scanner); ok && taker == nil {
			// A sequential read without rejects: no call through an
			// interface, nor for rejects, a row (about a sixth of the
			// time of a row of 16-byte notes).
			if !scanRows(s, &r.closed, yield) {
				return
			}
		} else {
			for !r.closed.Load() {
				more := r.raw.Scan()
				if taker != nil {
					r.keepRejects(taker.TakeBadRows())
				}
				if !more {
					break
				}
				if !yield(r.raw.Row(), nil) {
					return
				}
			}
		}
		if r.closed.Load() {
			// Not the read's error: a read of the closed file fails.
			yield(nil, r.closedErr())
			return
		}
		if err := r.raw.Err(); err != nil {
			r.err = r.wrap(err)
			yield(nil, r.err)
		}
	}
}

// Count reads the input to its end and returns the number of rows Raw
// would give, without making their values; a file read in parallel is
// counted by the workers.
func (r *Reader) Count() (int64, error) {
	if r.closed.Load() {
		return 0, r.closedErr()
	}
	if r.mode != "" {
		return 0, errors.New("csvscan: Count reads the whole input: call it on a Reader not read yet")
	}
	if r.multi != nil {
		r.mode = "raw"
		return r.multi.count()
	}
	if r.empty {
		return 0, nil
	}
	r.mode = "raw"
	if err := r.start(readCount); err != nil {
		r.err = err
		return 0, err
	}
	if p, ok := r.raw.(*scanner.Parallel); ok {
		var n atomic.Int64
		// The blocks' skipped rows are kept in file order as the blocks
		// finish: a block's wait in pending until those before it are
		// kept, and once RejectsLimit is reached the blocks keep none, so
		// that memory holds at most RejectsLimit rejects per block in
		// flight, not every bad row of the file.
		lim := r.opts.RejectsLimit
		var mu sync.Mutex
		pending := map[int][]*scanner.ParseError{}
		next := 0
		var full atomic.Bool
		counting := make(chan struct{})
		r.mu.Lock()
		if r.closed.Load() { // Close came first: its file is closed
			r.mu.Unlock()
			return 0, r.closedErr()
		}
		r.counting = counting
		r.mu.Unlock()
		defer close(counting)
		err := p.Each(func(b *scanner.Block) error {
			k := 0
			var bad []*scanner.ParseError
			for more := true; more; {
				if more = b.Scan(); more {
					k++
				}
				rows := b.TakeBadRows()
				if !r.opts.StoreRejects || full.Load() || lim > 0 && len(bad) >= lim {
					continue // beyond what RejectsLimit keeps
				}
				for _, pe := range rows {
					if !r.headerReject(pe) { // no reject, nor a place of the limit's
						bad = append(bad, pe)
					}
				}
				if lim > 0 && len(bad) > lim {
					clear(bad[lim:])
					bad = bad[:lim:lim]
				}
			}
			n.Add(int64(k))
			mu.Lock()
			defer mu.Unlock()
			pending[b.Index()] = bad
			for {
				q, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				r.keepRejects(q)
			}
			if lim > 0 && r.rawTaken+len(r.rawRejects) >= lim {
				full.Store(true)
			}
			return nil
		})
		if err != nil {
			if r.closed.Load() {
				return n.Load(), r.closedErr() // the scan's error is Close's doing
			}
			r.err = r.wrap(err)
			return n.Load(), r.err
		}
		return n.Load(), nil
	}
	var n int64
	for _, err := range r.Raw() {
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Err returns the error that ended the read, nil at the end of input.
func (r *Reader) Err() error { return r.err }

// Close stops the read and releases the input. It may be called from
// another goroutine; a read after it returns ErrClosed.
func (r *Reader) Close() error {
	if r.closed.Swap(true) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cancel != nil {
		r.cancel()
	}
	if r.counting != nil {
		<-r.counting // the workers stop at the cancel
	}
	if r.multi != nil {
		return r.multi.close()
	}
	return r.src.close()
}
