# ---
# spec: Variable Scoping (SSA; AttrStmt thread_extent is a binding site)
# features: [scoping.ssa, attr.thread_extent]
# description: launching the same thread Var again inside its own thread_extent region binds it twice
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4, 4), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        with T.launch_thread(tx, 4):
            A[tx, tx] = 1
