# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_widening, dtype.uint32, dtype.int64]
# description: widening uint32 to int64 pads with zeros (no sign extension from an unsigned source)
# arg A: uint32[2] = [4294967295, 2147483648]
# arg B: int64[2]
# assert_return B: [4294967295, 2147483648]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "uint32"), B: T.Buffer((2,), "int64")):
    for i in range(2):
        B[i] = T.Cast("int64", A[i])
