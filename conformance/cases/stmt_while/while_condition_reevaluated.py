# ---
# spec: Semantics of Statements 13.iii (resume from step i: re-evaluate the condition)
# features: [stmt.while]
# description: the condition reads a buffer the body changes; the loop halves until the value is 1
# arg A: int32[2] = [64, 0]
# assert_return A: [1, 6]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    while A[0] > 1:
        A[0] = A[0] // 2
        A[1] = A[1] + 1
