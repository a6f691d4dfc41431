# ---
# spec: Semantics of Statements 12.ii, 14.iv; spec-readings 3
# features: [for.parallel, block.init, block.reduce]
# description: matmul with a parallel outer loop and a reduction block: init once per output element in every thread
# threads: 4
# arg A: int32[4, 3] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
# arg B: int32[3, 2] = [1, 0, 0, 1, 1, 1]
# arg C: int32[4, 2] = [9, 9, 9, 9, 9, 9, 9, 9]
# assert_return C: [4, 5, 10, 11, 16, 17, 22, 23]
# ---
@T.prim_func
def main(A: T.Buffer((4, 3), "int32"), B: T.Buffer((3, 2), "int32"), C: T.Buffer((4, 2), "int32")):
    for i in T.parallel(4):
        for j, k in T.grid(2, 3):
            with T.block("C"):
                vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                with T.init():
                    C[vi, vj] = 0
                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
