# ---
# spec: tvmscript.md 6.3; spec-readings 11; Evaluating PrimExprs 13.iii
# features: [expr.add, typing.python_promotion, dtype.int8, dtype.int32, literal.python]
# description: A_int8[i] + 1 is Add(Cast(int32, A[i]), 1), computed in int32, so 127 + 1 is 128 (no 8-bit wrap)
# arg A: int8[3] = [127, -128, 5]
# arg B: int32[3]
# assert_return B: [128, -127, 6]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int8"), B: T.Buffer((3,), "int32")):
    for i in range(3):
        B[i] = A[i] + 1
