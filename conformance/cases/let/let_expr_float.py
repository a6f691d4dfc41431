# ---
# spec: Evaluating PrimExprs 10; tvmscript.md 5.7
# features: [expr.let, dtype.float32]
# description: a float32 Let variable used several times in its body (x * x - x)
# arg A: float32[3] = [0.5, 2.0, -1.0]
# arg B: float32[3]
# assert_return B: [-0.25, 2.0, 2.0]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    x = T.float32()
    for i in range(3):
        B[i] = T.Let(x * x - x, where={x: A[i]})
