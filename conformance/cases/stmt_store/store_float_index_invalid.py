# ---
# spec: Typing Rules for Statements 4.iii (indices must have an Int or UInt typecode); spec-readings 12
# guillemets: the spec requires integer indices; TVM does not check
# features: [stmt.store, typing.buffer_store, dtype.float32]
# description: a float32 index is a type error
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[T.float32(1.0)] = 1
