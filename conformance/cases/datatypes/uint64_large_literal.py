# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c; Evaluating PrimExprs 2
# features: [dtype.uint64, literal.intimm]
# description: UInt 64-bit immediates have no upper bound check, so values at and above 2^63 are valid
# arg A: uint64[3]
# assert_return A: [9223372036854775808, 18446744073709551615, 0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "uint64")):
    A[0] = T.uint64(9223372036854775808)
    A[1] = T.uint64(18446744073709551615)
    A[2] = T.uint64(0)
