#!/usr/bin/python3
"""Inputs and expected outputs for conformance/cases/kernels/*.py.

Run with Debian's python3 + numpy from this directory:  /usr/bin/python3 gen_kernels.py
Every expected output is computed here independently with numpy (float64
arithmetic, rounded to the output dtype at the end; integers exactly), never
by running tirvm.  The seed is fixed, so re-running rewrites identical files.
"""
import os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(20240611)


def save(name, arr):
    np.save(os.path.join(HERE, name + ".npy"), np.ascontiguousarray(arr))


def f32(*shape):
    return rng.uniform(-1.0, 1.0, size=shape).astype(np.float32)


def f64(a):
    return a.astype(np.float64)


# matmul: C = A @ B, (16, 12) x (12, 8)
a, b = f32(16, 12), f32(12, 8)
save("matmul_a", a); save("matmul_b", b)
save("matmul_c", (f64(a) @ f64(b)).astype(np.float32))

# batch matmul: (2, 4, 6) x (2, 6, 5)
a, b = f32(2, 4, 6), f32(2, 6, 5)
save("bmm_a", a); save("bmm_b", b)
save("bmm_c", np.einsum("bik,bkj->bij", f64(a), f64(b)).astype(np.float32))

# int8 matmul with int32 accumulation: (8, 16) x (16, 8), full int8 range
a = rng.integers(-128, 128, size=(8, 16)).astype(np.int8)
b = rng.integers(-128, 128, size=(16, 8)).astype(np.int8)
a[0, :] = -128; b[:, 0] = -128          # extreme products, still exact in int32
save("qmm_a", a); save("qmm_b", b)
c = a.astype(np.int64) @ b.astype(np.int64)
assert np.abs(c).max() < 2**31
save("qmm_c", c.astype(np.int32))

# conv2d NCHW, stride 1, padding 1: data (1, 2, 6, 6), weight (3, 2, 3, 3) -> (1, 3, 6, 6)
d, w = f32(1, 2, 6, 6), f32(3, 2, 3, 3)
save("conv_data", d); save("conv_weight", w)
dp = np.zeros((1, 2, 8, 8)); dp[:, :, 1:7, 1:7] = f64(d)
out = np.zeros((1, 3, 6, 6))
for f in range(3):
    for y in range(6):
        for x in range(6):
            out[0, f, y, x] = np.sum(dp[0, :, y:y + 3, x:x + 3] * f64(w[f]))
save("conv_out", out.astype(np.float32))

# conv2d NCHW, stride 2, padding 2: data (1, 1, 7, 7), weight (2, 1, 3, 3) -> (1, 2, 5, 5)
d, w = f32(1, 1, 7, 7), f32(2, 1, 3, 3)
save("conv_s2_data", d); save("conv_s2_weight", w)
dp = np.zeros((1, 1, 11, 11)); dp[:, :, 2:9, 2:9] = f64(d)
out = np.zeros((1, 2, 5, 5))
for f in range(2):
    for y in range(5):
        for x in range(5):
            out[0, f, y, x] = np.sum(dp[0, :, 2 * y:2 * y + 3, 2 * x:2 * x + 3] * f64(w[f]))
save("conv_s2_out", out.astype(np.float32))

# softmax over the last axis of (4, 16)
a = (f32(4, 16) * 4).astype(np.float32)
save("softmax_a", a)
e = np.exp(f64(a) - f64(a).max(axis=1, keepdims=True))
save("softmax_out", (e / e.sum(axis=1, keepdims=True)).astype(np.float32))

# layer norm over the last axis of (4, 16), eps 1e-5, with gamma and beta
a, g, bt = f32(4, 16), f32(16), f32(16)
save("layernorm_a", a); save("layernorm_gamma", g); save("layernorm_beta", bt)
m = f64(a).mean(axis=1, keepdims=True)
v = ((f64(a) - m) ** 2).mean(axis=1, keepdims=True)
save("layernorm_out", ((f64(a) - m) / np.sqrt(v + 1e-5) * f64(g) + f64(bt)).astype(np.float32))

# transpose (5, 7) -> (7, 5)
a = f32(5, 7)
save("transpose_a", a); save("transpose_out", a.T.copy())

# sum over axis 1 of (6, 10)
a = f32(6, 10)
save("sum_a", a); save("sum_out", f64(a).sum(axis=1).astype(np.float32))

# max over axis 0 of (10, 6)
a = f32(10, 6)
save("max_a", a); save("max_out", a.max(axis=0))

# argmax over axis 1 of (5, 9), ties impossible for random floats; first index on ties anyway
a = f32(5, 9)
a[2, :] = 0.25                               # an all-equal row: argmax is the first index, 0
save("argmax_a", a); save("argmax_idx", np.argmax(a, axis=1).astype(np.int32)); save("argmax_val", a.max(axis=1))

# int32 row sums of (5, 7) with large values (wraps would show)
a = rng.integers(-100000, 100000, size=(5, 7)).astype(np.int32)
save("rowsum_i32_a", a); save("rowsum_i32_out", a.astype(np.int64).sum(axis=1).astype(np.int32))

# 2x2 average pooling, stride 2: (1, 2, 8, 8) -> (1, 2, 4, 4)
a = f32(1, 2, 8, 8)
save("avgpool_a", a)
save("avgpool_out", f64(a).reshape(1, 2, 4, 2, 4, 2).mean(axis=(3, 5)).astype(np.float32))

# dense + bias + relu: X (4, 10), W (6, 10), bias (6) -> relu(X @ W.T + bias)
x, wt, bias = f32(4, 10), f32(6, 10), f32(6)
save("dense_x", x); save("dense_w", wt); save("dense_bias", bias)
save("dense_out", np.maximum(f64(x) @ f64(wt).T + f64(bias), 0.0).astype(np.float32))

# elementwise add + relu (16, 32)
a, b = f32(16, 32), f32(16, 32)
save("addrelu_a", a); save("addrelu_b", b)
save("addrelu_out", np.maximum(f64(a) + f64(b), 0.0).astype(np.float32))

# depthwise conv2d NCHW, padding 1: data (1, 3, 5, 5), weight (3, 1, 3, 3) -> (1, 3, 5, 5)
d, w = f32(1, 3, 5, 5), f32(3, 1, 3, 3)
save("dwconv_data", d); save("dwconv_weight", w)
dp = np.zeros((1, 3, 7, 7)); dp[:, :, 1:6, 1:6] = f64(d)
out = np.zeros((1, 3, 5, 5))
for c in range(3):
    for y in range(5):
        for x in range(5):
            out[0, c, y, x] = np.sum(dp[0, c, y:y + 3, x:x + 3] * f64(w[c, 0]))
save("dwconv_out", out.astype(np.float32))

# float16 inputs, float32 accumulation matmul: (4, 8) x (8, 4)
a = rng.uniform(-2, 2, size=(4, 8)).astype(np.float16)
b = rng.uniform(-2, 2, size=(8, 4)).astype(np.float16)
save("hmm_a", a); save("hmm_b", b)
save("hmm_c", (f64(a) @ f64(b)).astype(np.float32))
