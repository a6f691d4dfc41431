#!/bin/sh
# The model kernels (build/benchmarks/tir-models): the VM against gcc -O3 on
# the loop nests TVM's CPU pipeline emits (tvm-models/kernels), with, when
# valgrind is installed, the machine instructions each side executes per
# output element (callgrind, one call: a count that a noisy machine cannot
# move).  Prints the table of benchmarks/README.md.  Needs a build
# (scripts/build.sh build).
#   scripts/models.sh [--models DIR] [--repeat N] [--min-ms MS] [--filter NAME]
# DIR is the tvm-models folder holding kernels/ (default: $TIR_MODELS_DIR,
# else ../shared/tvm-models beside the source tree).
set -eu
cd "$(dirname "$0")/.."
bin=build/benchmarks/tir-models
[ -x "$bin" ] || { echo "models.sh: build first (scripts/build.sh build)" >&2; exit 2; }
kernels=$("$bin" --list)
models=
for a in "$@"; do
    case $a in --help) "$bin" --help; exit 0 ;; esac
done
set -- "$@" --end
while [ "$1" != --end ]; do
    case $1 in
    --filter) kernels=$2 ;;
    --models) models=$2 ;;
    esac
    set -- "$@" "$1"
    shift
done
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$work/counts"
if command -v valgrind >/dev/null 2>&1; then
    # Ir of one call (the second: --one makes two, so the first call's symbol
    # binding and the module's kept call memory are not counted): the
    # callgrind total inside the function that makes it.
    count() { # KERNEL SIDE FUNCTION
        valgrind --tool=callgrind --callgrind-out-file="$work/out" --toggle-collect="$3" \
            "$bin" ${models:+--models "$models"} --one "$1" "$2" >"$work/stdout" 2>"$work/log" || return 1
        sed -n 's/^summary: \([0-9]*\).*/\1/p' "$work/out"
    }
    for k in $kernels; do
        vm=$(count "$k" vm "run_vm_once*") && nat=$(count "$k" native "run_native_once*") &&
            [ -n "$vm" ] && [ -n "$nat" ] && echo "$k $vm $nat" >>"$work/counts" ||
            echo "models.sh: $k: callgrind failed ($(tail -n 1 "$work/log"))" >&2
    done
else
    echo "models.sh: valgrind is not installed: no instruction counts" >&2
fi
"$bin" --counts "$work/counts" "$@"
