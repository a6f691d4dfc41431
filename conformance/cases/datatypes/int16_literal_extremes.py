# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.d; Evaluating PrimExprs 2
# features: [dtype.int16, literal.intimm]
# description: T.int16 accepts -32768 and 32767
# arg A: int16[2]
# assert_return A: [-32768, 32767]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int16")):
    A[0] = T.int16(-32768)
    A[1] = T.int16(32767)
