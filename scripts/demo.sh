#!/bin/sh
# The quick-start demo: install, build, then for each bundled example compile
# the TVMScript kernel to .tirbc, run it on generated inputs, and check the
# output against an independent C implementation of the same operator.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for ex in add_relu matmul; do
    mkdir -p "$work/$ex"
    echo "== $ex: examples/$ex.py"
    build/examples/example-ref gen "$ex" "$work/$ex"
    build/cli/tirc "examples/$ex.py" -o "$work/$ex/$ex.tirbc"
    echo "compiled to $ex.tirbc ($(wc -c < "$work/$ex/$ex.tirbc") bytes)"
    if [ "$ex" = add_relu ]; then
        build/cli/tirvm run "$work/$ex/$ex.tirbc" A="$work/$ex/A.npy" B="$work/$ex/B.npy" C="$work/$ex/C.npy" \
            --out C="$work/$ex/C.npy"
    else
        build/cli/tirvm run "$work/$ex/$ex.tirbc" A="$work/$ex/A.npy" B="$work/$ex/B.npy" --out C="$work/$ex/C.npy"
    fi
    build/examples/example-ref check "$ex" "$work/$ex"
done
