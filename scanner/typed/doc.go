// Package typed casts the raw rows of a scan into typed columns: chunks of
// up to 2048 rows stored column by column with DuckDB's types, as DuckDB's
// CSV reader fills its DataChunks.
//
// Where it sits:
//
//	scanner.Scanner, Parallel or Block ─► raw rows ─► typed.Reader ─► *Chunk (typed columns)
//	                                                        └───────► []Reject (bad rows)
//
// The front door (package csvscan) composes it with the sniffer, which
// finds the Schema; use this package directly when the schema is known
// and the rows come from a scanner you configured yourself.
//
// Each value is cast from the row's bytes straight into its column's
// Vector; numbers, dates and times allocate nothing. A row that cannot be
// used (a value that does not cast, too few or too many values, invalid
// UTF-8 in a VARCHAR column) stops the read with a *RowError, or with
// Options.IgnoreErrors is written like any other and then removed from
// its chunk by a selection vector (selection.go), and kept as a Reject
// with Options.StoreRejects, as DuckDB's reject tables keep it. NULL
// strings, forced not-null columns, date and timestamp formats and the
// decimal comma are options (read_csv's names).
//
// The row source is an interface (Rows): the reader uses what else the
// source can tell (quoting, positions, line numbers, skipped bad rows;
// source.go lists those contracts). One Reader per worker can cast the
// blocks of scanner.Parallel.Each, with Reset between blocks.
//
// Basic use:
//
//	s, err := scanner.New(file, scanner.Options{Header: true, FieldsPerRow: -1})
//	if err != nil { ... }
//	schema, err := typed.ParseSchema("id:BIGINT,price:DECIMAL(15,2),day:DATE")
//	if err != nil { ... }
//	r, err := typed.NewReader(s, typed.Options{Schema: schema})
//	if err != nil { ... }
//	for c, err := range r.Chunks() {
//		if err != nil { ... }      // a *typed.RowError, or the scan's error
//		ids := c.Columns[0].Ints   // valid until the next chunk (c.Clone keeps one)
//		...
//	}
package typed
