# ---
# spec: Rules for Assigning Datatypes to PrimExprs 7.i (only the last index may be a vector)
# features: [typing.buffer_load, vector.ramp]
# description: a vector index in the first of two dimensions is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4, 2), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[T.Ramp(0, 1, 4), 0]
