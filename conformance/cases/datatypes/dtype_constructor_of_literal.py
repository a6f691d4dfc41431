# ---
# spec: tvmscript.md 3.2, 6.1; Evaluating PrimExprs 5
# features: [literal.python, dtype.float32, dtype.int32, cast.float_to_int]
# description: T.float32(1) is the constant 1.0; T.int32(1.7) and T.int32(-1.7) fold to 1 and -1 (truncation)
# arg A: float32[1]
# arg B: int32[2]
# assert_return A: [1.0]
# assert_return B: [1, -1]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((2,), "int32")):
    A[0] = T.float32(1)
    B[0] = T.int32(1.7)
    B[1] = T.int32(-1.7)
