package csv

// NewArray is newArray, for BenchmarkReader's bound: memory the input is
// read into as the tap reads it.
var NewArray = newArray

// TapBlock is the size of the tap's arrays (tapBlock), TapChunk the room
// it reads into before it moves to a new one (tapChunk), and ReadSize
// the size of its reads (readerBufferSize), for BenchmarkReader's bound,
// floor and copy.
const (
	TapBlock = tapBlock
	TapChunk = tapChunk
	ReadSize = readerBufferSize
)

// Texts is the Reader's text blocks (texts), for BenchmarkReader's floor:
// Copy copies a value into them as the Reader copies an unescaped one.
type Texts struct{ t texts }

// Copy returns v's bytes as a string in the text blocks.
func (x *Texts) Copy(v []byte) string { return x.t.commit(append(x.t.grab(len(v)), v...)) }
