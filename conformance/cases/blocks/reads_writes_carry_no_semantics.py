# ---
# spec: Semantics of Statements 14.v (the other fields do not affect the visible semantics)
# features: [block.reads_writes]
# description: T.reads/T.writes that understate the accesses do not change what the block does
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_return B: [3, 5, 7, 4]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(3):
        with T.block("B"):
            vi = T.axis.spatial(3, i)
            T.reads(A[0])
            T.writes(B[0])
            B[vi] = A[vi] + A[vi + 1]
    B[3] = A[3]
