# ---
# spec: Rules for Assigning Datatypes to PrimExprs 3.i.b; Evaluating PrimExprs 3; tvmscript.md 3.2
# features: [dtype.float32, literal.floatimm, float.inf, float.nan]
# description: T.float32("inf"), ("-inf") and ("nan") are valid immediates
# arg A: float32[3]
# assert_return A: [inf, -inf, nan]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32")):
    A[0] = T.float32("inf")
    A[1] = T.float32("-inf")
    A[2] = T.float32("nan")
