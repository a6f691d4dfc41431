# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b
# features: [dtype.float32, literal.floatimm, typing.floatimm_range]
# description: a float32 immediate of 3.5e38 exceeds 3.402823466e38 and is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32")):
    A[0] = T.float32(3.5e38)
