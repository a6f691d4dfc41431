# ---
# spec: Semantics of Statements 13, 4
# features: [stmt.while, stmt.assert, trap.assertion_failed]
# description: an assertion that fails on the third round of a while loop raises an error
# arg A: int32[1] = [0]
# assert_trap: assertion_failed
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    while A[0] < 10:
        assert A[0] < 2, "too many rounds"
        A[0] = A[0] + 1
