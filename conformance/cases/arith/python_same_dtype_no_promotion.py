# ---
# spec: tvmscript.md 6.3; Evaluating PrimExprs 13.ii-iii
# features: [expr.add, typing.python_promotion, dtype.uint8, arith.int_wraparound]
# description: uint8 + uint8 through Python operators stays uint8 (no promotion when the dtypes already match), so it wraps
# arg A: uint8[2] = [250, 128]
# arg B: uint8[2] = [10, 128]
# arg C: int32[2]
# assert_return C: [4, 0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint8"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "int32")):
    for i in range(2):
        C[i] = T.Cast("int32", A[i] + B[i])
