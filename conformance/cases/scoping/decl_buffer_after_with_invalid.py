# ---
# spec: Variable Scoping (Allocate: buffer_var bound for its body only)
# features: [scoping.allocate, stmt.decl_buffer]
# description: a buffer declared with `with T.decl_buffer(...) as X:` is not visible after the with
# assert_invalid: script
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    with T.decl_buffer((2,), "int32") as X:
        X[0] = 1
        A[0] = X[0]
    A[1] = X[0]
