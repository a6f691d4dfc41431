# ---
# spec: Rules for Assigning Datatypes to PrimExprs 16; Evaluating PrimExprs 5, 16
# features: [expr.lt, expr.eq, expr.cast, dtype.bool, dtype.int32]
# description: a comparison yields a bool (1 or 0): it casts to int32 1/0, and two bools compare with EQ and LT (false < true)
# arg A: int32[3] = [1, 5, 3]
# arg B: int32[3] = [2, 4, 3]
# arg C: int32[3]
# arg E: bool[3]
# arg L: bool[3]
# assert_return C: [1, 0, 0]
# assert_return E: [true, true, true]
# assert_return L: [false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32"), E: T.Buffer((3,), "bool"), L: T.Buffer((3,), "bool")):
    for i in range(3):
        C[i] = T.Cast("int32", A[i] < B[i])
        E[i] = (A[i] < B[i]) == (B[i] > A[i])
        L[i] = (A[i] < B[i]) < (A[i] >= B[i])
