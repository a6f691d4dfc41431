# ---
# spec: Semantics of Statements 14.iii, 14.iv; spec-readings 3
# features: [block.match_buffer, block.init, block.reduce]
# description: a reduction block that reads its row through a view, initialised once per output
# arg A: int32[2, 4] = [1, 2, 3, 4, 5, 6, 7, 8]
# arg B: int32[2] = [50, 50]
# assert_return B: [7, 15]
# ---
@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2,), "int32")):
    for i, k in T.grid(2, 2):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            R = T.match_buffer(A[vi, 2:4], (2,), "int32")
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + R[vk]
