# ---
# spec: Evaluating PrimExprs 13.vi; tvmscript.md 6.3
# features: [expr.div, dtype.int32]
# description: the exact constructor T.Div on integers is truncating division
# arg A: int32[3] = [-5, 5, -6]
# arg B: int32[3] = [2, -2, 4]
# arg Q: int32[3]
# assert_return Q: [-2, -2, -1]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), Q: T.Buffer((3,), "int32")):
    for i in range(3):
        Q[i] = T.Div(A[i], B[i])
