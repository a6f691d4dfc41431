# ---
# spec: Evaluating PrimExprs 3; tvmscript.md 6.1
# features: [dtype.float16, literal.floatimm]
# description: a float16 immediate is the float16 nearest to its value (0.1 -> 1638 * 2^-14, 6e-8 -> the subnormal 2^-24)
# arg A: float16[2]
# assert_return A: [0.0999755859375, 5.960464477539063e-08]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float16")):
    A[0] = T.float16(0.1)
    A[1] = T.float16(6e-08)
