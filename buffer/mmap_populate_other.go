//go:build unix && !linux

package buffer

const mapPopulate = 0
