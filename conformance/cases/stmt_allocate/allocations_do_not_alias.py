# ---
# spec: Semantics of Statements 7.iv (the allocated buffer does not alias any existing buffer)
# features: [stmt.allocate, stmt.decl_buffer]
# description: two live allocations are distinct memory
# arg B: int32[2]
# assert_return B: [1, 2]
# ---
@T.prim_func
def main(B: T.Buffer((2,), "int32")):
    X = T.decl_buffer((4,), "int32")
    Y = T.decl_buffer((4,), "int32")
    for i in range(4):
        X[i] = 1
    for i in range(4):
        Y[i] = 2
    B[0] = X[0] * X[1] * X[2] * X[3]
    B[1] = Y[3]
