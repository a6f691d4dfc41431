#!/bin/sh
# Every public model in ONNX Runtime and in tirvm, alternating in one run, at
# 1 and 2 threads (benchmarks/ort_models.py): the ONNX Runtime table of
# benchmarks/README.md.  Installs ONNX Runtime from npm into BUILD_DIR/ort
# the first time (onnxruntime-node, whose package holds the CPU library; its
# install script would only fetch GPU parts, so it is not run).  ONNX Runtime
# is a benchmark tool: the build and the tests never use it.  Needs a build
# (scripts/build.sh build), node and npm, and a python3 with numpy.
#   scripts/bench_ort.sh [BUILD_DIR] [MODELS_DIR ...] [--rounds N] [--min-ms MS] [--threads 1,2] [--filter NAME]
set -eu
cd "$(dirname "$0")/.."
build=build
case ${1:-} in -*|'') ;; *) build=$1; shift ;; esac
case ${1:-} in --help|-h) exec sed -n '2,10s/^# \{0,1\}//p' "$0" ;; esac
[ -x "$build/cli/tirc" ] || { echo "bench_ort.sh: build first (scripts/build.sh $build)" >&2; exit 2; }
command -v node >/dev/null 2>&1 || { echo "bench_ort.sh: needs node (and npm)" >&2; exit 2; }
ort_version=1.30.0
ort=$build/ort
if [ ! -f "$ort/node_modules/onnxruntime-node/package.json" ] ||
   ! grep -q "\"version\": \"$ort_version\"" "$ort/node_modules/onnxruntime-node/package.json"; then
    command -v npm >/dev/null 2>&1 || { echo "bench_ort.sh: needs npm (and node)" >&2; exit 2; }
    mkdir -p "$ort"
    npm install --ignore-scripts --no-audit --no-fund --prefix "$ort" "onnxruntime-node@$ort_version" >&2
fi
# the python3 on the PATH, else Debian's, whichever has numpy
py=
for p in python3 /usr/bin/python3; do
    if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "bench_ort.sh: needs a python3 with numpy" >&2; exit 2; }
exec "$py" benchmarks/ort_models.py "$build" "$ort" "$@"
