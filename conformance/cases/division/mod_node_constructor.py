# ---
# spec: Evaluating PrimExprs 13.vii; tvmscript.md 6.3
# features: [expr.mod, dtype.int32]
# description: the exact constructor T.Mod on integers is the truncating remainder
# arg A: int32[3] = [-5, 5, -6]
# arg B: int32[3] = [2, -2, 4]
# arg Q: int32[3]
# assert_return Q: [-1, 1, -2]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), Q: T.Buffer((3,), "int32")):
    for i in range(3):
        Q[i] = T.Mod(A[i], B[i])
