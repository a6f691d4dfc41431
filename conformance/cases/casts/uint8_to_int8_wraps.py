# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_sign_change, dtype.uint8, dtype.int8]
# description: uint8 values of 128 and above become negative int8 values
# arg A: uint8[4] = [200, 128, 127, 255]
# arg B: int8[4]
# assert_return B: [-56, -128, 127, -1]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "int8")):
    for i in range(4):
        B[i] = T.Cast("int8", A[i])
