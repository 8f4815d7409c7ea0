package exp

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/csvscan/csvscan"
)

func TestRJ2(t *testing.T) {
	for _, th := range []int{1, 2} {
		r, err := csvscan.Open("/tmp/rj/cast.csv", csvscan.Options{Threads: th, StoreRejects: true, IgnoreErrors: true, Types: map[string]string{"a": "BIGINT"}})
		if err != nil {
			t.Fatal(err)
		}
		var peak uint64
		n, rj, k := 0, 0, 0
		for c, err := range r.Chunks() {
			if err != nil {
				t.Fatal(err)
			}
			n += c.Len()
			rj += len(r.TakeRejects())
			k++
			if k%20 == 0 {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak {
					peak = ms.HeapInuse
					if th == 2 {
						f, _ := os.Create("/tmp/rj/heap2.prof")
						pprof.WriteHeapProfile(f)
						f.Close()
					}
				}
			}
		}
		fmt.Println("threads", th, "rows", n, "rejects", rj, "chunks", k, "peak heap inuse MB", peak>>20)
		r.Close()
	}
}
