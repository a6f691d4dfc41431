# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b
# features: [dtype.float16, literal.floatimm, typing.floatimm_range]
# description: a float16 immediate beyond +-65504 (here 70000) is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float16")):
    A[0] = T.float16(70000.0)
