#!/bin/sh
# Runs every benchmark RUNS times (default 3) and prints the table of
# benchmarks/README.md: each row's median over the runs, since one run on a
# shared machine can be off by 1.5x.  Needs a build (scripts/build.sh build).
set -eu
cd "$(dirname "$0")/.."
runs=${1:-3}
case $runs in
    '' | *[!0-9]* | 0) echo "usage: scripts/bench.sh [RUNS]" >&2; exit 2 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
i=1
while [ "$i" -le "$runs" ]; do
    build/benchmarks/tir-bench --repeat 5 --json "$work/run$i.json" >&2
    i=$((i + 1))
done
python3 benchmarks/median_table.py "$work"/run*.json
