# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, dtype.int32]
# description: column sums of a 3 x 4 matrix with the reduce var first in the remap
# arg A: int32[3, 4] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
# arg B: int32[4] = [1, 1, 1, 1]
# assert_return B: [15, 18, 21, 24]
# ---
@T.prim_func
def main(A: T.Buffer((3, 4), "int32"), B: T.Buffer((4,), "int32")):
    for j, k in T.grid(4, 3):
        with T.block("colsum"):
            vj, vk = T.axis.remap("SR", [j, k])
            with T.init():
                B[vj] = 0
            B[vj] = B[vj] + A[vk, vj]
