#!/bin/sh
# The cache sweep (build/benchmarks/tir-sweep): the VM against gcc -O3 on
# TVM-scheduled kernels at L1, L2, L3 and DRAM working sets, then, when
# valgrind is installed, the machine instructions each side executes per
# output element at the L2 size (callgrind; a count that a noisy machine
# cannot move).  Needs a build (scripts/build.sh build).
#   scripts/sweep.sh [--repeat N] [--min-ms MS] [--filter NAME]
set -eu
cd "$(dirname "$0")/.."
bin=build/benchmarks/tir-sweep
[ -x "$bin" ] || { echo "sweep.sh: build first (scripts/build.sh build)" >&2; exit 2; }
"$bin" "$@"
# the kernels to count: --filter's, or every kernel the sweep has
kernels=$("$bin" --list)
while [ $# -gt 0 ]; do
    case $1 in
    --filter) kernels=$2; shift ;;
    esac
    shift
done
command -v valgrind >/dev/null 2>&1 || { echo "(valgrind not installed: no instruction counts)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Ir of one call (the second: tir-sweep --one makes two, so the first call's
# symbol binding and allocations are not counted): the callgrind total inside
# the function that makes it (the
# pattern also matches the C compiler's specialized copies of it).
count() { # KERNEL SIDE FUNCTION
    valgrind --tool=callgrind --callgrind-out-file="$work/out" --toggle-collect="$3" \
        "$bin" --one "$1" L2 "$2" >"$work/stdout" 2>"$work/log" || return 1
    ir=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$work/out")
    elems=$(sed -n 's/^\([0-9]*\) elements$/\1/p' "$work/stdout")
    [ -n "$ir" ] && [ -n "$elems" ] || return 1
    echo "$ir $elems"
}
echo
echo "| kernel (L2 size) | VM instructions/elem | native instructions/elem | ratio |"
echo "|---|--:|--:|--:|"
for k in $kernels; do
    vm=$(count "$k" vm "run_vm_once*") || { echo "| $k | failed | | |"; continue; }
    nat=$(count "$k" native "run_native_once*") || { echo "| $k | failed | | |"; continue; }
    echo "$k $vm $nat" | awk '{ v = $2 / $3; n = $4 / $5; printf "| %s | %.1f | %.1f | %.1f |\n", $1, v, n, v / n }'
done
