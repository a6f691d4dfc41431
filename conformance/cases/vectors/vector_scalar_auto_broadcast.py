# ---
# spec: tvmscript.md 6.3 (a scalar against a vector is broadcast); Evaluating PrimExprs 9, 13.i
# features: [vector.broadcast, vector.slice, expr.mul, expr.add, typing.python_promotion, dtype.float32]
# description: Python operators broadcast a scalar operand against a vector (A[0:4] * 2.0 + A[0])
# arg A: float32[4] = [1.0, 2.0, 3.0, 4.0]
# arg B: float32[4]
# assert_return B: [3.0, 5.0, 7.0, 9.0]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = A[0:4] * 2.0 + A[0]
