# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d; Evaluating PrimExprs 2
# features: [dtype.int64, literal.intimm]
# description: T.int64 accepts -2^63 and 2^63 - 1
# arg A: int64[2]
# assert_return A: [-9223372036854775808, 9223372036854775807]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int64")):
    A[0] = T.int64(-9223372036854775808)
    A[1] = T.int64(9223372036854775807)
