# ---
# spec: PrimFunc 2 (buffer_map with symbolic shapes); tvmscript-tirx.md 1.4 (quoted shapes, TVM 0.26)
# features: [dialect.tirx_0_26, binding.symbolic]
# description: a quoted shape "n" declares n in the signature; the next parameter and n = T.int32() in the body name the same variable
# arg x: float32[3, 2] = [[-1, 2], [3, -4], [0, 5]]
# arg y: float32[3, 2]
# assert_return y: [[0, 2], [3, 0], [0, 5]]
# ---
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(x: T.Buffer(("n", 2), "float32"), y: T.Buffer((n, 2), "float32")):
    n = T.int32()
    for i, j in T.grid(n, 2):
        y[i, j] = T.max(x[i, j], T.float32(0.0))
