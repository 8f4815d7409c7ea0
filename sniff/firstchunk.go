package sniff

import "bytes"

// The first chunk: the rows every candidate dialect is compared on
// (firstRows), and for a large input, whose candidates are compared on
// fewer, the rest of the chunk that the survivors and the fallbacks' candidates
// still read (readingFirstChunk), so that a large input is judged on the
// rows a smaller one would be.

// detectBytes bounds the first chunk of a large input (see firstRows).
const detectBytes = 256 << 10

// firstRows is the number of rows the candidates are compared on: the
// first chunk (chunkRows, DuckDB's 2,048), or for a large input
// (Sniff over 16 MiB, whose head DefaultSampleBytes cuts) the lines that
// start in its first detectBytes when they are fewer: 250 rows of 1 KB
// tell the dialect as well as 2,048 do, at an eighth of the cost for each
// of the dozen candidates that read them. The line that runs past
// detectBytes is one of them: when it is longer than the maximum line
// size, the candidates fail on it as they do on the same bytes of a
// smaller input or a stream (it used to be left to refine, which a single
// candidate skips, so that Sniff found a dialect where SniffReader said
// that no dialect reads the line). The candidates left after it read the
// rest of the first chunk (readingFirstChunk), then the rest of the
// sample (refine).
func (s *session) firstRows(sample []byte) int {
	if !s.large || len(sample) <= detectBytes {
		return chunkRows
	}
	n := bytes.Count(sample[:detectBytes], []byte{'\n'})
	if n == 0 {
		n = bytes.Count(sample[:detectBytes], []byte{'\r'})
	}
	if n == 0 {
		return chunkRows
	}
	return min(chunkRows, n+1)
}

// readFirstChunk reports whether c's table reads the rows of the first
// chunk past the s.first it was compared on, reading them once per shared
// count.
func (s *session) readFirstChunk(c *candidate) bool {
	if s.restRead == nil {
		s.restRead = map[*counter]bool{}
	}
	if !s.restRead[c.ctr] {
		s.restRead[c.ctr] = true
		c.ctr.next(nil, chunkRows-len(c.first))
	}
	return !c.ctr.failed
}

// readingFirstChunk returns the candidates of cands whose tables also read
// the rows of the first chunk past s.first (all of them unless the input
// is large): a row there that no dialect reads (a line over the maximum
// size, a quote that never closes) fails them as it fails the first chunk
// of a smaller input or a stream.
func (s *session) readingFirstChunk(cands []*candidate) []*candidate {
	if s.first >= chunkRows {
		return cands
	}
	kept := cands[:0]
	for _, c := range cands {
		if !s.readFirstChunk(c) {
			s.tracef("the rest of the first chunk drops %s\n", short(c.d))
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// allRead returns s.all, the candidates whose tables read the first
// chunk, without those that fail on its rows past s.first: the fallbacks
// that choose among them (ragged rows, a first table) see the candidates a
// smaller input would give them.
func (s *session) allRead() []*candidate {
	if !s.allChecked {
		s.allChecked = true
		s.all = s.readingFirstChunk(s.all)
	}
	return s.all
}
