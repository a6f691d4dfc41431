# ---
# spec: Semantics of Statements 12.ii (nested parallel loops)
# features: [for.parallel]
# description: a parallel loop nested in a parallel loop covers the whole product space
# threads: 4
# arg A: int32[6, 5]
# assert_return A: [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34, 40, 41, 42, 43, 44, 50, 51, 52, 53, 54]
# ---
@T.prim_func
def main(A: T.Buffer((6, 5), "int32")):
    for i in T.parallel(6):
        for j in T.parallel(5):
            A[i, j] = i * 10 + j
