# ---
# spec: Rules for Assigning Datatypes to PrimExprs 10.i
# features: [expr.let, typing.let, dtype.float32, dtype.int32]
# description: a Let whose float32 variable is bound to an int32 value is a type error (no implicit conversion)
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "float32")):
    x = T.float32()
    B[0] = T.Let(x * T.float32(2), where={x: A[0]})
