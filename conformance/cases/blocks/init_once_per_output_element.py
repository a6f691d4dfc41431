# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, dtype.float32]
# description: a reduction block runs init once per output element before its first update
# arg A: float32[2, 3] = [1, 2, 3, 4, 5, 6]
# arg B: float32[3, 2] = [1, 0, 0, 1, 1, 1]
# arg C: float32[2, 2] = [100, 100, 100, 100]
# assert_return C: [4, 5, 10, 11]
# ---
@T.prim_func
def main(A: T.Buffer((2, 3), "float32"), B: T.Buffer((3, 2), "float32"), C: T.Buffer((2, 2), "float32")):
    for i, j, k in T.grid(2, 2, 3):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[v_i, v_j] = T.float32(0.0)
            C[v_i, v_j] = C[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]
