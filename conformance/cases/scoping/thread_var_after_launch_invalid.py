# ---
# spec: Semantics of Statements 3.i.c (node is in scope only during the execution of body); Variable Scoping (AttrStmt)
# features: [scoping.thread, attr.thread_extent]
# description: a thread var used after its `with T.launch_thread` region is rejected
# assert_invalid: type
# ---
@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = 1
    A[tx] = 2
