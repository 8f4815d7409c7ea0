// Command csvbeam is an example pipeline: it reads the CSV files matching
// --input with csvbeam.Read (each file cut into ranges, every range read
// from its exact start state) and writes one line per row, "file:row:
// values" as JSON, to --output, the files' errors to --output.errors and,
// with --ignore-errors, the rows skipped to --output.rejects.
// It runs on any Beam runner (--runner=direct, prism, dataflow, flink,
// spark); see the module's README.md.
//
//	go run ./cmd/csvbeam --runner=direct --input='/data/*.csv' --header --output=/tmp/rows.txt
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	csvbeam "github.com/csvscan/csvscan/beam"
	"github.com/csvscan/csvscan/dialect"
	"github.com/csvscan/csvscan/scanner"
)

var (
	input     = flag.String("input", "", "the files to read: a path or a glob (gs://, s3:// where the runner has them)")
	output    = flag.String("output", "", "where to write the rows (textio: a path, gs://, ...)")
	header    = flag.Bool("header", false, "the first row of each file names its columns")
	delimiter = flag.String("delimiter", ",", "the delimiter, 1 to 4 bytes")
	rangeSize = flag.Int64("range-size", 0, "bytes per range (0: 64 MiB)")
	sniffIt   = flag.Bool("sniff", false, "detect each file's dialect and header from its head (--delimiter and --header are then ignored)")
	ignore    = flag.Bool("ignore-errors", false, "skip the rows that do not parse; they go to --output.rejects")
)

func formatRow(r csvbeam.Row) (string, error) {
	v, err := json.Marshal(r.Values)
	return fmt.Sprintf("%s:%d: %s", r.File, r.Row, v), err
}

func formatError(e csvbeam.Error) string { return e.Message + " in " + e.File }

func formatReject(r csvbeam.Reject) string { return r.Message + " in " + r.File }

func init() {
	register.Function1x2[csvbeam.Row, string, error](formatRow)
	register.Function1x1[csvbeam.Error, string](formatError)
	register.Function1x1[csvbeam.Reject, string](formatReject)
}

func main() {
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		log.Fatal("csvbeam: --input and --output are required")
	}
	d := dialect.Default()
	d.Delimiter = *delimiter
	p, s := beam.NewPipelineWithRoot()
	rows, rejects, errs := csvbeam.Read(s, *input, csvbeam.Options{Scanner: scanner.Options{Dialect: d, Header: *header, IgnoreErrors: *ignore}, RangeSize: *rangeSize, Sniff: *sniffIt})
	textio.Write(s, *output, beam.ParDo(s, formatRow, rows))
	textio.Write(s, *output+".errors", beam.ParDo(s, formatError, errs))
	textio.Write(s, *output+".rejects", beam.ParDo(s, formatReject, rejects))
	if err := beamx.Run(context.Background(), p); err != nil {
		log.Fatalf("csvbeam: %v", err)
	}
}
