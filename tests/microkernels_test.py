"""The multiply-accumulate kernels (mac, mac2, mac2s, mac3 and the tiles of
rows of mact, vm/mac_kernels.c) at odd sizes: every remainder of a tile's
rows (1 to 9 output channels or matrix rows), of its lanes (rows of 1 to 40
elements: whole vectors, a half vector, single lanes), stride 1 and 2,
padding, depthwise convolutions (rows that share no input), a matmul
over a symbolic batch of 1, 7 and 64 rows, and max pools (rmax2's window
kernel) over rows of 1 to 55 lanes.

Each program is TVMScript as TVM writes these operators (a padding stage,
then the reduction block), compiled with tirc and run with tirvm under
every copy of the kernels this CPU runs (TIRVM_ISA).  The expected output
is numpy's, computed in the loop nest's order of terms, each a float32
product then a float32 sum: the VM must give exactly those bits.

Usage: microkernels_test.py TIRC TIRVM   (TAP)"""
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_tap as tap  # noqa: E402

TIRC, TIRVM = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(7)


def conv_program(C, H, W, F, k, s, p):
    Ho, Wo = (H + 2 * p - k) // s + 1, (W + 2 * p - k) // s + 1
    Hp, Wp = H + 2 * p, W + 2 * p
    return Ho, Wo, f'''@T.prim_func
def main(X: T.Buffer((1, {C}, {H}, {W}), "float32"), Wt: T.Buffer(({F}, {C}, {k}, {k}), "float32"), Y: T.Buffer((1, {F}, {Ho}, {Wo}), "float32")):
    T.func_attr({{"tir.noalias": True}})
    pad = T.alloc_buffer((1, {C}, {Hp}, {Wp}))
    for i0, i1, i2, i3 in T.grid(1, {C}, {Hp}, {Wp}):
        with T.block("pad"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad[v0, v1, v2, v3] = T.if_then_else({p} <= v2 and v2 < {H + p} and {p} <= v3 and v3 < {W + p}, X[v0, v1, v2 - {p}, v3 - {p}], T.float32(0))
    for nn, ff, yy, xx, rc, ry, rx in T.grid(1, {F}, {Ho}, {Wo}, {C}, {k}, {k}):
        with T.block("conv"):
            v_nn, v_ff, v_yy, v_xx, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [nn, ff, yy, xx, rc, ry, rx])
            with T.init():
                Y[v_nn, v_ff, v_yy, v_xx] = T.float32(0)
            Y[v_nn, v_ff, v_yy, v_xx] = Y[v_nn, v_ff, v_yy, v_xx] + pad[v_nn, v_rc, v_yy * {s} + v_ry, v_xx * {s} + v_rx] * Wt[v_ff, v_rc, v_ry, v_rx]
'''


def depthwise_program(C, H, W, k, s, p):
    Ho, Wo = (H + 2 * p - k) // s + 1, (W + 2 * p - k) // s + 1
    Hp, Wp = H + 2 * p, W + 2 * p
    return f'''@T.prim_func
def main(X: T.Buffer((1, {C}, {H}, {W}), "float32"), Wt: T.Buffer(({C}, 1, {k}, {k}), "float32"), Y: T.Buffer((1, {C}, {Ho}, {Wo}), "float32")):
    T.func_attr({{"tir.noalias": True}})
    pad = T.alloc_buffer((1, {C}, {Hp}, {Wp}))
    for i0, i1, i2, i3 in T.grid(1, {C}, {Hp}, {Wp}):
        with T.block("pad"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad[v0, v1, v2, v3] = T.if_then_else({p} <= v2 and v2 < {H + p} and {p} <= v3 and v3 < {W + p}, X[v0, v1, v2 - {p}, v3 - {p}], T.float32(0))
    for nn, cc, yy, xx, ry, rx in T.grid(1, {C}, {Ho}, {Wo}, {k}, {k}):
        with T.block("depthwise"):
            v_nn, v_cc, v_yy, v_xx, v_ry, v_rx = T.axis.remap("SSSSRR", [nn, cc, yy, xx, ry, rx])
            with T.init():
                Y[v_nn, v_cc, v_yy, v_xx] = T.float32(0)
            Y[v_nn, v_cc, v_yy, v_xx] = Y[v_nn, v_cc, v_yy, v_xx] + pad[v_nn, v_cc, v_yy * {s} + v_ry, v_xx * {s} + v_rx] * Wt[v_cc, 0, v_ry, v_rx]
'''


def maxpool_program(C, H, W, k, s, p):
    Ho, Wo = (H + 2 * p - k) // s + 1, (W + 2 * p - k) // s + 1
    Hp, Wp = H + 2 * p, W + 2 * p
    lowest = "T.float32(-3.4028234663852886e+38)"
    return f'''@T.prim_func
def main(X: T.Buffer((1, {C}, {H}, {W}), "float32"), Y: T.Buffer((1, {C}, {Ho}, {Wo}), "float32")):
    T.func_attr({{"tir.noalias": True}})
    pad = T.alloc_buffer((1, {C}, {Hp}, {Wp}))
    for i0, i1, i2, i3 in T.grid(1, {C}, {Hp}, {Wp}):
        with T.block("pad"):
            v0, v1, v2, v3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            pad[v0, v1, v2, v3] = T.if_then_else({p} <= v2 and v2 < {H + p} and {p} <= v3 and v3 < {W + p}, X[v0, v1, v2 - {p}, v3 - {p}], {lowest})
    for nn, cc, yy, xx, ry, rx in T.grid(1, {C}, {Ho}, {Wo}, {k}, {k}):
        with T.block("pool_max"):
            v_nn, v_cc, v_yy, v_xx, v_ry, v_rx = T.axis.remap("SSSSRR", [nn, cc, yy, xx, ry, rx])
            with T.init():
                Y[v_nn, v_cc, v_yy, v_xx] = {lowest}
            Y[v_nn, v_cc, v_yy, v_xx] = T.max(Y[v_nn, v_cc, v_yy, v_xx], pad[v_nn, v_cc, v_yy * {s} + v_ry, v_xx * {s} + v_rx])
'''


def maxpool_reference(x, k, s, p):
    """The window's maximum, numpy's over the padded input (padding: float32's
    lowest value, as TVM pads a max pool)."""
    lowest = np.finfo(np.float32).min
    xp = np.pad(x[0], ((0, 0), (p, p), (p, p)), constant_values=lowest)
    Ho, Wo = (xp.shape[1] - k) // s + 1, (xp.shape[2] - k) // s + 1
    acc = np.full((x.shape[1], Ho, Wo), lowest, np.float32)
    for a in range(k):
        for b in range(k):
            acc = np.maximum(acc, xp[:, a:a + (Ho - 1) * s + 1:s, b:b + (Wo - 1) * s + 1:s])
    return acc[None]


def conv_reference(x, w, s, p, depthwise=False):
    """numpy's float32 sums in the loop nest's order (input channel, window
    row, window column), each a rounded product then a rounded sum; a
    depthwise convolution's channel c reads input channel c only."""
    F, C, k, _ = w.shape
    xp = np.pad(x[0], ((0, 0), (p, p), (p, p)))
    Ho, Wo = (xp.shape[1] - k) // s + 1, (xp.shape[2] - k) // s + 1
    acc = np.zeros((F, Ho, Wo), np.float32)
    for c in range(C):
        for a in range(k):
            for b in range(k):
                win = xp[:, a:a + (Ho - 1) * s + 1:s, b:b + (Wo - 1) * s + 1:s]
                acc = acc + (win if depthwise else win[c][None]) * w[:, c, a, b][:, None, None]
    return acc[None]


def matmul_program(M, K, N, symbolic, rows="n"):
    """C = A @ B over M rows, or (symbolic) over `rows` of a batch of n: for
    rows = "n - 2" and n < 2 the loop's extent is below 0 and it runs no
    iteration (the output stays as given)."""
    if symbolic:
        head = f'''@T.prim_func
def main(a: T.handle, B: T.Buffer(({K}, {N}), "float32"), c: T.handle):
    T.func_attr({{"tir.noalias": True}})
    n = T.int64()
    A = T.match_buffer(a, (n, {K}), "float32")
    C = T.match_buffer(c, (n, {N}), "float32")
    for i, j, k in T.grid({rows}, {N}, {K}):'''
    else:
        head = f'''@T.prim_func
def main(A: T.Buffer(({M}, {K}), "float32"), B: T.Buffer(({K}, {N}), "float32"), C: T.Buffer(({M}, {N}), "float32")):
    T.func_attr({{"tir.noalias": True}})
    for i, j, k in T.grid({M}, {N}, {K}):'''
    return head + '''
        with T.block("matmul"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[v_i, v_j] = T.float32(0)
            C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
'''


def matmul_reference(a, b):
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        acc = acc + a[:, k][:, None] * b[k][None, :]
    return acc


def isas():
    out = []
    for isa in ("base", "avx2", "avx512"):
        code, text = tap.run(["env", "TIRVM_ISA=" + isa, TIRVM, "--version"])
        if code == 0 and ("kernels: %s)" % isa) in text:
            out.append(isa)
    return out


def check(tmp, name, source, inputs, want):
    src, mod = os.path.join(tmp, name + ".py"), os.path.join(tmp, name + ".tirbc")
    with open(src, "w") as f:
        f.write(source)
    code, text = tap.run([TIRC, src, "-o", mod])
    if code != 0:
        tap.report(False, name + " compiles", text)
        return
    args = []
    for pname, arr in inputs.items():
        path = os.path.join(tmp, "%s.%s.npy" % (name, pname))
        np.save(path, arr)
        args.append("%s=%s" % (pname, path))
    for isa in ISAS:
        out = os.path.join(tmp, "%s.%s.out.npy" % (name, isa))
        code, text = tap.run(["env", "TIRVM_ISA=" + isa, TIRVM, "run", mod] + args + ["--out", "%s=%s" % (OUTPUT[name], out)])
        if code != 0:
            tap.report(False, "%s on the %s kernels" % (name, isa), text)
            continue
        got = np.load(out)
        same = got.shape == want.shape and got.tobytes() == want.tobytes()
        detail = "" if same else "shape %s vs %s, max|diff| %g" % (
            got.shape, want.shape, float(np.max(np.abs(got - want))) if got.shape == want.shape else -1)
        tap.report(same, "%s on the %s kernels: numpy's bits" % (name, isa), detail)


ISAS = isas()
OUTPUT = {}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        # convolutions: output channels 1..9 (tiles of 4 and every remainder),
        # rows of 1 to 31 lanes, stride 1 and 2, padding 0 and 1
        for (C, H, W, F, k, s, p) in [(3, 7, 9, 5, 3, 1, 1), (2, 5, 33, 9, 3, 1, 1), (3, 11, 31, 7, 3, 2, 1),
                                       (1, 6, 18, 4, 3, 2, 0), (4, 3, 3, 6, 1, 1, 0), (5, 4, 13, 3, 1, 1, 0),
                                       (3, 9, 49, 8, 3, 2, 1), (2, 2, 2, 1, 1, 1, 0), (6, 5, 21, 13, 3, 1, 1),
                                       # rows longer than a chunk of 64 lanes (130 = 2*64 + 2, a 1x1's
                                       # 10*30 = 4*64 + 44, 125 = 64 + 61 at stride 2): each chunk's
                                       # lanes start at +0.0 in its own instruction (mactz)
                                       (2, 3, 130, 5, 3, 1, 1), (3, 10, 30, 6, 1, 1, 0), (2, 5, 250, 5, 3, 2, 1)]:
            name = "conv_c%d_%dx%d_f%d_k%d_s%d_p%d" % (C, H, W, F, k, s, p)
            Ho, Wo, source = conv_program(C, H, W, F, k, s, p)
            x = rng.standard_normal((1, C, H, W)).astype(np.float32)
            w = rng.standard_normal((F, C, k, k)).astype(np.float32)
            OUTPUT[name] = "Y"
            check(tmp, name, source, {"X": x, "Wt": w}, conv_reference(x, w, s, p))
        # depthwise convolutions: each channel's rows read their own input
        # (a tile of rows shares no load), rows of 7 and 14 lanes, 3x3 and 5x5
        # and the last 1 to 4 lanes of rows of 12, 19, 9 and 25
        for (C, H, W, k, s, p) in [(6, 7, 7, 5, 1, 2), (9, 14, 14, 3, 1, 1), (5, 14, 14, 3, 2, 1), (3, 4, 30, 3, 1, 1),
                                   (5, 6, 12, 3, 1, 1), (7, 5, 19, 3, 1, 1), (4, 9, 9, 3, 1, 1), (6, 4, 49, 3, 2, 1)]:
            name = "depthwise_c%d_%dx%d_k%d_s%d_p%d" % (C, H, W, k, s, p)
            x = rng.standard_normal((1, C, H, W)).astype(np.float32)
            w = rng.standard_normal((C, 1, k, k)).astype(np.float32)
            OUTPUT[name] = "Y"
            check(tmp, name, depthwise_program(C, H, W, k, s, p), {"X": x, "Wt": w}, conv_reference(x, w, s, p, depthwise=True))
        # max pools (rmax2's window kernel): rows of 1 to 55 lanes (blocks
        # of 4, 3, 2 and 1 vectors, a half vector, single lanes), stride 1
        # and 2, windows of 2 and 3, padding 0 and 1
        for (C, H, W, k, s, p) in [(2, 7, 111, 3, 2, 0), (3, 6, 9, 3, 1, 1), (2, 5, 36, 2, 2, 0), (1, 4, 80, 3, 2, 1),
                                   (2, 3, 3, 3, 1, 0), (2, 6, 26, 3, 1, 0), (1, 5, 44, 3, 2, 1)]:
            name = "maxpool_c%d_%dx%d_k%d_s%d_p%d" % (C, H, W, k, s, p)
            x = rng.standard_normal((1, C, H, W)).astype(np.float32)
            OUTPUT[name] = "Y"
            check(tmp, name, maxpool_program(C, H, W, k, s, p), {"X": x}, maxpool_reference(x, k, s, p))
        # matmuls: rows 1..9, columns (lanes) 1..40, reductions of 1 and more
        for (M, K, N) in [(1, 7, 13), (3, 5, 8), (4, 16, 24), (5, 1, 17), (7, 9, 31), (9, 3, 40), (6, 12, 5), (8, 4, 1),
                          (5, 6, 200), (4, 3, 128)]:
            name = "matmul_%dx%dx%d" % (M, K, N)
            a = rng.standard_normal((M, K)).astype(np.float32)
            b = rng.standard_normal((K, N)).astype(np.float32)
            OUTPUT[name] = "C"
            # C given as NaN: the init's +0.0 (stored, or mactz's accumulators
            # starting at it) must replace every element
            c = np.full((M, N), np.nan, np.float32)
            check(tmp, name, matmul_program(M, K, N, False), {"A": a, "B": b, "C": c}, matmul_reference(a, b))
        # a symbolic batch: one program, batches of 1, 7 and 64 rows
        for n in (1, 7, 64):
            name = "matmul_batch%d" % n
            a = rng.standard_normal((n, 24)).astype(np.float32)
            b = rng.standard_normal((24, 19)).astype(np.float32)
            OUTPUT[name] = "C"
            check(tmp, name, matmul_program(0, 24, 19, True), {"A": a, "B": b}, matmul_reference(a, b))
        # rows n - 2 of n: 5 of 7, none of 1 (an extent below 0 runs no
        # iteration: the output keeps the zeros tirvm run gives it; tile-rows
        # takes max(n, 0) rows of a symbolic loop for this reason)
        for n in (7, 1):
            name = "matmul_first_rows_of%d" % n
            a = rng.standard_normal((n, 12)).astype(np.float32)
            b = rng.standard_normal((12, 9)).astype(np.float32)
            want = np.zeros((n, 9), np.float32)
            want[:max(n - 2, 0)] = matmul_reference(a[:max(n - 2, 0)], b)
            OUTPUT[name] = "C"
            check(tmp, name, matmul_program(0, 12, 9, True, rows="n - 2"), {"A": a, "B": b}, want)
    return tap.finish()


if __name__ == "__main__":
    sys.exit(main())
