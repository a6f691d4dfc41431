# ---
# spec: Typing Rules for Statements 6.i (a Bool allocation may have an int8 pointer); Semantics of Statements 7
# features: [stmt.allocate, dtype.bool]
# description: a bool allocation stores comparison results that are read back
# arg A: float32[4] = [0.5, -1.0, 2.0, -0.0]
# arg B: int32[4]
# assert_return B: [1, 0, 1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "bool", "global")
    M = T.Buffer((4,), "bool", data=p)
    for i in range(4):
        M[i] = A[i] > T.float32(0)
    for i in range(4):
        B[i] = T.Select(M[i], 1, 0)
