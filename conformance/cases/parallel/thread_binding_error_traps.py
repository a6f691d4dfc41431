# ---
# spec: Semantics of Statements 12.v, 12.ii (errors in one execution stop the loop)
# features: [for.thread_binding, stmt.assert, trap.assertion_failed]
# description: a failing assertion in one thread of a thread-binding loop is reported
# threads: 4
# arg A: int32[16]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((16,), "int32")):
    for t in T.thread_binding(16, thread="threadIdx.x"):
        assert t != 9, "thread 9 fails"
        A[t] = t
