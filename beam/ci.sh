#!/usr/bin/env bash
# The Beam module's CI step, which .ci/run calls: vet and test package
# csvbeam on Beam's direct runner. Only the package is built, not
# ./cmd/csvbeam: the example links every runner of the SDK (Dataflow,
# Flink, Spark, prism: about 420 more packages, GCP clients and Docker
# among them), which doubled the cold build. `./ci.sh full` builds it too.
set -euo pipefail
cd "$(dirname "$0")"
go vet .
go test -short -count=1 .
if [ "${1:-}" = full ]; then
  go vet ./cmd/csvbeam
fi
