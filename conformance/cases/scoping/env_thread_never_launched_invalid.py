# ---
# spec: Variable Scoping (AttrStmt thread_extent is the binding site); Expr semantics 1
# features: [scoping.thread, scoping.unbound]
# description: a Var from T.env_thread that is never launched is unbound where it is used
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    A[tx] = 1
