# ---
# spec: Semantics of Statements 5.v.a (n = 0: store v as the buffer's only element); tvmscript.md 5.2
# features: [stmt.store, buffer.zero_dim]
# description: `A[()] = v` stores into a zero-dimensional buffer
# arg A: int32[] = [0]
# assert_return A: [42]
# ---
@T.prim_func
def main(A: T.Buffer((), "int32")):
    A[()] = 42
