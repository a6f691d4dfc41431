# ---
# spec: Rules for Assigning Datatypes to PrimExprs 2.i.c
# features: [dtype.uint64, literal.intimm, typing.intimm_range]
# description: the UInt lower bound (value >= 0) also applies at 64 bits
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "uint64")):
    A[0] = T.uint64(-1)
