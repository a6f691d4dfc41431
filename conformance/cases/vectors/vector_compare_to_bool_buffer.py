# ---
# spec: Evaluating PrimExprs 16.i; Rules for Assigning Datatypes to PrimExprs 16
# features: [vector.compare, vector.slice, dtype.float32, dtype.bool, float.nan]
# description: a float32x4 comparison gives a boolx4 (NaN lanes compare false), stored into a bool buffer
# arg A: float32[4] = [1.0, nan, -1.0, 2.0]
# arg B: float32[4] = [0.0, 0.0, -1.0, 3.0]
# arg C: bool[4]
# assert_return C: [true, false, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), C: T.Buffer((4,), "bool")):
    C[0:4] = A[0:4] >= B[0:4]
