# ---
# spec: Evaluating PrimExprs 13.viii; Rules for Assigning Datatypes to PrimExprs 13; tvmscript.md 6.3
# features: [expr.floordiv, dtype.float32]
# description: the FloorDiv node on floats is floor(x / y) (written T.FloorDiv because the // operator rejects floats)
# arg A: float32[6] = [-7.0, 7.0, 7.5, -0.5, 7.0, -7.0]
# arg B: float32[6] = [2.0, 2.0, 2.5, 1.0, -2.0, -2.0]
# arg Q: float32[6]
# assert_return Q: [-4.0, 3.0, 3.0, -1.0, -4.0, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32"), Q: T.Buffer((6,), "float32")):
    for i in range(6):
        Q[i] = T.FloorDiv(A[i], B[i])
