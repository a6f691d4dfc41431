# ---
# spec: Typing Rules for Statements 11.i (min, extent and loop var must be integer scalars)
# features: [for.serial, typing.for]
# description: a loop over a float32 extent is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(T.float32(4.0)):
        A[0] = 1
