# ---
# spec: Evaluating PrimExprs 5, 13.iii, 13.v; Semantics of Statements 12.i
# features: [kernel, expr.add, expr.mul, expr.cast, dtype.int8, dtype.int32]
# description: an int8 dot product accumulated in int32 with explicit casts (products up to 127*127 and -128*127 do not wrap)
# arg A: int8[16] = [127, -128, 100, -100, 50, 1, 2, 3, -1, -2, -3, 64, -64, 10, 20, 30]
# arg B: int8[16] = [127, 127, -1, -1, 2, 100, 100, 100, 5, 5, 5, 2, 2, -10, -10, -10]
# arg C: int32[1]
# assert_return C: [-57]
# ---
@T.prim_func
def main(A: T.Buffer((16,), "int8"), B: T.Buffer((16,), "int8"), C: T.Buffer((1,), "int32")):
    C[0] = 0
    for k in range(16):
        C[0] = C[0] + T.Cast("int32", A[k]) * T.Cast("int32", B[k])
