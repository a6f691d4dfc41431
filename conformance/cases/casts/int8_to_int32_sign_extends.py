# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_widening, dtype.int8, dtype.int32]
# description: widening a signed int8 to int32 sign-extends
# arg A: int8[4] = [-1, -128, 127, 0]
# arg B: int32[4]
# assert_return B: [-1, -128, 127, 0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.Cast("int32", A[i])
