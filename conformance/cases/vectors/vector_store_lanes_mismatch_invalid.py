# ---
# spec: Typing Rules for Statements 4.v
# features: [typing.buffer_store, vector.slice]
# description: storing an int32x8 value through a 4-lane index is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:4] = A[0:8]
