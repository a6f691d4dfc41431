# distribute: one reduction block with two outputs (TVM's layer_norm
# statistics) updates both accumulators in one loop; the loop becomes one
# loop per accumulator, its init guard split with it and its lets
# substituted into the stores, so each is an accumulation s[i] = s[i] + ...
# The second block's accumulator q reads s as it changes, so its loop stays
# whole.
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
