# ---
# spec: Semantics of Statements 4 (AssertStmt); tvmscript.md 5.8 (T.Assert)
# features: [stmt.assert]
# description: the statement form `T.Assert(cond, msg)` with a true condition runs the rest of the suite
# arg A: float32[2] = [1.0, 2.0]
# assert_return A: [1.0, 3.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    T.Assert(A[0] < A[1], "A must be increasing")
    A[1] = A[0] + A[1]
