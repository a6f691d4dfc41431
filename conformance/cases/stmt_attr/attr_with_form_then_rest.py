# ---
# spec: Semantics of Statements 3, 9 (AttrStmt body, SeqStmt)
# features: [stmt.attr, stmt.seq]
# description: `with T.attr(...)` runs its suite once, then the following statements run
# arg A: int32[3] = [0, 0, 0]
# assert_return A: [1, 2, 3]
# ---
@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    with T.attr(0, "pragma_unroll_explicit", 1):
        A[0] = 1
        A[1] = A[0] + 1
    A[2] = A[1] + 1
