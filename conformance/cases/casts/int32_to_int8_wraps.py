# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.int_narrowing, dtype.int32, dtype.int8]
# description: casting int32 to int8 keeps the low 8 bits (two's complement), as C's conversion on a two's complement machine
# arg A: int32[6] = [300, -129, 127, -128, 255, 256]
# arg B: int8[6]
# assert_return B: [44, 127, 127, -128, -1, 0]
# ---
@T.prim_func
def main(A: T.Buffer((6,), "int32"), B: T.Buffer((6,), "int8")):
    for i in range(6):
        B[i] = T.Cast("int8", A[i])
