# ---
# spec: Evaluating PrimExprs 10; Rules for Assigning Datatypes to PrimExprs 10
# features: [expr.let, vector.slice, dtype.int32]
# description: a Let variable of vector dtype int32x4 bound to a vector load
# arg A: int32[4] = [1, -2, 3, -4]
# arg B: int32[4]
# assert_return B: [3, -6, 9, -12]
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    v = T.int32x4()
    B[0:4] = T.Let(v + v + v, where={v: A[0:4]})
