# ---
# spec: Evaluating PrimExprs 10; Variable Scoping (Let)
# features: [expr.let, dtype.int32]
# description: nested Lets: the inner value (y = x * 10) may refer to the outer variable
# arg A: int32[3] = [1, 2, -3]
# arg B: int32[3]
# assert_return B: [11, 22, -33]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    x = T.int32()
    y = T.int32()
    for i in range(3):
        B[i] = T.Let(T.Let(x + y, where={y: x * 10}), where={x: A[i]})
