package swar

// deBruijn64 is a De Bruijn sequence B(2, 6): each of the 64 windows of six
// bits, read from the top of the word, appears once when the word is shifted
// left by 0 to 63.
const deBruijn64 = 0x07EDD5E59A4E28C2

// deBruijnIndex maps the top six bits of deBruijn64<<i to i. It was derived
// by computing (1<<i * deBruijn64) >> 58 for i = 0..63, and the test derives it
// again.
var deBruijnIndex = [64]uint8{
	63, 0, 58, 1, 59, 47, 53, 2, 60, 39, 48, 27, 54, 33, 42, 3,
	61, 51, 37, 40, 49, 18, 28, 20, 55, 30, 34, 11, 43, 14, 22, 4,
	62, 57, 46, 52, 38, 26, 32, 41, 50, 36, 17, 19, 29, 10, 13, 21,
	56, 45, 25, 31, 35, 16, 9, 12, 44, 24, 15, 8, 23, 7, 6, 5,
}

// trailingZerosDeBruijn returns the number of trailing zero bits of x, 64 for
// x == 0, without a count-trailing-zeros instruction: x & -x isolates the
// lowest set bit 1<<i, the multiply shifts the De Bruijn constant left by i,
// and its top six bits index a table holding i. It is the portable form
// DuckDB uses. TrailingZeros, the count-trailing-zeros instruction, was
// faster where measured, so only the tests keep this one: TestTrailingZeros
// checks both, BenchmarkTrailingZeros compares them.
func trailingZerosDeBruijn(x uint64) int {
	if x == 0 {
		return 64
	}
	return int(deBruijnIndex[(x&-x)*deBruijn64>>58])
}
