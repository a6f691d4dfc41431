# ---
# spec: Semantics of Statements 13, 12.i
# features: [stmt.while, for.serial]
# description: a while nested in a for runs to completion in every iteration (integer log2)
# arg A: int32[4] = [1, 2, 9, 1024]
# arg B: int32[4]
# assert_return B: [0, 1, 3, 10]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    t = T.decl_buffer((1,), "int32")
    for i in range(4):
        t[0] = A[i]
        B[i] = 0
        while t[0] > 1:
            t[0] = t[0] // 2
            B[i] = B[i] + 1
