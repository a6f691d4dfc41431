# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.uint32, dtype.int32]
# description: uint32 values of 2^31 and above become negative int32 values
# arg A: uint32[3] = [4294967295, 2147483648, 2147483647]
# arg B: int32[3]
# assert_return B: [-1, -2147483648, 2147483647]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint32"), B: T.Buffer((3,), "int32")):
    for i in range(3):
        B[i] = T.Cast("int32", A[i])
