# ---
# spec: tvmscript.md 6.3; spec-readings 11; Evaluating PrimExprs 13.iii
# features: [expr.add, typing.python_promotion, dtype.float16, dtype.float32]
# description: float16 + float32 through Python operators is computed in float32: 1 + 2^-20 keeps the small term
# arg A: float16[1] = [1.0]
# arg B: float32[1] = [9.5367431640625e-07]
# arg C: float32[1]
# assert_return C: [1.0000009536743164]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float16"), B: T.Buffer((1,), "float32"), C: T.Buffer((1,), "float32")):
    C[0] = A[0] + B[0]
