#!/bin/sh
# Every copy of the compute kernels this machine can run (TIRVM_ISA=base,
# avx2, avx512: vm/kernel_isa.c) gives the same bits: each public model of
# ../shared/tvm-models and tvm-models-2 (convolutions: mac3, mac2s; dense
# layers: mac) runs under each, and its output file must equal the base
# copy's byte for byte.  A copy the CPU lacks is reported as skipped.
# Usage: isa_paths_test.sh TIRC TIRVM MODELS_DIR...   (TAP)
set -u
tirc=$1 tirvm=$2
shift 2
. "$(dirname "$0")/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for isa in base avx2 avx512; do
    got=$(TIRVM_ISA=$isa "$tirvm" --version)
    case $got in
        *"kernels: $isa)"*) ok "TIRVM_ISA=$isa selects the $isa kernels" ;;
        *) echo "ok $((n = n + 1)) - # SKIP this CPU or build has no $isa kernels ($got)" ;;
    esac
done
for dir in "$@"; do
    for m in "$dir"/*/; do
        name=$(basename "$m")
        src=$m$name.zero.json
        [ -f "$src" ] || continue
        if ! "$tirc" "$src" -o "$tmp/$name.tirbc" >"$tmp/log" 2>&1; then
            not_ok "$name compiles" "$tmp/log"
            continue
        fi
        TIRVM_ISA=base "$tirvm" run "$tmp/$name.tirbc" "x=$m/x.npy" --out "output=$tmp/$name.base.npy" >"$tmp/log" 2>&1 ||
            { not_ok "$name runs on the base kernels" "$tmp/log"; continue; }
        for isa in avx2 avx512; do
            case $(TIRVM_ISA=$isa "$tirvm" --version) in *"kernels: $isa)"*) ;; *) continue ;; esac
            if TIRVM_ISA=$isa "$tirvm" run "$tmp/$name.tirbc" "x=$m/x.npy" --out "output=$tmp/$name.$isa.npy" >"$tmp/log" 2>&1 &&
                cmp -s "$tmp/$name.base.npy" "$tmp/$name.$isa.npy"; then
                ok "$name: the $isa kernels give the base kernels' bits"
            else
                cmp "$tmp/$name.base.npy" "$tmp/$name.$isa.npy" >>"$tmp/log" 2>&1
                not_ok "$name: the $isa kernels give the base kernels' bits" "$tmp/log"
            fi
        done
    done
done
echo "1..$n"
[ "$failed" -eq 0 ]
