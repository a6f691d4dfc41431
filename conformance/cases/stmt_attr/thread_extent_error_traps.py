# ---
# spec: Semantics of Statements 3.i.b (an error in one execution stops the AttrStmt), 4 (AssertStmt)
# features: [stmt.attr, attr.thread_extent, stmt.assert, trap.assertion_failed]
# description: a failed assertion in one thread index is reported as an error
# threads: 4
# arg A: int32[8]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    tx = T.launch_thread("threadIdx.x", 8)
    assert tx != 5, "thread 5 fails"
    A[tx] = tx
