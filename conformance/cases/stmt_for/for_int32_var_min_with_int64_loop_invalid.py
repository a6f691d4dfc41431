# ---
# spec: Typing Rules for Statements 11.iii, 11.v (only an IntImm min is promoted; otherwise min, extent and loop var must match)
# features: [for.serial, for.int64, typing.for]
# description: `range(n32, T.int64(10))` makes an int64 loop var whose min is an int32 Var, which is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((10,), "int32")):
    for i in range(n, T.int64(10)):
        A[i] = 1
