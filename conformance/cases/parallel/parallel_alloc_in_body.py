# ---
# spec: Semantics of Statements 12.ii, 7 (each execution of the body has its own allocation)
# features: [for.parallel, stmt.allocate, stmt.decl_buffer]
# description: each parallel iteration uses a private scratch buffer to reverse its row
# threads: 4
# arg A: int32[4, 3] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
# arg B: int32[4, 3]
# assert_return B: [3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10]
# ---
@T.prim_func
def main(A: T.Buffer((4, 3), "int32"), B: T.Buffer((4, 3), "int32")):
    for i in T.parallel(4):
        tmp = T.decl_buffer((3,), "int32")
        for j in range(3):
            tmp[j] = A[i, j]
        for j in range(3):
            B[i, j] = tmp[2 - j]
