//go:build linux

package buffer

import "golang.org/x/sys/unix"

const mapPopulate = unix.MAP_POPULATE
