# ---
# spec: Semantics of Statements 5 (BufferStore needs a Buffer); tvmscript.md 5.2 (a store into a name that is not a buffer is an error)
# features: [stmt.store, typing.buffer_store]
# description: subscript-assigning to a scalar let variable is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    x = 1
    x[0] = 2
    A[0] = x
