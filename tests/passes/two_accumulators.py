# case: a reduction block with two outputs (sum and sum of squares, as TVM's layer_norm) and one whose second accumulator reads the first as it changes; each output is the serial loop's (spec Stmt semantics: blocks and init, spec-readings)
# in x float32[4, 32] = -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4 0 -4 3 -1 -5 2 -2 5 1 -3 4
# in s float32[4] = 9 9 9 9
# in q float32[4] = 9 9 9 9
# in t float32[4] = 9 9 9 9
# in u float32[4] = 9 9 9 9
# out s = 1 -3 4 0
# out q = 329 321 314 330
# out t = 1 -3 4 0
# out u = -33 -66 33 -99
# distribute: one reduction block with two outputs (TVM's layer_norm
# statistics) updates both accumulators in one loop; the loop becomes one
# loop per accumulator, its lets substituted into the stores, so each is an
# accumulation s[i] = s[i] + ...  peel-init has run the block's init before
# the loop (with --passes=-peel-init the init guard is split with the
# loop).  The second block's accumulator u reads t as it changes, so its
# loop stays whole.
@T.prim_func
def main(x: T.Buffer((4, 32), "float32"), s: T.Buffer((4,), "float32"), q: T.Buffer((4,), "float32"),
         t: T.Buffer((4,), "float32"), u: T.Buffer((4,), "float32")):
    for i, k in T.grid(4, 32):
        with T.block("stats"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                s[vi] = T.float32(0)
                q[vi] = T.float32(0)
            a: T.float32 = s[vi] + x[vi, vk]
            b: T.float32 = q[vi] + x[vi, vk] * x[vi, vk]
            s[vi] = a
            q[vi] = b
    for i, k in T.grid(4, 32):
        with T.block("chained"):
            vi, vk = T.axis.remap("SR", [i, k])
            with T.init():
                t[vi] = T.float32(0)
                u[vi] = T.float32(0)
            t[vi] = t[vi] + x[vi, vk]
            u[vi] = u[vi] + t[vi]
