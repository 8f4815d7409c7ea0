// Package memtest measures the peak heap of a piece of work and makes the
// hostile inputs of the memory suite on the fly, so that no large file is
// ever written to disk or committed.
//
// It sits beside the tests of every reading path (scanner, the drop-in
// Reader, the typed reader, the sniffer, the front door): each memory test
// streams an input from [Pattern], runs one entry point under [Measure] and
// compares the peak with a bound it states.
//
// Sizes come from [Size]: the small size by default (what CI runs in a few
// seconds), the full size of the reliability issue when the environment
// variable CSVSCAN_MEMORY is "full":
//
//	CSVSCAN_MEMORY=full go test ./... -run Memory -v
//
// Basic use:
//
//	src := memtest.Pattern("a,b\n", "1\n", memtest.Size(1<<20, 200<<20), "")
//	peak, err := memtest.Measure(func() error { _, err := count(src); return err })
//	if peak > 64<<20 { t.Fatalf("peak heap %d", peak) }
package memtest
