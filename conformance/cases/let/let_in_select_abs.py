# ---
# spec: Evaluating PrimExprs 6, 10
# features: [expr.let, expr.select, dtype.int32]
# description: a Let variable used in the condition and both values of a Select (absolute value)
# arg A: int32[3] = [-5, 7, 0]
# arg B: int32[3]
# assert_return B: [5, 7, 0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    x = T.int32()
    for i in range(3):
        B[i] = T.Let(T.Select(x > 0, x, 0 - x), where={x: A[i]})
