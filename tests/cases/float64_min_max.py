# case: Min and Max on float64, and Python float literals promote to the operand type (spec Expr semantics 13.x-xi)
# in A float64[3] = -1.5 0.25 3
# in B float64[3]
# out B = 0 0.25 2
@T.prim_func
def main(A: T.Buffer((3,), "float64"), B: T.Buffer((3,), "float64")):
    for i in range(3):
        B[i] = T.min(T.max(A[i], 0.0), 2.0)
