# ---
# spec: Evaluating PrimExprs 13.i-ii, 13.iv
# features: [expr.sub, dtype.uint8, arith.int_wraparound]
# description: uint8 subtraction below zero wraps to the top of the range
# arg A: uint8[2] = [0, 5]
# arg B: uint8[2] = [1, 10]
# arg C: uint8[2]
# assert_return C: [255, 251]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint8"), B: T.Buffer((2,), "uint8"), C: T.Buffer((2,), "uint8")):
    for i in range(2):
        C[i] = A[i] - B[i]
