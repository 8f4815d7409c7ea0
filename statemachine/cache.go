package statemachine

import (
	"sync"

	"github.com/csvscan/csvscan/dialect"
	"github.com/dgraph-io/ristretto/v2"
)

// tableCost is what one table counts against the cache's budget, in bytes.
const tableCost = 256*NumStates + 3*256 + 128

// Cache maps dialects to their tables. Building a table costs more than
// reading a small file, so the process keeps one Cache (see For); tests and
// long-running programs can make their own with NewCache.
//
// The cache is keyed by Dialect.Hash. Ristretto may drop a Set (admission
// policy, full buffers) and two dialects could share a hash, so Table always
// compares the stored dialect and builds the table itself on a miss: the
// answer is always the right table, the cache only saves work.
type Cache struct {
	c *ristretto.Cache[uint64, *Table]
}

// NewCache returns a cache that holds at most maxBytes worth of tables
// (each about 5.8 KB).
func NewCache(maxBytes int64) (*Cache, error) {
	if maxBytes < tableCost {
		maxBytes = tableCost
	}
	items := maxBytes / tableCost
	c, err := ristretto.NewCache(&ristretto.Config[uint64, *Table]{
		NumCounters: 10 * items, // ristretto's advice: ten times the items held
		MaxCost:     maxBytes,
		BufferItems: 64,
	})
	if err != nil {
		return nil, err
	}
	return &Cache{c: c}, nil
}

// Table returns the table of d, from the cache when it is there, built (and
// offered to the cache) when it is not.
func (c *Cache) Table(d dialect.Dialect) (*Table, error) {
	h := d.Hash()
	if t, ok := c.c.Get(h); ok && t.dialect == d {
		return t, nil
	}
	t, err := Build(d)
	if err != nil {
		return nil, err
	}
	// Ristretto applies a Set from a buffer, later, on its own goroutine:
	// without Wait, a Table call right after this one (a scanner made
	// again for the same dialect) could miss and build the table again.
	// A miss is rare (once per dialect), so the wait costs nothing that
	// matters.
	if c.c.Set(h, t, tableCost) {
		c.c.Wait()
	}
	return t, nil
}

// Wait blocks until every Set made so far has been applied or dropped.
func (c *Cache) Wait() { c.c.Wait() }

// Close stops the cache's goroutines. Table must not be called after Close.
func (c *Cache) Close() { c.c.Close() }

// DefaultCacheBytes bounds the process-wide cache: about 700 tables.
const DefaultCacheBytes = 4 << 20

var (
	defaultOnce  sync.Once
	defaultCache *Cache
	defaultErr   error
)

// For returns the table of d from the process-wide cache, building it on a
// miss. It is safe for concurrent use.
func For(d dialect.Dialect) (*Table, error) {
	defaultOnce.Do(func() {
		defaultCache, defaultErr = NewCache(DefaultCacheBytes)
	})
	if defaultErr != nil {
		return Build(d)
	}
	return defaultCache.Table(d)
}
