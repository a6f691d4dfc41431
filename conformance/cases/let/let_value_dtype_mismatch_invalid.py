# ---
# spec: Rules for Assigning Datatypes to PrimExprs 10.i
# features: [expr.let, typing.let, dtype.int32, dtype.int64]
# description: a Let whose int32 variable is bound to an int64 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int64"), B: T.Buffer((1,), "int32")):
    x = T.int32()
    B[0] = T.Let(x + 1, where={x: A[0]})
