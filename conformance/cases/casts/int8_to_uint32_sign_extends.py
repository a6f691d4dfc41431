# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.int8, dtype.uint32]
# description: a negative int8 cast to uint32 is sign-extended, i.e. taken modulo 2^32
# arg A: int8[3] = [-1, -128, 5]
# arg B: uint32[3]
# assert_return B: [4294967295, 4294967168, 5]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int8"), B: T.Buffer((3,), "uint32")):
    for i in range(3):
        B[i] = T.Cast("uint32", A[i])
