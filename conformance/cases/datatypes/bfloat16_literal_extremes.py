# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3
# features: [dtype.bfloat16, literal.floatimm]
# description: bfloat16 immediates may reach +-3.38953139e38 (the largest finite bfloat16) and hold 1.5 exactly
# arg A: bfloat16[3]
# assert_return A: [3.3895313892515355e+38, -3.3895313892515355e+38, 1.5]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "bfloat16")):
    A[0] = T.bfloat16(3.3895313892515355e+38)
    A[1] = T.bfloat16(-3.3895313892515355e+38)
    A[2] = T.bfloat16(1.5)
