# ---
# spec: Typing Rules for Other Language Constructs 4 (a region/access has one entry per dimension); tvmscript.md 5.2
# features: [stmt.store, typing.buffer_store]
# description: storing into a 2-d buffer with a single index is rejected
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    A[1] = 1
