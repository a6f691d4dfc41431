# ---
# spec: Evaluating PrimExprs 10; tvmscript.md 5.7
# features: [expr.let, dtype.int32]
# description: T.Let binds x to the value in the body: x * x + 1 with x = A[i]
# arg A: int32[3] = [3, -4, 0]
# arg B: int32[3]
# assert_return B: [10, 17, 1]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    x = T.int32()
    for i in range(3):
        B[i] = T.Let(x * x + 1, where={x: A[i]})
