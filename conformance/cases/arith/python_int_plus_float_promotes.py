# ---
# spec: tvmscript.md 6.3; spec-readings 11; Evaluating PrimExprs 5, 13.iii
# features: [expr.add, typing.python_promotion, dtype.int32, dtype.float32, literal.python]
# description: int32 + a Python float casts the int side to float32 (A[i] + 0.5)
# arg A: int32[3] = [3, -7, 16777217]
# arg C: float32[3]
# assert_return C: [3.5, -6.5, 16777216.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), C: T.Buffer((3,), "float32")):
    for i in range(3):
        C[i] = A[i] + 0.5
