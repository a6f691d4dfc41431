# ---
# spec: Semantics of Statements 4 (AssertStmt body), 9 (SeqStmt); tvmscript.md 5.8
# features: [stmt.assert, stmt.seq]
# description: `with T.Assert(cond, msg):` runs its suite when true; the statements after the with also run
# arg A: int32[2] = [4, 0]
# assert_return A: [4, 5]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    with T.Assert(A[0] == 4, "A[0] must be 4"):
        A[1] = A[0]
    A[1] = A[1] + 1
