# ---
# spec: Evaluating PrimExprs 10, 14
# features: [expr.let, expr.and, dtype.bool]
# description: a bool Let variable holding a comparison result, used twice
# arg A: int32[3] = [5, -5, 0]
# arg B: bool[3]
# assert_return B: [false, true, false]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "bool")):
    b = T.bool()
    for i in range(3):
        B[i] = T.Let(b and not (A[i] == 0) and b, where={b: A[i] <= 0})
