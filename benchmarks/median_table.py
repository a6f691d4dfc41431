#!/usr/bin/env python3
"""Prints the benchmarks README's table from several `tir-bench --json` runs:
each row's median over the runs, and the range of its VM/native ratio."""
import json
import statistics
import sys

NAMES = {
    "matmul": "matmul 512³ f32", "matmul_int8": "matmul 512³ int8→int32", "add": "add 16M f32",
    "sum": "sum 16M f32", "transpose": "transpose 4096² f32", "softmax": "softmax 4096×1024 f32",
    "conv2d": "conv2d 1×64×56×56, 64 3×3", "depthwise": "depthwise conv2d 3×3",
    "layernorm": "layernorm 4096×1024 f32", "add_f16": "add 16M f16",
}


def main(paths):
    runs = [json.load(open(p)) for p in paths]
    rows = {}
    for run in runs:
        for k in run["kernels"]:
            rows.setdefault((k["kernel"], k["form"], k["threads"]), []).append(k)
    print("| kernel | form | threads | VM ms | native ms | VM/native (range) | `.tirbc` bytes | load+verify µs | compile ms |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
    for (kernel, form, threads), ks in rows.items():
        med = lambda f: statistics.median(k[f] for k in ks)
        lo, hi = min(k["ratio"] for k in ks), max(k["ratio"] for k in ks)
        print(f"| {NAMES.get(kernel, kernel)} | {form} | {threads} | {med('vm_ms'):.2f} | {med('native_ms'):.2f} | "
              f"{med('ratio'):.2f} ({lo:.2f}–{hi:.2f}) | {ks[0]['tirbc_bytes']} | {med('load_us'):.1f} | "
              f"{med('compile_ms'):.1f} |")
    speedups = [r["matmul_parallel_speedup"] for r in runs if r["matmul_parallel_speedup"] > 0]
    regions = [r["empty_region_us"] for r in runs if r["empty_region_us"] >= 0]
    if speedups:
        print(f"\nParallel matmul, 2 threads over 1: {statistics.median(speedups):.2f}× (median of {len(speedups)} runs).")
    if regions:
        print(f"Entering and leaving an empty parallel region with 2 threads: {statistics.median(regions):.2f} µs.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: median_table.py RUN.json ...")
    main(sys.argv[1:])
