#!/usr/bin/env bash
# The Beam module's CI step, which .ci/run calls: vet and test package
# csvbeam on Beam's direct runner. Only the package is built, not
# ./cmd/csvbeam: the example links every runner of the SDK (Dataflow,
# Flink, Spark, prism: about 420 more packages, GCP clients and Docker
# among them), which doubled the cold build. `./ci.sh full` builds it too.
# On a cold cache (GOMODCACHE and GOCACHE empty) the step took 4.5 to 5
# minutes of CPU (user+sys; on 2 idle cores about half that in wall time),
# 12 to 17 s warm; `go test ./...` of the module before these cuts, 9.
set -euo pipefail
cd "$(dirname "$0")"
go test -short -count=1 .
go vet .
if [ "${1:-}" = full ]; then
  go vet ./cmd/csvbeam
fi
