# ---
# spec: Evaluating PrimExprs 6.iii; Rules for Assigning Datatypes to PrimExprs 6.i.c (condition lanes may be 1)
# features: [expr.select, vector.select, vector.slice, dtype.float32]
# description: a scalar condition selects a whole float32x4 vector
# arg A: float32[4] = [1.0, 2.0, 3.0, 4.0]
# arg B: float32[4] = [-1.0, -2.0, -3.0, -4.0]
# arg n: int32 = 1
# arg C: float32[8]
# assert_return C: [1.0, 2.0, 3.0, 4.0, -1.0, -2.0, -3.0, -4.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), n: T.int32, C: T.Buffer((8,), "float32")):
    C[0:4] = T.Select(n > 0, A[0:4], B[0:4])
    C[4:8] = T.Select(n < 0, A[0:4], B[0:4])
