# ---
# spec: Semantics of Statements 4 (AssertStmt: if v is 1, execute body); tvmscript.md 5.8
# features: [stmt.assert]
# description: a true assertion runs the rest of the suite
# arg n: int32 = 3
# arg A: int32[2] = [0, 0]
# assert_return A: [3, 9]
# ---
@T.prim_func
def main(n: T.int32, A: T.Buffer((2,), "int32")):
    assert n > 0, "n must be positive"
    A[0] = n
    A[1] = n * n
