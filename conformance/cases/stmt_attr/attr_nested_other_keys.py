# ---
# spec: Semantics of Statements 3 (AttrStmt)
# features: [stmt.attr]
# description: nested AttrStmts with ordinary keys each run their body once
# arg A: int32[1] = [10]
# assert_return A: [23]
# ---
@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    with T.attr(0, "key_outer", 1):
        A[0] = A[0] * 2
        with T.attr(0, "key_inner", 2):
            A[0] = A[0] + 3
