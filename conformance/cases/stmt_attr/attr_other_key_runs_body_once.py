# ---
# spec: Semantics of Statements 3 (AttrStmt: other keys simply evaluate body); Typing Rules for Statements 2
# features: [stmt.attr]
# description: an AttrStmt with a non-semantic key runs the rest of the suite exactly once
# arg A: int32[2] = [5, 0]
# assert_return A: [6, 1]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.attr(0, "pragma_some_key", 1)
    A[0] = A[0] + 1
    A[1] = A[1] + 1
