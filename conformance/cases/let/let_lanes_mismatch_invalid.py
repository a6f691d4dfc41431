# ---
# spec: Rules for Assigning Datatypes to PrimExprs 10.i
# features: [expr.let, typing.let, vector.slice]
# description: a Let whose scalar int32 variable is bound to an int32x4 value is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x = T.int32()
    B[0] = T.Let(x, where={x: A[0:4]})
