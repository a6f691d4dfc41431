# ---
# spec: Rules for Assigning Datatypes to PrimExprs 10.ii; Evaluating PrimExprs 10
# features: [expr.let, expr.cast, dtype.int32, dtype.float32]
# description: the dtype of a Let is the dtype of its body: an int32 variable with a float32 body gives float32
# arg A: int32[2] = [3, -3]
# arg B: float32[2]
# assert_return B: [1.5, -1.5]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((2,), "float32")):
    x = T.int32()
    for i in range(2):
        B[i] = T.Let(T.Cast("float32", x) / T.float32(2), where={x: A[i]})
