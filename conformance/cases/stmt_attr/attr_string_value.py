# ---
# spec: Semantics of Statements 3; Typing Rules for Statements 2 (AttrStmt always valid); tvmscript.md 5.6
# features: [stmt.attr]
# description: an AttrStmt whose value is a string runs its body unchanged
# arg A: float32[2] = [1.5, 2.5]
# assert_return A: [3.0, 5.0]
# ---
@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    T.attr(0, "custom_hint", "anything")
    for i in range(2):
        A[i] = A[i] * T.float32(2)
