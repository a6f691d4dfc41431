# ---
# spec: Evaluating PrimExprs 13.vi
# features: [expr.div, dtype.uint32]
# description: Div on uint32 divides the unsigned values (4294967294 / 2 is 2147483647, not -1)
# arg A: uint32[4] = [4294967294, 4294967295, 7, 2147483648]
# arg B: uint32[4] = [2, 10, 2, 4294967295]
# arg Q: uint32[4]
# assert_return Q: [2147483647, 429496729, 3, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint32"), B: T.Buffer((4,), "uint32"), Q: T.Buffer((4,), "uint32")):
    for i in range(4):
        Q[i] = A[i] / B[i]
