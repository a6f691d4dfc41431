# ---
# spec: Evaluating PrimExprs 13.ix
# features: [expr.floormod, dtype.uint32]
# description: FloorMod on uint32 uses the unsigned values
# arg A: uint32[4] = [4294967294, 4294967295, 7, 2147483648]
# arg B: uint32[4] = [2, 10, 2, 4294967295]
# arg Q: uint32[4]
# assert_return Q: [0, 5, 1, 2147483648]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint32"), B: T.Buffer((4,), "uint32"), Q: T.Buffer((4,), "uint32")):
    for i in range(4):
        Q[i] = A[i] % B[i]
