# ---
# spec: Evaluating PrimExprs 5
# features: [vector.cast, cast.int_narrowing, vector.slice, vector.lanes_8, dtype.int32, dtype.int8]
# description: T.Cast("int8x8", int32x8) keeps the low 8 bits of each lane
# arg A: int32[8] = [0, 127, 128, 255, 256, -129, -1, 300]
# arg B: int8[8]
# assert_return B: [0, 127, -128, -1, 0, 127, -1, 44]
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int8")):
    B[0:8] = T.Cast("int8x8", A[0:8])
