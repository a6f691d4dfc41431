# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iv
# features: [expr.sub, dtype.int8, arith.int_wraparound]
# description: int8 subtraction wraps (0 - (-128) is -128 again)
# arg A: int8[3] = [-128, 127, 0]
# arg B: int8[3] = [1, -1, -128]
# arg C: int8[3]
# assert_return C: [127, -128, -128]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int8"), B: T.Buffer((3,), "int8"), C: T.Buffer((3,), "int8")):
    for i in range(3):
        C[i] = A[i] - B[i]
