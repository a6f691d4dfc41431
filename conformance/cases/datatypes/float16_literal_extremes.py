# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3
# features: [dtype.float16, literal.floatimm]
# description: float16 immediates may reach +-65504, the largest finite float16
# arg A: float16[2]
# assert_return A: [65504.0, -65504.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float16")):
    A[0] = T.float16(65504.0)
    A[1] = T.float16(-65504.0)
