#!/bin/sh
# The FLOP counts behind tir-models' GFLOP/s and share-of-peak columns, for
# the convolutions and matmuls of tvm-models/kernels, against the counts
# worked out by hand from each kernel's shapes (manifest.json): a
# convolution N·K·OH·OW·(C/groups)·KH·KW·2, a matmul the output's elements ×
# the reduction × 2.  TAP.
#   model_flops_test.sh TIR_MODELS_EXE MODELS_DIR
set -u
bin=$1
dir=$2
got=$("$bin" --flops --models "$dir") || { printf '1..1\nnot ok 1 - tir-models --flops failed\n'; exit 1; }
n=0
failed=0
check() { # KERNEL EXPECTED
    n=$((n + 1))
    have=$(printf '%s\n' "$got" | sed -n "s/^$1 //p")
    if [ "$have" = "$2" ]; then
        echo "ok $n - $1: $2 FLOPs"
    else
        echo "not ok $n - $1: ${have:-no count}, expected $2"
        failed=1
    fi
}
check conv3x3_relu $((1 * 64 * 28 * 28 * 64 * 3 * 3 * 2))       # 64→64 channels, 28×28 out
check conv3x3_s2_relu $((1 * 64 * 28 * 28 * 32 * 3 * 3 * 2))    # 32→64, stride 2: 56×56 in, 28×28 out
check conv1x1 $((1 * 24 * 28 * 28 * 96 * 2))                    # 96→24
check conv1x1_relu6 $((1 * 144 * 28 * 28 * 24 * 2))             # 24→144
check depthwise3x3_relu6 $((1 * 96 * 28 * 28 * 1 * 3 * 3 * 2))  # one input channel per group
check depthwise3x3_s2_relu6 $((1 * 64 * 28 * 28 * 1 * 3 * 3 * 2))
check dense_batch8_relu $((8 * 512 * 256 * 2))                  # 8×256 · 256×512
check batch_matmul_heads $((8 * 32 * 32 * 64 * 2))              # 8 heads of 32×64 · 64×32
# no other kernel has a count (pools, softmax, ... are not rated against the peak)
n=$((n + 1))
if [ "$(printf '%s\n' "$got" | wc -l)" -eq $((n - 1)) ]; then
    echo "ok $n - only the convolutions and matmuls have a count"
else
    echo "not ok $n - only the convolutions and matmuls have a count"
    failed=1
fi
echo "1..$n"
exit $failed
