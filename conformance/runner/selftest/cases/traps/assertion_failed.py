# ---
# spec: Semantics of Statements 4
# features: [runner.trap]
# description: a failing assert is a runtime error, whatever its message says
# arg A: int32[1] = [-1]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    assert A[0] >= 0, "integer division by zero out-of-bounds argument 'x'"
    A[0] = 1
