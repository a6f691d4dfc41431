# ---
# spec: Semantics of Statements 7.ii (extents are evaluated at run time)
# features: [stmt.allocate, shape.symbolic]
# description: an allocation whose extent is a scalar parameter
# arg n: int32 = 5
# arg B: int32[1]
# assert_return B: [30]
# ---
@T.prim_func
def main(n: T.int32, B: T.Buffer((1,), "int32")):
    p = T.allocate([n], "int32", "global")
    S = T.Buffer((n,), "int32", data=p)
    for i in range(n):
        S[i] = i * i
    B[0] = 0
    for i in range(n):
        B[0] = B[0] + S[i]
