# ---
# spec: Evaluating PrimExprs 5
# features: [expr.cast, cast.float_to_int, dtype.float32, dtype.uint8, dtype.int8]
# description: float to uint8/int8 truncates toward zero when the truncated value is in range
# arg A: float32[4] = [200.9, 0.99, 255.5, 1.0]
# arg B: uint8[4]
# arg C: float32[2] = [-128.9, 127.9]
# arg D: int8[2]
# assert_return B: [200, 0, 255, 1]
# assert_return D: [-128, 127]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "uint8"), C: T.Buffer((2,), "float32"), D: T.Buffer((2,), "int8")):
    for i in range(4):
        B[i] = T.Cast("uint8", A[i])
    for i in range(2):
        D[i] = T.Cast("int8", C[i])
