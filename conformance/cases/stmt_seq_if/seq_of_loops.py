# ---
# spec: Semantics of Statements 9, 12.i
# features: [stmt.seq, for.serial]
# description: a second loop sees everything the first loop wrote (prefix sums in two passes)
# arg A: int32[4] = [1, 2, 3, 4]
# arg B: int32[4]
# assert_return B: [1, 3, 6, 10]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i]
    for i in range(1, 4):
        B[i] = B[i] + B[i - 1]
