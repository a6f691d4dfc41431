# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b
# features: [dtype.bfloat16, literal.floatimm, typing.floatimm_range]
# description: a bfloat16 immediate of 3.4e38 exceeds 3.38953139e38 and is a type error (although it is a valid float32)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "bfloat16")):
    A[0] = T.bfloat16(3.4e38)
