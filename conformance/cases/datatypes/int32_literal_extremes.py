# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d; Evaluating PrimExprs 2
# features: [dtype.int32, literal.intimm]
# description: T.int32 accepts -2147483648 and 2147483647
# arg A: int32[2]
# assert_return A: [-2147483648, 2147483647]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    A[0] = T.int32(-2147483648)
    A[1] = T.int32(2147483647)
