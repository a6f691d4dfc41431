# ---
# spec: Evaluating PrimExprs 16.i-vii
# features: [expr.eq, expr.ne, expr.lt, expr.le, expr.gt, expr.ge, dtype.int32, dtype.bool]
# description: the six comparisons on int32 pairs below, equal to and above the right operand
# arg A: int32[3] = [1, 2, 3]
# arg B: int32[3] = [2, 2, 2]
# arg EQ: bool[3]
# arg NE: bool[3]
# arg LT: bool[3]
# arg LE: bool[3]
# arg GT: bool[3]
# arg GE: bool[3]
# assert_return EQ: [false, true, false]
# assert_return NE: [true, false, true]
# assert_return LT: [true, false, false]
# assert_return LE: [true, true, false]
# assert_return GT: [false, false, true]
# assert_return GE: [false, true, true]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), EQ: T.Buffer((3,), "bool"), NE: T.Buffer((3,), "bool"), LT: T.Buffer((3,), "bool"), LE: T.Buffer((3,), "bool"), GT: T.Buffer((3,), "bool"), GE: T.Buffer((3,), "bool")):
    for i in range(3):
        EQ[i] = A[i] == B[i]
        NE[i] = A[i] != B[i]
        LT[i] = A[i] < B[i]
        LE[i] = A[i] <= B[i]
        GT[i] = A[i] > B[i]
        GE[i] = A[i] >= B[i]
