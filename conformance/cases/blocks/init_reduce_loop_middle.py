# ---
# spec: Semantics of Statements 14.iv; spec-readings 3
# features: [block.init, block.reduce, block.iter_var]
# description: matmul with loop order i, k, j (reduction loop in the middle) initialises each C[i, j] exactly once
# arg A: int32[2, 2] = [1, 2, 3, 4]
# arg B: int32[2, 2] = [5, 6, 7, 8]
# arg C: int32[2, 2] = [-1, -1, -1, -1]
# assert_return C: [19, 22, 43, 50]
# ---
@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    for i, k, j in T.grid(2, 2, 2):
        with T.block("C"):
            vi, vk, vj = T.axis.remap("SRS", [i, k, j])
            with T.init():
                C[vi, vj] = 0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
