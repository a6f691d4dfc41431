# ---
# spec: tvmscript.md 5.2, 6.6 (the number of indices must equal the buffer's number of dimensions); Semantics of Statements 5.v (indices address an element of the buffer's shape)
# features: [stmt.store, typing.buffer_store]
# description: storing into a 2-d buffer with a single index is rejected
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    A[1] = 1
