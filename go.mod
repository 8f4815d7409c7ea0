module github.com/csvscan/csvscan

go 1.26.0

require (
	github.com/dgraph-io/ristretto/v2 v2.4.2
	github.com/google/go-cmp v0.7.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
)
