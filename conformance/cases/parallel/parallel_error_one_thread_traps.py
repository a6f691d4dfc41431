# ---
# spec: Semantics of Statements 12.ii
# features: [for.parallel, stmt.assert, trap.assertion_failed]
# description: a failing assertion in a parallel loop is reported also when one thread runs every iteration
# threads: 1
# arg A: int32[16]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((16,), "int32")):
    for i in T.parallel(16):
        assert i < 15, "last iteration fails"
        A[i] = i
